// The CropAndResize family's op definitions and shape functions, as TF 2.21 declares them
// (their wrappers are generated into tensorflow/cc/ops/image_ops.h, where TF declares them).
//
//   auto crops = ops::CropAndResize(root, image, boxes, box_ind, {7, 7});
//   auto d_boxes = ops::CropAndResizeGradBoxes(root, upstream, image, boxes, box_ind);
//
// Results are TensorFlow 2.21's bit for bit. Where TF crashes or reads out of bounds (boxes
// of the wrong rank, non-finite boxes, box indices outside the batch, huge outputs) the kernels
// return InvalidArgument or OutOfRange.

#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

Status CropAndResizeShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 4));
  TF_RETURN_IF_ERROR(c->WithRank(1, 2));
  TF_RETURN_IF_ERROR(c->WithRank(2, 1));
  TF_RETURN_IF_ERROR(c->WithRank(3, 1));
  const PartialTensorShape& image = c->input(0);
  const PartialTensorShape& boxes = c->input(1);
  const PartialTensorShape& box_ind = c->input(2);
  const PartialTensorShape& crop_size = c->input(3);
  int64_t num_boxes = -1;
  TF_RETURN_IF_ERROR(InferenceContext::MergeDim(boxes.dims() == 2 ? boxes.dim_size(0) : -1,
                                                box_ind.dims() == 1 ? box_ind.dim_size(0) : -1,
                                                &num_boxes));
  if (boxes.dims() == 2 && boxes.dim_size(1) >= 0 && boxes.dim_size(1) != 4) {
    return errors::InvalidArgument("Dimension must be 4 but is ", boxes.dim_size(1));
  }
  if (crop_size.dims() == 1 && crop_size.dim_size(0) >= 0 && crop_size.dim_size(0) != 2) {
    return errors::InvalidArgument("Dimension must be 2 but is ", crop_size.dim_size(0));
  }
  int64_t ch = -1, cw = -1;
  if (const Tensor* size = c->input_tensor(3)) {
    if (size->dtype() != DT_INT32 || size->NumElements() != 2) {
      return errors::InvalidArgument(
          "Bad size input type for SetOutputToSizedImage: Expected "
          "DT_INT32 but got ",
          DataTypeString(size->dtype()));
    }
    ch = size->flat<int32_t>()(0);
    cw = size->flat<int32_t>()(1);
    if (ch < 0 || cw < 0) ch = cw = -1;
  }
  const int64_t depth = image.dims() == 4 ? image.dim_size(3) : -1;
  c->set_output(0, PartialTensorShape({num_boxes, ch, cw, depth}));
  return OkStatus();
}

Status CropAndResizeGradImageShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(3, 1));
  if (const Tensor* size = c->input_tensor(3)) {
    if (size->NumElements() != 4) {
      return errors::InvalidArgument("Shape must be rank 4 but is rank ", size->NumElements());
    }
    std::vector<int64_t> dims;
    for (int i = 0; i < 4; ++i) {
      const int64_t d = size->dtype() == DT_INT32 ? size->flat<int32_t>()(i) : -1;
      dims.push_back(d < 0 ? -1 : d);
    }
    c->set_output(0, PartialTensorShape(dims));
  } else {
    c->set_output(0, PartialTensorShape({-1, -1, -1, -1}));
  }
  return OkStatus();
}

Status CropAndResizeGradBoxesShape(InferenceContext* c) {
  c->set_output(0, c->input(2));
  return OkStatus();
}

}  // namespace

REGISTER_OP("CropAndResize")
    .Input("image: T")
    .Input("boxes: float")
    .Input("box_ind: int32")
    .Input("crop_size: int32")
    .Output("crops: float")
    .Attr("T: {uint8, uint16, int8, int16, int32, int64, half, float, double}")
    .Attr("method: {'bilinear', 'nearest'} = 'bilinear'")
    .Attr("extrapolation_value: float = 0")
    .SetShapeFn(CropAndResizeShape)
    .Summary("Extracts crops from the input image tensor and resizes them.")
    .Description(
        "Each box [y1, x1, y2, x2] (normalized: 0 and 1 are the first and last pixel) is cut "
        "from image box_ind[b] and resampled to crop_size with bilinear or nearest neighbor "
        "sampling; samples outside the image take extrapolation_value.")
    .ArgDoc("image", "A 4-D tensor of shape `[batch, image_height, image_width, depth]`.")
    .ArgDoc("boxes", "A 2-D tensor of shape `[num_boxes, 4]`.")
    .ArgDoc("box_ind",
            "A 1-D tensor of shape `[num_boxes]` with int32 values in `[0, batch)`: the image "
            "each box refers to.")
    .ArgDoc("crop_size",
            "A 1-D tensor of 2 elements, `size = [crop_height, crop_width]`. All cropped image "
            "patches are resized to this size.")
    .ArgDoc("method", "The sampling method: `\"bilinear\"` or `\"nearest\"`.")
    .ArgDoc("extrapolation_value", "Value used for extrapolation, when applicable.")
    .ArgDoc("crops", "A 4-D tensor of shape `[num_boxes, crop_height, crop_width, depth]`.")
    .CcHeader("image_ops");

REGISTER_OP("CropAndResizeGradImage")
    .Input("grads: float")
    .Input("boxes: float")
    .Input("box_ind: int32")
    .Input("image_size: int32")
    .Output("output: T")
    .Attr("T: {float, half, double}")
    .Attr("method: {'bilinear', 'nearest'} = 'bilinear'")
    .SetShapeFn(CropAndResizeGradImageShape)
    .Summary("Computes the gradient of the crop_and_resize op wrt the input image tensor.")
    .ArgDoc("grads", "A 4-D tensor of shape `[num_boxes, crop_height, crop_width, depth]`.")
    .ArgDoc("boxes", "A 2-D tensor of shape `[num_boxes, 4]`.")
    .ArgDoc("box_ind", "A 1-D tensor of shape `[num_boxes]` with int32 values in `[0, batch)`.")
    .ArgDoc("image_size", "A 1-D tensor with value `[batch, image_height, image_width, depth]`.")
    .ArgDoc("method", "The sampling method used by the forward op.")
    .ArgDoc("output", "A 4-D tensor of shape `[batch, image_height, image_width, depth]`.")
    .CcHeader("image_ops");

REGISTER_OP("CropAndResizeGradBoxes")
    .Input("grads: float")
    .Input("image: T")
    .Input("boxes: float")
    .Input("box_ind: int32")
    .Output("output: float")
    .Attr("T: {uint8, uint16, int8, int16, int32, int64, half, float, double}")
    .Attr("method: {'bilinear'} = 'bilinear'")
    .SetShapeFn(CropAndResizeGradBoxesShape)
    .Summary("Computes the gradient of the crop_and_resize op wrt the input boxes tensor.")
    .ArgDoc("grads", "A 4-D tensor of shape `[num_boxes, crop_height, crop_width, depth]`.")
    .ArgDoc("image", "A 4-D tensor of shape `[batch, image_height, image_width, depth]`.")
    .ArgDoc("boxes", "A 2-D tensor of shape `[num_boxes, 4]`.")
    .ArgDoc("box_ind", "A 1-D tensor of shape `[num_boxes]` with int32 values in `[0, batch)`.")
    .ArgDoc("method", "Only `\"bilinear\"` is supported.")
    .ArgDoc("output", "A 2-D tensor of shape `[num_boxes, 4]`.")
    .CcHeader("image_ops");
}  // namespace tensorflow
