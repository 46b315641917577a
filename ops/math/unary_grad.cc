// Gradients of the unary elementwise math ops, built as TF's C++ gradients build them
// (cc/gradients/math_grad.cc), so the gradient graphs and node names are TF's:
// grad(x) = grad(y) * conj(dy/dx), or the op's gradient op where TF has one. Floor has none
// (REGISTER_NO_GRADIENT_OP, as in TF); Ceil, Round and the gradient ops have no C++ gradient
// in TF, and differentiating through them is TF's NotFound error here too.
#include <cmath>

#include "framework/gradients.h"
#include "ops/math/internal/grad_helpers.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/const_op.h"
#include "tensorflow/cc/ops/math_ops.h"
#include "tensorflow/cc/ops/math_ops_internal.h"

namespace tensorflow {
namespace ops {
namespace {

REGISTER_NO_GRADIENT_OP("Floor");

using grad_helpers::ConjugateHelper;

// grad(y) * conj(dydx).
Status ChainRule(const Scope& scope, const Output& grad, const Output& dydx,
                 std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Mul(scope, grad, ConjugateHelper(scope, dydx)));
  return scope.status();
}

Status ReciprocalGradFn(const Scope& scope, const Operation& op,
                        const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(internal::ReciprocalGrad(scope, op.output(0), grad_inputs[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("Reciprocal", ReciprocalGradFn);

Status RsqrtGradFn(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                   std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(internal::RsqrtGrad(scope, op.output(0), grad_inputs[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("Rsqrt", RsqrtGradFn);

// dy/dx = exp(x) = y.
Status ExpGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  return ChainRule(scope, grad_inputs[0], op.output(0), grad_outputs);
}
REGISTER_GRADIENT_OP("Exp", ExpGrad);

Status Expm1Grad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                 std::vector<Output>* grad_outputs) {
  return ChainRule(scope, grad_inputs[0], Exp(scope, op.input(0)), grad_outputs);
}
REGISTER_GRADIENT_OP("Expm1", Expm1Grad);

Status LogGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  return ChainRule(scope, grad_inputs[0], Reciprocal(scope, op.input(0)), grad_outputs);
}
REGISTER_GRADIENT_OP("Log", LogGrad);

Status Log1pGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                 std::vector<Output>* grad_outputs) {
  auto one = Cast(scope, Const(scope, 1.0), op.input(0).type());
  return ChainRule(scope, grad_inputs[0], Reciprocal(scope, Add(scope, one, op.input(0))),
                   grad_outputs);
}
REGISTER_GRADIENT_OP("Log1p", Log1pGrad);

Status SinGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  return ChainRule(scope, grad_inputs[0], Cos(scope, op.input(0)), grad_outputs);
}
REGISTER_GRADIENT_OP("Sin", SinGrad);

Status CosGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  return ChainRule(scope, grad_inputs[0], Neg(scope, Sin(scope, op.input(0))), grad_outputs);
}
REGISTER_GRADIENT_OP("Cos", CosGrad);

// dy/dx = 1 / cos(x)^2.
Status TanGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  auto dydx = Square(scope, Reciprocal(scope, Cos(scope, op.input(0))));
  return ChainRule(scope, grad_inputs[0], dydx, grad_outputs);
}
REGISTER_GRADIENT_OP("Tan", TanGrad);

Status SinhGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  return ChainRule(scope, grad_inputs[0], Cosh(scope, op.input(0)), grad_outputs);
}
REGISTER_GRADIENT_OP("Sinh", SinhGrad);

Status CoshGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  return ChainRule(scope, grad_inputs[0], Sinh(scope, op.input(0)), grad_outputs);
}
REGISTER_GRADIENT_OP("Cosh", CoshGrad);

// y = asinh(x): dy/dx = 1 / cosh(y).
Status AsinhGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                 std::vector<Output>* grad_outputs) {
  return ChainRule(scope, grad_inputs[0], Reciprocal(scope, Cosh(scope, op.output(0))),
                   grad_outputs);
}
REGISTER_GRADIENT_OP("Asinh", AsinhGrad);

// y = acosh(x): dy/dx = 1 / sinh(y).
Status AcoshGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                 std::vector<Output>* grad_outputs) {
  return ChainRule(scope, grad_inputs[0], Reciprocal(scope, Sinh(scope, op.output(0))),
                   grad_outputs);
}
REGISTER_GRADIENT_OP("Acosh", AcoshGrad);

// y = asin(x): dy/dx = 1 / sqrt(1 - x^2).
Status AsinGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  auto x2 = Square(scope, op.input(0));
  auto one = Cast(scope, Const(scope, 1.0), op.input(0).type());
  return ChainRule(scope, grad_inputs[0], Reciprocal(scope, Sqrt(scope, Sub(scope, one, x2))),
                   grad_outputs);
}
REGISTER_GRADIENT_OP("Asin", AsinGrad);

// y = acos(x): dy/dx = -1 / sqrt(1 - x^2) (TF does not conjugate it).
Status AcosGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  auto x2 = Square(scope, op.input(0));
  auto one = Cast(scope, Const(scope, 1.0), op.input(0).type());
  auto dydx = Neg(scope, Reciprocal(scope, Sqrt(scope, Sub(scope, one, x2))));
  grad_outputs->push_back(Mul(scope, grad_inputs[0], dydx));
  return scope.status();
}
REGISTER_GRADIENT_OP("Acos", AcosGrad);

// y = atan(x): dy/dx = 1 / (1 + x^2) (TF does not conjugate it).
Status AtanGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  auto one = Cast(scope, Const(scope, 1.0), op.input(0).type());
  auto dydx = Reciprocal(scope, Add(scope, one, Square(scope, op.input(0))));
  grad_outputs->push_back(Mul(scope, grad_inputs[0], dydx));
  return scope.status();
}
REGISTER_GRADIENT_OP("Atan", AtanGrad);

// y = atanh(x): dy/dx = 1 / (1 - x^2).
Status AtanhGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                 std::vector<Output>* grad_outputs) {
  auto one = Cast(scope, Const(scope, 1.0), op.input(0).type());
  return ChainRule(scope, grad_inputs[0],
                   Reciprocal(scope, Sub(scope, one, Square(scope, op.input(0)))), grad_outputs);
}
REGISTER_GRADIENT_OP("Atanh", AtanhGrad);

// dy * sign(x).
Status AbsGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Mul(scope, grad_inputs[0], Sign(scope, op.input(0))));
  return scope.status();
}
REGISTER_GRADIENT_OP("Abs", AbsGrad);

// Zero everywhere: Fill(Shape(x), 0).
Status SignGrad(const Scope& scope, const Operation& op, const std::vector<Output>&,
                std::vector<Output>* grad_outputs) {
  auto shape = Shape(scope, op.input(0));
  auto zero = Cast(scope, Const(scope, 0.0), op.input(0).type());
  grad_outputs->push_back(Fill(scope, shape, zero));
  return scope.status();
}
REGISTER_GRADIENT_OP("Sign", SignGrad);

// dy * 2/sqrt(pi) * exp(-x^2), computed once the incoming gradient is (as TF's).
Status ErfGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  const Output& grad = grad_inputs[0];
  auto two_over_root_pi = Cast(scope, Const(scope, 2 / std::sqrt(M_PI)), grad.type());
  Scope grad_scope = scope.WithControlDependencies(grad);
  auto x = ConjugateHelper(grad_scope, op.input(0));
  auto scaled = Mul(grad_scope, grad, two_over_root_pi);
  auto square = Square(grad_scope, x);
  auto minus_square = Neg(grad_scope, square);
  auto gauss = Exp(grad_scope, minus_square);
  grad_outputs->push_back(Mul(grad_scope, scaled, gauss));
  return grad_scope.status();
}
REGISTER_GRADIENT_OP("Erf", ErfGrad);

// dx = grad * sqrt(pi) / 2 * exp(erfinv(x)^2), once the incoming gradient is computed.
Status ErfinvGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs) {
  const Output& grad = grad_inputs[0];
  auto root_pi_over_two = Cast(scope, Const(scope, std::sqrt(M_PI) / 2), grad.type());
  Scope grad_scope = scope.WithControlDependencies(grad);
  auto x = ConjugateHelper(grad_scope, op.input(0));  // unused, as in TF's graph
  (void)x;
  auto scaled = Mul(grad_scope, grad, root_pi_over_two);
  auto square = Square(grad_scope, op.output(0));
  grad_outputs->push_back(Mul(grad_scope, scaled, Exp(grad_scope, square)));
  return grad_scope.status();
}
REGISTER_GRADIENT_OP("Erfinv", ErfinvGrad);

// dx = grad * sqrt(2 pi) * exp(ndtri(x)^2 / 2).
Status NdtriGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                 std::vector<Output>* grad_outputs) {
  const Output& grad = grad_inputs[0];
  auto root_two_pi = Cast(scope, Const(scope, std::sqrt(2 * M_PI)), grad.type());
  auto two = Cast(scope, Const(scope, 2), grad.type());
  Scope grad_scope = scope.WithControlDependencies(grad);
  auto x = ConjugateHelper(grad_scope, op.input(0));  // unused, as in TF's graph
  (void)x;
  auto scaled = Mul(grad_scope, grad, root_two_pi);
  auto square = Square(grad_scope, op.output(0));
  auto half_square = Div(grad_scope, square, two);
  grad_outputs->push_back(Mul(grad_scope, scaled, Exp(grad_scope, half_square)));
  return grad_scope.status();
}
REGISTER_GRADIENT_OP("Ndtri", NdtriGrad);

// dx = grad * digamma(x).
Status LgammaGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs) {
  const Output& grad = grad_inputs[0];
  Scope grad_scope = scope.WithControlDependencies(grad);
  auto x = ConjugateHelper(grad_scope, op.input(0));
  grad_outputs->push_back(Mul(grad_scope, grad, Digamma(grad_scope, x)));
  return grad_scope.status();
}
REGISTER_GRADIENT_OP("Lgamma", LgammaGrad);

// Tanh and Sigmoid: the gradient op on conj(y), computed only once the incoming gradient is
// (a control dependency on it, as TF's).
template <Output (*kGradOp)(const Scope&, Input, Input)>
Status OutputBasedGrad(const Scope& scope, const Operation& op,
                       const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  const Output& grad = grad_inputs[0];
  Scope grad_scope = scope.WithControlDependencies(grad);
  auto y = ConjugateHelper(grad_scope, op.output(0));
  grad_outputs->push_back(kGradOp(grad_scope, y, grad));
  return grad_scope.status();
}
Output TanhGradOp(const Scope& s, Input y, Input dy) { return internal::TanhGrad(s, y, dy); }
Output SigmoidGradOp(const Scope& s, Input y, Input dy) { return internal::SigmoidGrad(s, y, dy); }
REGISTER_GRADIENT_OP("Tanh", OutputBasedGrad<TanhGradOp>);
REGISTER_GRADIENT_OP("Sigmoid", OutputBasedGrad<SigmoidGradOp>);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
