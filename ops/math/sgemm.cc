// The SIMD float GEMM behind MatMul, BatchMatMul and the convolutions: B is read in panels of NR
// columns (in place when row-major and whole, else packed), A in place (packed for a partial
// tile of MR rows), and an MR x NR register tile accumulates one FMA per (row, column, k) in k
// order: 6x16 with AVX2+FMA, 12x32 with AVX-512F, 12x8 for products at most 8 columns wide
// (the same arithmetic per element, so the same bits). Kernels carry target attributes; only the
// dispatch runs on every CPU.
#include "ops/math/internal/sgemm.h"

#include <immintrin.h>

#include <algorithm>
#include <cstring>
#include <memory>

namespace tensorflow {
namespace math_internal {
namespace {

constexpr int64_t kKc = 256, kNc = 512;

#define MINITF_AVX2 __attribute__((target("avx2,fma")))
#define MINITF_AVX512 __attribute__((target("avx512f")))

// dst[0, count) = src[0, count) for count <= N: short copies unrolled in place (a memcpy call
// per packed row costs more than the row when it holds a few floats).
template <int N>
inline void CopyShort(const float* src, int count, float* dst) {
  if (count == N) {
    std::memcpy(dst, src, N * sizeof(float));
    return;
  }
#pragma GCC unroll 32
  for (int i = 0; i < N; ++i) {
    if (i < count) dst[i] = src[i];
  }
}

// Bp[panel][p][NR]: columns [j0, j0 + nc) of rows [p0, p0 + kc) of op(B), zero-padded. The
// loops read B along its rows.
template <int NR>
void PackB(const float* b, bool tb, int64_t n, int64_t k, int64_t p0, int64_t kc, int64_t j0,
           int64_t nc, float* out) {
  for (int64_t jp = 0; jp < nc; jp += NR) {
    const int cols = static_cast<int>(std::min<int64_t>(NR, nc - jp));
    float* panel = out + (jp / NR) * kc * NR;
    if (cols < NR) std::fill(panel, panel + kc * NR, 0.f);
    if (!tb) {
      for (int64_t p = 0; p < kc; ++p)
        CopyShort<NR>(b + (p0 + p) * n + j0 + jp, cols, panel + p * NR);
    } else {
      for (int j = 0; j < cols; ++j) {
        const float* src = b + (j0 + jp + j) * k + p0;
        for (int64_t p = 0; p < kc; ++p) panel[p * NR + j] = src[p];
      }
    }
  }
}

// Ap[p][MR]: rows [i0, i0 + rows) of op(A), columns [p0, p0 + kc), padded (with zeros, or
// with A's next values when transposed). The loops read A along its rows.
template <int MR>
void PackA(const float* a, bool ta, int64_t m, int64_t k, int64_t i0, int rows, int64_t p0,
           int64_t kc, float* out) {
  if (rows < MR) std::fill(out, out + kc * MR, 0.f);
  if (!ta) {
    // Four rows at a time through 4x4 SSE transposes (one 16-byte store per column), the rest
    // one by one.
    int r = 0;
    for (; r + 4 <= rows; r += 4) {
      const float* src = a + (i0 + r) * k + p0;
      int64_t p = 0;
      for (; p + 4 <= kc; p += 4) {
        __m128 r0 = _mm_loadu_ps(src + p), r1 = _mm_loadu_ps(src + k + p);
        __m128 r2 = _mm_loadu_ps(src + 2 * k + p), r3 = _mm_loadu_ps(src + 3 * k + p);
        _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
        _mm_storeu_ps(out + p * MR + r, r0);
        _mm_storeu_ps(out + (p + 1) * MR + r, r1);
        _mm_storeu_ps(out + (p + 2) * MR + r, r2);
        _mm_storeu_ps(out + (p + 3) * MR + r, r3);
      }
      for (; p < kc; ++p) {
        for (int q = 0; q < 4; ++q) out[p * MR + r + q] = src[q * k + p];
      }
    }
    for (; r < rows; ++r) {
      const float* src = a + (i0 + r) * k + p0;
      for (int64_t p = 0; p < kc; ++p) out[p * MR + r] = src[p];
    }
  } else {
    // MR floats from row p of A, reading on into the next rows for a partial tile: one vector
    // copy (the padding rows' sums are never written back) wherever the MR floats lie inside A.
    for (int64_t p = 0; p < kc; ++p) {
      const float* src = a + (p0 + p) * m + i0;
      if ((p0 + p) * m + i0 + MR <= k * m) {
        std::memcpy(out + p * MR, src, MR * sizeof(float));
      } else {
        CopyShort<MR>(src, rows, out + p * MR);
      }
    }
  }
}

// A kernel: C tile (rows x cols, row stride ldc) = (accumulate ? C : 0) + Ap * Bp over kc, row p
// of the B panel at bp + p * ldb (a packed panel: ldb NR; row-major B in place: its row length).
// A's element (r, p) of the tile is ap[r * sr + p * sp]: a packed panel (sr 1, sp MR) or A in
// place (row-major: sr = its row length, sp 1; transposed: sr 1, sp = its row length).
using KernelFn = void (*)(int64_t kc, const float* ap, int64_t sr, int64_t sp, const float* bp,
                          int64_t ldb, float* c, int64_t ldc, int rows, int cols, bool accumulate);

// The tile a kernel works on: C itself when it is whole, else a padded copy (written back).
template <int MR, int NR>
struct Tile {
  alignas(64) float buffer[MR * NR];
  float* t;
  int64_t lt;
  float* c;
  int64_t ldc;
  int rows, cols;
  Tile(float* c_in, int64_t ldc_in, int rows_in, int cols_in, bool accumulate)
      : c(c_in), ldc(ldc_in), rows(rows_in), cols(cols_in) {
    const bool full = rows == MR && cols == NR;
    t = full ? c : buffer;
    lt = full ? ldc : NR;
    if (!full) {
      std::memset(buffer, 0, sizeof(buffer));
      if (accumulate) {
        for (int r = 0; r < rows; ++r) std::memcpy(buffer + r * NR, c + r * ldc, cols * 4);
      }
    }
  }
  void WriteBack() const {
    if (t != buffer) return;
    for (int r = 0; r < rows; ++r) std::memcpy(c + r * ldc, buffer + r * NR, cols * 4);
  }
};

MINITF_AVX2 void Kernel6x16(int64_t kc, const float* ap, int64_t sr, int64_t sp, const float* bp,
                            int64_t ldb, float* c, int64_t ldc, int rows, int cols,
                            bool accumulate) {
  Tile<6, 16> tile(c, ldc, rows, cols, accumulate);
  const bool load = accumulate || tile.t != c;
  __m256 acc[6][2];
#pragma GCC unroll 6
  for (int r = 0; r < 6; ++r) {
    acc[r][0] = load ? _mm256_loadu_ps(tile.t + r * tile.lt) : _mm256_setzero_ps();
    acc[r][1] = load ? _mm256_loadu_ps(tile.t + r * tile.lt + 8) : _mm256_setzero_ps();
  }
  for (int64_t p = 0; p < kc; ++p) {
    const __m256 b0 = _mm256_loadu_ps(bp + p * ldb), b1 = _mm256_loadu_ps(bp + p * ldb + 8);
#pragma GCC unroll 6
    for (int r = 0; r < 6; ++r) {
      const __m256 x = _mm256_broadcast_ss(ap + r * sr + p * sp);
      acc[r][0] = _mm256_fmadd_ps(x, b0, acc[r][0]);
      acc[r][1] = _mm256_fmadd_ps(x, b1, acc[r][1]);
    }
  }
#pragma GCC unroll 6
  for (int r = 0; r < 6; ++r) {
    _mm256_storeu_ps(tile.t + r * tile.lt, acc[r][0]);
    _mm256_storeu_ps(tile.t + r * tile.lt + 8, acc[r][1]);
  }
  tile.WriteBack();
}

// For products at most 8 columns wide (a small convolution's output channels, a classifier's
// logits), where a 16- or 32-column tile would be mostly padding.
MINITF_AVX2 void Kernel12x8(int64_t kc, const float* ap, int64_t sr, int64_t sp, const float* bp,
                            int64_t ldb, float* c, int64_t ldc, int rows, int cols,
                            bool accumulate) {
  Tile<12, 8> tile(c, ldc, rows, cols, accumulate);
  const bool load = accumulate || tile.t != c;
  __m256 acc[12];
#pragma GCC unroll 12
  for (int r = 0; r < 12; ++r) {
    acc[r] = load ? _mm256_loadu_ps(tile.t + r * tile.lt) : _mm256_setzero_ps();
  }
  for (int64_t p = 0; p < kc; ++p) {
    const __m256 b0 = _mm256_loadu_ps(bp + p * ldb);
#pragma GCC unroll 12
    for (int r = 0; r < 12; ++r) {
      acc[r] = _mm256_fmadd_ps(_mm256_broadcast_ss(ap + r * sr + p * sp), b0, acc[r]);
    }
  }
#pragma GCC unroll 12
  for (int r = 0; r < 12; ++r) _mm256_storeu_ps(tile.t + r * tile.lt, acc[r]);
  tile.WriteBack();
}

MINITF_AVX512 void Kernel12x32(int64_t kc, const float* ap, int64_t sr, int64_t sp, const float* bp,
                               int64_t ldb, float* c, int64_t ldc, int rows, int cols,
                               bool accumulate) {
  Tile<12, 32> tile(c, ldc, rows, cols, accumulate);
  const bool load = accumulate || tile.t != c;
  __m512 acc[12][2];
#pragma GCC unroll 12
  for (int r = 0; r < 12; ++r) {
    acc[r][0] = load ? _mm512_loadu_ps(tile.t + r * tile.lt) : _mm512_setzero_ps();
    acc[r][1] = load ? _mm512_loadu_ps(tile.t + r * tile.lt + 16) : _mm512_setzero_ps();
  }
  for (int64_t p = 0; p < kc; ++p) {
    const __m512 b0 = _mm512_loadu_ps(bp + p * ldb), b1 = _mm512_loadu_ps(bp + p * ldb + 16);
#pragma GCC unroll 12
    for (int r = 0; r < 12; ++r) {
      const __m512 x = _mm512_set1_ps(ap[r * sr + p * sp]);
      acc[r][0] = _mm512_fmadd_ps(x, b0, acc[r][0]);
      acc[r][1] = _mm512_fmadd_ps(x, b1, acc[r][1]);
    }
  }
#pragma GCC unroll 12
  for (int r = 0; r < 12; ++r) {
    _mm512_storeu_ps(tile.t + r * tile.lt, acc[r][0]);
    _mm512_storeu_ps(tile.t + r * tile.lt + 16, acc[r][1]);
  }
  tile.WriteBack();
}

// The blocked loops around a kernel with an MR x NR tile.
template <int MR, int NR>
void Rows(KernelFn kernel, const float* a, bool ta, const float* b, bool tb, float* c, int64_t m,
          int64_t n, int64_t k, int64_t r0, int64_t r1) {
  // Row-major B whose columns fill whole panels (kNc is a multiple of NR) is read in place, row
  // stride n: packing it would copy it once per call and per thread, and measured no faster for
  // any stride tried, power-of-two ones included. Otherwise a kc x nc block is packed at a time.
  const bool b_in_place = !tb && n % NR == 0;
  // Buffers for the depth there is (not kKc rows for a product 4 deep), left uninitialized:
  // the packing writes every value the kernels read, padding included.
  const int64_t depth = std::min(kKc, k);
  std::unique_ptr<float[]> bp(
      b_in_place ? nullptr : new float[((std::min(kNc, n) + NR - 1) / NR) * NR * depth]);
  std::unique_ptr<float[]> ap((r1 - r0) % MR != 0 ? new float[MR * depth] : nullptr);
  for (int64_t j0 = 0; j0 < n; j0 += kNc) {
    const int64_t nc = std::min(kNc, n - j0);
    for (int64_t p0 = 0; p0 < k; p0 += kKc) {
      const int64_t kc = std::min(kKc, k - p0);
      if (!b_in_place) PackB<NR>(b, tb, n, k, p0, kc, j0, nc, bp.get());
      for (int64_t i0 = r0; i0 < r1; i0 += MR) {
        const int rows = static_cast<int>(std::min<int64_t>(MR, r1 - i0));
        // A whole tile reads A in place; a partial one packs it (zero-padded).
        const float* at = ta ? a + p0 * m + i0 : a + i0 * k + p0;
        int64_t sr = ta ? 1 : k, sp = ta ? m : 1;
        if (rows < MR) {
          PackA<MR>(a, ta, m, k, i0, rows, p0, kc, ap.get());
          at = ap.get(), sr = 1, sp = MR;
        }
        for (int64_t jp = 0; jp < nc; jp += NR) {
          const int cols = static_cast<int>(std::min<int64_t>(NR, nc - jp));
          const float* bt = b_in_place ? b + p0 * n + j0 + jp : bp.get() + (jp / NR) * kc * NR;
          kernel(kc, at, sr, sp, bt, b_in_place ? n : NR, c + i0 * n + j0 + jp, n, rows, cols,
                 p0 > 0);
        }
      }
    }
  }
}

bool HasAvx512() {
  static const bool has = __builtin_cpu_supports("avx512f");
  return has;
}

bool HasAvx2Fma() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}

}  // namespace

bool HasSimdSgemm() {
  static const bool has = HasAvx512() || HasAvx2Fma();
  return has;
}

static_assert(kSgemmRowTile % 12 == 0 && kSgemmRowTile % 6 == 0, "whole tiles of every kernel");

void SgemmRows(const float* a, bool ta, const float* b, bool tb, float* c, int64_t m, int64_t n,
               int64_t k, int64_t r0, int64_t r1) {
  if (n <= 8 && HasAvx2Fma()) {
    Rows<12, 8>(Kernel12x8, a, ta, b, tb, c, m, n, k, r0, r1);
  } else if (HasAvx512()) {
    Rows<12, 32>(Kernel12x32, a, ta, b, tb, c, m, n, k, r0, r1);
  } else {
    Rows<6, 16>(Kernel6x16, a, ta, b, tb, c, m, n, k, r0, r1);
  }
}

}  // namespace math_internal
}  // namespace tensorflow
