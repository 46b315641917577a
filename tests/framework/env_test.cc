// Env's files, io:: paths, strings::Printf and Flags. Expected codes, texts and results are
// TF 2.21's for the same calls (tests/tf_programs/platform_pieces.cc prints them in both; the
// cross-check diffs the two).
#include "tensorflow/core/platform/env.h"

#include <unistd.h>

#include <atomic>
#include <memory>

#include "gtest/gtest.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/lib/io/path.h"
#include "tensorflow/core/lib/strings/stringprintf.h"
#include "tensorflow/core/platform/file_statistics.h"
#include "tensorflow/core/util/command_line_flags.h"

namespace tensorflow {
namespace {

class EnvTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/minitf_env_test_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    int64_t files, dirs;
    TF_EXPECT_OK(env_->DeleteRecursively(dir_, &files, &dirs));
    EXPECT_EQ(files + dirs, 0);
  }
  Env* env_ = Env::Default();
  std::string dir_;
  std::vector<std::string> children_;
};

TEST_F(EnvTest, FilesRoundTripAndFailInTfsWords) {
  const std::string file = io::JoinPath(dir_, "a", "b", "f.bin");
  TF_ASSERT_OK(env_->RecursivelyCreateDir(std::string(io::Dirname(file))));
  const std::string bytes("x\0y", 3);
  TF_ASSERT_OK(WriteStringToFile(env_, file, bytes));
  std::string back;
  TF_ASSERT_OK(ReadFileToString(env_, file, &back));
  EXPECT_EQ(back, bytes);
  uint64_t size = 0;
  TF_ASSERT_OK(env_->GetFileSize(file, &size));
  EXPECT_EQ(size, 3u);
  std::vector<std::string> children;
  TF_ASSERT_OK(env_->GetChildren(io::JoinPath(dir_, "a"), &children));
  EXPECT_EQ(children, std::vector<std::string>{"b"});

  const std::string missing = io::JoinPath(dir_, "missing");
  Status s = ReadFileToString(env_, missing, &back);
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(s.message(), missing + "; No such file or directory");
  s = env_->FileExists(missing);
  EXPECT_EQ(s.message(), missing + " not found");
  s = ReadFileToString(env_, dir_, &back);
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(s.message(), dir_ + "; Is a directory");
  s = env_->IsDirectory(file);
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(s.message(), "Not a directory");
  s = env_->RecursivelyCreateDir(io::JoinPath(file, "sub"));
  EXPECT_EQ(s.message(), file + " is not a directory");
  s = env_->CreateDir(dir_);
  EXPECT_EQ(s.code(), absl::StatusCode::kAlreadyExists);
  TF_EXPECT_OK(env_->RecursivelyCreateDir(dir_));
}

TEST_F(EnvTest, ProtosOnDisk) {
  GraphDef graph, back;
  graph.add_node()->set_name("n");
  graph.mutable_versions()->set_producer(7);
  const std::string pb = io::JoinPath(dir_, "g.pb"), txt = io::JoinPath(dir_, "g.pbtxt");
  TF_ASSERT_OK(WriteBinaryProto(env_, pb, graph));
  TF_ASSERT_OK(ReadBinaryProto(env_, pb, &back));
  EXPECT_EQ(back.versions().producer(), 7);
  TF_ASSERT_OK(WriteTextProto(env_, txt, graph));
  back.Clear();
  TF_ASSERT_OK(ReadTextProto(env_, txt, &back));
  EXPECT_EQ(back.node(0).name(), "n");
  // Text read as binary fails before the end: DataLoss; a length past the end: OutOfRange.
  Status s = ReadBinaryProto(env_, txt, &back);
  EXPECT_EQ(s.code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(s.message(), "Can't parse " + txt + " as binary proto");
  TF_ASSERT_OK(WriteStringToFile(env_, pb, std::string("\x0a\xff\xff\xff\x0f", 5)));
  s = ReadBinaryProto(env_, pb, &back);
  EXPECT_EQ(s.code(), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(s.message(), "Read less bytes than requested");
  TF_ASSERT_OK(WriteStringToFile(env_, txt, "node { name: 1 "));
  s = ReadTextProto(env_, txt, &back);
  EXPECT_EQ(s.code(), absl::StatusCode::kDataLoss);
}

TEST_F(EnvTest, CopyAppendStatAndGlobAsTf) {
  const std::string f = io::JoinPath(dir_, "f.txt"), g = io::JoinPath(dir_, "g.txt");
  TF_ASSERT_OK(WriteStringToFile(env_, f, "abc"));
  TF_ASSERT_OK(env_->CopyFile(f, g));
  TF_ASSERT_OK(AppendStringToFile(env_, g, "def"));
  std::string data;
  TF_ASSERT_OK(ReadFileToString(env_, g, &data));
  EXPECT_EQ(data, "abcdef");
  // TF names the target once the source is open; a directory source is EINVAL from sendfile.
  const std::string sub = io::JoinPath(dir_, "sub");
  TF_ASSERT_OK(env_->CreateDir(sub));
  Status s = env_->CopyFile(f, io::JoinPath(dir_, "zz", "yy"));
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(s.message(), io::JoinPath(dir_, "zz", "yy") + "; No such file or directory");
  s = env_->CopyFile(sub, io::JoinPath(dir_, "pp"));
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), io::JoinPath(dir_, "pp") + "; Invalid argument");
  s = env_->DeleteDir(dir_);
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(s.message(), dir_ + "; Directory not empty");
  s = env_->GetChildren(f, &children_);
  EXPECT_EQ(s.message(), f + "; Not a directory");

  FileStatistics st;
  TF_ASSERT_OK(env_->Stat(g, &st));
  EXPECT_EQ(st.length, 6);
  EXPECT_FALSE(st.is_directory);
  EXPECT_EQ(st.mtime_nsec % 1000000000, 0);  // whole seconds, as TF's
  std::vector<Status> each;
  EXPECT_FALSE(env_->FilesExist({f, io::JoinPath(dir_, "zz")}, &each));
  ASSERT_EQ(each.size(), 2u);
  EXPECT_TRUE(each[0].ok());
  EXPECT_EQ(each[1].code(), absl::StatusCode::kNotFound);

  TF_ASSERT_OK(WriteStringToFile(env_, io::JoinPath(dir_, ".hidden"), ""));
  TF_ASSERT_OK(WriteStringToFile(env_, io::JoinPath(sub, "k.txt"), ""));
  std::vector<std::string> paths;
  TF_ASSERT_OK(env_->GetMatchingPaths(io::JoinPath(dir_, "*"), &paths));
  EXPECT_EQ(paths, (std::vector<std::string>{io::JoinPath(dir_, ".hidden"), f, g,
                                             io::JoinPath(dir_, "pp"), sub}));
  TF_ASSERT_OK(env_->GetMatchingPaths(io::JoinPath(dir_, "*", "*.txt"), &paths));
  EXPECT_EQ(paths, std::vector<std::string>{io::JoinPath(sub, "k.txt")});
  TF_ASSERT_OK(env_->GetMatchingPaths(dir_ + "//f.txt", &paths));  // no wildcard: as written
  EXPECT_EQ(paths, std::vector<std::string>{dir_ + "//f.txt"});
  TF_ASSERT_OK(env_->GetMatchingPaths(io::JoinPath(dir_, "zz", "*"), &paths));
  EXPECT_TRUE(paths.empty());
  EXPECT_TRUE(env_->MatchPath("/a/.b", "/a/*"));
  EXPECT_FALSE(env_->MatchPath("/a/b/c.txt", "/a/*.txt"));
}

TEST_F(EnvTest, ReadsAndWritesAtOffsetsAsTf) {
  const std::string f = io::JoinPath(dir_, "w.txt");
  std::unique_ptr<WritableFile> out;
  TF_ASSERT_OK(env_->NewWritableFile(f, &out));
  TF_ASSERT_OK(out->Append("hello"));
  int64_t pos = -1;
  TF_ASSERT_OK(out->Tell(&pos));
  EXPECT_EQ(pos, 5);
  StringPiece name;
  TF_ASSERT_OK(out->Name(&name));
  EXPECT_EQ(name, f);
  TF_ASSERT_OK(out->Close());
  TF_ASSERT_OK(env_->NewAppendableFile(f, &out));
  TF_ASSERT_OK(out->Tell(&pos));
  EXPECT_EQ(pos, 5);
  TF_ASSERT_OK(out->Append(" world"));
  TF_ASSERT_OK(out->Close());

  std::unique_ptr<RandomAccessFile> in;
  TF_ASSERT_OK(env_->NewRandomAccessFile(f, &in));
  char scratch[16];
  StringPiece got;
  TF_ASSERT_OK(in->Read(6, 5, &got, scratch));
  EXPECT_EQ(got, "world");
  Status s = in->Read(8, 10, &got, scratch);
  EXPECT_EQ(s.code(), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(s.message(), "Read less bytes than requested");
  EXPECT_EQ(got, "rld");
  EXPECT_EQ(in->Read(100, 1, &got, scratch).code(), absl::StatusCode::kOutOfRange);
  EXPECT_TRUE(got.empty());
  // A directory opens (as in TF) and fails to read.
  TF_ASSERT_OK(env_->NewRandomAccessFile(dir_, &in));
  s = in->Read(0, 4, &got, scratch);
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(s.message(), dir_ + "; Is a directory");
}

TEST_F(EnvTest, ProtoCornersAsTf) {
  GraphDef graph, back;
  graph.add_node()->set_name("n");
  const std::string pb = io::JoinPath(dir_, "g.pb"), txt = io::JoinPath(dir_, "g.pbtxt");
  TF_ASSERT_OK(WriteBinaryProto(env_, pb, graph));
  TF_ASSERT_OK(WriteTextProto(env_, txt, graph));
  TF_ASSERT_OK(ReadTextOrBinaryProto(env_, pb, &back));
  EXPECT_EQ(back.node_size(), 1);
  back.Clear();
  TF_ASSERT_OK(ReadTextOrBinaryProto(env_, txt, &back));
  EXPECT_EQ(back.node_size(), 1);
  // TF reads a directory as an empty proto; text protos need full messages.
  TF_EXPECT_OK(ReadBinaryProto(env_, dir_, &back));
  EXPECT_EQ(back.node_size(), 0);
  Status s = ReadTextProto(env_, txt, static_cast<protobuf::MessageLite*>(&back));
  EXPECT_EQ(s.code(), absl::StatusCode::kUnimplemented);
  EXPECT_EQ(s.message(), "Can't parse text protos with protolite.");
  TF_ASSERT_OK(WriteStringToFile(env_, pb, std::string("\x0c", 1)));  // a stray end-group tag
  s = ReadBinaryProto(env_, pb, &back);
  EXPECT_EQ(s.code(), absl::StatusCode::kDataLoss);
}

TEST_F(EnvTest, DeleteRecursivelyCountsAndNeverFollowsLinks) {
  int64_t files = -1, dirs = -1;
  const std::string missing = io::JoinPath(dir_, "missing");
  Status s = env_->DeleteRecursively(missing, &files, &dirs);
  EXPECT_EQ(s.message(), missing + " not found");
  EXPECT_EQ(files, 0);
  EXPECT_EQ(dirs, 1);
  // A link to a directory outside is removed; what it points to stays (TF would empty it).
  char outside_pattern[] = "/tmp/minitf_env_outside_XXXXXX";
  ASSERT_NE(mkdtemp(outside_pattern), nullptr);
  const std::string outside = outside_pattern;
  TF_ASSERT_OK(WriteStringToFile(env_, io::JoinPath(outside, "keep"), "x"));
  const std::string tree = io::JoinPath(dir_, "tree");
  TF_ASSERT_OK(env_->RecursivelyCreateDir(io::JoinPath(tree, "a", "b")));
  ASSERT_EQ(symlink(outside.c_str(), io::JoinPath(tree, "a", "link").c_str()), 0);
  TF_EXPECT_OK(env_->DeleteRecursively(tree, &files, &dirs));
  EXPECT_EQ(files + dirs, 0);
  EXPECT_EQ(env_->FileExists(tree).code(), absl::StatusCode::kNotFound);
  TF_EXPECT_OK(env_->FileExists(io::JoinPath(outside, "keep")));
  TF_EXPECT_OK(env_->DeleteRecursively(outside, &files, &dirs));
}

TEST(EnvThreads, StartThreadJoinsOnDelete) {
  Env* env = Env::Default();
  std::atomic<int> ran{0};
  std::string name;
  {
    std::unique_ptr<Thread> t(
        env->StartThread(ThreadOptions(), "a_thread_name_longer_than_15", [&] {
          env->SleepForMicroseconds(2000);
          env->GetCurrentThreadName(&name);
          ran = 1;
        }));
  }
  EXPECT_EQ(ran, 1);
  EXPECT_EQ(name, "a_thread_name_l");  // the kernel's 15 bytes
  std::atomic<bool> done{false};
  env->SchedClosureAfter(1000, [&] { done = true; });
  for (int i = 0; i < 2000 && !done; ++i) env->SleepForMicroseconds(1000);
  EXPECT_TRUE(done);
  std::string tmp;
  ASSERT_TRUE(env->LocalTempFilename(&tmp));
  EXPECT_EQ(env->FileExists(tmp).code(), absl::StatusCode::kNotFound);
  EXPECT_TRUE(io::IsAbsolutePath(tmp));
  EXPECT_EQ(io::Basename(tmp).substr(0, 9), "tempfile-");
  EXPECT_EQ(env->NowNanos() / 1000000000 - env->NowSeconds() <= 1, true);
}

TEST(Path, TfsResults) {
  EXPECT_EQ(io::JoinPath("a/", "/b"), "a/b");
  EXPECT_EQ(io::JoinPath("", "b"), "b");
  EXPECT_EQ(io::JoinPath("/a", "b", "c.txt"), "/a/b/c.txt");
  EXPECT_EQ(io::Dirname("//a"), "/");
  EXPECT_EQ(io::Dirname("a//b/"), "a//b");
  EXPECT_EQ(io::Basename("a/b/"), "");
  EXPECT_EQ(io::Extension(".bashrc"), "bashrc");
  EXPECT_EQ(io::Extension("a.b.c"), "c");
  EXPECT_EQ(io::CleanPath(""), ".");
  EXPECT_EQ(io::CleanPath("/a/../b"), "/b");
  EXPECT_EQ(io::CleanPath("../x/./y"), "../x/y");
  EXPECT_EQ(io::CleanPath("/.."), "/");
  // URIs: "scheme://host" stays with the dirname; a scheme is a letter then [a-zA-Z0-9.].
  EXPECT_EQ(io::Dirname("gs://bucket/a/b.txt"), "gs://bucket/a");
  EXPECT_EQ(io::Dirname("gs://bucket"), "gs://bucket");
  EXPECT_EQ(io::Dirname("a.b://h/p"), "a.b://h/");
  EXPECT_EQ(io::Dirname("a+b://h/p"), "a+b://h");
  EXPECT_EQ(io::CleanPath("gs://bucket/a/../b"), "gs:/bucket/b");
  StringPiece scheme, host, path;
  io::ParseURI("hdfs://h:9000/p/q", &scheme, &host, &path);
  EXPECT_EQ(scheme, "hdfs");
  EXPECT_EQ(host, "h:9000");
  EXPECT_EQ(path, "/p/q");
  io::ParseURI("1a://h/p", &scheme, &host, &path);
  EXPECT_EQ(scheme, "");
  EXPECT_EQ(path, "1a://h/p");
  EXPECT_EQ(io::CreateURI("file", "", "/tmp/x"), "file:///tmp/x");
  EXPECT_EQ(io::BasenamePrefix("..a"), ".");
  EXPECT_EQ(io::BasenamePrefix("/a/b"), "b");
  EXPECT_EQ(io::JoinPath("a//", "//b"), "a///b");
  EXPECT_EQ(io::CommonPathPrefix({"/alpha/beta/gamma", "/alpha/beta/ga"}), "/alpha/beta/");
  EXPECT_EQ(io::CommonPathPrefix({"/a/b"}), "/a/");
  EXPECT_EQ(io::CommonPathPrefix({"abc", "abd"}), "");
  EXPECT_TRUE(io::IsAbsolutePath("/x"));
  EXPECT_FALSE(io::IsAbsolutePath("x"));
}

TEST(StringPrintf, LongAndShort) {
  EXPECT_EQ(strings::Printf("%06d/%06d %s", 3, 14, "x"), "000003/000014 x");
  std::string s = "a";
  strings::Appendf(&s, "%s", std::string(1000, 'z').c_str());
  EXPECT_EQ(s.size(), 1001u);
}

TEST(Flags, ParseAndUsageAsTf) {
  int32_t i = 3;
  bool b = false;
  std::string str = "d";
  float f = 1;
  int64_t l = 7;
  std::vector<Flag> flags = {Flag("i", &i, "an int"), Flag("b", &b, "a bool"),
                             Flag("s", &str, "a string"), Flag("f", &f, "a float"),
                             Flag("l", &l, "an int64")};
  EXPECT_EQ(Flags::Usage("prog", flags),
            "usage: prog\nFlags:\n"
            "\t--i=3                            \tint32\tan int\n"
            "\t--b=false                        \tbool\ta bool\n"
            "\t--s=\"d\"                          \tstring\ta string\n"
            "\t--f=1.000000                     \tfloat\ta float\n"
            "\t--l=7                            \tint64\tan int64\n");
  const char* args[] = {"prog",    "--i=5",  "--b",         "rest", "--s=hello",
                        "--f=2.5", "--l=-9", "--unknown=1", "--",   "--i=7"};
  int argc = 10;
  EXPECT_TRUE(Flags::Parse(&argc, const_cast<char**>(args), flags));
  EXPECT_EQ(i, 5);
  EXPECT_TRUE(b);
  EXPECT_EQ(str, "hello");
  EXPECT_EQ(f, 2.5f);
  EXPECT_EQ(l, -9);
  ASSERT_EQ(argc, 5);
  EXPECT_STREQ(args[1], "rest");
  EXPECT_STREQ(args[2], "--unknown=1");
  EXPECT_STREQ(args[3], "--");
  EXPECT_STREQ(args[4], "--i=7");
  const char* bad[] = {"prog", "--b=false", "--b=maybe", "--bx"};
  argc = 4;
  EXPECT_FALSE(Flags::Parse(&argc, const_cast<char**>(bad), flags));
  EXPECT_FALSE(b);
  EXPECT_EQ(argc, 2);
  EXPECT_STREQ(bad[1], "--bx");
  // Bools take true/false in any case and 1/0; "yes" is a bad value.
  std::vector<std::string> vec = {"--b=TRUE", "--i=+5", "--f= 2.5", "--s=a=b", "--", "--l=1", "x"};
  EXPECT_TRUE(Flags::Parse(vec, flags));
  EXPECT_TRUE(b);
  EXPECT_EQ(i, 5);
  EXPECT_EQ(f, 2.5f);
  EXPECT_EQ(str, "a=b");
  EXPECT_EQ(l, 1);  // the vector form has no "--" rule
  EXPECT_EQ(vec, (std::vector<std::string>{"--", "x"}));
  vec = {"--b=yes", "--i=0x10", "--l=9223372036854775808"};
  EXPECT_FALSE(Flags::Parse(vec, flags));
  EXPECT_TRUE(vec.empty());
  // A leading "--help" left over makes Parse false; after "--" it is the program's.
  const char* help[] = {"prog", "--i=1", "--help", nullptr};
  argc = 3;
  EXPECT_FALSE(Flags::Parse(&argc, const_cast<char**>(help), flags));
  EXPECT_EQ(argc, 2);
  EXPECT_EQ(help[2], nullptr);
  const char* help2[] = {"prog", "--", "--help", nullptr};
  argc = 3;
  EXPECT_TRUE(Flags::Parse(&argc, const_cast<char**>(help2), flags));
  EXPECT_EQ(Flags::Usage("", {}), "usage: \n");
}

}  // namespace
}  // namespace tensorflow
