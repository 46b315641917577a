// Gradients of the segment reductions that TF's C++ defines (cc/gradients/math_grad.cc), built
// as TF builds them so the graphs and node names are TF's: SegmentSum, UnsortedSegmentSum,
// UnsortedSegmentMax and UnsortedSegmentMin. The other segment ops have no C++ gradient in TF,
// and differentiating through them is TF's NotFound error here too.
#include "framework/errors.h"
#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/const_op.h"
#include "tensorflow/cc/ops/math_ops.h"

namespace tensorflow {
namespace ops {
namespace {

// The ids with negative ones replaced by 0, so they can index a Gather.
Output ZeroClippedIndices(const Scope& scope, const Output& ids) {
  auto zeros = ZerosLike(scope, ids);
  return Maximum(scope, ids, zeros);
}

// Whether each id is >= 0, shaped ids.shape + [1] * (rank(params) - 1) so that it broadcasts
// against rows gathered from params.
Output IsPositive(const Scope& scope, const Output& params, const Output& ids) {
  auto ids_zeros = ZerosLike(scope, ids);
  Output is_positive = GreaterEqual(scope, ids, ids_zeros);
  auto positive_shape = Shape(scope, is_positive);
  auto one = Const(scope, {1});
  auto params_rank = Rank(scope, params);
  auto extra_dims = Sub(scope, params_rank, {1});  // a vector: Tile's multiples
  auto ones = Tile(scope, one, extra_dims);
  auto broadcastable = Concat(scope, {Output(positive_shape), Output(ones)}, 0);
  is_positive = Reshape(scope, is_positive, broadcastable);
  auto all_true = OnesLike(scope, is_positive);
  return LogicalAnd(scope, is_positive, all_true);
}

// params[ids[i]...] where ids[i] >= 0, else 0.
Output GatherDropNegatives(const Scope& scope, const Output& params, const Output& clipped_ids,
                           const Output& is_positive) {
  auto gathered = Gather(scope, params, clipped_ids);
  auto zeros = ZerosLike(scope, gathered);
  return SelectV2(scope, is_positive, gathered, zeros);
}

Status UnsortedSegmentSumGrad(const Scope& scope, const Operation& op,
                              const std::vector<Output>& grad_inputs,
                              std::vector<Output>* grad_outputs) {
  if (op.num_inputs() != 3) {
    return errors::InvalidArgument("UnsortedSegmentSum requires 3 arguments");
  }
  if (grad_inputs.size() != 1) {
    return errors::InvalidArgument("UnsortedSegmentSum grad requires 1 grad input");
  }
  const Output& grad = grad_inputs[0];
  auto clipped = ZeroClippedIndices(scope, op.input(1));
  auto is_positive = IsPositive(scope, grad, op.input(1));
  grad_outputs->push_back(GatherDropNegatives(scope, grad, clipped, is_positive));
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("UnsortedSegmentSum", UnsortedSegmentSumGrad);

// The gradient goes to the data elements equal to their segment's result, shared equally
// among ties (TF's messages name UnsortedSegmentMax for both ops).
Status UnsortedSegmentMinOrMaxGrad(const Scope& scope, const Operation& op,
                                   const std::vector<Output>& grad_inputs,
                                   std::vector<Output>* grad_outputs) {
  if (op.num_inputs() != 3) {
    return errors::InvalidArgument("UnsortedSegmentMax requires 3 arguments");
  }
  if (grad_inputs.size() != 1) {
    return errors::InvalidArgument("UnsortedSegmentMax grad requires 1 grad input");
  }
  const Output& grad = grad_inputs[0];
  auto ids = op.input(1);
  auto clipped = ZeroClippedIndices(scope, ids);
  auto is_positive = IsPositive(scope, op.output(0), ids);
  auto gathered_outputs = GatherDropNegatives(scope, op.output(0), clipped, is_positive);
  Output is_selected = Equal(scope, op.input(0), gathered_outputs);
  is_selected = LogicalAnd(scope, is_selected, is_positive);
  auto num_selected =
      UnsortedSegmentSum(scope, Cast(scope, is_selected, grad.type()), ids, op.input(2));
  auto weighted_grads = Div(scope, grad, num_selected);
  auto gathered_grads = GatherDropNegatives(scope, weighted_grads, clipped, is_positive);
  auto zeros = ZerosLike(scope, gathered_grads);
  grad_outputs->push_back(SelectV2(scope, is_selected, gathered_grads, zeros));
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("UnsortedSegmentMax", UnsortedSegmentMinOrMaxGrad);
REGISTER_GRADIENT_OP("UnsortedSegmentMin", UnsortedSegmentMinOrMaxGrad);

// dx = grad[ids] (the Gather op).
Status SegmentSumGrad(const Scope& scope, const Operation& op,
                      const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Gather(scope, grad_inputs[0], op.input(1)));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("SegmentSum", SegmentSumGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
