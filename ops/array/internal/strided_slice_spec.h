// The slicing spec of StridedSlice and StridedSliceGrad, resolved against an input shape as
// TF's ValidateStridedSliceOp does: the sparse spec (begin/end/strides with the five masks, one
// entry per index expression) becomes one dense (begin, end, stride) per input dimension, with
// out-of-range bounds clamped, and the two shapes:
//   processing  one size per input dimension (shrunk dimensions count 1), what the copy walks;
//   final       the output: shrunk dimensions dropped, new axes inserted as 1.
// Used by the shape functions (where begin/end may be unknown and the input shape partial) and
// by the kernels. Error texts are TF 2.21's.
#ifndef MINITF_OPS_ARRAY_INTERNAL_STRIDED_SLICE_SPEC_H_
#define MINITF_OPS_ARRAY_INTERNAL_STRIDED_SLICE_SPEC_H_
#include <cstdint>
#include <vector>

#include "framework/status.h"
#include "framework/tensor.h"
#include "framework/tensor_shape.h"

namespace tensorflow {
namespace strided_slice {

struct Masks {
  int32_t begin = 0, end = 0, ellipsis = 0, new_axis = 0, shrink_axis = 0;
};

struct Spec {
  PartialTensorShape processing, final_shape;
  // Dense, canonical (non-negative, clamped) bounds: one per input dimension.
  std::vector<int64_t> begin, end, strides;
  bool is_identity = true;  // every dimension taken whole with stride 1
};

// `begin` and `end` may be null (unknown at graph time); `strides` must be known.
Status Validate(const Tensor* begin, const Tensor* end, const Tensor& strides,
                const PartialTensorShape& input_shape, const Masks& masks, Spec* spec);

// Reads the five mask attrs of a StridedSlice-like node.
template <typename Context>
Status ReadMasks(const Context& ctx, Masks* masks) {
  TF_RETURN_IF_ERROR(ctx.GetAttr("begin_mask", &masks->begin));
  TF_RETURN_IF_ERROR(ctx.GetAttr("end_mask", &masks->end));
  TF_RETURN_IF_ERROR(ctx.GetAttr("ellipsis_mask", &masks->ellipsis));
  TF_RETURN_IF_ERROR(ctx.GetAttr("new_axis_mask", &masks->new_axis));
  return ctx.GetAttr("shrink_axis_mask", &masks->shrink_axis);
}

}  // namespace strided_slice
}  // namespace tensorflow

#endif  // MINITF_OPS_ARRAY_INTERNAL_STRIDED_SLICE_SPEC_H_
