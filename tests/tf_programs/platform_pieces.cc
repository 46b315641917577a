// The platform pieces TF programs use around a session: Env's file functions and their error
// texts, globs, threads, binary and text protos on disk, io:: paths and URIs, strings::Printf,
// command-line Flags (values, "--", "--help", Usage).
// Works in /tmp/minitf_platform_pieces (made and removed here); the output must be the same
// built against TensorFlow 2.21 and against minitf.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/lib/io/path.h"
#include "tensorflow/core/lib/strings/stringprintf.h"
#include "tensorflow/core/platform/env.h"
#include "tensorflow/core/platform/file_statistics.h"
#include "tensorflow/core/platform/init_main.h"
#include "tensorflow/core/util/command_line_flags.h"

using namespace tensorflow;  // NOLINT

namespace {
void Print(const char* what, const Status& s) {
  std::cout << what << ": " << absl::StatusCodeToString(s.code()) << " [" << s.message() << "]\n";
}
}  // namespace

int main(int argc, char** argv) {
  port::InitMain(argv[0], &argc, &argv);
  Env* env = Env::Default();
  const std::string dir = "/tmp/minitf_platform_pieces";
  int64_t undeleted_files, undeleted_dirs;
  env->DeleteRecursively(dir, &undeleted_files, &undeleted_dirs).IgnoreError();
  Print("create dirs", env->RecursivelyCreateDir(io::JoinPath(dir, "a", "b")));
  Print("create again", env->RecursivelyCreateDir(io::JoinPath(dir, "a", "b")));
  Print("mkdir existing", env->CreateDir(io::JoinPath(dir, "a")));
  Print("is dir", env->IsDirectory(io::JoinPath(dir, "a")));

  std::string data;
  const std::string missing = io::JoinPath(dir, "missing.txt");
  Print("read missing", ReadFileToString(env, missing, &data));
  Print("exists missing", env->FileExists(missing));
  uint64_t size = 0;
  Print("size missing", env->GetFileSize(missing, &size));
  Print("delete missing", env->DeleteFile(missing));
  Print("read a dir", ReadFileToString(env, dir, &data));
  Print("write into missing dir", WriteStringToFile(env, io::JoinPath(dir, "x", "y"), "z"));
  std::vector<std::string> children;
  Print("children of missing", env->GetChildren(missing, &children));

  const std::string text = io::JoinPath(dir, "a", "hello.txt");
  Print("write", WriteStringToFile(env, text, std::string("hello\0world", 11)));
  Print("read", ReadFileToString(env, text, &data));
  std::cout << "  " << data.size() << " bytes, last " << data.substr(6) << "\n";
  Print("size", env->GetFileSize(text, &size));
  std::cout << "  " << size << "\n";
  Print("is dir of a file", env->IsDirectory(text));
  Print("dir under a file", env->RecursivelyCreateDir(io::JoinPath(text, "sub")));
  Print("children", env->GetChildren(io::JoinPath(dir, "a"), &children));
  std::sort(children.begin(), children.end());
  for (const auto& c : children) std::cout << "  " << c << "\n";

  GraphDef graph, back;
  graph.add_node()->set_name("n");
  graph.mutable_node(0)->set_op("NoOp");
  graph.mutable_versions()->set_producer(7);
  const std::string pb = io::JoinPath(dir, "g.pb");
  const std::string pbtxt = io::JoinPath(dir, "g.pbtxt");
  Print("write binary", WriteBinaryProto(env, pb, graph));
  Print("read binary", ReadBinaryProto(env, pb, &back));
  std::cout << "  " << back.node(0).name() << " " << back.versions().producer() << "\n";
  Print("write text", WriteTextProto(env, pbtxt, graph));
  Print("read text", ReadTextProto(env, pbtxt, &back));
  Print("read text as binary", ReadBinaryProto(env, pbtxt, &back));
  Print("read missing binary", ReadBinaryProto(env, missing, &back));
  const std::string bad = io::JoinPath(dir, "bad");
  Print("write bad", WriteStringToFile(env, bad, std::string("\x0a\xff\xff\xff\x0f", 5)));
  Print("read truncated binary", ReadBinaryProto(env, bad, &back));
  Print("write bad text", WriteStringToFile(env, bad, "node { name: 1 "));
  Print("read bad text", ReadTextProto(env, bad, &back));
  Print("read text or binary", ReadTextOrBinaryProto(env, pbtxt, &back));
  Print("read a dir as binary", ReadBinaryProto(env, dir, &back));
  std::cout << "  " << back.node_size() << "\n";
  Print("copy", env->CopyFile(text, io::JoinPath(dir, "copy.txt")));
  Print("append", AppendStringToFile(env, io::JoinPath(dir, "copy.txt"), "!"));
  Print("copy into missing dir", env->CopyFile(text, io::JoinPath(dir, "x", "y")));
  Print("copy missing", env->CopyFile(missing, io::JoinPath(dir, "y")));
  Print("delete non-empty dir", env->DeleteDir(io::JoinPath(dir, "a")));
  Print("children of a file", env->GetChildren(text, &children));
  FileStatistics stat;
  Print("stat", env->Stat(io::JoinPath(dir, "copy.txt"), &stat));
  std::cout << "  " << stat.length << " " << stat.is_directory << "\n";
  Print("stat missing", env->Stat(missing, &stat));
  std::vector<Status> each;
  std::cout << "files exist " << env->FilesExist({text, missing}, &each) << " " << each[1].message()
            << "\n";
  std::vector<std::string> matches;
  for (const std::string& pattern :
       {io::JoinPath(dir, "*"), io::JoinPath(dir, "a", "*.txt"), io::JoinPath(dir, "?", "*"),
        io::JoinPath(dir, "[ab]*"), io::JoinPath(dir, "zz", "*")}) {
    Print("glob", env->GetMatchingPaths(pattern, &matches));
    std::sort(matches.begin(), matches.end());  // TF's order is the directory's
    for (const auto& m : matches) std::cout << "  " << m.substr(dir.size()) << "\n";
  }
  int ran = 0;
  delete env->StartThread(ThreadOptions(), "worker", [&ran] { ran = 1; });
  std::cout << "thread ran " << ran << "\n";
  Print("rename", env->RenameFile(pb, io::JoinPath(dir, "h.pb")));
  Print("exists renamed", env->FileExists(io::JoinPath(dir, "h.pb")));
  Print("delete tree", env->DeleteRecursively(dir, &undeleted_files, &undeleted_dirs));
  std::cout << "  " << undeleted_files << " " << undeleted_dirs << "\n";
  Print("exists deleted", env->FileExists(dir));

  for (const char* p : {"", "/", "a/", "//a", "a.b.c", "/a/../b", "a//b/", "/a/b.txt", ".bashrc",
                        "a/.b", "a/b/", "../x/./y", "/.."}) {
    std::cout << "[" << p << "] dir=[" << io::Dirname(p) << "] base=[" << io::Basename(p)
              << "] ext=[" << io::Extension(p) << "] clean=[" << io::CleanPath(p)
              << "] abs=" << io::IsAbsolutePath(p) << "\n";
  }
  for (const char* p : {"gs://bucket/a/b.txt", "gs://bucket", "gs://bucket/", "a.b://h/p",
                        "a+b://h/p", "1a://h/p", "file:///tmp/x", "hdfs://h:9000/p/q"}) {
    StringPiece scheme, host, path;
    io::ParseURI(p, &scheme, &host, &path);
    std::cout << "[" << p << "] dir=[" << io::Dirname(p) << "] base=[" << io::Basename(p)
              << "] clean=[" << io::CleanPath(p) << "] uri=[" << scheme << "|" << host << "|"
              << path << "] prefix=[" << io::BasenamePrefix(p) << "]\n";
  }
  std::vector<std::string> paths = {"/alpha/beta/gamma", "/alpha/beta/ga"};
  std::cout << io::CommonPathPrefix(paths) << " " << io::JoinPath("a//", "//b") << "\n";
  std::cout << io::JoinPath("a", "b") << " " << io::JoinPath("a/", "/b") << " "
            << io::JoinPath("", "b") << " " << io::JoinPath("a", "") << " "
            << io::JoinPath("/a", "b", "c.txt") << " " << io::JoinPath("a", "/b/") << "\n";
  std::string s = strings::Printf("%d-%s-%.3f", 5, "x", 1.5);
  strings::Appendf(&s, " %06d/%06d", 3, 14);
  strings::Appendf(&s, " %s", std::string(300, 'z').c_str());
  std::cout << s.size() << " " << s.substr(0, 30) << "\n";

  int32_t i = 3;
  bool b = false;
  std::string str = "d";
  float f = 1;
  int64_t l = 7;
  std::vector<Flag> flags = {Flag("i", &i, "an int"), Flag("b", &b, "a bool"),
                             Flag("s", &str, "a string"), Flag("f", &f, "a float"),
                             Flag("l", &l, "an int64")};
  std::cout << Flags::Usage("prog", flags) << "|\n";
  const char* args[] = {"prog",    "--i=5",  "--b",         "rest", "--s=hello",
                        "--f=2.5", "--l=-9", "--unknown=1", "--",   "--i=7"};
  int n = 10;
  bool ok = Flags::Parse(&n, const_cast<char**>(args), flags);
  std::cout << ok << " " << i << " " << b << " " << str << " " << f << " " << l << " argc=" << n;
  for (int k = 0; k < n; ++k) std::cout << " " << args[k];
  std::cout << "\n";
  const char* args2[] = {"prog", "--i=x", "--i"};
  n = 3;
  ok = Flags::Parse(&n, const_cast<char**>(args2), flags);
  std::cout << ok << " " << i << " argc=" << n << "\n";
  const char* args3[] = {"prog", "--b=false", "--b=maybe", "--bx"};
  n = 4;
  ok = Flags::Parse(&n, const_cast<char**>(args3), flags);
  std::cout << ok << " " << b << " argc=" << n << "\n";
  std::vector<std::string> vec = {"--s=", "--l=99999999999", "x"};
  ok = Flags::Parse(vec, flags);
  std::cout << ok << " [" << str << "] " << l << " " << vec.size() << "\n";
  for (const char* value : {"--b=TRUE", "--b=0", "--b=yes", "--b=1", "--i=+5", "--i= 6", "--f=1e50",
                            "--f=0x1p3", "--f=1.5f"}) {
    vec = {value};
    ok = Flags::Parse(vec, flags);
    std::cout << value << " " << ok << " " << b << " " << i << " " << f << "\n";
  }
  vec = {"p", "--i=11", "--", "--s=zz", "--help"};
  ok = Flags::Parse(vec, flags);
  std::cout << ok << " " << i << " " << str << " " << vec.size() << "\n";
  const char* args4[] = {"prog", "--i=1", "--help", nullptr};
  n = 3;
  ok = Flags::Parse(&n, const_cast<char**>(args4), flags);
  std::cout << ok << " argc=" << n << " " << (args4[n] == nullptr) << "\n";
  const char* args5[] = {"prog", "--", "--help", nullptr};
  n = 3;
  ok = Flags::Parse(&n, const_cast<char**>(args5), flags);
  std::cout << ok << " argc=" << n << "\n";
  return 0;
}
