// The image resize ops (TF 2.21's definitions and shape functions): ResizeNearestNeighbor,
// ResizeBilinear, ResizeBicubic and ScaleAndTranslate (tensorflow/cc/ops/image_ops.h) and their
// gradient ops (image_ops_internal.h). Kernels: resize_kernels.cc and
// scale_and_translate_kernels.cc; gradients: resize_grad.cc.
//
//   auto small = ops::ResizeBilinear(root, images, {112, 112},
//                                    ops::ResizeBilinear::HalfPixelCenters(true));
#include <vector>

#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {
namespace {

using shape_inference::InferenceContext;

// [batch, size[0], size[1], channels] of input 0 (images, or ResizeNearestNeighborGrad's
// grads): the sizes when `size` is known at graph time (never checked here: the kernel rejects
// bad ones), unknown otherwise.
Status ResizeShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 4));
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  const PartialTensorShape& images = c->input(0);
  const PartialTensorShape& size = c->input(1);
  if (size.dims() == 1 && size.dim_size(0) >= 0 && size.dim_size(0) != 2) {
    return errors::InvalidArgument("Dimension must be 2 but is ", size.dim_size(0));
  }
  int64_t h = -1, w = -1;
  if (const Tensor* s = c->input_tensor(1)) {
    if (s->dtype() != DT_INT32) {
      return errors::InvalidArgument(
          "Bad size input type for SetOutputToSizedImage: Expected DT_INT32 but got ",
          DataTypeString(s->dtype()));
    }
    h = s->flat<int32_t>()(0) < 0 ? -1 : s->flat<int32_t>()(0);
    w = s->flat<int32_t>()(1) < 0 ? -1 : s->flat<int32_t>()(1);
  }
  const bool known = !images.unknown_rank();
  c->set_output(0, PartialTensorShape(
                       {known ? images.dim_size(0) : -1, h, w, known ? images.dim_size(3) : -1}));
  return OkStatus();
}

// ScaleAndTranslate: a 4-D image, a size as ResizeShape, scale and translation vectors.
Status ScaleAndTranslateShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 4));
  TF_RETURN_IF_ERROR(c->WithRank(2, 1));
  TF_RETURN_IF_ERROR(c->WithRank(3, 1));
  return ResizeShape(c);
}

// The gradient ops that take the original image: its shape, unchecked.
Status OriginalImageShape(InferenceContext* c) {
  c->set_output(0, c->input(1));
  return OkStatus();
}

#define MINITF_RESIZE_OP(NAME, TYPES, OUTPUT, SUMMARY) \
  REGISTER_OP(NAME)                                    \
      .Input("images: T")                              \
      .Input("size: int32")                            \
      .Output("resized_images: " OUTPUT)               \
      .Attr("T: " TYPES)                               \
      .Attr("align_corners: bool = false")             \
      .Attr("half_pixel_centers: bool = false")        \
      .SetShapeFn(ResizeShape)                         \
      .Summary(SUMMARY)                                \
      .CcHeader("image_ops")

#define MINITF_RESIZE_GRAD_OP(NAME, TYPES, SUMMARY) \
  REGISTER_OP(NAME)                                 \
      .Input("grads: float")                        \
      .Input("original_image: T")                   \
      .Output("output: T")                          \
      .Attr("T: " TYPES)                            \
      .Attr("align_corners: bool = false")          \
      .Attr("half_pixel_centers: bool = false")     \
      .SetShapeFn(OriginalImageShape)               \
      .Summary(SUMMARY)                             \
      .CcHeader("image_ops")                        \
      .CcHidden()

}  // namespace

MINITF_RESIZE_OP("ResizeNearestNeighbor",
                 "{int8, uint8, int16, uint16, int32, int64, half, float, double, bfloat16}", "T",
                 "Resize `images` to `size` using nearest neighbor interpolation.");
MINITF_RESIZE_OP("ResizeBilinear",
                 "{int8, uint8, int16, uint16, int32, int64, bfloat16, half, float, double, "
                 "bfloat16}",
                 "float", "Resize `images` to `size` using bilinear interpolation.");
MINITF_RESIZE_OP("ResizeBicubic",
                 "{int8, uint8, int16, uint16, int32, int64, half, float, double, bfloat16}",
                 "float", "Resize `images` to `size` using bicubic interpolation.");
MINITF_RESIZE_GRAD_OP("ResizeBilinearGrad", "{float, bfloat16, half, double}",
                      "Computes the gradient of bilinear interpolation.");
MINITF_RESIZE_GRAD_OP("ResizeBicubicGrad", "{float, double}",
                      "Computes the gradient of bicubic interpolation.");

REGISTER_OP("ScaleAndTranslate")
    .Input("images: T")
    .Input("size: int32")
    .Input("scale: float")
    .Input("translation: float")
    .Output("resized_images: float")
    .Attr("T: {int8, uint8, int16, uint16, int32, int64, bfloat16, half, float, double}")
    .Attr("kernel_type: string = 'lanczos3'")
    .Attr("antialias: bool = true")
    .SetShapeFn(ScaleAndTranslateShape)
    .Summary(
        "Scales and translates `images` to `size` with a sampling kernel (antialiased when "
        "downsampling): lanczos1/3/5, gaussian, box, triangle, keyscubic or mitchellcubic.")
    .CcHeader("image_ops");

REGISTER_OP("ScaleAndTranslateGrad")
    .Input("grads: T")
    .Input("original_image: T")
    .Input("scale: float")
    .Input("translation: float")
    .Output("output: T")
    .Attr("T: {float}")
    .Attr("kernel_type: string = 'lanczos3'")
    .Attr("antialias: bool = true")
    .SetShapeFn(OriginalImageShape)
    .Summary("Computes the gradient of ScaleAndTranslate with respect to its images.")
    .CcHeader("image_ops")
    .CcHidden();

REGISTER_OP("ResizeNearestNeighborGrad")
    .Input("grads: T")
    .Input("size: int32")
    .Output("output: T")
    .Attr("T: {uint8, int8, int32, half, float, double, bfloat16}")
    .Attr("align_corners: bool = false")
    .Attr("half_pixel_centers: bool = false")
    .SetShapeFn(ResizeShape)  // grads' shape with size's [height, width], as the forward op
    .Summary("Computes the gradient of nearest neighbor interpolation.")
    .CcHeader("image_ops")
    .CcHidden();

}  // namespace tensorflow
