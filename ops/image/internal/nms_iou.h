// minitf: TF's intersection over union of two [y1, x1, y2, x2] boxes, as its NMS kernels
// compute it — in float, corners in either order, 0 when either box has no area. Shared by
// nms_kernels.cc and combined_nms_kernel.cc.
#ifndef MINITF_OPS_IMAGE_INTERNAL_NMS_IOU_H_
#define MINITF_OPS_IMAGE_INTERNAL_NMS_IOU_H_

#include <algorithm>

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

}  // namespace image_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_IMAGE_INTERNAL_NMS_IOU_H_
