// minitf: small helpers TF kernels include from tensorflow/core/framework/ops_util.h (and
// kernels/ops_util.h): whether a tensor's rows or a dimension-0 slice keep minitf's 64-byte
// buffer alignment, and row-major strides of a shape.
//
//   auto strides = ComputeStride<int64_t>(TensorShape({2, 3, 4}));   // {12, 4, 1}
#ifndef MINITF_FRAMEWORK_OPS_UTIL_H_
#define MINITF_FRAMEWORK_OPS_UTIL_H_

#include <cstdint>

#include "framework/tensor.h"
#include "framework/tensor_shape.h"
#include "framework/types.h"

namespace tensorflow {

// True when every dimension-0 row of a tensor of `s` starts on a buffer-aligned address.
template <typename T>
bool IsInnerDimsSizeAligned(const TensorShape& s) {
  if (s.dims() == 0) return false;
  const int64_t rows = s.dim_size(0);
  if (rows == 0) return false;
  const int64_t row_bytes = (s.num_elements() / rows) * static_cast<int64_t>(sizeof(T));
  return row_bytes % static_cast<int64_t>(kTensorAlignment) == 0;
}

// True when rows [start, end_or_size) of a tensor of `s` are an aligned slice: for a vector,
// both ends fall on aligned addresses; otherwise every row is aligned.
template <typename T>
bool IsDim0SliceAligned(const TensorShape& s, int64_t start, int64_t end_or_size) {
  if (s.dims() == 1) {
    const int64_t a = static_cast<int64_t>(kTensorAlignment);
    return (start * static_cast<int64_t>(sizeof(T))) % a == 0 &&
           (end_or_size * static_cast<int64_t>(sizeof(T))) % a == 0;
  }
  return IsInnerDimsSizeAligned<T>(s);
}

// The row-major stride of each dimension of `shape`, in elements.
template <typename T>
gtl::InlinedVector<T, 8> ComputeStride(const TensorShape& shape) {
  const int n = shape.dims();
  gtl::InlinedVector<T, 8> strides(n);
  T stride = 1;
  for (int i = n - 1; i >= 0; --i) {
    strides[i] = stride;
    stride *= static_cast<T>(shape.dim_size(i));
  }
  return strides;
}

// The same for Eigen dimensions (anything with rank() and operator[]).
template <typename T, typename EigenDimensions>
gtl::InlinedVector<T, 8> ComputeEigenStrides(const EigenDimensions& shape) {
  const int n = static_cast<int>(shape.rank());
  gtl::InlinedVector<T, 8> strides(n);
  T stride = 1;
  for (int i = n - 1; i >= 0; --i) {
    strides[i] = stride;
    stride *= static_cast<T>(shape[i]);
  }
  return strides;
}

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_OPS_UTIL_H_
