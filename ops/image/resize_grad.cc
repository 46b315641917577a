// Gradients of the resize ops, built as TF's C++ gradients build them (cc/gradients/
// image_grad.cc): each op's gradient op with the forward op's align_corners and
// half_pixel_centers (ScaleAndTranslate's: its kernel_type and antialias); no gradient for the
// size (nor for scale and translation).
#include <string>
#include <vector>

#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/image_ops.h"
#include "tensorflow/cc/ops/image_ops_internal.h"

namespace tensorflow {
namespace ops {
namespace {

Status ReadCenters(const Operation& op, bool* align_corners, bool* half_pixel_centers) {
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "align_corners", align_corners));
  return GetNodeAttr(op.node()->attrs(), "half_pixel_centers", half_pixel_centers);
}

Status ResizeNearestNeighborGradHelper(const Scope& scope, const Operation& op,
                                       const std::vector<Output>& grad_inputs,
                                       std::vector<Output>* grad_outputs) {
  bool align_corners = false, half_pixel_centers = false;
  TF_RETURN_IF_ERROR(ReadCenters(op, &align_corners, &half_pixel_centers));
  // The gradient op takes the original image's [height, width].
  auto x_shape = Slice(scope, Shape(scope, op.input(0)), {1}, {2});
  grad_outputs->push_back(internal::ResizeNearestNeighborGrad(
      scope, grad_inputs[0], x_shape,
      internal::ResizeNearestNeighborGrad::AlignCorners(align_corners)
          .HalfPixelCenters(half_pixel_centers)));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("ResizeNearestNeighbor", ResizeNearestNeighborGradHelper);

Status ResizeBilinearGradHelper(const Scope& scope, const Operation& op,
                                const std::vector<Output>& grad_inputs,
                                std::vector<Output>* grad_outputs) {
  bool align_corners = false, half_pixel_centers = false;
  TF_RETURN_IF_ERROR(ReadCenters(op, &align_corners, &half_pixel_centers));
  grad_outputs->push_back(
      internal::ResizeBilinearGrad(scope, grad_inputs[0], op.input(0),
                                   internal::ResizeBilinearGrad::AlignCorners(align_corners)
                                       .HalfPixelCenters(half_pixel_centers)));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("ResizeBilinear", ResizeBilinearGradHelper);

Status ResizeBicubicGradHelper(const Scope& scope, const Operation& op,
                               const std::vector<Output>& grad_inputs,
                               std::vector<Output>* grad_outputs) {
  bool align_corners = false, half_pixel_centers = false;
  TF_RETURN_IF_ERROR(ReadCenters(op, &align_corners, &half_pixel_centers));
  grad_outputs->push_back(
      internal::ResizeBicubicGrad(scope, grad_inputs[0], op.input(0),
                                  internal::ResizeBicubicGrad::AlignCorners(align_corners)
                                      .HalfPixelCenters(half_pixel_centers)));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("ResizeBicubic", ResizeBicubicGradHelper);

// The images' gradient with the forward op's kernel and antialias; none for size, scale and
// translation.
Status ScaleAndTranslateGradHelper(const Scope& scope, const Operation& op,
                                   const std::vector<Output>& grad_inputs,
                                   std::vector<Output>* grad_outputs) {
  std::string kernel_type;
  bool antialias = true;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "kernel_type", &kernel_type));
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "antialias", &antialias));
  grad_outputs->push_back(internal::ScaleAndTranslateGrad(
      scope, grad_inputs[0], op.input(0), op.input(2), op.input(3),
      internal::ScaleAndTranslateGrad::KernelType(kernel_type).Antialias(antialias)));
  for (int i = 0; i < 3; ++i) grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("ScaleAndTranslate", ScaleAndTranslateGradHelper);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
