// Gradients of the nn family, built as TF's C++ gradients build them (cc/gradients/nn_grad.cc):
// each activation through its gradient op, LeakyReluGrad's own gradient, BiasAdd through
// Identity and BiasAddGrad, L2Loss as x * grad, Softmax, LogSoftmax and the cross entropies
// (the sparse one's from TF's Python, which alone defines it). TF's C++ has no gradient for the
// other gradient ops; differentiating through them is TF's NotFound error here too.
#include "framework/errors.h"
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

// LRN: LRNGrad on the forward op's input and output. Like TF's C++ gradient, it passes none of
// the forward op's attrs: the gradient op keeps its defaults (depth_radius 5, bias 1, alpha 1,
// beta 0.5).
Status LRNGradHelper(const Scope& scope, const Operation& op,
                     const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(internal::LRNGrad(scope, grad_inputs[0], op.input(0), op.output(0)));
  return scope.status();
}
REGISTER_GRADIENT_OP("LRN", LRNGradHelper);

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

// dL/dx = (dL/dy - sum(dL/dy * y)) * y over the last dimension.
Status SoftmaxGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                   std::vector<Output>* grad_outputs) {
  auto y = op.output(0);
  auto dyy = Mul(scope, grad_inputs[0], y);
  auto sum = Sum(scope, dyy, /*axis=*/-1, Sum::KeepDims(true));
  auto sub = Sub(scope, grad_inputs[0], sum);
  grad_outputs->push_back(Mul(scope, sub, y));
  return scope.status();
}
REGISTER_GRADIENT_OP("Softmax", SoftmaxGrad);

// dx = dy - sum(dy, axis 1) * softmax (TF's C++ sums over axis 1).
Status LogSoftmaxGrad(const Scope& scope, const Operation& op,
                      const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  auto softmax = Exp(scope, op.output(0));
  auto sum = Sum(scope, grad_inputs[0], {1}, Sum::KeepDims(true));
  auto mul = Mul(scope, sum, softmax);
  grad_outputs->push_back(Sub(scope, grad_inputs[0], mul));
  return scope.status();
}
REGISTER_GRADIENT_OP("LogSoftmax", LogSoftmaxGrad);

// vec [D0] times mat [D0, D1], vec broadcast along D1.
Output BroadcastMul(const Scope& scope, const Output& vec, const Output& mat) {
  return Multiply(scope, ExpandDims(scope, vec, -1), mat);
}

// The loss's gradient times the backprop output, and -log_softmax(logits) for the labels. A
// gradient flowing into the backprop output (a second derivative) adds
// (grad_grad - <grad_grad, softmax>) * softmax, the inner product a BatchMatMul, as TF's C++.
Status SoftmaxCrossEntropyWithLogitsGrad(const Scope& scope, const Operation& op,
                                         const std::vector<Output>& grad_inputs,
                                         std::vector<Output>* grad_outputs) {
  auto logits = op.input(0);
  auto softmax_grad = op.output(1);
  const Output& grad_loss = grad_inputs[0];
  const Output& grad_grad = grad_inputs[1];
  Output grad = BroadcastMul(scope, grad_loss, softmax_grad);
  const std::string grad_grad_op = grad_grad.op().node()->type_string();
  if (grad_grad_op != "ZerosLike" && grad_grad_op != "Zeros") {
    auto logits_softmax = Softmax(scope, logits);
    auto grad_grad_expand = ExpandDims(scope, grad_grad, 1);
    auto logits_softmax_expand = ExpandDims(scope, logits_softmax, 2);
    auto matmul_result = BatchMatMul(scope, grad_grad_expand, logits_softmax_expand);
    auto squeeze_result = Squeeze(scope, matmul_result, Squeeze::Axis({1}));
    auto subtraction_result = Subtract(scope, grad_grad, squeeze_result);
    auto multiply_result = Multiply(scope, subtraction_result, logits_softmax);
    grad = Add(scope, grad, multiply_result);
  }
  auto minus_log_softmax = Multiply(scope, LogSoftmax(scope, logits), -1.0f);
  grad_outputs->push_back(grad);
  grad_outputs->push_back(BroadcastMul(scope, grad_loss, minus_log_softmax));
  return scope.status();
}
REGISTER_GRADIENT_OP("SoftmaxCrossEntropyWithLogits", SoftmaxCrossEntropyWithLogitsGrad);

// Only TF's Python defines this gradient: the loss's gradient times the backprop output; none
// for the labels.
Status SparseSoftmaxCrossEntropyWithLogitsGrad(const Scope& scope, const Operation& op,
                                               const std::vector<Output>& grad_inputs,
                                               std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(BroadcastMul(scope, grad_inputs[0], op.output(1)));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("SparseSoftmaxCrossEntropyWithLogits",
                     SparseSoftmaxCrossEntropyWithLogitsGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
