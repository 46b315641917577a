// Gradient functions of the array family (TF's cc/gradients/array_grad.cc), and the ops
// through which no gradient flows. Gradients that need math ops
// (BroadcastTo's and Fill's) live in ops/math/math_grad.cc: the array family depends on no other
// family.
#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"

namespace tensorflow {
namespace ops {
namespace {

REGISTER_NO_GRADIENT_OP("Const");
REGISTER_NO_GRADIENT_OP("StopGradient");
REGISTER_NO_GRADIENT_OP("ZerosLike");
REGISTER_NO_GRADIENT_OP("OnesLike");
REGISTER_NO_GRADIENT_OP("Shape");
REGISTER_NO_GRADIENT_OP("Size");
REGISTER_NO_GRADIENT_OP("Rank");
REGISTER_NO_GRADIENT_OP("BroadcastGradientArgs");

Status IdentityGrad(const Scope& scope, const Operation&, const std::vector<Output>& grad_inputs,
                    std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Identity(scope, grad_inputs[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("Identity", IdentityGrad);
// TF's Python passes the gradient through PlaceholderWithDefault to its default input (its C++
// registry has none); the value is Identity's.
REGISTER_GRADIENT_OP("PlaceholderWithDefault", IdentityGrad);

Status ReshapeGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                   std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Reshape(scope, grad_inputs[0], Shape(scope, op.input(0))));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Reshape", ReshapeGrad);

// The gradient reshaped back to the input's shape.
Status ExpandDimsGrad(const Scope& scope, const Operation& op,
                      const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Reshape(scope, grad_inputs[0], Shape(scope, op.input(0))));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("ExpandDims", ExpandDimsGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
