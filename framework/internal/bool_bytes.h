// minitf internal: bool tensors filled from raw bytes (a TensorProto's tensor_content, a .npy
// file, a checkpoint's data) hold one byte per element, and C++ gives a bool only the bytes 0
// and 1: reading any other is undefined behaviour (UBSan's "load of value 255, which is not a
// valid value for type 'bool'"). TF keeps such bytes as they are; minitf makes each nonzero
// byte 1, true, as NumPy and TF's Python read them.
#ifndef MINITF_FRAMEWORK_INTERNAL_BOOL_BYTES_H_
#define MINITF_FRAMEWORK_INTERNAL_BOOL_BYTES_H_

#include <cstdint>

namespace tensorflow {
namespace internal {

// Makes each of the `n` bytes at `data` 0 or 1 (nonzero: 1).
inline void NormalizeBoolBytes(void* data, int64_t n) {
  auto* bytes = static_cast<unsigned char*>(data);
  for (int64_t i = 0; i < n; ++i) bytes[i] = bytes[i] != 0 ? 1 : 0;
}

}  // namespace internal
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_INTERNAL_BOOL_BYTES_H_
