// The CropAndResize family's op definitions, shape functions and wrapper classes, as TF 2.21
// declares them.
#include "ops/crop_and_resize/crop_and_resize_ops.h"

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
      return errors::InvalidArgument("Bad size input type for SetOutputToSizedImage: Expected "
                                     "DT_INT32 but got ", DataTypeString(size->dtype()));
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
    .Summary("Extracts crops from the input image tensor and resizes them.");

REGISTER_OP("CropAndResizeGradImage")
    .Input("grads: float")
    .Input("boxes: float")
    .Input("box_ind: int32")
    .Input("image_size: int32")
    .Output("output: T")
    .Attr("T: {float, half, double}")
    .Attr("method: {'bilinear', 'nearest'} = 'bilinear'")
    .SetShapeFn(CropAndResizeGradImageShape)
    .Summary("Computes the gradient of the crop_and_resize op wrt the input image tensor.");

REGISTER_OP("CropAndResizeGradBoxes")
    .Input("grads: float")
    .Input("image: T")
    .Input("boxes: float")
    .Input("box_ind: int32")
    .Output("output: float")
    .Attr("T: {uint8, uint16, int8, int16, int32, int64, half, float, double}")
    .Attr("method: {'bilinear'} = 'bilinear'")
    .SetShapeFn(CropAndResizeGradBoxesShape)
    .Summary("Computes the gradient of the crop_and_resize op wrt the input boxes tensor.");

namespace ops {

using internal::BuildNode;
using internal::MakeAttr;

CropAndResize::CropAndResize(const ::tensorflow::Scope& scope, ::tensorflow::Input image,
                             ::tensorflow::Input boxes, ::tensorflow::Input box_ind,
                             ::tensorflow::Input crop_size, const CropAndResize::Attrs& attrs) {
  Node* ret = BuildNode(scope, "CropAndResize", {image, boxes, box_ind, crop_size},
                        {{"method", MakeAttr(attrs.method_)},
                         {"extrapolation_value", MakeAttr(attrs.extrapolation_value_)}});
  if (ret == nullptr) return;
  operation = Operation(ret);
  crops = Output(ret, 0);
}

CropAndResizeGradImage::CropAndResizeGradImage(const ::tensorflow::Scope& scope,
                                               ::tensorflow::Input grads,
                                               ::tensorflow::Input boxes,
                                               ::tensorflow::Input box_ind,
                                               ::tensorflow::Input image_size, DataType T,
                                               const CropAndResizeGradImage::Attrs& attrs) {
  Node* ret = BuildNode(scope, "CropAndResizeGradImage", {grads, boxes, box_ind, image_size},
                        {{"T", MakeAttr(T)}, {"method", MakeAttr(attrs.method_)}});
  if (ret == nullptr) return;
  operation = Operation(ret);
  output = Output(ret, 0);
}

CropAndResizeGradBoxes::CropAndResizeGradBoxes(const ::tensorflow::Scope& scope,
                                               ::tensorflow::Input grads,
                                               ::tensorflow::Input image,
                                               ::tensorflow::Input boxes,
                                               ::tensorflow::Input box_ind,
                                               const CropAndResizeGradBoxes::Attrs& attrs) {
  Node* ret = BuildNode(scope, "CropAndResizeGradBoxes", {grads, image, boxes, box_ind},
                        {{"method", MakeAttr(attrs.method_)}});
  if (ret == nullptr) return;
  operation = Operation(ret);
  output = Output(ret, 0);
}

}  // namespace ops
}  // namespace tensorflow
