// CRC32C (Castagnoli, the polynomial leveldb and TensorFlow checksum with), in software, and
// TF's mask for checksums stored next to the data they cover. The library's own: not
// installed.
//
//   uint32_t crc = crc32c::Value(data, n);             // crc32c("123456789") == 0xE3069283
//   crc = crc32c::Extend(crc, more, m);                 // == Value(data ++ more)
//   uint32_t stored = crc32c::Mask(crc);                // what files hold
#ifndef MINITF_FRAMEWORK_INTERNAL_CRC32C_H_
#define MINITF_FRAMEWORK_INTERNAL_CRC32C_H_

#include <cstddef>
#include <cstdint>

namespace tensorflow {
namespace crc32c {

// The CRC32C of `data[0, n)` appended to bytes whose CRC32C is `init`.
uint32_t Extend(uint32_t init, const char* data, size_t n);
inline uint32_t Value(const char* data, size_t n) { return Extend(0, data, n); }

// A CRC stored beside the bytes it covers is masked, so that the CRC of a string holding
// CRCs does not degenerate (leveldb's rotation plus constant; TF's crc32c::Mask).
constexpr uint32_t kMaskDelta = 0xa282ead8u;
inline uint32_t Mask(uint32_t crc) { return ((crc >> 15) | (crc << 17)) + kMaskDelta; }
inline uint32_t Unmask(uint32_t masked) {
  const uint32_t rot = masked - kMaskDelta;
  return (rot >> 17) | (rot << 15);
}

}  // namespace crc32c
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_INTERNAL_CRC32C_H_
