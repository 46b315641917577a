// Gradients of the FakeQuant ops: each forward op's gradient is its *Gradient op (the
// straight-through estimator, clipped to the nudged range), as TF's Python registers them.
// TF's C++ registry has none; the gradient ops themselves have no gradient.
#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"

namespace tensorflow {
namespace ops {
namespace {

struct QuantAttrs {
  int64_t num_bits = 8;
  bool narrow_range = false;
};

Status ReadQuantAttrs(const Operation& op, QuantAttrs* q) {
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "num_bits", &q->num_bits));
  return GetNodeAttr(op.node()->attrs(), "narrow_range", &q->narrow_range);
}

Status ArgsGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  QuantAttrs q;
  TF_RETURN_IF_ERROR(ReadQuantAttrs(op, &q));
  float min = 0, max = 0;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "min", &min));
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "max", &max));
  auto attrs = FakeQuantWithMinMaxArgsGradient::Min(min)
                   .Max(max)
                   .NumBits(q.num_bits)
                   .NarrowRange(q.narrow_range);
  grad_outputs->push_back(
      FakeQuantWithMinMaxArgsGradient(scope, grad_inputs[0], op.input(0), attrs));
  return scope.status();
}
REGISTER_GRADIENT_OP("FakeQuantWithMinMaxArgs", ArgsGrad);

template <typename GradOp>
Status VarsGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  QuantAttrs q;
  TF_RETURN_IF_ERROR(ReadQuantAttrs(op, &q));
  GradOp g(scope, grad_inputs[0], op.input(0), op.input(1), op.input(2),
           GradOp::NumBits(q.num_bits).NarrowRange(q.narrow_range));
  grad_outputs->push_back(g.backprops_wrt_input);
  grad_outputs->push_back(g.backprop_wrt_min);
  grad_outputs->push_back(g.backprop_wrt_max);
  return scope.status();
}
REGISTER_GRADIENT_OP("FakeQuantWithMinMaxVars", VarsGrad<FakeQuantWithMinMaxVarsGradient>);
REGISTER_GRADIENT_OP("FakeQuantWithMinMaxVarsPerChannel",
                     VarsGrad<FakeQuantWithMinMaxVarsPerChannelGradient>);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
