// Table-driven CRC32C, eight bytes per step ("slicing by 8"): portable, no SSE4.2 needed, and
// fast enough for checkpoints (about 1-2 GB/s). The tables are built once, at first use.
#include "framework/internal/crc32c.h"

#include <array>
#include <cstring>

namespace tensorflow {
namespace crc32c {
namespace {

constexpr uint32_t kPolynomial = 0x82f63b78u;  // Castagnoli, bit-reversed

struct Tables {
  std::array<std::array<uint32_t, 256>, 8> t;
  Tables() {
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ kPolynomial : c >> 1;
      t[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; ++i) {
      for (int s = 1; s < 8; ++s) t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xff];
    }
  }
};

const Tables& GetTables() {
  static const Tables* tables = new Tables();
  return *tables;
}

}  // namespace

uint32_t Extend(uint32_t init, const char* data, size_t n) {
  const auto& t = GetTables().t;
  const auto* p = reinterpret_cast<const unsigned char*>(data);
  uint32_t c = ~init;
  while (n >= 8) {
    // Little-endian loads, assembled byte by byte so the code is endian-neutral.
    const uint32_t lo =
        c ^ (uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24);
    c = t[7][lo & 0xff] ^ t[6][(lo >> 8) & 0xff] ^ t[5][(lo >> 16) & 0xff] ^ t[4][lo >> 24] ^
        t[3][p[4]] ^ t[2][p[5]] ^ t[1][p[6]] ^ t[0][p[7]];
    p += 8;
    n -= 8;
  }
  while (n-- > 0) c = t[0][(c ^ *p++) & 0xff] ^ (c >> 8);
  return ~c;
}

}  // namespace crc32c
}  // namespace tensorflow
