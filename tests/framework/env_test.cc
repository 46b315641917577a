// Env's files, io:: paths, strings::Printf and Flags. Expected codes, texts and results are
// TF 2.21's for the same calls (tests/tf_programs/platform_pieces.cc prints them in both; the
// cross-check diffs the two).
#include "tensorflow/core/platform/env.h"

#include <unistd.h>

#include "gtest/gtest.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/lib/io/path.h"
#include "tensorflow/core/lib/strings/stringprintf.h"
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
}

}  // namespace
}  // namespace tensorflow
