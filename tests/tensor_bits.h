// Test helper: whether two tensors hold the same bits — dtype, shape and bytes (each string's
// bytes for DT_STRING). Used by the golden tests and the fuzz harnesses; needs no GoogleTest.
#ifndef MINITF_TESTS_TENSOR_BITS_H_
#define MINITF_TESTS_TENSOR_BITS_H_

#include <cstdint>

#include "tensorflow/core/framework/tensor.h"

namespace tensorflow {
namespace test {

inline bool SameBits(const Tensor& a, const Tensor& b) {
  if (a.dtype() != b.dtype() || a.shape() != b.shape()) return false;
  if (a.dtype() == DT_STRING) {
    for (int64_t i = 0; i < a.NumElements(); ++i) {
      if (a.flat<tstring>()(i) != b.flat<tstring>()(i)) return false;
    }
    return true;
  }
  return a.tensor_data() == b.tensor_data();
}

}  // namespace test
}  // namespace tensorflow

#endif  // MINITF_TESTS_TENSOR_BITS_H_
