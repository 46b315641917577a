// Gradients of the TensorScatter family, built as TF's Python builds them (array_grad.py; TF's
// C++ registry has none): `tensor` gets the gradient (Update: with zeros where updates landed),
// `updates` the gradient's slices at `indices` (negated for Sub); Min and Max share the
// gradient between the tensor's and the updates' elements equal to the output.
#include <vector>

#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/math_ops.h"

namespace tensorflow {
namespace ops {
namespace {

Status TensorScatterUpdateGrad(const Scope& scope, const Operation& op,
                               const std::vector<Output>& grad_inputs,
                               std::vector<Output>* grad_outputs) {
  const Output& grad = grad_inputs[0];
  const Output indices = op.input(1);
  grad_outputs->push_back(
      TensorScatterUpdate(scope, Identity(scope, grad), indices, ZerosLike(scope, op.input(2))));
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(GatherNd(scope, grad, indices));
  return scope.status();
}
REGISTER_GRADIENT_OP("TensorScatterUpdate", TensorScatterUpdateGrad);

// Add and Sub: the tensor's gradient passes through; updates' is +- its slices.
template <bool kNegate>
Status TensorScatterAddSubGrad(const Scope& scope, const Operation& op,
                               const std::vector<Output>& grad_inputs,
                               std::vector<Output>* grad_outputs) {
  const Output& grad = grad_inputs[0];
  const Output updates_grad = GatherNd(scope, grad, op.input(1));
  grad_outputs->push_back(Identity(scope, grad));
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(kNegate ? Neg(scope, updates_grad) : updates_grad);
  return scope.status();
}
REGISTER_GRADIENT_OP("TensorScatterAdd", TensorScatterAddSubGrad<false>);
REGISTER_GRADIENT_OP("TensorScatterSub", TensorScatterAddSubGrad<true>);

// TF's _TensorScatterMinOrMaxGrad: every element equal to the output (in the tensor, or among
// the updates landing there) gets an equal share of its gradient.
Status TensorScatterMinOrMaxGrad(const Scope& scope, const Operation& op,
                                 const std::vector<Output>& grad_inputs,
                                 std::vector<Output>* grad_outputs) {
  const Output& grad = grad_inputs[0];
  const Output x = op.input(0), indices = op.input(1), y = op.input(2), output = op.output(0);
  std::string policy;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "bad_indices_policy", &policy));
  const DataType dtype = grad.type();
  const Output x_indicators = Cast(scope, Equal(scope, x, output), dtype);
  const Output y_output =
      GatherNd(scope, output, indices, GatherNd::Attrs().BadIndicesPolicy(policy));
  const Output y_indicators = Cast(scope, Equal(scope, y, y_output), dtype);
  const Output ys_indicators =
      ScatterNd(scope, indices, y_indicators, Shape(scope, x, Shape::OutType(indices.type())),
                ScatterNd::Attrs().BadIndicesPolicy(policy));
  const Output indicators = AddV2(scope, x_indicators, ys_indicators);
  grad_outputs->push_back(RealDiv(scope, Mul(scope, grad, x_indicators), indicators));
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(Mul(scope,
                              GatherNd(scope, RealDiv(scope, grad, indicators), indices,
                                       GatherNd::Attrs().BadIndicesPolicy(policy)),
                              y_indicators));
  return scope.status();
}
REGISTER_GRADIENT_OP("TensorScatterMin", TensorScatterMinOrMaxGrad);
REGISTER_GRADIENT_OP("TensorScatterMax", TensorScatterMinOrMaxGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
