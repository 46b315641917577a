// Gradient functions of the array family (TF's cc/gradients/array_grad.cc), and the ops
// through which no gradient flows.
#include "framework/gradients.h"
#include "ops/array/array_ops.h"
#include "ops/array/shape_ops.h"
#include "ops/math/math_ops.h"

namespace tensorflow {
namespace ops {
namespace {

REGISTER_NO_GRADIENT_OP("Const");
REGISTER_NO_GRADIENT_OP("StopGradient");
REGISTER_NO_GRADIENT_OP("ZerosLike");
REGISTER_NO_GRADIENT_OP("OnesLike");
REGISTER_NO_GRADIENT_OP("Shape");
REGISTER_NO_GRADIENT_OP("Size");
REGISTER_NO_GRADIENT_OP("BroadcastGradientArgs");

Status IdentityGrad(const Scope& scope, const Operation&, const std::vector<Output>& grad_inputs,
                    std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Identity(scope, grad_inputs[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("Identity", IdentityGrad);

Status ReshapeGrad(const Scope& scope, const Operation& op,
                   const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Reshape(scope, grad_inputs[0], Shape(scope, op.input(0))));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Reshape", ReshapeGrad);

// The gradient summed over the dimensions the input was stretched along.
Status BroadcastToGrad(const Scope& scope, const Operation& op,
                       const std::vector<Output>& grad_inputs,
                       std::vector<Output>* grad_outputs) {
  const Output shape = op.input(1);
  auto input_shape = Shape(scope, op.input(0), Shape::OutType(shape.type()));
  auto axes = internal::BroadcastGradientArgs(scope, input_shape, shape);
  auto sum = Sum(scope, grad_inputs[0], axes.r0, Sum::KeepDims(true));
  grad_outputs->push_back(Reshape(scope, sum, input_shape));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("BroadcastTo", BroadcastToGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
