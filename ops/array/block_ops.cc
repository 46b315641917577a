// The array family's block-rearranging ops (TF 2.21's signatures and C++ API): SpaceToBatchND,
// BatchToSpaceND, their 4-D forms SpaceToBatch and BatchToSpace, SpaceToDepth and
// DepthToSpace. Kernels: block_kernels.cc; gradients: array_grad.cc.
#include <vector>

#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// a * b, a + b, a - b on dimensions that may be unknown (-1), with TF's errors.
// Size arithmetic on known (>= 0) or unknown (-1) sizes; sizes from an untrusted graph may
// overflow, which is the node's error.
Status MulDim(int64_t a, int64_t b, int64_t* out) {
  if (a < 0) {
    *out = -1;
    return OkStatus();
  }
  if (__builtin_mul_overflow(a, b, out)) {
    return errors::InvalidArgument("Dimension size ", a, " * ", b, " overflows");
  }
  return OkStatus();
}
Status AddDim(int64_t a, int64_t b, int64_t* out) {
  if (a < 0) {
    *out = -1;
    return OkStatus();
  }
  if (__builtin_add_overflow(a, b, out)) {
    return errors::InvalidArgument("Dimension size ", a, " + ", b, " overflows");
  }
  return OkStatus();
}
Status SubDim(int64_t a, int64_t b, int64_t* out) {
  if (a < 0) {
    *out = -1;
    return OkStatus();
  }
  if (a < b) {
    return errors::InvalidArgument("Negative dimension size caused by subtracting ", b, " from ",
                                   a);
  }
  *out = a - b;
  return OkStatus();
}
Status DivideEvenly(int64_t a, int64_t b, int64_t* out) {
  if (a < 0) {
    *out = -1;
    return OkStatus();
  }
  if (a % b != 0) {
    return errors::InvalidArgument("Dimension size must be evenly divisible by ", b, " but is ", a);
  }
  *out = a / b;
  return OkStatus();
}

// The block dimensions (block_shape's length) must be known; the batch, spatial and remaining
// dimensions follow from whatever of block_shape and paddings/crops is constant.
Status BlockShapeCommon(InferenceContext* c, const PartialTensorShape& input,
                        const PartialTensorShape& block_shape_shape, const Tensor* block_shape,
                        int pads_input, bool to_batch) {
  if (block_shape_shape.unknown_rank() || block_shape_shape.dims() != 1) {
    return errors::InvalidArgument("block_shape must have rank 1.");
  }
  const int64_t num_block_dims = block_shape_shape.dim_size(0);
  if (num_block_dims < 0) return errors::InvalidArgument("block_shape must have known size.");
  if (!input.unknown_rank() && input.dims() < num_block_dims + 1) {
    return errors::InvalidArgument("Shape must be at least rank ", num_block_dims + 1,
                                   " but is rank ", input.dims());
  }
  PartialTensorShape unused;
  TF_RETURN_IF_ERROR(InferenceContext::Merge(c->input(pads_input),
                                             PartialTensorShape({num_block_dims, 2}), &unused));
  int64_t batch = input.unknown_rank() ? -1 : input.dim_size(0);
  std::vector<int64_t> blocks;
  if (block_shape != nullptr && block_shape->NumElements() > 0) {
    blocks = tensor::IntValues(*block_shape);
    int64_t product = 1;
    for (int64_t b : blocks) {
      if (b < 1) return errors::InvalidArgument("block_shape must be positive");
      TF_RETURN_IF_ERROR(to_batch ? MulDim(batch, b, &batch) : MulDim(product, b, &product));
    }
    if (!to_batch && product > 0) TF_RETURN_IF_ERROR(DivideEvenly(batch, product, &batch));
  } else if (num_block_dims > 0) {
    batch = -1;
  }
  std::vector<int64_t> out(num_block_dims + 1, -1);
  out[0] = batch;
  const Tensor* pads = c->input_tensor(pads_input);
  if (pads != nullptr && pads->NumElements() > 0) {
    const std::vector<int64_t> p = tensor::IntValues(*pads);
    for (int64_t d = 0; d < num_block_dims; ++d) {
      const int64_t start = p[2 * d], end = p[2 * d + 1];
      if (start < 0 || end < 0) {
        return errors::InvalidArgument(to_batch ? "paddings cannot be negative"
                                                : "crops cannot be negative");
      }
      if (blocks.empty()) continue;
      const int64_t size = input.unknown_rank() ? -1 : input.dim_size(d + 1);
      if (to_batch) {
        int64_t padded;
        TF_RETURN_IF_ERROR(AddDim(size, start, &padded));
        TF_RETURN_IF_ERROR(AddDim(padded, end, &padded));
        TF_RETURN_IF_ERROR(DivideEvenly(padded, blocks[d], &out[d + 1]));
      } else {
        int64_t cropped;
        TF_RETURN_IF_ERROR(MulDim(size, blocks[d], &cropped));
        TF_RETURN_IF_ERROR(SubDim(cropped, start, &cropped));
        TF_RETURN_IF_ERROR(SubDim(cropped, end, &out[d + 1]));
      }
    }
  }
  if (input.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  for (int d = static_cast<int>(num_block_dims) + 1; d < input.dims(); ++d) {
    out.push_back(input.dim_size(d));
  }
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

Status SpaceToBatchNDShape(InferenceContext* c) {
  return BlockShapeCommon(c, c->input(0), c->input(1), c->input_tensor(1), 2, true);
}
Status BatchToSpaceNDShape(InferenceContext* c) {
  return BlockShapeCommon(c, c->input(0), c->input(1), c->input_tensor(1), 2, false);
}

// The 4-D forms: block_shape [block_size, block_size].
Status FourDimsShape(InferenceContext* c, bool to_batch) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 4));
  int64_t block_size = 0;
  TF_RETURN_IF_ERROR(c->GetAttr("block_size", &block_size));
  Tensor block_shape(DT_INT64, TensorShape({2}));
  block_shape.vec<int64_t>()(0) = block_size;
  block_shape.vec<int64_t>()(1) = block_size;
  return BlockShapeCommon(c, c->input(0), PartialTensorShape({2}), &block_shape, 1, to_batch);
}
Status SpaceToBatchShape(InferenceContext* c) { return FourDimsShape(c, true); }
Status BatchToSpaceShape(InferenceContext* c) { return FourDimsShape(c, false); }

// SpaceToDepth / DepthToSpace, NHWC (TF's CPU kernels' only layout; other layouts are
// inferred the same way from the channel and spatial positions).
Status DepthShape(InferenceContext* c, bool to_depth) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 4));
  const PartialTensorShape& in = c->input(0);
  int32_t block32 = 0;  // an int attr, as TF reads it: past int32 is InvalidArgument
  TF_RETURN_IF_ERROR(c->GetAttr("block_size", &block32));
  const int64_t block = block32;
  std::string format;
  TF_RETURN_IF_ERROR(c->GetAttr("data_format", &format));
  if (in.unknown_rank()) {
    c->set_output(0, PartialTensorShape(std::vector<int64_t>(4, -1)));
    return OkStatus();
  }
  const bool nhwc = format == "NHWC";
  const int h = nhwc ? 1 : 2, w = nhwc ? 2 : 3, ch = nhwc ? 3 : 1;
  const auto in_dims = in.dim_sizes();
  std::vector<int64_t> out(in_dims.begin(), in_dims.end());
  if (to_depth) {
    TF_RETURN_IF_ERROR(DivideEvenly(in.dim_size(h), block, &out[h]));
    TF_RETURN_IF_ERROR(DivideEvenly(in.dim_size(w), block, &out[w]));
    TF_RETURN_IF_ERROR(MulDim(in.dim_size(ch), block * block, &out[ch]));
  } else {
    TF_RETURN_IF_ERROR(MulDim(in.dim_size(h), block, &out[h]));
    TF_RETURN_IF_ERROR(MulDim(in.dim_size(w), block, &out[w]));
    TF_RETURN_IF_ERROR(DivideEvenly(in.dim_size(ch), block * block, &out[ch]));
  }
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}
Status SpaceToDepthShape(InferenceContext* c) { return DepthShape(c, true); }
Status DepthToSpaceShape(InferenceContext* c) { return DepthShape(c, false); }

}  // namespace

REGISTER_OP("SpaceToBatchND")
    .Input("input: T")
    .Input("block_shape: Tblock_shape")
    .Input("paddings: Tpaddings")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tblock_shape: {int32, int64} = DT_INT32")
    .Attr("Tpaddings: {int32, int64} = DT_INT32")
    .SetShapeFn(SpaceToBatchNDShape)
    .Summary("SpaceToBatch for N-D tensors of type T.")
    .CcHeader("array_ops");

REGISTER_OP("SpaceToBatch")
    .Input("input: T")
    .Input("paddings: Tpaddings")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tpaddings: {int32, int64} = DT_INT32")
    .Attr("block_size: int >= 2")
    .SetShapeFn(SpaceToBatchShape)
    .Summary("SpaceToBatch for 4-D tensors of type T.")
    .CcHeader("array_ops");

REGISTER_OP("BatchToSpaceND")
    .Input("input: T")
    .Input("block_shape: Tblock_shape")
    .Input("crops: Tcrops")
    .Output("output: T")
    .Attr("T: type")
    .Attr("Tblock_shape: {int32, int64} = DT_INT32")
    .Attr("Tcrops: {int32, int64} = DT_INT32")
    .SetShapeFn(BatchToSpaceNDShape)
    .Summary("BatchToSpace for N-D tensors of type T.")
    .CcHeader("array_ops");

REGISTER_OP("BatchToSpace")
    .Input("input: T")
    .Input("crops: Tidx")
    .Output("output: T")
    .Attr("T: type")
    .Attr("block_size: int >= 2")
    .Attr("Tidx: {int32, int64} = DT_INT32")
    .SetShapeFn(BatchToSpaceShape)
    .Summary("BatchToSpace for 4-D tensors of type T.")
    .CcHeader("array_ops");

REGISTER_OP("SpaceToDepth")
    .Input("input: T")
    .Output("output: T")
    .Attr("T: type")
    .Attr("block_size: int >= 2")
    .Attr("data_format: {'NHWC', 'NCHW', 'NCHW_VECT_C'} = 'NHWC'")
    .SetShapeFn(SpaceToDepthShape)
    .Summary("SpaceToDepth for tensors of type T.")
    .CcHeader("array_ops");

REGISTER_OP("DepthToSpace")
    .Input("input: T")
    .Output("output: T")
    .Attr("T: type")
    .Attr("block_size: int >= 2")
    .Attr("data_format: {'NHWC', 'NCHW', 'NCHW_VECT_C'} = 'NHWC'")
    .SetShapeFn(DepthToSpaceShape)
    .Summary("DepthToSpace for tensors of type T.")
    .CcHeader("array_ops");

}  // namespace tensorflow
