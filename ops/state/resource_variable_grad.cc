// The gradient through ReadVariableOp (TF's C++ resource_variable_grad.cc): the value's
// gradient passes to the handle unchanged, so AddSymbolicGradients(scope, {loss}, {handle})
// gives d loss / d variable.
#include <vector>

#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"

namespace tensorflow {
namespace ops {
namespace {

Status ReadVariableOpGrad(const Scope& scope, const Operation&,
                          const std::vector<Output>& grad_inputs,
                          std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Identity(scope, grad_inputs[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("ReadVariableOp", ReadVariableOpGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
