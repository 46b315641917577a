// CPU kernel of CombinedNonMaxSuppression (nms_ops.cc), TF 2.21's checks, texts and selection:
//  - per image and class, hard NMS of the class's scores above score_threshold (taken from a
//    std::priority_queue on score alone, as TF's, so equal scores come out in the same order),
//    at most min(max_output_size_per_class, num_boxes) per class, each into its slot of a
//    per-image array of size_per_class * num_classes candidates (empty slots: score -1);
//  - the array std::sort-ed by score, descending (TF's unstable sort, placeholders included),
//    the first max_total_size (or, with pad_per_class, min(max_total_size,
//    max_output_size_per_class * num_classes)) real candidates kept, boxes clipped to [0, 1]
//    with clip_boxes, classes as floats, the rest zero.
// Where TF would crash (a scalar boxes or scores, an output size whose int arithmetic wraps
// negative) it returns an error; outputs are allocated before the work, so a max_total_size
// too large for memory is a ResourceExhausted rather than an abort.
#include <algorithm>
#include <cstdint>
#include <queue>
#include <vector>

#include "framework/op_kernel.h"
#include "ops/image/internal/nms_shared.h"

namespace tensorflow {
namespace {

struct ResultCandidate {
  int box_index;
  float score;
  int class_idx;
  float box[4];
};

// TF's DoNMSPerClass: class `c` of one image into its slots of `out`.
void NmsForClass(int c, const float* boxes, const float* scores, int num_boxes, int q,
                 int num_classes, int size_per_class, float score_threshold, float iou_threshold,
                 ResultCandidate* out) {
  struct Candidate {
    int box_index;
    float score;
  };
  auto lower = [](const Candidate a, const Candidate b) { return a.score < b.score; };
  std::priority_queue<Candidate, std::vector<Candidate>, decltype(lower)> queue(lower);
  for (int i = 0; i < num_boxes; ++i) {
    const float s = scores[static_cast<int64_t>(i) * num_classes + c];
    if (s > score_threshold) queue.emplace(Candidate{i, s});
  }
  const int class_box = q > 1 ? c : 0;
  std::vector<int> selected;
  while (static_cast<int>(selected.size()) < size_per_class && !queue.empty()) {
    const Candidate next = queue.top();
    queue.pop();
    const int row = next.box_index * q + class_box;
    bool keep = true;
    for (int j = static_cast<int>(selected.size()) - 1; j >= 0; --j) {
      if (image_internal::Iou(boxes, row, selected[j] * q + class_box) > iou_threshold) {
        keep = false;
        break;
      }
    }
    if (!keep) continue;
    const float* b = boxes + static_cast<int64_t>(row) * 4;
    out[selected.size() + static_cast<size_t>(size_per_class) * c] =
        ResultCandidate{next.box_index, next.score, c, {b[0], b[1], b[2], b[3]}};
    selected.push_back(next.box_index);
  }
}

class CombinedNonMaxSuppressionOp : public OpKernel {
 public:
  explicit CombinedNonMaxSuppressionOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("pad_per_class", &pad_per_class_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("clip_boxes", &clip_boxes_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& boxes = ctx->input(0);
    const Tensor& scores = ctx->input(1);
    // TF reads dimension 0 of both (and 2 of scores) before checking ranks: a scalar crashes it.
    OP_REQUIRES(ctx, boxes.dims() > 0,
                errors::InvalidArgument("boxes must be 4-D", boxes.shape().DebugString()));
    OP_REQUIRES(ctx, scores.dims() > 0,
                errors::InvalidArgument("scores must be 3-D", scores.shape().DebugString()));
    OP_REQUIRES(ctx, boxes.dim_size(0) == scores.dim_size(0),
                errors::InvalidArgument("boxes and scores must have same batch size"));
    OP_REQUIRES_OK(ctx, image_internal::CheckScalar(ctx, 2, "max_size_per_class"));
    const int max_size_per_class = ctx->input(2).scalar<int32_t>()();
    OP_REQUIRES(ctx, max_size_per_class > 0,
                errors::InvalidArgument("max_size_per_class must be positive"));
    OP_REQUIRES_OK(ctx, image_internal::CheckScalar(ctx, 3, "max_total_size"));
    const int max_total_size = ctx->input(3).scalar<int32_t>()();
    OP_REQUIRES(ctx, max_total_size > 0, errors::InvalidArgument("max_total_size must be > 0"));
    OP_REQUIRES_OK(ctx, image_internal::CheckScalar(ctx, 4, "iou_threshold"));
    const float iou_threshold = ctx->input(4).scalar<float>()();
    OP_REQUIRES_OK(ctx, image_internal::CheckScalar(ctx, 5, "score_threshold"));
    const float score_threshold = ctx->input(5).scalar<float>()();
    OP_REQUIRES(ctx, iou_threshold >= 0 && iou_threshold <= 1,
                errors::InvalidArgument("iou_threshold must be in [0, 1]"));
    OP_REQUIRES(ctx, scores.dims() == 3,
                errors::InvalidArgument("scores must be 3-D", scores.shape().DebugString()));
    const int64_t num_classes = scores.dim_size(2);
    OP_REQUIRES(ctx, boxes.dims() == 4,
                errors::InvalidArgument("boxes must be 4-D", boxes.shape().DebugString()));
    OP_REQUIRES(
        ctx, boxes.dim_size(2) == 1 || boxes.dim_size(2) == num_classes,
        errors::InvalidArgument("third dimension of boxes must be either 1 or num classes"));
    const int64_t num_boxes = boxes.dim_size(1);
    OP_REQUIRES(ctx, boxes.dim_size(3) == 4, errors::InvalidArgument("boxes must have 4 columns"));
    OP_REQUIRES(ctx, scores.dim_size(1) == num_boxes,
                errors::InvalidArgument("scores has incompatible shape"));

    const int64_t batches = boxes.dim_size(0);
    const int q = static_cast<int>(boxes.dim_size(2));
    // TF's int arithmetic: max_size_per_class * num_classes wraps as its compiled code does.
    int per_batch = max_total_size;
    if (pad_per_class_) {
      const auto product = static_cast<int32_t>(static_cast<uint32_t>(max_size_per_class) *
                                                static_cast<uint32_t>(num_classes));
      per_batch = std::min(max_total_size, product);
    }
    OP_REQUIRES(
        ctx, per_batch >= 0,
        errors::InvalidArgument("max_output_size_per_class * num_classes (", max_size_per_class,
                                " * ", num_classes, ") overflows int32"));
    Tensor *out_boxes = nullptr, *out_scores = nullptr, *out_classes = nullptr, *valid = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(3, TensorShape({batches}), &valid));
    TensorShape boxes_shape, scores_shape;
    for (int64_t d : {batches, int64_t{per_batch}}) {
      OP_REQUIRES_OK(ctx, boxes_shape.AddDimWithStatus(d));
      OP_REQUIRES_OK(ctx, scores_shape.AddDimWithStatus(d));
    }
    OP_REQUIRES_OK(ctx, boxes_shape.AddDimWithStatus(4));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, boxes_shape, &out_boxes));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(1, scores_shape, &out_scores));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(2, scores_shape, &out_classes));
    float* ob = out_boxes->flat<float>().data();
    float* os = out_scores->flat<float>().data();
    float* oc = out_classes->flat<float>().data();
    int32_t* ov = valid->flat<int32_t>().data();
    std::fill_n(ob, out_boxes->NumElements(), 0.0f);
    std::fill_n(os, out_scores->NumElements(), 0.0f);
    std::fill_n(oc, out_classes->NumElements(), 0.0f);
    if (batches == 0) return;

    const int size_per_class = static_cast<int>(std::min<int64_t>(max_size_per_class, num_boxes));
    const size_t slots = static_cast<size_t>(size_per_class) * num_classes;
    const float* all_boxes = boxes.flat<float>().data();
    const float* all_scores = scores.flat<float>().data();
    const int64_t boxes_per_batch = num_boxes * q * 4, scores_per_batch = num_boxes * num_classes;
    // Images are independent; each is computed whole by one thread (the same result at any
    // thread count).
    ctx->ParallelFor(batches, 1, [&](int64_t begin, int64_t end) {
      std::vector<ResultCandidate> candidates;
      for (int64_t b = begin; b < end; ++b) {
        candidates.assign(slots, ResultCandidate{-1, -1.0f, -1, {0.0f, 0.0f, 0.0f, 0.0f}});
        for (int64_t c = 0; c < num_classes; ++c) {
          NmsForClass(static_cast<int>(c), all_boxes + boxes_per_batch * b,
                      all_scores + scores_per_batch * b, static_cast<int>(num_boxes), q,
                      static_cast<int>(num_classes), size_per_class, score_threshold, iou_threshold,
                      candidates.data());
        }
        std::sort(
            candidates.begin(), candidates.end(),
            [](const ResultCandidate a, const ResultCandidate b) { return a.score > b.score; });
        const int real = static_cast<int>(
            std::count_if(candidates.begin(), candidates.end(),
                          [](const ResultCandidate& rc) { return rc.box_index > -1; }));
        const int detections = std::min(real, pad_per_class_ ? per_batch : max_total_size);
        ov[b] = detections;
        // TF copies the first `detections` entries of the sorted array (placeholders sorted
        // among them included) into an array padded with zeros to per_batch.
        const int taken = std::min<int>(detections, static_cast<int>(candidates.size()));
        for (int k = 0; k < taken && k < per_batch; ++k) {
          const ResultCandidate& rc = candidates[k];
          float* box = ob + (b * per_batch + k) * 4;
          for (int e = 0; e < 4; ++e) {
            box[e] = clip_boxes_ ? std::max(std::min(rc.box[e], 1.0f), 0.0f) : rc.box[e];
          }
          os[b * per_batch + k] = rc.score;
          oc[b * per_batch + k] = static_cast<float>(rc.class_idx);
        }
      }
    });
  }

 private:
  bool pad_per_class_ = false;
  bool clip_boxes_ = true;
};

REGISTER_KERNEL_BUILDER(Name("CombinedNonMaxSuppression").Device(DEVICE_CPU),
                        CombinedNonMaxSuppressionOp);

}  // namespace
}  // namespace tensorflow
