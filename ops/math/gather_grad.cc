// Gradients of the indexing ops that need math ops, so they live in the math family (the array
// family depends on no other): GatherV2's (as TF's cc/gradients/array_grad.cc builds it), Gather's
// (TF's Python: the IndexedSlices it returns, made dense by UnsortedSegmentSum as TF does when a
// tensor is needed) and UnsortedSegmentSum's (TF's cc/gradients/math_grad.cc).
#include "framework/errors.h"
#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/const_op.h"
#include "tensorflow/cc/ops/math_ops.h"

namespace tensorflow {
namespace ops {
namespace {

Status GatherV2Grad(const Scope& scope, const Operation& op,
                    const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  if (op.num_inputs() != 3) return errors::InvalidArgument("Gather requires 3 inputs");
  if (grad_inputs.size() != 1) {
    return errors::InvalidArgument("Gather grad requires 1 grad input");
  }
  auto params = op.input(0);
  auto colocated = scope.ColocateWith(params);
  auto params_shape64 = Shape(colocated, params, Shape::OutType(DT_INT64));
  Output params_shape = Cast(colocated, params_shape64, DT_INT32);
  auto indices = op.input(1);
  auto indices_size = ExpandDims(scope, Size(scope, indices), 0);  // unused, as in TF's graph
  (void)indices_size;
  auto axis_expand = ExpandDims(scope, op.input(2), 0);
  int batch_dims = 0;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "batch_dims", &batch_dims));
  if (batch_dims < 0) {
    return errors::InvalidArgument("C++ GatherV2 gradient does not support negative batch_dims.");
  }
  if (batch_dims > 0) {
    return errors::Unimplemented(
        "GatherV2's gradient with batch_dims > 0 needs Prod, which minitf does not have yet");
  }
  // Transpose the gathered axis to the front (after the batch dimensions), sum the gradient's
  // rows by index, transpose back.
  auto outer_shape = Slice(scope, params_shape, {0}, axis_expand);
  auto from_axis = Slice(scope, params_shape, axis_expand, {-1});
  auto inner_shape = Slice(scope, from_axis, {1}, {-1});
  auto values_shape = Concat(scope, {outer_shape, {-1}, inner_shape}, 0);
  auto values_dims = Size(scope, values_shape);
  auto axis_dims = Size(scope, outer_shape);
  Output outer_batches = Range(scope, 0, batch_dims, 1);
  Output batch_axis = Range(scope, batch_dims, axis_dims, 1);
  auto after_axis = Add(scope, axis_dims, 1);
  Output inner_axes = Range(scope, after_axis, values_dims, 1);
  Output axis_dims_expand = ExpandDims(scope, axis_dims, 0);
  auto values = Reshape(scope, grad_inputs[0], values_shape);
  Output perm = Concat(scope, {outer_batches, axis_dims_expand, batch_axis, inner_axes}, 0);
  auto values_transpose = Transpose(scope, values, perm);
  auto axis_size = Slice(scope, params_shape, axis_expand, {1});
  Output gather_dim_size = Squeeze(scope, axis_size);
  params_shape = Gather(scope, params_shape, perm);
  // TF's BatchGatherGrad without batch dimensions: the rows summed by index.
  auto flat_size = ExpandDims(scope, Size(scope, indices), 0);
  auto flat_indices = Reshape(scope, indices, flat_size);
  Output params_grad = UnsortedSegmentSum(scope, values_transpose, flat_indices, gather_dim_size);
  auto shifted = Add(scope, batch_axis, 1);
  Output inverse_perm = Concat(scope, {outer_batches, shifted, {batch_dims}, inner_axes}, 0);
  grad_outputs->push_back(Transpose(scope, params_grad, inverse_perm));
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("GatherV2", GatherV2Grad);

// TF's Python: IndexedSlices(Reshape(grad, [size(indices)] + params.shape[1:]), flat indices,
// params.shape), which becomes the tensor UnsortedSegmentSum(values, indices, params.shape[0]).
Status GatherGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs) {
  auto params_shape = Shape(scope.ColocateWith(op.input(0)), op.input(0));
  auto size = ExpandDims(scope, Size(scope, op.input(1)), 0);
  auto inner = StridedSlice(scope, params_shape, {1}, {0}, {1}, StridedSlice::EndMask(1));
  auto values_shape = Concat(scope, {Output(size), Output(inner)}, 0);
  auto values = Reshape(scope, grad_inputs[0], values_shape);
  auto indices = Reshape(scope, op.input(1), size);
  auto rows = StridedSlice(scope, params_shape, {0}, {1}, {1}, StridedSlice::ShrinkAxisMask(1));
  grad_outputs->push_back(UnsortedSegmentSum(scope, values, indices, rows));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Gather", GatherGrad);

// dx[i...] = grad[ids[i]...] where ids[i] >= 0, else 0.
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
  auto ids = op.input(1);
  auto clip_zeros = ZerosLike(scope, ids);
  auto zero_clipped = Maximum(scope, ids, clip_zeros);
  // Whether each id is kept, broadcastable against the gathered rows.
  auto ids_zeros = ZerosLike(scope, ids);
  Output is_positive = GreaterEqual(scope, ids, ids_zeros);
  auto positive_shape = Shape(scope, is_positive);
  auto one = Const(scope, {1});
  auto grad_rank = Rank(scope, grad);
  auto extra_dims = Sub(scope, grad_rank, {1});  // a vector: Tile's multiples
  auto ones = Tile(scope, one, extra_dims);
  auto broadcastable = Concat(scope, {Output(positive_shape), Output(ones)}, 0);
  is_positive = Reshape(scope, is_positive, broadcastable);
  auto all_true = OnesLike(scope, is_positive);
  is_positive = LogicalAnd(scope, is_positive, all_true);
  auto gathered = Gather(scope, grad, zero_clipped);
  auto zeros = ZerosLike(scope, gathered);
  grad_outputs->push_back(SelectV2(scope, is_positive, gathered, zeros));
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("UnsortedSegmentSum", UnsortedSegmentSumGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
