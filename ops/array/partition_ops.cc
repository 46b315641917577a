// The array family's value-dependent ops (TF 2.21's signatures and C++ API): DynamicPartition
// (TF's data_flow_ops.h), Unique and CheckNumerics. Kernels: partition_kernels.cc; gradients:
// array_grad.cc.
#include <vector>

#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// Every output: [unknown] + data's dimensions after partitions' rank (partitions' shape must
// be a prefix of data's).
Status DynamicPartitionShape(InferenceContext* c) {
  const PartialTensorShape& data = c->input(0);
  const PartialTensorShape& partitions = c->input(1);
  if (partitions.unknown_rank()) {
    for (int i = 0; i < c->num_outputs(); ++i) c->set_output(i, PartialTensorShape());
    return OkStatus();
  }
  const int rank = partitions.dims();
  PartialTensorShape out({-1});
  if (data.unknown_rank()) {
    out = PartialTensorShape();
  } else {
    if (data.dims() < rank) {
      return errors::InvalidArgument("Shape must be at least rank ", rank, " but is rank ",
                                     data.dims());
    }
    for (int d = 0; d < rank; ++d) {
      int64_t unused;
      TF_RETURN_IF_ERROR(
          InferenceContext::MergeDim(data.dim_size(d), partitions.dim_size(d), &unused));
    }
    for (int d = rank; d < data.dims(); ++d) out.AddDim(data.dim_size(d));
  }
  for (int i = 0; i < c->num_outputs(); ++i) c->set_output(i, out);
  return OkStatus();
}

// Unique: a vector of unknown length, and idx shaped as x.
Status UniqueShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 1));
  c->set_output(0, PartialTensorShape({-1}));
  c->set_output(1, c->input(0));
  return OkStatus();
}

}  // namespace

REGISTER_OP("DynamicPartition")
    .Input("data: T")
    .Input("partitions: int32")
    .Output("outputs: num_partitions * T")
    .Attr("num_partitions: int >= 1")
    .Attr("T: type")
    .SetShapeFn(DynamicPartitionShape)
    .Summary("Partitions `data` into `num_partitions` tensors using indices from `partitions`.")
    .CcHeader("data_flow_ops");

REGISTER_OP("Unique")
    .Input("x: T")
    .Output("y: T")
    .Output("idx: out_idx")
    .Attr("T: type")
    .Attr("out_idx: {int32, int64} = DT_INT32")
    .SetShapeFn(UniqueShape)
    .Summary("Finds unique elements in a 1-D tensor.")
    .CcHeader("array_ops");

REGISTER_OP("CheckNumerics")
    .Input("tensor: T")
    .Output("output: T")
    .Attr("T: {bfloat16, half, float, double}")
    .Attr("message: string")
    .SetIsStateful()
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Checks a tensor for NaN and Inf values.")
    .CcHeader("array_ops");

}  // namespace tensorflow
