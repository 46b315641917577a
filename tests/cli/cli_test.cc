// The `minitf` command-line tool, run as a user runs it, on a GraphDef written as text.
#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "cli/npy.h"
#include "cli/npz.h"
#include "framework/env.h"
#include "framework/status_test_util.h"
#include "framework/tensor_testutil.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/graph_def_text.h"

namespace minitf {
namespace {

using tensorflow::Env;
using tensorflow::Tensor;
using ::testing::HasSubstr;

struct Result {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

Result RunCli(const std::string& args) {
  Result r;
  FILE* pipe = popen(absl::StrCat(MINITF_CLI_BINARY, " ", args, " 2>&1").c_str(), "r");
  if (pipe == nullptr) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), pipe)) > 0) r.output.append(buf, n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = absl::StrCat(::testing::TempDir(), "/minitf_cli_",
                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    int64_t files = 0, dirs = 0;
    (void)Env::Default()->DeleteRecursively(dir_, &files, &dirs);
    TF_ASSERT_OK(Env::Default()->RecursivelyCreateDir(dir_));
    TF_ASSERT_OK(tensorflow::WriteStringToFile(Env::Default(), Path("mul.pbtxt"),
                                               tensorflow::test::kMulGraph));
    Tensor p = tensorflow::test::AsTensor<float>({1.5f, -3, 0.25f}, {3});
    TF_ASSERT_OK(
        tensorflow::WriteStringToFile(Env::Default(), Path("p.npy"), SerializeNpy(p).value()));
  }
  std::string Path(const std::string& name) const { return absl::StrCat(dir_, "/", name); }
  Tensor ReadNpy(const std::string& name) const {
    std::string bytes;
    TF_EXPECT_OK(tensorflow::ReadFileToString(Env::Default(), Path(name), &bytes));
    absl::StatusOr<Tensor> t = ParseNpy(bytes, name);
    EXPECT_TRUE(t.ok()) << t.status();
    return t.ok() ? *t : Tensor();
  }

  std::string dir_;
};

TEST_F(CliTest, RunWritesTheUnreadOutputs) {
  Result r = RunCli(absl::StrCat("run ", Path("mul.pbtxt"), " --inputs p=", Path("p.npy"),
                                 " --outputs ", Path("out")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("Output b is saved to"));
  // b = 2 * p; a and p are read by b, so only b is written.
  tensorflow::test::ExpectTensorEqual<float>(ReadNpy("out/b.npy"),
                                             tensorflow::test::AsTensor<float>({3, -6, 0.5f}, {3}));
  EXPECT_FALSE(Env::Default()->FileExists(Path("out/a.npy")).ok());

  // A second run does not overwrite unless asked.
  r = RunCli(absl::StrCat("run ", Path("mul.pbtxt"), " --inputs=p=", Path("p.npy"),
                          " --outputs=", Path("out")));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.output, HasSubstr("already exists. Add \"--overwrite\" flag"));
  r = RunCli(absl::StrCat("run ", Path("mul.pbtxt"), " --inputs=p=", Path("p.npy"),
                          " --outputs=", Path("out"), " --overwrite"));
  EXPECT_EQ(r.exit_code, 0) << r.output;
}

TEST_F(CliTest, RunFetchesNamedTensorsIntoAnNpz) {
  Tensor pair = tensorflow::test::AsTensor<float>({4, 5}, {2});
  TF_ASSERT_OK(tensorflow::WriteStringToFile(Env::Default(), Path("in.npz"),
                                             SerializeNpz({{"q", pair}, {"p", pair}}).value()));
  Result r = RunCli(absl::StrCat("run ", Path("mul.pbtxt"), " --inputs 'p=", Path("in.npz"),
                                 "[q]' --fetch b:0,a --outputs ", Path("all.npz")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string bytes;
  TF_ASSERT_OK(tensorflow::ReadFileToString(Env::Default(), Path("all.npz"), &bytes));
  absl::StatusOr<NamedTensors> arrays = ParseNpz(bytes, "all.npz");
  ASSERT_TRUE(arrays.ok()) << arrays.status();
  ASSERT_EQ(arrays->size(), 2u);
  EXPECT_EQ((*arrays)[0].first, "b:0");
  tensorflow::test::ExpectTensorEqual<float>((*arrays)[0].second,
                                             tensorflow::test::AsTensor<float>({8, 10}, {2}));
  EXPECT_EQ((*arrays)[1].first, "a");
  tensorflow::test::ExpectTensorEqual<float>((*arrays)[1].second, Tensor(2.0f));

  // Two arrays and no [name]: the user must pick one.
  r = RunCli(absl::StrCat("run ", Path("mul.pbtxt"), " --inputs p=", Path("in.npz")));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.output, HasSubstr("contains 2 ndarrays. Please specify the ndarray to use"));
}

TEST_F(CliTest, RunPrintsTracesAndBenchmarks) {
  Result r = RunCli(absl::StrCat("run ", Path("mul.pbtxt"), " --inputs p=", Path("p.npy"),
                                 " --trace ", Path("t.json"), " --benchmark 3 --threads 1"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("Result for output key b:\nfloat [3] [3 -6 0.5]"));
  EXPECT_THAT(r.output, HasSubstr("\ncount=3 first="));
  std::string trace;
  TF_ASSERT_OK(tensorflow::ReadFileToString(Env::Default(), Path("t.json"), &trace));
  EXPECT_THAT(trace, HasSubstr(R"("ph": "X", "cat": "Op", "name": "Mul")"));
  EXPECT_THAT(trace,
              HasSubstr(R"("args": {"name": "b", "op": "Mul", "input0": "a", "input1": "p"})"));
  EXPECT_THAT(trace, HasSubstr("/job:localhost/replica:0/task:0/device:CPU:0 Compute"));
}

TEST_F(CliTest, ShowAndDot) {
  Result r = RunCli(absl::StrCat("show ", Path("mul.pbtxt")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("graph: 3 nodes\n"));
  EXPECT_THAT(r.output, HasSubstr("  a = Const() -> float []\n"));
  EXPECT_THAT(r.output, HasSubstr("  b = Mul(a, p) -> float <unknown>\n"));
  r = RunCli(absl::StrCat("dot ", Path("mul.pbtxt")));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("digraph minitf {"));
  EXPECT_THAT(r.output, HasSubstr(R"("a" -> "b" [label="float []"];)"));
  EXPECT_THAT(r.output, HasSubstr(R"("b" [label="b\nMul"];)"));
}

TEST_F(CliTest, ErrorsAreClearAndUsageIsExitTwo) {
  Result r = RunCli(absl::StrCat("run ", Path("mul.pbtxt")));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.output, HasSubstr("You must feed a value for placeholder tensor 'p'"));
  r = RunCli(absl::StrCat("run ", Path("missing.pb")));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.output, HasSubstr("missing.pb"));
  r = RunCli(absl::StrCat("run ", Path("mul.pbtxt"), " --inputs p"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.output, HasSubstr("--inputs \"p\" format is incorrect"));
  r = RunCli(absl::StrCat("run ", Path("mul.pbtxt"), " --inputs p=", Path("mul.pbtxt")));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.output, HasSubstr("is neither an .npy nor an .npz file"));
  r = RunCli(absl::StrCat("run ", Path("mul.pbtxt"), " --bogus 1"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output, HasSubstr("unknown flag --bogus"));
  r = RunCli(absl::StrCat("show ", Path("mul.pbtxt"), " --benchmark 3"));
  EXPECT_EQ(r.exit_code, 2);
  r = RunCli("frobnicate x");
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace minitf
