// TF's gradients_test behaviours (cc/framework/gradients_test.cc): the exact gradient graph of
// MatMul, OnesLike seeding, gradient summing along several paths, StopGradient, and TF's
// errors. Values come from calculus (e.g. d(x^2 + x^8)/dx at 3 = 17502).
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/grad_op_registry.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/math_ops_internal.h"  // SqrtGrad, as in TF
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

std::string GraphText(const Scope& scope) {
  GraphDef def;
  TF_CHECK_OK(scope.ToGraphDef(&def));
  return def.DebugString();
}

// The forward MatMul and its gradient, built by AddSymbolicGradients in `scope` or by hand
// (TF's expected graph) in `twin`.
void CheckMatMulGradGraph(bool ta, bool tb) {
  SCOPED_TRACE(testing::Message() << "transpose_a=" << ta << " transpose_b=" << tb);
  Scope scope = Scope::NewRootScope();
  Scope twin = Scope::NewRootScope();
  for (bool expected : {false, true}) {
    const Scope& s = expected ? twin : scope;
    auto x = Const(s, {{1.0f, 2.0f}, {3.0f, 4.0f}});
    auto y = Const(s, {{1.0f, 0.0f}, {0.0f, 1.0f}});
    auto z = MatMul(s, x, y, MatMul::TransposeA(ta).TransposeB(tb));
    auto dz = Const(s, {{1.0f, 1.0f}, {1.0f, 1.0f}});
    if (expected) {
      if (!ta && !tb) {
        MatMul(s, dz, y, MatMul::TransposeB(true));
        MatMul(s, x, dz, MatMul::TransposeA(true));
      } else if (!ta && tb) {
        MatMul(s, dz, y);
        MatMul(s, dz, x, MatMul::TransposeA(true));
      } else if (ta && !tb) {
        MatMul(s, y, dz, MatMul::TransposeB(true));
        MatMul(s, x, dz);
      } else {
        MatMul(s, y, dz, MatMul::TransposeA(true).TransposeB(true));
        MatMul(s, dz, x, MatMul::TransposeA(true).TransposeB(true));
      }
    } else {
      std::vector<Output> grads;
      TF_ASSERT_OK(AddSymbolicGradients(s, {z}, {x, y}, {dz}, &grads));
      ASSERT_EQ(grads.size(), 2u);
      EXPECT_EQ(grads[0].name(), "MatMul_1:0");
      EXPECT_EQ(grads[1].name(), "MatMul_2:0");
    }
  }
  EXPECT_EQ(GraphText(scope), GraphText(twin));
}

TEST(GradientsTest, MatMulGradGraphIsTFs) {
  CheckMatMulGradGraph(false, false);
  CheckMatMulGradGraph(false, true);
  CheckMatMulGradGraph(true, false);
  CheckMatMulGradGraph(true, true);
}

TEST(GradientsTest, OnesLikeSeedsTheOutputs) {
  Scope scope = Scope::NewRootScope();
  auto x = Const(scope, {{1.0f, 2.0f}, {3.0f, 4.0f}});
  auto y = Const(scope, {{1.0f, 0.0f}, {0.0f, 1.0f}});
  auto z = MatMul(scope, x, y);
  std::vector<Output> grads;
  TF_ASSERT_OK(AddSymbolicGradients(scope, {z}, {x, y}, &grads));

  Scope twin = Scope::NewRootScope();
  auto x2 = Const(twin, {{1.0f, 2.0f}, {3.0f, 4.0f}});
  auto y2 = Const(twin, {{1.0f, 0.0f}, {0.0f, 1.0f}});
  auto z2 = MatMul(twin, x2, y2);
  auto dz2 = OnesLike(twin, z2);
  MatMul(twin, dz2, y2, MatMul::TransposeB(true));
  MatMul(twin, x2, dz2, MatMul::TransposeA(true));
  EXPECT_EQ(GraphText(scope), GraphText(twin));

  // d sum(x y) / dx = ones(2,2) y^T, d/dy = x^T ones(2,2).
  ClientSession session(scope);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run(grads, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({1, 1, 1, 1}, {2, 2}));
  test::ExpectTensorEqual<float>(out[1], test::AsTensor<float>({4, 4, 6, 6}, {2, 2}));
}

// y0 = x^2, y1 = y0^2, y2 = y1^2: d(y0 + y2)/dx = 2x + 8x^7 = 17502 at x = 3.
TEST(GradientsTest, DependentOutputs) {
  Scope scope = Scope::NewRootScope();
  auto x = Placeholder(scope, DT_FLOAT);
  auto y0 = Square(scope, x);
  auto y1 = Square(scope, y0);
  auto y2 = Square(scope, y1);
  std::vector<Output> grads;
  TF_ASSERT_OK(AddSymbolicGradients(scope, {y0, y2}, {x}, &grads));
  ClientSession session(scope);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({{x, {3.0f}}}, {grads[0]}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({17502.0f}, {1}));
}

// Two paths from x to the output: their gradients meet in an AddN.
TEST(GradientsTest, SeveralPathsAreSummed) {
  Scope scope = Scope::NewRootScope();
  auto x = Placeholder(scope, DT_FLOAT);
  auto y = Add(scope, Square(scope, x), Neg(scope, x));  // x^2 - x
  auto z = Mul(scope, y, x);                             // x^3 - x^2
  std::vector<Output> grads;
  TF_ASSERT_OK(AddSymbolicGradients(scope, {z}, {x}, &grads));
  EXPECT_EQ(grads[0].node()->type_string(), "AddN");
  ClientSession session(scope);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({{x, {2.0f, -1.0f}}}, {grads[0]}, &out));
  // 3x^2 - 2x
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({8.0f, 5.0f}, {2}));
}

TEST(GradientsTest, UnreachableInput) {
  Scope scope = Scope::NewRootScope();
  auto x = Const(scope, {{1.0f, 2.0f}, {3.0f, 4.0f}});
  auto y = Const(scope, {{1.0f, 0.0f}, {0.0f, 1.0f}});
  auto z = Const(scope.WithOpName("z"), {{5.0f, 6.0f}, {7.0f, 8.0f}});
  auto w = MatMul(scope, x, y);
  std::vector<Output> grads;
  Status s = AddSymbolicGradients(scope, {w}, {z}, &grads);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(s.message(),
            "Cannot compute the partial derivative for node 'z' as it's unreachable from the "
            "output node(s).");
}

TEST(GradientsTest, GradInputCountMustMatch) {
  Scope scope = Scope::NewRootScope();
  auto x = Placeholder(scope, DT_FLOAT);
  auto y = Square(scope, x);
  std::vector<Output> grads;
  Status s = AddSymbolicGradients(scope, {y}, {x}, {}, &grads);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(s.message(), "Must specify a gradient input for each output.");
}

TEST(GradientsTest, StopGradientGivesNoGradient) {
  Scope scope = Scope::NewRootScope();
  auto x = Placeholder(scope, DT_FLOAT);
  auto y = StopGradient(scope, Square(scope, x));
  std::vector<Output> grads;
  TF_ASSERT_OK(AddSymbolicGradients(scope, {y}, {x}, &grads));
  EXPECT_EQ(NoGradient(), grads[0]);

  // Only the path around the StopGradient contributes: d(stop(x^2) * x)/dx = x^2.
  auto z = Mul(scope, y, x);
  TF_ASSERT_OK(AddSymbolicGradients(scope, {z}, {x}, &grads));
  ClientSession session(scope);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({{x, {3.0f}}}, {grads[0]}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({9.0f}, {1}));
}

TEST(GradientsTest, MissingGradientIsNotFound) {
  Scope scope = Scope::NewRootScope();
  auto x = Placeholder(scope, DT_FLOAT);
  auto y = ops::internal::SqrtGrad(scope, x, x);  // TF registers no gradient for SqrtGrad
  std::vector<Output> grads;
  Status s = AddSymbolicGradients(scope, {y}, {x}, &grads);
  EXPECT_EQ(s.code(), error::NOT_FOUND);
  EXPECT_EQ(s.message(),
            "No gradient defined for op: SqrtGrad. Please see "
            "https://www.tensorflow.org/code/tensorflow/cc/gradients/README.md for instructions "
            "on how to add C++ gradients.");
}

TEST(GradientsTest, RegistryLookup) {
  ops::GradFunc fn = nullptr;
  TF_EXPECT_OK(ops::GradOpRegistry::Global()->Lookup("MatMul", &fn));
  EXPECT_NE(fn, nullptr);
  TF_EXPECT_OK(ops::GradOpRegistry::Global()->Lookup("Shape", &fn));
  EXPECT_EQ(fn, nullptr);  // registered as "no gradient"
  EXPECT_EQ(ops::GradOpRegistry::Global()->Lookup("NoSuchOp", &fn).code(), error::NOT_FOUND);
  EXPECT_DEATH(ops::GradOpRegistry::Global()->Register("MatMul", nullptr),
               "Existing gradient for MatMul");
}

// A gradient function registered by the user is used (TF's REGISTER_GRADIENT_OP contract).
Status DoubleIdentityGrad(const Scope& scope, const Operation&, const std::vector<Output>& dy,
                          std::vector<Output>* dx) {
  dx->push_back(Add(scope, dy[0], dy[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("MinitfTestDoubleGrad", DoubleIdentityGrad);
REGISTER_OP("MinitfTestDoubleGrad")
    .Input("x: float")
    .Output("y: float")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Test op.");

TEST(GradientsTest, UserRegisteredGradient) {
  Scope scope = Scope::NewRootScope();
  auto x = Placeholder(scope, DT_FLOAT);
  Node* n;
  TF_ASSERT_OK(
      NodeBuilder("d", "MinitfTestDoubleGrad").Input(x.node()).Finalize(scope.graph(), &n));
  std::vector<Output> grads;
  TF_ASSERT_OK(AddSymbolicGradients(scope, {Output(n, 0)}, {x}, &grads));
  EXPECT_EQ(grads[0].node()->type_string(), "Add");
}

}  // namespace
}  // namespace tensorflow
