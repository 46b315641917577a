// Gradients of the complex-number ops, built as TF's C++ gradients build them
// (cc/gradients/math_grad.cc): Real, Imag, Angle and Complex. ComplexAbs has no C++ gradient in
// TF. As in TF, the Complex and Real nodes these build keep their default Tout (complex64,
// float), so the gradients of complex128 graphs find no kernel, TF's NotFound.
#include "ops/math/internal/grad_helpers.h"
#include "tensorflow/cc/ops/const_op.h"
#include "tensorflow/cc/ops/math_ops.h"

namespace tensorflow {
namespace ops {
namespace {

using grad_helpers::BinaryGradCommon;

Status RealGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  auto zero = Cast(scope, Const(scope, 0.0), op.output(0).type());
  grad_outputs->push_back(Complex(scope, grad_inputs[0], zero));
  return scope.status();
}
REGISTER_GRADIENT_OP("Real", RealGrad);

Status ImagGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  auto zero = Cast(scope, Const(scope, 0.0), op.output(0).type());
  grad_outputs->push_back(Complex(scope, zero, grad_inputs[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("Imag", ImagGrad);

// y = angle(x): dx = -dy / (Im(x) + i Re(x)).
Status AngleGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                 std::vector<Output>* grad_outputs) {
  auto re = Real(scope, op.input(0));
  auto im = Imag(scope, op.input(0));
  auto z_inv = Reciprocal(scope, Complex(scope, im, re));
  auto zero = Cast(scope, Const(scope, 0), grad_inputs[0].type());
  auto grad = Complex(scope, grad_inputs[0], zero);
  grad_outputs->push_back(Neg(scope, Mul(scope, grad, z_inv)));
  return scope.status();
}
REGISTER_GRADIENT_OP("Angle", AngleGrad);

Status ComplexGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                   std::vector<Output>* grad_outputs) {
  auto gx_1 = Real(scope, grad_inputs[0]);
  auto gx_2 = Imag(scope, grad_inputs[0]);
  return BinaryGradCommon(scope, op, grad_outputs, gx_1, gx_2);
}
REGISTER_GRADIENT_OP("Complex", ComplexGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
