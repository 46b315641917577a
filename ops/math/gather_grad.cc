// Gradients of the indexing ops that need math ops, so they live in the math family (the array
// family depends on no other): GatherV2's (as TF's cc/gradients/array_grad.cc builds it), Gather's
// (TF's Python: the IndexedSlices it returns, made dense by UnsortedSegmentSum as TF does when a
// tensor is needed), DynamicPartition's and Roll's.
#include "framework/errors.h"
#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/const_op.h"
#include "tensorflow/cc/ops/data_flow_ops.h"
#include "tensorflow/cc/ops/manip_ops.h"
#include "tensorflow/cc/ops/math_ops.h"

namespace tensorflow {
namespace ops {
namespace {

// A scalar `value` of dtype `type`, as Cast(Const(value)) (TF's ConstHelper).
Output TypedConst(const Scope& scope, int value, DataType type) {
  return Cast(scope, Const(scope, value), type);
}

// `indices` plus the offset of each batch position into the flattened batch dimensions (TF's
// GetBatchIndices).
Output BatchIndices(const Scope& scope, const Output& params_shape, const Output& indices,
                    int batch_dims) {
  Output batch_indices = indices;
  auto indices_ndims = Rank(scope, indices);
  auto casted_shape = Cast(scope, params_shape, indices.type());
  Output accum = TypedConst(scope, 1, indices.type());
  for (int dim = batch_dims; dim > 0; --dim) {
    Output dim_value = Slice(scope, casted_shape, {dim - 1}, {1});
    auto next = Slice(scope, casted_shape, {dim}, {1});
    accum = Mul(scope, accum, next);
    auto start = TypedConst(scope, 0, indices.type());
    auto step = TypedConst(scope, 1, indices.type());
    auto limit = Squeeze(scope, dim_value);
    Output dim_indices = Range(scope, start, limit, step);
    dim_indices = Mul(scope, dim_indices, accum);
    auto one = Cast(scope, Const(scope, {1}), indices.type());
    auto leading = Tile(scope, one, Const(scope, {dim - 1}));
    auto rest = Sub(scope, indices_ndims, dim);
    auto trailing = Tile(scope, one, ExpandDims(scope, rest, 0));
    auto dim_shape = Concat(scope, {Output(leading), dim_value, Output(trailing)}, 0);
    auto offsets = Reshape(scope, dim_indices, dim_shape);
    batch_indices = Add(scope, batch_indices, offsets);
  }
  return batch_indices;
}

// The rows of `values` summed by index into `gather_dim_size` rows per batch position (TF's
// BatchGatherGrad).
Output BatchGatherGrad(const Scope& scope, const Output& params_shape, Output values,
                       Output indices, int batch_dims, Output gather_dim_size) {
  auto indices_size = ExpandDims(scope, Size(scope, indices), 0);
  if (batch_dims != 0) {
    auto values_shape = Shape(scope, values);
    auto outer_shape = Slice(scope, values_shape, {0}, {batch_dims});
    auto from_batch = Slice(scope, values_shape, {batch_dims}, {-1});
    auto inner_shape = Slice(scope, from_batch, {1}, {-1});
    auto batch_size = Prod(scope, outer_shape, 0);
    auto flat_values_shape = Concat(scope, {{-1}, inner_shape}, 0);
    gather_dim_size = Mul(scope, gather_dim_size, batch_size);
    indices = BatchIndices(scope, params_shape, indices, batch_dims);
    values = Reshape(scope, values, flat_values_shape);
  }
  indices = Reshape(scope, indices, indices_size);
  Output params_grad = UnsortedSegmentSum(scope, values, indices, gather_dim_size);
  if (batch_dims != 0) params_grad = Reshape(scope, params_grad, params_shape);
  return params_grad;
}

Status GatherV2Grad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                    std::vector<Output>* grad_outputs) {
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
  Output params_grad =
      BatchGatherGrad(scope, params_shape, values_transpose, indices, batch_dims, gather_dim_size);
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

// DynamicPartition moves data slices: partition the slice indices the same way, then
// DynamicStitch the incoming gradients back to where each slice came from (TF's
// cc/gradients/data_flow_grad.cc).
Status DynamicPartitionGrad(const Scope& scope, const Operation& op,
                            const std::vector<Output>& grad_inputs,
                            std::vector<Output>* grad_outputs) {
  auto data = op.input(0);
  auto partitions = op.input(1);
  int32_t num_partitions;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "num_partitions", &num_partitions));
  auto partitions_shape = Shape(scope, partitions);
  auto zero = Const(scope, 0);
  auto one = Const(scope, 1);
  auto original_indices = Reshape(
      scope, Range(scope, zero, Prod(scope, partitions_shape, zero), one), partitions_shape);
  auto partitioned_indices = DynamicPartition(scope, original_indices, partitions, num_partitions);
  auto reconstructed = DynamicStitch(scope, partitioned_indices.outputs, grad_inputs);
  grad_outputs->push_back(Reshape(scope, reconstructed, Shape(scope, data)));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("DynamicPartition", DynamicPartitionGrad);

// Roll back by the negated shift (TF's cc/gradients/manip_grad.cc).
Status RollGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  auto shift = op.input(1);
  auto axis = op.input(2);
  grad_outputs->push_back(Roll(scope, grad_inputs[0], Neg(scope, shift), axis));
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Roll", RollGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
