// Non-maximum suppression (tensorflow/cc/ops/image_ops.h): NonMaxSuppression (iou_threshold an
// attr), V2 (a tensor), V3 (and score_threshold), V4 (pad_to_max_output_size, valid_outputs)
// and V5 (soft_nms_sigma, selected_scores), with TF 2.21's definitions and shape functions.
// Kernels: nms_kernels.cc; TF's C++ registers them NotDifferentiable (image_grad.cc).
//
//   auto keep = ops::NonMaxSuppressionV3(root, boxes, scores, 10, 0.5f, 0.1f);
#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {
namespace {

using shape_inference::InferenceContext;

// boxes [num_boxes, 4], scores [num_boxes], then `scalars` scalar inputs from input 2 on;
// output 0 a vector of unknown length (TF's NMSShapeFn and its variants).
Status NmsShape(InferenceContext* c, int scalars) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 2));
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  for (int i = 2; i < 2 + scalars; ++i) TF_RETURN_IF_ERROR(c->WithRank(i, 0));
  const PartialTensorShape& boxes = c->input(0);
  const PartialTensorShape& scores = c->input(1);
  if (!boxes.unknown_rank() && !scores.unknown_rank()) {
    int64_t unused;
    TF_RETURN_IF_ERROR(InferenceContext::MergeDim(boxes.dim_size(0), scores.dim_size(0), &unused));
  }
  if (!boxes.unknown_rank() && boxes.dim_size(1) >= 0 && boxes.dim_size(1) != 4) {
    return errors::InvalidArgument("Dimension must be 4 but is ", boxes.dim_size(1));
  }
  c->set_output(0, PartialTensorShape({-1}));
  return OkStatus();
}

// With pad_to_max_output_size, outputs 0..last_padded are [max_output_size] (input 2, when
// known); the last output is the scalar valid_outputs.
Status PaddedNmsShape(InferenceContext* c, int scalars, int last_padded) {
  TF_RETURN_IF_ERROR(NmsShape(c, scalars));
  bool pad = false;
  TF_RETURN_IF_ERROR(c->GetAttr("pad_to_max_output_size", &pad));
  if (last_padded > 0) c->set_output(1, PartialTensorShape({-1}));
  if (pad) {
    int64_t size = -1;
    if (const Tensor* t = c->input_tensor(2)) {
      size = tensor::IntValues(*t)[0];
      if (size < 0) {
        return errors::InvalidArgument(
            "Dimension size, given by scalar input 2, must be non-negative but is ", size);
      }
    }
    for (int o = 0; o <= last_padded; ++o) c->set_output(o, PartialTensorShape({size}));
  }
  c->set_output(c->num_outputs() - 1, PartialTensorShape({}));
  return OkStatus();
}

constexpr const char* kSummary =
    "Greedily selects a subset of bounding boxes in descending order of score,";

}  // namespace

REGISTER_OP("NonMaxSuppression")
    .Input("boxes: float")
    .Input("scores: float")
    .Input("max_output_size: int32")
    .Output("selected_indices: int32")
    .Attr("iou_threshold: float = 0.5")
    .SetShapeFn([](InferenceContext* c) { return NmsShape(c, 1); })
    .Summary(kSummary)
    .CcHeader("image_ops");

REGISTER_OP("NonMaxSuppressionV2")
    .Input("boxes: T")
    .Input("scores: T")
    .Input("max_output_size: int32")
    .Input("iou_threshold: T_threshold")
    .Output("selected_indices: int32")
    .Attr("T: {half, float} = DT_FLOAT")
    .Attr("T_threshold: {half, float} = DT_FLOAT")
    .SetShapeFn([](InferenceContext* c) { return NmsShape(c, 2); })
    .Summary(kSummary)
    .CcHeader("image_ops");

// V3's and V4's inputs and type attrs.
#define MINITF_NMS_V3_SIGNATURE              \
  Input("boxes: T")                          \
      .Input("scores: T")                    \
      .Input("max_output_size: int32")       \
      .Input("iou_threshold: T_threshold")   \
      .Input("score_threshold: T_threshold") \
      .Output("selected_indices: int32")     \
      .Attr("T: {half, float} = DT_FLOAT")   \
      .Attr("T_threshold: {half, float} = DT_FLOAT")

REGISTER_OP("NonMaxSuppressionV3")
    .MINITF_NMS_V3_SIGNATURE.SetShapeFn([](InferenceContext* c) { return NmsShape(c, 3); })
    .Summary(kSummary)
    .CcHeader("image_ops");

REGISTER_OP("NonMaxSuppressionV4")
    .MINITF_NMS_V3_SIGNATURE.Output("valid_outputs: int32")
    .Attr("pad_to_max_output_size: bool = false")
    .SetShapeFn([](InferenceContext* c) { return PaddedNmsShape(c, 3, 0); })
    .Summary(kSummary)
    .CcHeader("image_ops");

REGISTER_OP("NonMaxSuppressionV5")
    .Input("boxes: T")
    .Input("scores: T")
    .Input("max_output_size: int32")
    .Input("iou_threshold: T")
    .Input("score_threshold: T")
    .Input("soft_nms_sigma: T")
    .Output("selected_indices: int32")
    .Output("selected_scores: T")
    .Output("valid_outputs: int32")
    .Attr("T: {half, float} = DT_FLOAT")
    .Attr("pad_to_max_output_size: bool = false")
    .SetShapeFn([](InferenceContext* c) { return PaddedNmsShape(c, 4, 1); })
    .Summary(kSummary)
    .CcHeader("image_ops");

#undef MINITF_NMS_V3_SIGNATURE

}  // namespace tensorflow
