// minitf: the CropAndResize op family (TF's tensorflow/cc/ops/image_ops.h): crop boxes out of
// a batch of images and resize them bilinearly (or to the nearest pixel), and the gradients
// of that w.r.t. the image and the boxes.
//
//   auto crops = ops::CropAndResize(root, image, boxes, box_ind, {7, 7});
//   auto d_boxes = ops::CropAndResizeGradBoxes(root, upstream, image, boxes, box_ind);
//   auto d_image = ops::CropAndResizeGradImage(root, upstream, boxes, box_ind,
//                                              ops::Shape(root, image), DT_FLOAT);
//
// Boxes are [y1, x1, y2, x2] in normalized coordinates. Results are TensorFlow 2.21's bit for
// bit (GradImage: TF's deterministic order). Where TF crashes or reads out of bounds —
// non-finite boxes, wrong ranks hidden by empty boxes — the kernels return InvalidArgument;
// box_ind outside [0, batch) is OutOfRange, as in TF.
#ifndef MINITF_OPS_CROP_AND_RESIZE_CROP_AND_RESIZE_OPS_H_
#define MINITF_OPS_CROP_AND_RESIZE_CROP_AND_RESIZE_OPS_H_

#include "framework/op_wrapper.h"

namespace tensorflow {
namespace ops {

// crops [num_boxes, crop_height, crop_width, depth] (float) from image [batch, H, W, depth].
class CropAndResize {
 public:
  struct Attrs {
    // 'bilinear' (default) or 'nearest'.
    TF_MUST_USE_RESULT Attrs Method(StringPiece x) {
      Attrs ret = *this;
      ret.method_ = x;
      return ret;
    }
    // The value of samples outside the image. Defaults to 0.
    TF_MUST_USE_RESULT Attrs ExtrapolationValue(float x) {
      Attrs ret = *this;
      ret.extrapolation_value_ = x;
      return ret;
    }
    StringPiece method_ = "bilinear";
    float extrapolation_value_ = 0.0f;
  };
  CropAndResize(const ::tensorflow::Scope& scope, ::tensorflow::Input image,
                ::tensorflow::Input boxes, ::tensorflow::Input box_ind,
                ::tensorflow::Input crop_size)
      : CropAndResize(scope, image, boxes, box_ind, crop_size, Attrs()) {}
  CropAndResize(const ::tensorflow::Scope& scope, ::tensorflow::Input image,
                ::tensorflow::Input boxes, ::tensorflow::Input box_ind,
                ::tensorflow::Input crop_size, const CropAndResize::Attrs& attrs);
  operator ::tensorflow::Output() const { return crops; }
  operator ::tensorflow::Input() const { return crops; }
  ::tensorflow::Node* node() const { return crops.node(); }
  static Attrs Method(StringPiece x) { return Attrs().Method(x); }
  static Attrs ExtrapolationValue(float x) { return Attrs().ExtrapolationValue(x); }

  Operation operation;
  ::tensorflow::Output crops;
};

// The gradient w.r.t. the image: output [batch, H, W, depth] of type T (half, float, double).
class CropAndResizeGradImage {
 public:
  struct Attrs {
    // 'bilinear' (default) or 'nearest'.
    TF_MUST_USE_RESULT Attrs Method(StringPiece x) {
      Attrs ret = *this;
      ret.method_ = x;
      return ret;
    }
    StringPiece method_ = "bilinear";
  };
  CropAndResizeGradImage(const ::tensorflow::Scope& scope, ::tensorflow::Input grads,
                         ::tensorflow::Input boxes, ::tensorflow::Input box_ind,
                         ::tensorflow::Input image_size, DataType T)
      : CropAndResizeGradImage(scope, grads, boxes, box_ind, image_size, T, Attrs()) {}
  CropAndResizeGradImage(const ::tensorflow::Scope& scope, ::tensorflow::Input grads,
                         ::tensorflow::Input boxes, ::tensorflow::Input box_ind,
                         ::tensorflow::Input image_size, DataType T,
                         const CropAndResizeGradImage::Attrs& attrs);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }
  static Attrs Method(StringPiece x) { return Attrs().Method(x); }

  Operation operation;
  ::tensorflow::Output output;
};

// The gradient w.r.t. the boxes: output [num_boxes, 4] (float).
class CropAndResizeGradBoxes {
 public:
  struct Attrs {
    // Only 'bilinear' (the default).
    TF_MUST_USE_RESULT Attrs Method(StringPiece x) {
      Attrs ret = *this;
      ret.method_ = x;
      return ret;
    }
    StringPiece method_ = "bilinear";
  };
  CropAndResizeGradBoxes(const ::tensorflow::Scope& scope, ::tensorflow::Input grads,
                         ::tensorflow::Input image, ::tensorflow::Input boxes,
                         ::tensorflow::Input box_ind)
      : CropAndResizeGradBoxes(scope, grads, image, boxes, box_ind, Attrs()) {}
  CropAndResizeGradBoxes(const ::tensorflow::Scope& scope, ::tensorflow::Input grads,
                         ::tensorflow::Input image, ::tensorflow::Input boxes,
                         ::tensorflow::Input box_ind, const CropAndResizeGradBoxes::Attrs& attrs);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }
  static Attrs Method(StringPiece x) { return Attrs().Method(x); }

  Operation operation;
  ::tensorflow::Output output;
};

}  // namespace ops
}  // namespace tensorflow

#endif  // MINITF_OPS_CROP_AND_RESIZE_CROP_AND_RESIZE_OPS_H_
