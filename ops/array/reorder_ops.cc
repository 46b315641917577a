// The array family's reordering ops (TF 2.21's signatures and C++ API): MirrorPad and its
// gradient MirrorPadGrad (C++ internal), ReverseSequence and Roll. Kernels:
// reorder_kernels.cc; gradients: array_grad.cc.
#include <vector>

#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// MirrorPad adds each dimension's paddings, MirrorPadGrad (`grad`) takes them away.
Status MirrorPadShapeCommon(InferenceContext* c, bool grad) {
  TF_RETURN_IF_ERROR(c->WithRank(1, 2));
  const PartialTensorShape& paddings = c->input(1);
  if (paddings.unknown_rank() || paddings.dim_size(0) < 0) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  const int64_t rank = paddings.dim_size(0);
  TF_RETURN_IF_ERROR(c->WithRank(0, static_cast<int>(rank)));
  PartialTensorShape unused;
  TF_RETURN_IF_ERROR(InferenceContext::Merge(paddings, PartialTensorShape({rank, 2}), &unused));
  const Tensor* p = c->input_tensor(1);
  if (p == nullptr) {
    c->set_output(0, PartialTensorShape(std::vector<int64_t>(rank, -1)));
    return OkStatus();
  }
  const std::vector<int64_t> pads = tensor::IntValues(*p);
  const PartialTensorShape& in = c->input(0);
  std::vector<int64_t> dims(rank);
  for (int64_t d = 0; d < rank; ++d) {
    const int64_t before = pads[2 * d], after = pads[2 * d + 1];
    if (before < 0 || after < 0) return errors::InvalidArgument("Paddings must be non-negative");
    const int64_t size = in.unknown_rank() ? -1 : in.dim_size(d);
    if (size < 0) {
      dims[d] = -1;
    } else if (grad) {
      if (size < before + after) {
        return errors::InvalidArgument("Negative dimension size caused by subtracting ",
                                       before + after, " from ", size);
      }
      dims[d] = size - before - after;
    } else {
      dims[d] = size + before + after;
    }
  }
  c->set_output(0, PartialTensorShape(dims));
  return OkStatus();
}
Status MirrorPadShape(InferenceContext* c) { return MirrorPadShapeCommon(c, false); }
Status MirrorPadGradShape(InferenceContext* c) { return MirrorPadShapeCommon(c, true); }

// ReverseSequence: the input's shape with its batch dimension merged with seq_lengths' size.
Status ReverseSequenceShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  const PartialTensorShape& in = c->input(0);
  if (in.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  int64_t batch_dim = 0, seq_dim = 0;
  TF_RETURN_IF_ERROR(c->GetAttr("batch_dim", &batch_dim));
  TF_RETURN_IF_ERROR(c->GetAttr("seq_dim", &seq_dim));
  const int rank = in.dims();
  if (batch_dim >= rank) {
    return errors::InvalidArgument("batch_dim must be < input rank: ", batch_dim, " vs. ", rank);
  }
  if (seq_dim >= rank) {
    return errors::InvalidArgument("seq_dim must be < input rank: ", seq_dim, " vs. ", rank);
  }
  if (batch_dim < 0 || seq_dim < 0) {
    c->set_output(0, in);
    return OkStatus();
  }
  int64_t batch = 0;
  const int64_t lengths = c->input(1).unknown_rank() ? -1 : c->input(1).dim_size(0);
  TF_RETURN_IF_ERROR(InferenceContext::MergeDim(in.dim_size(batch_dim), lengths, &batch));
  PartialTensorShape out = in;
  out.set_dim(batch_dim, batch);
  c->set_output(0, out);
  return OkStatus();
}

// Roll: input of rank >= 1, shift and axis scalars or vectors of one shape.
Status RollShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  TF_RETURN_IF_ERROR(c->WithRankAtMost(1, 1));
  TF_RETURN_IF_ERROR(c->WithRankAtMost(2, 1));
  PartialTensorShape unused;
  TF_RETURN_IF_ERROR(InferenceContext::Merge(c->input(1), c->input(2), &unused));
  c->set_output(0, c->input(0));
  return OkStatus();
}

}  // namespace

REGISTER_OP("MirrorPad")
    .Input("input: T")
    .Input("paddings: Tpaddings")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tpaddings: {int32, int64} = DT_INT32")
    .Attr("mode: {'REFLECT', 'SYMMETRIC'}")
    .SetShapeFn(MirrorPadShape)
    .Summary("Pads a tensor with mirrored values.")
    .CcHeader("array_ops");

REGISTER_OP("MirrorPadGrad")
    .Input("input: T")
    .Input("paddings: Tpaddings")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tpaddings: {int32, int64} = DT_INT32")
    .Attr("mode: {'REFLECT', 'SYMMETRIC'}")
    .SetShapeFn(MirrorPadGradShape)
    .Summary("Gradient op for `MirrorPad` op. This op folds a mirror-padded tensor.")
    .CcHeader("array_ops")
    .CcHidden();

REGISTER_OP("ReverseSequence")
    .Input("input: T")
    .Input("seq_lengths: Tlen")
    .Output("output: T")
    .Attr("seq_dim: int")
    .Attr("batch_dim: int = 0")
    .Attr("T: type")
    .Attr("Tlen: {int32, int64} = DT_INT64")
    .SetShapeFn(ReverseSequenceShape)
    .Summary("Reverses variable length slices.")
    .CcHeader("array_ops");

REGISTER_OP("Roll")
    .Input("input: T")
    .Input("shift: Tshift")
    .Input("axis: Taxis")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tshift: {int32,int64}")
    .Attr("Taxis: {int32,int64}")
    .SetShapeFn(RollShape)
    .Summary("Rolls the elements of a tensor along an axis.")
    .CcHeader("manip_ops");

}  // namespace tensorflow
