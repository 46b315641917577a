// The element-moving loops the array family's kernels share: a strided gather (Transpose,
// Slice, StridedSlice, ReverseV2), its scatter (StridedSliceGrad), and the row split of
// Unpack/Split/SplitV. They only move elements, so every dtype keeps its bits.
#ifndef MINITF_OPS_ARRAY_INTERNAL_STRIDED_COPY_H_
#define MINITF_OPS_ARRAY_INTERNAL_STRIDED_COPY_H_
#include <algorithm>
#include <cstdint>
#include <vector>

#include "framework/op_kernel.h"

namespace tensorflow {
namespace array_internal {

// Elements per ParallelFor task for plain copies.
constexpr int64_t kCopyGrain = 32768;

inline std::vector<int64_t> Dims(const TensorShape& shape) {
  const auto d = shape.dim_sizes();
  return std::vector<int64_t>(d.begin(), d.end());
}

inline std::vector<int64_t> RowMajorStrides(const TensorShape& shape) {
  std::vector<int64_t> strides(shape.dims(), 1);
  for (int d = shape.dims() - 2; d >= 0; --d) strides[d] = strides[d + 1] * shape.dim_size(d + 1);
  return strides;
}

// The offset into a strided buffer of dense element `i` of a tensor of dims `dims`.
inline int64_t StridedOffset(int64_t i, int64_t offset, const std::vector<int64_t>& dims,
                             const std::vector<int64_t>& strides) {
  for (int d = static_cast<int>(dims.size()) - 1; d >= 0; --d) {
    offset += (i % dims[d]) * strides[d];
    i /= dims[d];
  }
  return offset;
}

// out[i] = in[offset + sum_d index_d(i) * in_strides[d]] for an output of dims `out_dims`
// (strides may be negative).
template <typename T>
void StridedCopy(OpKernelContext* ctx, const T* in, int64_t offset,
                 const std::vector<int64_t>& out_dims, const std::vector<int64_t>& in_strides,
                 T* out) {
  int64_t n = 1;
  for (int64_t d : out_dims) n *= d;
  if (n == 0) return;
  ctx->ParallelFor(n, kCopyGrain, [&](int64_t s, int64_t e) {
    for (int64_t i = s; i < e; ++i) out[i] = in[StridedOffset(i, offset, out_dims, in_strides)];
  });
}

// The reverse: out[offset + sum_d index_d(i) * out_strides[d]] = in[i]. Distinct i must reach
// distinct elements (true of every slice with non-zero strides).
template <typename T>
void StridedScatter(OpKernelContext* ctx, const T* in, const std::vector<int64_t>& in_dims,
                    int64_t offset, const std::vector<int64_t>& out_strides, T* out) {
  int64_t n = 1;
  for (int64_t d : in_dims) n *= d;
  if (n == 0) return;
  ctx->ParallelFor(n, kCopyGrain, [&](int64_t s, int64_t e) {
    for (int64_t i = s; i < e; ++i) out[StridedOffset(i, offset, in_dims, out_strides)] = in[i];
  });
}

// Splits `src`, viewed as `outer` rows of sum(widths) elements, into parts: part k gets
// `widths[k]` elements of every row (Unpack, Split, SplitV).
template <typename T>
void SplitRows(const T* src, int64_t outer, const std::vector<int64_t>& widths,
               const std::vector<T*>& parts) {
  int64_t row = 0;
  for (int64_t w : widths) row += w;
  int64_t start = 0;
  for (size_t k = 0; k < parts.size(); ++k) {
    for (int64_t r = 0; r < outer; ++r) {
      const T* from = src + r * row + start;
      std::copy(from, from + widths[k], parts[k] + r * widths[k]);
    }
    start += widths[k];
  }
}

}  // namespace array_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_ARRAY_INTERNAL_STRIDED_COPY_H_
