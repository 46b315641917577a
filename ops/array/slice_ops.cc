// Op definitions of the array family's slicing ops: StridedSlice and StridedSliceGrad (all five
// masks; the spec is resolved in internal/strided_slice_spec.h), Split, SplitV and ReverseV2
// (C++ class Reverse). Kernels: slice_kernels.cc; gradients: array_grad.cc.
#include "absl/strings/str_join.h"
#include "framework/errors.h"
#include "framework/op.h"
#include "ops/array/internal/strided_slice_spec.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

PartialTensorShape UnknownDims(int rank) {
  return rank < 0 ? PartialTensorShape() : PartialTensorShape(std::vector<int64_t>(rank, -1));
}

Status StridedSliceShape(InferenceContext* c) {
  for (int i = 1; i <= 3; ++i) TF_RETURN_IF_ERROR(c->WithRank(i, 1));
  PartialTensorShape spec_len;
  TF_RETURN_IF_ERROR(InferenceContext::Merge(c->input(1), c->input(2), &spec_len));
  TF_RETURN_IF_ERROR(InferenceContext::Merge(spec_len, c->input(3), &spec_len));
  const Tensor* strides = c->input_tensor(3);
  const PartialTensorShape& in = c->input(0);
  // Without the input's rank, the spec's length or the strides, nothing is known (as TF); a
  // spec too long for the 32-bit masks fails in the kernel.
  if (in.unknown_rank() || spec_len.unknown_rank() || spec_len.dim_size(0) < 0 ||
      strides == nullptr || (c->input_tensor(1) == nullptr && strides->NumElements() >= 32)) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  strided_slice::Masks masks;
  TF_RETURN_IF_ERROR(strided_slice::ReadMasks(*c, &masks));
  strided_slice::Spec spec;
  TF_RETURN_IF_ERROR(
      strided_slice::Validate(c->input_tensor(1), c->input_tensor(2), *strides, in, masks, &spec));
  c->set_output(0, spec.final_shape);
  return OkStatus();
}

Status StridedSliceGradShape(InferenceContext* c) {
  PartialTensorShape out;
  TF_RETURN_IF_ERROR(c->MakeShapeFromShapeTensor(0, &out));
  c->set_output(0, out);
  return OkStatus();
}

Status SplitShape(InferenceContext* c) {
  const PartialTensorShape& in = c->input(1);
  int64_t axis = -1;
  TF_RETURN_IF_ERROR(c->MakeDimForScalarInputWithNegativeIndexing(0, in.dims(), &axis));
  const int n = c->num_outputs();
  PartialTensorShape out = UnknownDims(in.dims());
  if (axis >= 0) {
    TF_RETURN_IF_ERROR(c->WithRankAtLeast(1, static_cast<int>(axis) + 1));
    out = in;
    const int64_t size = in.dim_size(axis);
    if (size >= 0 && size % n != 0) {
      return errors::InvalidArgument("Dimension size must be evenly divisible by ", n, " but is ",
                                     size,
                                     "\n\tNumber of ways to split should evenly divide the "
                                     "split dimension");
    }
    out.set_dim(axis, size < 0 ? -1 : size / n);
  }
  for (int i = 0; i < n; ++i) c->set_output(i, out);
  return OkStatus();
}

Status SplitVShape(InferenceContext* c) {
  const PartialTensorShape& in = c->input(0);
  int64_t axis = -1;
  TF_RETURN_IF_ERROR(c->MakeDimForScalarInputWithNegativeIndexing(2, in.dims(), &axis));
  const int n = c->num_outputs();
  const Tensor* sizes_t = c->input_tensor(1);
  if (in.unknown_rank()) {
    for (int i = 0; i < n; ++i) c->set_output(i, PartialTensorShape());
    return OkStatus();
  }
  if (in.dims() == 0) return errors::InvalidArgument("Can't split scalars");
  if (axis < 0) {
    for (int i = 0; i < n; ++i) c->set_output(i, UnknownDims(in.dims()));
    return OkStatus();
  }
  PartialTensorShape out = in;
  if (sizes_t == nullptr) {
    out.set_dim(axis, -1);
    for (int i = 0; i < n; ++i) c->set_output(i, out);
    return OkStatus();
  }
  const std::vector<int64_t> sizes = tensor::IntValues(*sizes_t);
  if (static_cast<int64_t>(sizes.size()) != n) {
    return errors::InvalidArgument("Length of size_splits should be equal to num_outputs");
  }
  int64_t total = 0;
  bool has_minus_one = false;
  for (int64_t s : sizes) {
    if (s == -1) {
      if (has_minus_one) return errors::InvalidArgument("size_splits can only have one -1");
      has_minus_one = true;
    } else {
      total += s;
    }
  }
  const int64_t dim = in.dim_size(axis);
  for (int i = 0; i < n; ++i) {
    int64_t size = sizes[i];
    if (size == -1 && dim >= 0) size = dim - total;
    if (size < -1 || (size == -1 && dim >= 0)) {
      return errors::InvalidArgument("Split size at index ", i, " must be >= 0. Got: ", size);
    }
    out.set_dim(axis, size);
    c->set_output(i, out);
  }
  if (dim >= 0 && (has_minus_one ? total > dim : total != dim)) {
    return errors::InvalidArgument("can't split axis of size ", dim, " into pieces of size [",
                                   absl::StrJoin(sizes, ","), "]");
  }
  return OkStatus();
}

Status ReverseV2Shape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  const PartialTensorShape& in = c->input(0);
  if (in.dims() > 8) {
    return errors::InvalidArgument("reverse does not work on tensors with more than 8 dimensions");
  }
  const Tensor* axis_t = c->input_tensor(1);
  if (axis_t != nullptr && !in.unknown_rank()) {
    const int rank = in.dims();
    std::vector<bool> seen(rank, false);
    const std::vector<int64_t> axes = tensor::IntValues(*axis_t);
    for (size_t i = 0; i < axes.size(); ++i) {
      const int64_t a = axes[i] < 0 ? axes[i] + rank : axes[i];
      if (a < 0 || a >= rank) {
        return errors::InvalidArgument("'axis'[", i, "] = ", axes[i], " is out of valid range [0, ",
                                       rank - 1);
      }
      if (seen[a]) return errors::InvalidArgument("axis ", a, " specified more than once.");
      seen[a] = true;
    }
  }
  c->set_output(0, in);
  return OkStatus();
}

}  // namespace

#define MINITF_STRIDED_SLICE_MASK_ATTRS \
  Attr("begin_mask: int = 0")           \
      .Attr("end_mask: int = 0")        \
      .Attr("ellipsis_mask: int = 0")   \
      .Attr("new_axis_mask: int = 0")   \
      .Attr("shrink_axis_mask: int = 0")

REGISTER_OP("StridedSlice")
    .Input("input: T")
    .Input("begin: Index")
    .Input("end: Index")
    .Input("strides: Index")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Index: {int16, int32, int64}")
    .MINITF_STRIDED_SLICE_MASK_ATTRS.SetShapeFn(StridedSliceShape)
    .Summary("Return a strided slice from `input`.")
    .CcHeader("array_ops");

REGISTER_OP("StridedSliceGrad")
    .Input("shape: Index")
    .Input("begin: Index")
    .Input("end: Index")
    .Input("strides: Index")
    .Input("dy: T")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Index: {int32, int64}")
    .MINITF_STRIDED_SLICE_MASK_ATTRS.SetShapeFn(StridedSliceGradShape)
    .Summary("Returns the gradient of `StridedSlice`.")
    .CcHeader("array_ops");

#undef MINITF_STRIDED_SLICE_MASK_ATTRS

REGISTER_OP("Split")
    .Input("split_dim: int32")
    .Input("value: T")
    .Output("output: num_split * T")
    .Attr("num_split: int >= 1")
    .Attr("T: type")
    .SetShapeFn(SplitShape)
    .Summary("Splits a tensor into `num_split` tensors along one dimension.")
    .CcRename("split_dim", "axis")
    .CcHeader("array_ops");

REGISTER_OP("SplitV")
    .Input("value: T")
    .Input("size_splits: Tlen")
    .Input("split_dim: int32")
    .Output("output: num_split * T")
    .Attr("num_split: int >= 1")
    .Attr("T: type")
    .Attr("Tlen: {int8, int32, int64} = DT_INT64")
    .SetShapeFn(SplitVShape)
    .Summary("Splits a tensor into `num_split` tensors along one dimension.")
    .CcRename("split_dim", "axis")
    .CcHeader("array_ops");

REGISTER_OP("ReverseV2")
    .Input("tensor: T")
    .Input("axis: Tidx")
    .Output("output: T")
    .Attr("Tidx: {int32, int64} = DT_INT32")
    .Attr(
        "T: {uint8, int8, uint16, int16, int32, uint32, int64, uint64, bool, bfloat16, half, "
        "float, double, complex64, complex128, string}")
    .SetShapeFn(ReverseV2Shape)
    .Summary("Reverses specific dimensions of a tensor.")
    .CcName("Reverse")
    .CcHeader("array_ops");

}  // namespace tensorflow
