// minitf: what the NMS kernels (nms_kernels.cc, combined_nms_kernel.cc) share: TF's
// intersection over union of two [y1, x1, y2, x2] boxes — in float, corners in either order,
// 0 when either box has no area — and TF's scalar-input check.
#ifndef MINITF_OPS_IMAGE_INTERNAL_NMS_SHARED_H_
#define MINITF_OPS_IMAGE_INTERNAL_NMS_SHARED_H_

#include <algorithm>

#include "framework/op_kernel.h"

namespace tensorflow {
namespace image_internal {

// The IOU of boxes (rows) i and j of `b`, 4 values per row.
template <typename T>
float Iou(const T* b, int i, int j) {
  auto at = [b](int r, int c) { return static_cast<float>(b[r * 4 + c]); };
  const float ymin_i = std::min(at(i, 0), at(i, 2)), xmin_i = std::min(at(i, 1), at(i, 3));
  const float ymax_i = std::max(at(i, 0), at(i, 2)), xmax_i = std::max(at(i, 1), at(i, 3));
  const float ymin_j = std::min(at(j, 0), at(j, 2)), xmin_j = std::min(at(j, 1), at(j, 3));
  const float ymax_j = std::max(at(j, 0), at(j, 2)), xmax_j = std::max(at(j, 1), at(j, 3));
  const float area_i = (ymax_i - ymin_i) * (xmax_i - xmin_i);
  const float area_j = (ymax_j - ymin_j) * (xmax_j - xmin_j);
  if (area_i <= 0 || area_j <= 0) return 0.0f;
  const float iy = std::max(std::min(ymax_i, ymax_j) - std::max(ymin_i, ymin_j), 0.0f);
  const float ix = std::max(std::min(xmax_i, xmax_j) - std::max(xmin_i, xmin_j), 0.0f);
  const float intersection = iy * ix;
  return intersection / (area_i + area_j - intersection);
}

// Input `i` must be a scalar: TF's "<name> must be 0-D, got shape [2]" (+ V3's rank note).
inline Status CheckScalar(OpKernelContext* ctx, int i, const char* name, bool rank_note = false) {
  const Tensor& t = ctx->input(i);
  if (t.dims() == 0) return OkStatus();
  if (rank_note) {
    return errors::InvalidArgument(name, " must be 0-D, got shape ", t.shape().DebugString(),
                                   " (Shape must be rank 0 but is rank ", t.dims(), ")");
  }
  return errors::InvalidArgument(name, " must be 0-D, got shape ", t.shape().DebugString());
}

}  // namespace image_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_IMAGE_INTERNAL_NMS_SHARED_H_
