// CPU kernels of the NonMaxSuppression ops (nms_ops.cc; CombinedNonMaxSuppression:
// combined_nms_kernel.cc) with TF 2.21's checks, texts and
// arithmetic: IOU in float from the boxes' corners in any order (0 when either box has no
// area); candidates above score_threshold taken by score, ties by lower index; a candidate is
// compared with the boxes selected since it was last looked at, newest first. Hard NMS drops it
// past iou_threshold; soft NMS (V5, sigma > 0) scales its score by exp(-0.5 / sigma * iou^2) in
// T and re-queues it while it stays above score_threshold. Thresholds and scores compare in T
// (half for half boxes), as TF's.
#include <cmath>
#include <deque>
#include <limits>
#include <queue>
#include <vector>

#include "framework/op_kernel.h"
#include "ops/image/internal/nms_shared.h"

namespace tensorflow {
namespace {

using image_internal::CheckScalar;
using image_internal::Iou;

struct NmsOptions {
  bool scores_output = false;  // V5's selected_scores
  bool pad = false;            // pad_to_max_output_size
  int valid_output = -1;       // the output index of valid_outputs, or -1
};

// The IOU of two rows of a [num_boxes, 4] boxes tensor.
template <typename T>
auto BoxIou(const Tensor& boxes) {
  const T* b = boxes.flat<T>().data();
  return [b](int i, int j) { return Iou(b, i, j); };
}

// TF's DoNonMaxSuppressionOp: selects, then writes the outputs. `similarity(i, j)` is the
// float overlap of boxes i and j (their IOU, or NonMaxSuppressionWithOverlaps' matrix).
template <typename T, typename Similarity>
void SelectBoxes(OpKernelContext* ctx, int num_boxes, T iou_threshold, T score_threshold, T sigma,
                 const NmsOptions& options, const Similarity& similarity) {
  const int output_size = ctx->input(2).scalar<int32_t>()();
  OP_REQUIRES(ctx, output_size >= 0, errors::InvalidArgument("output size must be non-negative"));
  const T* scores = ctx->input(1).flat<T>().data();
  struct Candidate {
    int box_index;
    T score;
    int suppress_begin_index;
  };
  auto lower = [](const Candidate& a, const Candidate& b) {
    return (a.score == b.score && a.box_index > b.box_index) || a.score < b.score;
  };
  std::priority_queue<Candidate, std::deque<Candidate>, decltype(lower)> queue(lower);
  for (int i = 0; i < num_boxes; ++i) {
    if (scores[i] > score_threshold) queue.push(Candidate{i, scores[i], 0});
  }
  const bool soft = sigma > static_cast<T>(0.0f);
  const T scale = soft ? static_cast<T>(-0.5f) / sigma : static_cast<T>(0.0f);
  auto weight = [&](T sim) {
    const T w = static_cast<T>(std::exp(static_cast<float>(scale * sim * sim)));
    return soft || sim <= iou_threshold ? w : static_cast<T>(0.0f);
  };
  std::vector<int> selected;
  std::vector<T> selected_scores;
  while (static_cast<int>(selected.size()) < output_size && !queue.empty()) {
    Candidate next = queue.top();
    const T original = next.score;
    queue.pop();
    bool hard_suppress = false;
    for (int j = static_cast<int>(selected.size()) - 1; j >= next.suppress_begin_index; --j) {
      const T sim = static_cast<T>(similarity(next.box_index, selected[j]));
      next.score = next.score * weight(sim);
      if (!soft && sim > iou_threshold) {
        hard_suppress = true;
        break;
      }
      if (next.score <= score_threshold) break;
    }
    next.suppress_begin_index = static_cast<int>(selected.size());
    if (hard_suppress) continue;
    if (next.score == original) {
      selected.push_back(next.box_index);
      selected_scores.push_back(next.score);
    } else if (next.score > score_threshold) {
      queue.push(next);
    }
  }
  const int valid = static_cast<int>(selected.size());
  if (options.pad) {
    selected.resize(output_size, 0);
    selected_scores.resize(output_size, static_cast<T>(0.0f));
  }
  const TensorShape shape({static_cast<int64_t>(selected.size())});
  Tensor* indices = nullptr;
  OP_REQUIRES_OK(ctx, ctx->allocate_output(0, shape, &indices));
  std::copy(selected.begin(), selected.end(), indices->flat<int32_t>().data());
  if (options.scores_output) {
    Tensor* out_scores = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(1, shape, &out_scores));
    std::copy(selected_scores.begin(), selected_scores.end(), out_scores->flat<T>().data());
  }
  if (options.valid_output >= 0) {
    Tensor* count = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(options.valid_output, TensorShape({}), &count));
    count->scalar<int32_t>()() = valid;
  }
}

// A scalar input as T (TF's GetScalar: the thresholds may be float or half).
template <typename T>
T ScalarAs(const Tensor& t) {
  return t.dtype() == DT_HALF ? static_cast<T>(t.scalar<Eigen::half>()())
                              : static_cast<T>(t.scalar<float>()());
}

Status CheckIouThreshold(bool in_range) {
  return in_range ? OkStatus() : errors::InvalidArgument("iou_threshold must be in [0, 1]");
}

// TF's CheckScoreSizes: scores [num_boxes].
Status CheckScores(const Tensor& scores, int num_boxes) {
  if (scores.dims() != 1) {
    return errors::InvalidArgument("scores must be 1-D", scores.shape().DebugString(),
                                   " (Shape must be rank 1 but is rank ", scores.dims(), ")");
  }
  if (scores.dim_size(0) != num_boxes) {
    return errors::InvalidArgument(
        "scores has incompatible shape (Dimensions must be equal, but are ", num_boxes, " and ",
        scores.dim_size(0), ")");
  }
  return OkStatus();
}

// TF's ParseAndCheckBoxSizes and CheckScoreSizes.
Status CheckBoxesAndScores(OpKernelContext* ctx, int* num_boxes) {
  const Tensor& boxes = ctx->input(0);
  const Tensor& scores = ctx->input(1);
  if (boxes.dims() != 2) {
    return errors::InvalidArgument("boxes must be 2-D", boxes.shape().DebugString(),
                                   " (Shape must be rank 2 but is rank ", boxes.dims(), ")");
  }
  *num_boxes = static_cast<int>(boxes.dim_size(0));
  if (boxes.dim_size(1) != 4) {
    return errors::InvalidArgument("boxes must have 4 columns (Dimension must be 4 but is ",
                                   boxes.dim_size(1), ")");
  }
  return CheckScores(scores, *num_boxes);
}

class NonMaxSuppressionOp : public OpKernel {
 public:
  explicit NonMaxSuppressionOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("iou_threshold", &iou_threshold_));
  }
  void Compute(OpKernelContext* ctx) override {
    OP_REQUIRES_OK(ctx, CheckScalar(ctx, 2, "max_output_size"));
    OP_REQUIRES_OK(ctx, CheckIouThreshold(iou_threshold_ >= 0 && iou_threshold_ <= 1));
    int num_boxes = 0;
    OP_REQUIRES_OK(ctx, CheckBoxesAndScores(ctx, &num_boxes));
    SelectBoxes<float>(ctx, num_boxes, iou_threshold_, std::numeric_limits<float>::lowest(), 0.0f,
                       NmsOptions(), BoxIou<float>(ctx->input(0)));
  }

 private:
  float iou_threshold_ = 0.5f;
};

// V2 to V5: `version` says which inputs, outputs and texts.
template <typename T, int version>
class NonMaxSuppressionVOp : public OpKernel {
 public:
  explicit NonMaxSuppressionVOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    if (version >= 4) OP_REQUIRES_OK(ctx, ctx->GetAttr("pad_to_max_output_size", &pad_));
  }
  void Compute(OpKernelContext* ctx) override {
    const bool v3 = version == 3;
    OP_REQUIRES_OK(ctx, CheckScalar(ctx, 2, "max_output_size", v3));
    OP_REQUIRES_OK(ctx, CheckScalar(ctx, 3, "iou_threshold", v3));
    const T iou = ScalarAs<T>(ctx->input(3));
    const T zero = static_cast<T>(0.0f), one = static_cast<T>(1.0f);
    OP_REQUIRES_OK(ctx, CheckIouThreshold(iou >= zero && iou <= one));
    T score_threshold = std::numeric_limits<T>::lowest();
    if (version >= 3) {
      OP_REQUIRES_OK(ctx, CheckScalar(ctx, 4, "score_threshold"));
      score_threshold = ScalarAs<T>(ctx->input(4));
    }
    T sigma = zero;
    if (version == 5) {
      OP_REQUIRES_OK(ctx, CheckScalar(ctx, 5, "soft_nms_sigma"));
      sigma = ScalarAs<T>(ctx->input(5));
      OP_REQUIRES(ctx, sigma >= zero, errors::InvalidArgument("soft_nms_sigma_val must be >= 0"));
    }
    int num_boxes = 0;
    OP_REQUIRES_OK(ctx, CheckBoxesAndScores(ctx, &num_boxes));
    NmsOptions options;
    options.pad = pad_;
    options.scores_output = version == 5;
    options.valid_output = version == 4 ? 1 : version == 5 ? 2 : -1;
    SelectBoxes<T>(ctx, num_boxes, iou, score_threshold, sigma, options, BoxIou<T>(ctx->input(0)));
  }

 private:
  bool pad_ = false;
};

// Hard NMS over a given [num_boxes, num_boxes] overlap matrix instead of IOUs (no range check
// on the threshold, as TF's).
class NonMaxSuppressionWithOverlapsOp : public OpKernel {
 public:
  explicit NonMaxSuppressionWithOverlapsOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    OP_REQUIRES_OK(ctx, CheckScalar(ctx, 2, "max_output_size"));
    OP_REQUIRES_OK(ctx, CheckScalar(ctx, 3, "overlap_threshold"));
    const float overlap_threshold = ctx->input(3).scalar<float>()();
    OP_REQUIRES_OK(ctx, CheckScalar(ctx, 4, "score_threshold"));
    const float score_threshold = ctx->input(4).scalar<float>()();
    const Tensor& overlaps = ctx->input(0);
    OP_REQUIRES(ctx, overlaps.dims() == 2,
                errors::InvalidArgument("overlaps must be 2-D", overlaps.shape().DebugString()));
    const int num_boxes = static_cast<int>(overlaps.dim_size(0));
    OP_REQUIRES(ctx, overlaps.dim_size(1) == num_boxes,
                errors::InvalidArgument("overlaps must be square", overlaps.shape().DebugString()));
    OP_REQUIRES_OK(ctx, CheckScores(ctx->input(1), num_boxes));
    const float* o = overlaps.flat<float>().data();
    const int64_t n = num_boxes;
    SelectBoxes<float>(ctx, num_boxes, overlap_threshold, score_threshold, 0.0f, NmsOptions(),
                       [o, n](int i, int j) { return o[i * n + j]; });
  }
};

REGISTER_KERNEL_BUILDER(Name("NonMaxSuppressionWithOverlaps").Device(DEVICE_CPU),
                        NonMaxSuppressionWithOverlapsOp);
REGISTER_KERNEL_BUILDER(Name("NonMaxSuppression").Device(DEVICE_CPU), NonMaxSuppressionOp);
#define MINITF_REGISTER_NMS(T)                                                                   \
  REGISTER_KERNEL_BUILDER(Name("NonMaxSuppressionV2").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (NonMaxSuppressionVOp<T, 2>));                                         \
  REGISTER_KERNEL_BUILDER(Name("NonMaxSuppressionV3").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (NonMaxSuppressionVOp<T, 3>));                                         \
  REGISTER_KERNEL_BUILDER(Name("NonMaxSuppressionV4").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (NonMaxSuppressionVOp<T, 4>));                                         \
  REGISTER_KERNEL_BUILDER(Name("NonMaxSuppressionV5").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (NonMaxSuppressionVOp<T, 5>));
MINITF_REGISTER_NMS(float)
MINITF_REGISTER_NMS(Eigen::half)
#undef MINITF_REGISTER_NMS

}  // namespace
}  // namespace tensorflow
