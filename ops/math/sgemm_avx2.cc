// The AVX2+FMA float GEMM behind MatMul: B is packed into 16-column panels, A into 6-row
// panels, and a 6x16 register tile accumulates one FMA per (row, column, k) in k order.
// Functions carry target("avx2,fma"); only HasAvx2Fma() runs on every CPU.
#include "ops/math/internal/sgemm_avx2.h"

#include <immintrin.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace tensorflow {
namespace math_internal {
namespace {

constexpr int kMr = 6, kNr = 16;
constexpr int64_t kKc = 256, kNc = 512;

#define MINITF_AVX2 __attribute__((target("avx2,fma")))

// Bp[panel][p][16]: columns [j0, j0 + nc) of rows [p0, p0 + kc) of op(B), zero-padded.
MINITF_AVX2 void PackB(const float* b, bool tb, int64_t n, int64_t k, int64_t p0, int64_t kc,
                       int64_t j0, int64_t nc, float* out) {
  for (int64_t jp = 0; jp < nc; jp += kNr) {
    const int cols = static_cast<int>(std::min<int64_t>(kNr, nc - jp));
    for (int64_t p = 0; p < kc; ++p) {
      float* dst = out + (jp / kNr) * kc * kNr + p * kNr;
      for (int j = 0; j < cols; ++j) {
        const int64_t col = j0 + jp + j, row = p0 + p;
        dst[j] = tb ? b[col * k + row] : b[row * n + col];
      }
      for (int j = cols; j < kNr; ++j) dst[j] = 0.f;
    }
  }
}

// Ap[p][6]: rows [i0, i0 + rows) of op(A), columns [p0, p0 + kc), zero-padded.
MINITF_AVX2 void PackA(const float* a, bool ta, int64_t m, int64_t k, int64_t i0, int rows,
                       int64_t p0, int64_t kc, float* out) {
  for (int64_t p = 0; p < kc; ++p) {
    for (int r = 0; r < kMr; ++r) {
      out[p * kMr + r] =
          r < rows ? (ta ? a[(p0 + p) * m + i0 + r] : a[(i0 + r) * k + p0 + p]) : 0.f;
    }
  }
}

// C tile (rows x cols, row stride ldc) = (accumulate ? C : 0) + Ap * Bp over kc.
MINITF_AVX2 void Kernel(int64_t kc, const float* ap, const float* bp, float* c, int64_t ldc,
                        int rows, int cols, bool accumulate) {
  alignas(32) float tile[kMr * kNr];
  const bool full = rows == kMr && cols == kNr;
  float* t = full ? c : tile;
  const int64_t lt = full ? ldc : kNr;
  if (!full) {
    std::memset(tile, 0, sizeof(tile));
    if (accumulate) {
      for (int r = 0; r < rows; ++r) std::memcpy(tile + r * kNr, c + r * ldc, cols * sizeof(float));
    }
  }
  __m256 c00, c01, c10, c11, c20, c21, c30, c31, c40, c41, c50, c51;
  if (accumulate || !full) {
    c00 = _mm256_loadu_ps(t + 0 * lt), c01 = _mm256_loadu_ps(t + 0 * lt + 8);
    c10 = _mm256_loadu_ps(t + 1 * lt), c11 = _mm256_loadu_ps(t + 1 * lt + 8);
    c20 = _mm256_loadu_ps(t + 2 * lt), c21 = _mm256_loadu_ps(t + 2 * lt + 8);
    c30 = _mm256_loadu_ps(t + 3 * lt), c31 = _mm256_loadu_ps(t + 3 * lt + 8);
    c40 = _mm256_loadu_ps(t + 4 * lt), c41 = _mm256_loadu_ps(t + 4 * lt + 8);
    c50 = _mm256_loadu_ps(t + 5 * lt), c51 = _mm256_loadu_ps(t + 5 * lt + 8);
  } else {
    c00 = c01 = c10 = c11 = c20 = c21 = c30 = c31 = c40 = c41 = c50 = c51 = _mm256_setzero_ps();
  }
  for (int64_t p = 0; p < kc; ++p) {
    const __m256 b0 = _mm256_loadu_ps(bp + p * kNr), b1 = _mm256_loadu_ps(bp + p * kNr + 8);
    const float* ar = ap + p * kMr;
    __m256 x = _mm256_broadcast_ss(ar + 0);
    c00 = _mm256_fmadd_ps(x, b0, c00), c01 = _mm256_fmadd_ps(x, b1, c01);
    x = _mm256_broadcast_ss(ar + 1);
    c10 = _mm256_fmadd_ps(x, b0, c10), c11 = _mm256_fmadd_ps(x, b1, c11);
    x = _mm256_broadcast_ss(ar + 2);
    c20 = _mm256_fmadd_ps(x, b0, c20), c21 = _mm256_fmadd_ps(x, b1, c21);
    x = _mm256_broadcast_ss(ar + 3);
    c30 = _mm256_fmadd_ps(x, b0, c30), c31 = _mm256_fmadd_ps(x, b1, c31);
    x = _mm256_broadcast_ss(ar + 4);
    c40 = _mm256_fmadd_ps(x, b0, c40), c41 = _mm256_fmadd_ps(x, b1, c41);
    x = _mm256_broadcast_ss(ar + 5);
    c50 = _mm256_fmadd_ps(x, b0, c50), c51 = _mm256_fmadd_ps(x, b1, c51);
  }
  _mm256_storeu_ps(t + 0 * lt, c00), _mm256_storeu_ps(t + 0 * lt + 8, c01);
  _mm256_storeu_ps(t + 1 * lt, c10), _mm256_storeu_ps(t + 1 * lt + 8, c11);
  _mm256_storeu_ps(t + 2 * lt, c20), _mm256_storeu_ps(t + 2 * lt + 8, c21);
  _mm256_storeu_ps(t + 3 * lt, c30), _mm256_storeu_ps(t + 3 * lt + 8, c31);
  _mm256_storeu_ps(t + 4 * lt, c40), _mm256_storeu_ps(t + 4 * lt + 8, c41);
  _mm256_storeu_ps(t + 5 * lt, c50), _mm256_storeu_ps(t + 5 * lt + 8, c51);
  if (!full) {
    for (int r = 0; r < rows; ++r) std::memcpy(c + r * ldc, tile + r * kNr, cols * sizeof(float));
  }
}

}  // namespace

bool HasAvx2Fma() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}

MINITF_AVX2 void SgemmRowsAvx2(const float* a, bool ta, const float* b, bool tb, float* c,
                               int64_t m, int64_t n, int64_t k, int64_t r0, int64_t r1) {
  std::vector<float> bp(((std::min(kNc, n) + kNr - 1) / kNr) * kNr * kKc);
  std::vector<float> ap(kMr * kKc);
  for (int64_t j0 = 0; j0 < n; j0 += kNc) {
    const int64_t nc = std::min(kNc, n - j0);
    for (int64_t p0 = 0; p0 < k; p0 += kKc) {
      const int64_t kc = std::min(kKc, k - p0);
      PackB(b, tb, n, k, p0, kc, j0, nc, bp.data());
      for (int64_t i0 = r0; i0 < r1; i0 += kMr) {
        const int rows = static_cast<int>(std::min<int64_t>(kMr, r1 - i0));
        PackA(a, ta, m, k, i0, rows, p0, kc, ap.data());
        for (int64_t jp = 0; jp < nc; jp += kNr) {
          const int cols = static_cast<int>(std::min<int64_t>(kNr, nc - jp));
          Kernel(kc, ap.data(), bp.data() + (jp / kNr) * kc * kNr, c + i0 * n + j0 + jp, n, rows,
                 cols, p0 > 0);
        }
      }
    }
  }
}

}  // namespace math_internal
}  // namespace tensorflow
