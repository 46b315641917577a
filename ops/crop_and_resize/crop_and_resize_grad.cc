// The gradient of CropAndResize (TF's cc/gradients/image_grad.cc): the image gradient by
// CropAndResizeGradImage with the forward method, the box gradient by CropAndResizeGradBoxes
// (always bilinear: for 'nearest' it is TF's approximation), none for box_ind and crop_size.
// Integer images get no image gradient, as in TF's Python (TF's C++ fails to build one).
#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/image_ops.h"

namespace tensorflow {
namespace ops {
namespace {

Status CropAndResizeGrad(const Scope& scope, const Operation& op,
                         const std::vector<Output>& grad_inputs,
                         std::vector<Output>* grad_outputs) {
  DataType image_type;
  std::string method;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "T", &image_type));
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "method", &method));
  const Output image = op.input(0), boxes = op.input(1), box_ind = op.input(2);
  if (image_type == DT_HALF || image_type == DT_FLOAT || image_type == DT_DOUBLE) {
    auto image_shape = Shape(scope, image);
    grad_outputs->push_back(CropAndResizeGradImage(scope, grad_inputs[0], boxes, box_ind,
                                                   image_shape, image_type,
                                                   CropAndResizeGradImage::Method(method)));
  } else {
    grad_outputs->push_back(NoGradient());
  }
  grad_outputs->push_back(CropAndResizeGradBoxes(scope, grad_inputs[0], image, boxes, box_ind));
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("CropAndResize", CropAndResizeGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
