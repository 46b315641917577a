// Gradients of the nn family, built as TF's C++ gradients build them (cc/gradients/nn_grad.cc):
// each activation through its gradient op, LeakyReluGrad's own gradient, BiasAdd through
// Identity and BiasAddGrad, L2Loss as x * grad. TF's C++ has no gradient for the other
// gradient ops; differentiating through them is TF's NotFound error here too.
#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/math_ops.h"
#include "tensorflow/cc/ops/nn_ops.h"
#include "tensorflow/cc/ops/nn_ops_internal.h"

namespace tensorflow {
namespace ops {
namespace {

// The gradient op of an activation applied to (grad, the op's input or output).
template <Output (*kGradOp)(const Scope&, Input, Input), bool kOfOutput>
Status ActivationGrad(const Scope& scope, const Operation& op,
                      const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(kGradOp(scope, grad_inputs[0], kOfOutput ? op.output(0) : op.input(0)));
  return scope.status();
}
Output ReluGradOp(const Scope& s, Input g, Input f) { return internal::ReluGrad(s, g, f); }
Output Relu6GradOp(const Scope& s, Input g, Input f) { return internal::Relu6Grad(s, g, f); }
Output EluGradOp(const Scope& s, Input g, Input y) { return internal::EluGrad(s, g, y); }
Output SeluGradOp(const Scope& s, Input g, Input y) { return internal::SeluGrad(s, g, y); }
Output SoftplusGradOp(const Scope& s, Input g, Input f) { return internal::SoftplusGrad(s, g, f); }
Output SoftsignGradOp(const Scope& s, Input g, Input f) { return internal::SoftsignGrad(s, g, f); }
REGISTER_GRADIENT_OP("Relu", (ActivationGrad<ReluGradOp, false>));
REGISTER_GRADIENT_OP("Relu6", (ActivationGrad<Relu6GradOp, false>));
REGISTER_GRADIENT_OP("Elu", (ActivationGrad<EluGradOp, true>));
REGISTER_GRADIENT_OP("Selu", (ActivationGrad<SeluGradOp, true>));
REGISTER_GRADIENT_OP("Softplus", (ActivationGrad<SoftplusGradOp, false>));
REGISTER_GRADIENT_OP("Softsign", (ActivationGrad<SoftsignGradOp, false>));

Status LeakyReluGradHelper(const Scope& scope, const Operation& op,
                           const std::vector<Output>& grad_inputs,
                           std::vector<Output>* grad_outputs) {
  float alpha;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "alpha", &alpha));
  internal::LeakyReluGrad::Attrs attrs;
  grad_outputs->push_back(
      internal::LeakyReluGrad(scope, grad_inputs[0], op.input(0), attrs.Alpha(alpha)));
  return scope.status();
}
REGISTER_GRADIENT_OP("LeakyRelu", LeakyReluGradHelper);

// LeakyReluGrad is linear in its gradients input: the same op on the incoming gradient.
Status LeakyReluGradGradHelper(const Scope& scope, const Operation& op,
                               const std::vector<Output>& grad_inputs,
                               std::vector<Output>* grad_outputs) {
  float alpha;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "alpha", &alpha));
  internal::LeakyReluGrad::Attrs attrs;
  grad_outputs->push_back(
      internal::LeakyReluGrad(scope, grad_inputs[0], op.input(1), attrs.Alpha(alpha)));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("LeakyReluGrad", LeakyReluGradGradHelper);

Status L2LossGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Mul(scope, op.input(0), grad_inputs[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("L2Loss", L2LossGrad);

Status BiasAddGradHelper(const Scope& scope, const Operation& op,
                         const std::vector<Output>& grad_inputs,
                         std::vector<Output>* grad_outputs) {
  std::string data_format;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.output(0).node()->attrs(), "data_format", &data_format));
  auto dx_1 = BiasAddGrad(scope, grad_inputs[0], BiasAddGrad::DataFormat(data_format));
  grad_outputs->push_back(Identity(scope, grad_inputs[0]));
  grad_outputs->push_back(dx_1);
  return scope.status();
}
REGISTER_GRADIENT_OP("BiasAdd", BiasAddGradHelper);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
