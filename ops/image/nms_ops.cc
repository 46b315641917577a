// Non-maximum suppression (tensorflow/cc/ops/image_ops.h): NonMaxSuppression (iou_threshold an
// attr), V2 (a tensor), V3 (and score_threshold), V4 (pad_to_max_output_size, valid_outputs)
// and V5 (soft_nms_sigma, selected_scores), NonMaxSuppressionWithOverlaps (a given overlap
// matrix) and CombinedNonMaxSuppression (per class, then across classes, batched), with TF
// 2.21's definitions and shape functions. Kernels: nms_kernels.cc, combined_nms_kernel.cc;
// TF's C++ registers V1-V5 NotDifferentiable (image_grad.cc) and no gradient for the other two.
//
//   auto keep = ops::NonMaxSuppressionV3(root, boxes, scores, 10, 0.5f, 0.1f);
#include <algorithm>

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

// A scalar int input read as a dimension: its value when known at graph time (TF's
// MakeDimForScalarInput: negative is an error), else -1.
Status ScalarDim(InferenceContext* c, int i, int64_t* dim) {
  *dim = -1;
  if (const Tensor* t = c->input_tensor(i)) {
    *dim = tensor::IntValues(*t)[0];
    if (*dim < 0) {
      return errors::InvalidArgument("Dimension size, given by scalar input ", i,
                                     ", must be non-negative but is ", *dim);
    }
  }
  return OkStatus();
}

// TF's CombinedNMSShapeFn: boxes [batch, num_boxes, q, 4], scores [batch, num_boxes, classes],
// four scalars; outputs [batch, size, 4], [batch, size] twice, [batch].
Status CombinedNmsShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 4));
  TF_RETURN_IF_ERROR(c->WithRank(1, 3));
  for (int i = 2; i < 6; ++i) TF_RETURN_IF_ERROR(c->WithRank(i, 0));
  const PartialTensorShape& boxes = c->input(0);
  const PartialTensorShape& scores = c->input(1);
  auto dim = [](const PartialTensorShape& s, int d) {
    return s.unknown_rank() ? -1 : s.dim_size(d);
  };
  int64_t unused;
  TF_RETURN_IF_ERROR(InferenceContext::MergeDim(dim(boxes, 0), dim(scores, 0), &unused));
  TF_RETURN_IF_ERROR(InferenceContext::MergeDim(dim(boxes, 1), dim(scores, 1), &unused));
  if (dim(boxes, 3) >= 0 && dim(boxes, 3) != 4) {
    return errors::InvalidArgument("Dimension must be 4 but is ", dim(boxes, 3));
  }
  const int64_t q = dim(boxes, 2), classes = dim(scores, 2);
  if (q >= 0 && classes >= 0 && q != 1 && q != classes) {
    return errors::InvalidArgument(
        "third dimension of boxes must be either 1 or equal to the third dimension of scores");
  }
  int64_t total = -1, per_class = -1;
  TF_RETURN_IF_ERROR(ScalarDim(c, 3, &total));
  if (c->input_tensor(3) != nullptr && total <= 0) {
    return errors::InvalidArgument("max_total_size should be > 0 ");
  }
  TF_RETURN_IF_ERROR(ScalarDim(c, 2, &per_class));
  bool pad_per_class = false;
  TF_RETURN_IF_ERROR(c->GetAttr("pad_per_class", &pad_per_class));
  int64_t size = total;
  if (pad_per_class) {
    if (c->input_tensor(2) != nullptr && per_class <= 0) {
      return errors::InvalidArgument(
          "max_output_size_per_class must be > 0 if pad_per_class is set to true ");
    }
    size = -1;
    if (per_class >= 0 && classes >= 0) size = std::min(total, per_class * classes);
  }
  const int64_t batch = dim(boxes, 0) >= 0 ? dim(boxes, 0) : dim(scores, 0);
  c->set_output(0, PartialTensorShape({batch, size, 4}));
  c->set_output(1, PartialTensorShape({batch, size}));
  c->set_output(2, PartialTensorShape({batch, size}));
  c->set_output(3, PartialTensorShape({batch}));
  return OkStatus();
}

// NonMaxSuppressionWithOverlaps: a square overlaps matrix as long as scores, three scalars.
Status OverlapsNmsShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 2));
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  for (int i = 2; i < 5; ++i) TF_RETURN_IF_ERROR(c->WithRank(i, 0));
  const PartialTensorShape& overlaps = c->input(0);
  const PartialTensorShape& scores = c->input(1);
  if (!overlaps.unknown_rank()) {
    int64_t unused;
    if (!scores.unknown_rank()) {
      TF_RETURN_IF_ERROR(
          InferenceContext::MergeDim(overlaps.dim_size(0), scores.dim_size(0), &unused));
    }
    TF_RETURN_IF_ERROR(
        InferenceContext::MergeDim(overlaps.dim_size(0), overlaps.dim_size(1), &unused));
  }
  c->set_output(0, PartialTensorShape({-1}));
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

REGISTER_OP("NonMaxSuppressionWithOverlaps")
    .Input("overlaps: float")
    .Input("scores: float")
    .Input("max_output_size: int32")
    .Input("overlap_threshold: float")
    .Input("score_threshold: float")
    .Output("selected_indices: int32")
    .SetShapeFn(OverlapsNmsShape)
    .Summary(kSummary)
    .CcHeader("image_ops");

REGISTER_OP("CombinedNonMaxSuppression")
    .Input("boxes: float")
    .Input("scores: float")
    .Input("max_output_size_per_class: int32")
    .Input("max_total_size: int32")
    .Input("iou_threshold: float")
    .Input("score_threshold: float")
    .Output("nmsed_boxes: float")
    .Output("nmsed_scores: float")
    .Output("nmsed_classes: float")
    .Output("valid_detections: int32")
    .Attr("pad_per_class: bool = false")
    .Attr("clip_boxes: bool = true")
    .SetShapeFn(CombinedNmsShape)
    .Summary(
        "Greedily selects a subset of bounding boxes per class and image, then the best "
        "across classes.")
    .CcHeader("image_ops");

}  // namespace tensorflow
