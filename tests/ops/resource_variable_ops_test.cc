// Resource variables through a ClientSession, against TF 2.21's semantics and texts (recorded
// from tf.compat.v1 graphs of the raw ops in a tf.compat.v1.Session): handles that name a
// variable (unnamed ones share one), creation by the first assign, reads that keep their value
// when a later write copies, shape inference through the handle, TF's error texts and codes,
// the gradient through ReadVariableOp, ResourceApply* on resource variables, and concurrent
// updates that lose nothing.
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/resource_variable_ops.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT
using test_ops::ExpectError;

TEST(ResourceVariableOpsTest, AssignReadUpdateAcrossRuns) {
  Scope root = Scope::NewRootScope();
  auto v = VarHandleOp(root.WithOpName("v"), DT_FLOAT, {2}, VarHandleOp::SharedName("v"));
  auto read = ReadVariableOp(root, v, DT_FLOAT);
  EXPECT_EQ(read.node()->output_shape(0).DebugString(), "[2]");  // from the handle
  auto init = AssignVariableOp(root, v, Const(root, {1.5f, -2.f}));
  auto add = AssignAddVariableOp(root, v, Const(root, {1.f, 1.f}));
  auto sub = AssignSubVariableOp(root, v, Const(root, {0.5f, 0.5f}));
  auto inited = VarIsInitializedOp(root, v);
  auto shape = VariableShape(root, v);
  TF_ASSERT_OK(root.status());
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({inited}, &out));
  EXPECT_FALSE(out[0].scalar<bool>()());
  TF_ASSERT_OK(session.Run({}, {}, {init}, nullptr));
  TF_ASSERT_OK(session.Run({}, {}, {add}, nullptr));
  TF_ASSERT_OK(session.Run({}, {}, {sub}, nullptr));
  TF_ASSERT_OK(session.Run({read, inited, shape}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({2.f, -1.5f}));
  EXPECT_TRUE(out[1].scalar<bool>()());
  test::ExpectTensorEqual<int32_t>(out[2], test::AsTensor<int32_t>({2}));
  ClientSession fresh(root);  // variables are per session
  TF_ASSERT_OK(fresh.Run({inited}, &out));
  EXPECT_FALSE(out[0].scalar<bool>()());
}

// TF's raw VarHandleOp does not default shared_name to the node name: every unnamed handle is
// the one variable localhost/"".
TEST(ResourceVariableOpsTest, UnnamedHandlesShareOneVariable) {
  Scope root = Scope::NewRootScope();
  auto a = VarHandleOp(root, DT_FLOAT, {});
  auto b = VarHandleOp(root, DT_FLOAT, {});
  auto init = AssignVariableOp(root, a, 3.f);
  auto read_b = ReadVariableOp(root, b, DT_FLOAT);
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({}, {}, {init}, nullptr));
  TF_ASSERT_OK(session.Run({read_b}, &out));
  EXPECT_EQ(out[0].scalar<float>()(), 3.f);
}

// A read shares the buffer; the write after it copies, so the read keeps the old value; the
// assigned Const is never written into.
TEST(ResourceVariableOpsTest, WritesCopyWhatReadsShare) {
  Scope root = Scope::NewRootScope();
  auto v = VarHandleOp(root, DT_FLOAT, {2}, VarHandleOp::SharedName("cow"));
  auto value = Const(root, {1.f, 2.f});
  auto init = AssignVariableOp(root, v, value);
  auto before = ReadVariableOp(root, v, DT_FLOAT);
  auto add = AssignAddVariableOp(root.WithControlDependencies({before.value.op()}), v,
                                 Const(root, {10.f, 10.f}));
  auto after = ReadVariableOp(root.WithControlDependencies({add}), v, DT_FLOAT);
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({}, {}, {init}, nullptr));
  TF_ASSERT_OK(session.Run({before, after, value}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({1.f, 2.f}));
  test::ExpectTensorEqual<float>(out[1], test::AsTensor<float>({11.f, 12.f}));
  test::ExpectTensorEqual<float>(out[2], test::AsTensor<float>({1.f, 2.f}));
}

// Runs `target` twice in a fresh session of `root` (the session must stay usable): each time
// the error must have `code` and TF's kernel text `text` (up to the node decoration).
void ExpectTargetError(const Scope& root, const Operation& target, const std::string& text,
                       error::Code code, const std::vector<Operation>& setup = {}) {
  ASSERT_TRUE(root.status().ok()) << root.status();
  ClientSession session(root);
  for (const Operation& op : setup) TF_ASSERT_OK(session.Run({}, {}, {op}, nullptr));
  for (int run = 0; run < 2; ++run) {
    const Status s = session.Run({}, {}, {target}, nullptr);
    EXPECT_EQ(s.code(), code) << s;
    const std::string message(s.message());
    EXPECT_EQ(message.substr(0, message.find('\n')), text);
  }
}

TEST(ResourceVariableOpsTest, LookupErrorsAreTFs) {
  {
    Scope root = Scope::NewRootScope();
    auto unnamed = VarHandleOp(root, DT_FLOAT, {});
    ExpectError(root, {}, ReadVariableOp(root, unnamed, DT_FLOAT),
                "Could not find variable . This could mean that the variable has been deleted. "
                "In TF1, it can also mean the variable is uninitialized. Debug info: "
                "container=localhost, status error message=Container localhost does not exist. "
                "(Could not find resource: localhost/)",
                error::FAILED_PRECONDITION);
    ExpectTargetError(root, AssignAddVariableOp(root, unnamed, 1.f).operation,
                      "Container localhost does not exist. (Could not find resource: localhost/)",
                      error::NOT_FOUND);
  }
  Scope root = Scope::NewRootScope();
  auto other = VarHandleOp(root, DT_FLOAT, {}, VarHandleOp::SharedName("other"));
  auto nm = VarHandleOp(root, DT_FLOAT, {}, VarHandleOp::SharedName("nm"));
  auto make_other = AssignVariableOp(root, other, 1.f);
  ExpectTargetError(root, AssignAddVariableOp(root, nm, 1.f).operation,
                    "Resource localhost/nm/N10tensorflow3VarE does not exist.", error::NOT_FOUND,
                    {make_other.operation});
  auto destroy = DestroyResourceOp(root, other);
  auto destroy_strict = DestroyResourceOp(root, nm, DestroyResourceOp::IgnoreLookupError(false));
  auto inited = VarIsInitializedOp(root, other);
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({}, {}, {make_other}, nullptr));
  TF_ASSERT_OK(session.Run({}, {}, {destroy}, nullptr));
  TF_ASSERT_OK(session.Run({}, {}, {destroy}, nullptr));  // missing: ignored by default
  TF_ASSERT_OK(session.Run({inited}, &out));
  EXPECT_FALSE(out[0].scalar<bool>()());
  const Status s = session.Run({}, {}, {destroy_strict}, nullptr);
  EXPECT_EQ(s.code(), error::NOT_FOUND);
  EXPECT_TRUE(absl::StartsWith(s.message(), "Resource localhost/nm/<unknown> does not exist."))
      << s;
  const Status read = session.Run({ReadVariableOp(root, other, DT_FLOAT)}, &out);
  EXPECT_EQ(read.code(), error::FAILED_PRECONDITION);
  EXPECT_TRUE(
      absl::StrContains(read.message(),
                        "status error message=Resource localhost/other/N10tensorflow3VarE does not "
                        "exist."))
      << read;
}

TEST(ResourceVariableOpsTest, DtypeAndShapeErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto v = VarHandleOp(root, DT_FLOAT, {2, 3}, VarHandleOp::SharedName("v"));
  auto as_int = VarHandleOp(root, DT_INT32, {2, 3}, VarHandleOp::SharedName("v"));
  auto init = AssignVariableOp(root, v, Const(root, 0.f, TensorShape({2, 3})));
  auto read_int = ReadVariableOp(root, as_int, DT_INT32);
  auto ph = Placeholder(root, DT_FLOAT);
  auto checked = AssignVariableOp(root, v, ph, AssignVariableOp::ValidateShape(true));
  ClientSession session(root);
  TF_ASSERT_OK(session.Run({}, {}, {init}, nullptr));
  std::vector<Tensor> out;
  Status s = session.Run({read_int}, &out);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(s.message().substr(0, s.message().find('\n')),
            "Trying to read variable with wrong dtype. Expected int32 got float");
  s = session.Run({{ph, test::AsTensor<float>({1, 2, 3, 4})}}, {}, {checked}, nullptr);
  EXPECT_EQ(s.message().substr(0, s.message().find('\n')),
            "Trying to assign to variable with tensor with wrong shape. Expected [2,3] got [4]");
  s = session.Run({}, {}, {AssignVariableOp(root, as_int, Const(root, 1, TensorShape({2, 3})))},
                  nullptr);
  EXPECT_EQ(s.message().substr(0, s.message().find('\n')),
            "Trying to assign variable with wrong dtype. Expected float got int32");
  s = session.Run({{ph, test::AsTensor<float>({1, 2, 3, 4, 5, 6}, {3, 2})}}, {},
                  {AssignAddVariableOp(root, v, ph)}, nullptr);
  EXPECT_EQ(s.message().substr(0, s.message().find('\n')),
            "Cannot update variable with shape [2,3] using a Tensor with shape [3,2], shapes "
            "must be equal.");
  // Without validate_shape (the default) an assign changes the shape.
  TF_ASSERT_OK(session.Run({{ph, test::AsTensor<float>({1, 2, 3, 4})}}, {},
                           {AssignVariableOp(root, v, ph)}, nullptr));
  TF_ASSERT_OK(session.Run({VariableShape(root, v)}, &out));
  test::ExpectTensorEqual<int32_t>(out[0], test::AsTensor<int32_t>({4}));
  // The handle's static dtype: caught while the graph is built.
  Scope bad = Scope::NewRootScope();
  ReadVariableOp(bad, VarHandleOp(bad, DT_FLOAT, {}), DT_INT32);
  EXPECT_TRUE(absl::StartsWith(
      bad.status().message(), "Trying to read variable with wrong dtype. Expected float got int32"))
      << bad.status();
}

// d(read * x)/d handle = x, through ReadVariableOp's gradient.
TEST(ResourceVariableOpsTest, GradientReachesTheHandle) {
  Scope root = Scope::NewRootScope();
  auto v = VarHandleOp(root, DT_FLOAT, {3}, VarHandleOp::SharedName("g"));
  auto x = Const(root, {2.f, -1.f, 0.5f});
  auto y = Mul(root, ReadVariableOp(root, v, DT_FLOAT), x);
  std::vector<Output> grads;
  TF_ASSERT_OK(AddSymbolicGradients(root, {y}, {v}, &grads));
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(
      session.Run({}, {}, {AssignVariableOp(root, v, Const(root, {1.f, 1.f, 1.f}))}, nullptr));
  TF_ASSERT_OK(session.Run({grads[0]}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({2.f, -1.f, 0.5f}));
}

TEST(ResourceVariableOpsTest, ResourceApplyUpdatesAndErrors) {
  Scope root = Scope::NewRootScope();
  auto v = VarHandleOp(root, DT_FLOAT, {2}, VarHandleOp::SharedName("w"));
  auto init = AssignVariableOp(root, v, Const(root, {1.f, 2.f}));
  auto before = ReadVariableOp(root, v, DT_FLOAT);
  auto step = ResourceApplyGradientDescent(root.WithControlDependencies({before.value.op()}), v,
                                           0.5f, Const(root, {2.f, -4.f}));
  auto after = ReadVariableOp(root.WithControlDependencies({step}), v, DT_FLOAT);
  auto missing = VarHandleOp(root, DT_FLOAT, {2}, VarHandleOp::SharedName("missing"));
  ExpectTargetError(
      root, ResourceApplyGradientDescent(root, missing, 0.5f, Const(root, {1.f, 1.f})).operation,
      "Invalid variable reference.", error::INTERNAL);
  // A handle of unknown shape: the mismatch is the kernel's to find.
  auto unshaped = VarHandleOp(root, DT_FLOAT, PartialTensorShape(), VarHandleOp::SharedName("w"));
  ExpectTargetError(
      root,
      ResourceApplyGradientDescent(root, unshaped, 0.5f, Const(root, {1.f, 1.f, 1.f})).operation,
      "var and delta do not have the same shape[2] [3]", error::INVALID_ARGUMENT, {init.operation});
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({}, {}, {init}, nullptr));
  TF_ASSERT_OK(session.Run({before, after}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({1.f, 2.f}));  // copied first
  test::ExpectTensorEqual<float>(out[1], test::AsTensor<float>({0.f, 4.f}));
}

// As TF's constant folding: Shape, Size and Rank of a tensor whose shape the graph knows are
// answered without running its producer (an uninitialized variable's read included; TF's
// resource_variable_grad_test relies on it) — but a placeholder must still be fed.
TEST(ResourceVariableOpsTest, KnownShapesNeedNoValue) {
  Scope root = Scope::NewRootScope();
  auto v = VarHandleOp(root, DT_FLOAT, {2, 3}, VarHandleOp::SharedName("never_assigned"));
  auto read = ReadVariableOp(root, v, DT_FLOAT);
  auto shape = Shape(root, read);
  auto size = Size(root, read, Size::OutType(DT_INT64));
  auto rank = Identity(root, Rank(root, read));
  auto p = Placeholder(root, DT_FLOAT, Placeholder::Shape({2, 3}));
  auto p_shape = Shape(root, p);
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({shape, size, rank}, &out));
  test::ExpectTensorEqual<int32_t>(out[0], test::AsTensor<int32_t>({2, 3}));
  EXPECT_EQ(out[1].scalar<int64_t>()(), 6);
  EXPECT_EQ(out[2].scalar<int32_t>()(), 2);
  EXPECT_EQ(session.Run({read}, &out).code(), error::FAILED_PRECONDITION);
  const Status unfed = session.Run({p_shape}, &out);
  EXPECT_EQ(unfed.code(), error::INVALID_ARGUMENT);
  EXPECT_TRUE(absl::StartsWith(unfed.message(), "You must feed a value for placeholder")) << unfed;
}

TEST(ResourceVariableOpsTest, ConcurrentAssignAddLosesNothing) {
  Scope root = Scope::NewRootScope();
  auto v = VarHandleOp(root, DT_INT32, {}, VarHandleOp::SharedName("counter"));
  auto init = AssignVariableOp(root, v, 0);
  auto add = AssignAddVariableOp(root, v, 1);
  auto read = ReadVariableOp(root, v, DT_INT32);
  ClientSession session(root);
  TF_ASSERT_OK(session.Run({}, {}, {init}, nullptr));
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 1000; ++i) TF_CHECK_OK(session.Run({}, {}, {add}, nullptr));
    });
  }
  for (auto& t : threads) t.join();
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({read}, &out));
  EXPECT_EQ(out[0].scalar<int32_t>()(), 8000);
}

}  // namespace
}  // namespace tensorflow
