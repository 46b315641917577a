// ReadFile and WriteFile through the C++ API: bytes round-trip (NULs included), WriteFile
// creates missing directories, and TF 2.21's codes and texts for bad inputs and missing files.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/platform/env.h"
#include "tensorflow/core/platform/test.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

// The shape inferred for `o` at graph construction.
std::string ShapeOf(const Output& o) { return o.node()->output_shape(o.index()).DebugString(); }

using test_ops::ExpectError;

TEST(FileOpsTest, WriteThenRead) {
  const std::string dir = testing::TmpDir() + "/file_ops_test/a/b";
  const std::string path = dir + "/bytes.bin";
  const std::string bytes("\x89PNG\0\r\n\x1a\n", 9);
  Scope root = Scope::NewRootScope();
  auto write = WriteFile(root, path, Const(root, bytes));
  auto read = ReadFile(root.WithControlDependencies({write}), path);
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(ShapeOf(read), "[]");
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({read}, &out));
  EXPECT_EQ(out[0].scalar<tstring>()(), bytes);
  TF_EXPECT_OK(Env::Default()->IsDirectory(dir));
}

TEST(FileOpsTest, ErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto name = Placeholder(root, DT_STRING);
  auto contents = Placeholder(root, DT_STRING);
  auto read = ReadFile(root, name);
  auto write = WriteFile(root, name, contents);
  auto written = Identity(root.WithControlDependencies({write}), contents);
  ExpectError(root, {{name, "/nonexistent/x.png"}}, read,
              "/nonexistent/x.png; No such file or directory", error::NOT_FOUND);
  ExpectError(root, {{name, testing::TmpDir()}}, read, testing::TmpDir() + "; Is a directory",
              error::FAILED_PRECONDITION);
  ExpectError(root, {{name, test::AsTensor<tstring>({"a", "b"})}}, read,
              "Input filename tensor must be scalar, but had shape: [2]");
  ExpectError(root,
              {{name, testing::TmpDir() + "/file_ops_test/c.txt"},
               {contents, test::AsTensor<tstring>({"a"})}},
              written, "Contents tensor must be scalar, but had shape: [1]");
  ExpectError(root, {{name, test::AsTensor<tstring>({"a"})}, {contents, "a"}}, written,
              "Input filename tensor must be scalar, but had shape: [1]");
}

}  // namespace
}  // namespace tensorflow
