// AVX2 loops of internal/float_simd.h. Each processes eight floats per step and its last
// (n % 8) elements with masked loads and stores, so every element goes through the same
// instructions.
#include "ops/nn/internal/float_simd.h"

#include <immintrin.h>

#include <algorithm>

namespace tensorflow {
namespace nn_internal {
namespace {

#define MINITF_AVX2 __attribute__((target("avx2")))

// The lanes of a step at offset i of n: all eight, or the first n - i (masked loads and stores
// never touch the others).
struct Lanes {
  __m256i mask;
  bool partial;
};

MINITF_AVX2 Lanes LanesAt(int64_t i, int64_t n) {
  if (i + 8 <= n) return {_mm256_set1_epi32(-1), false};
  const __m256i index = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  return {_mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(n - i)), index), true};
}

MINITF_AVX2 __m256 Load(const float* p, const Lanes& l) {
  return l.partial ? _mm256_maskload_ps(p, l.mask) : _mm256_loadu_ps(p);
}

MINITF_AVX2 void Store(float* p, const Lanes& l, __m256 v) {
  if (l.partial) {
    _mm256_maskstore_ps(p, l.mask, v);
  } else {
    _mm256_storeu_ps(p, v);
  }
}

MINITF_AVX2 void ReluAvx2(const float* x, float* y, int64_t n) {
  const __m256 one = _mm256_set1_ps(1.f), zero = _mm256_setzero_ps();
  for (int64_t i = 0; i < n; i += 8) {
    const Lanes l = LanesAt(i, n);
    const __m256 v = Load(x + i, l);
    const __m256 nan = _mm256_cmp_ps(v, v, _CMP_UNORD_Q);
    // vmaxps(a, b) is a when a > b, else b: max(x * 1, +0) as the scalar code picks.
    const __m256 m = _mm256_max_ps(_mm256_mul_ps(v, one), zero);
    Store(y + i, l, _mm256_blendv_ps(m, v, nan));
  }
}

MINITF_AVX2 void ReluGradAvx2(const float* g, const float* f, float* z, int64_t n) {
  const __m256 one = _mm256_set1_ps(1.f), zero = _mm256_setzero_ps();
  for (int64_t i = 0; i < n; i += 8) {
    const Lanes l = LanesAt(i, n);
    const __m256 positive = _mm256_cmp_ps(Load(f + i, l), zero, _CMP_GT_OQ);  // NaN: false
    Store(z + i, l, _mm256_mul_ps(Load(g + i, l), _mm256_and_ps(positive, one)));
  }
}

MINITF_AVX2 void BiasAddAvx2(const float* v, const float* bias, int64_t channels, int64_t first,
                             int64_t n, float* z) {
  // Runs along channel rows: element i's bias is bias[(first + i) % channels]; every run after
  // the first starts a row.
  for (int64_t i = 0, c0 = first % channels; i < n; c0 = 0) {
    const int64_t run = std::min(n - i, channels - c0);
    for (int64_t j = 0; j < run; j += 8) {
      const Lanes l = LanesAt(j, run);
      const __m256 x = Load(v + i + j, l);
      const __m256 nan = _mm256_cmp_ps(x, x, _CMP_UNORD_Q);
      const __m256 sum = _mm256_add_ps(x, Load(bias + c0 + j, l));
      Store(z + i + j, l, _mm256_blendv_ps(sum, x, nan));
    }
    i += run;
  }
}

MINITF_AVX2 void ColumnSumsAvx2(const float* m, int64_t stride, int64_t rows, int64_t width,
                                float* z) {
  // Eight columns at a time, each lane one column's chain of additions down the rows.
  for (int64_t c = 0; c < width; c += 8) {
    const Lanes l = LanesAt(c, width);
    __m256 acc = _mm256_setzero_ps();
    for (int64_t r = 0; r < rows; ++r) acc = _mm256_add_ps(acc, Load(m + r * stride + c, l));
    Store(z + c, l, acc);
  }
}

MINITF_AVX2 void MaxStepAvx2(const float* x, int32_t tap, int64_t n, float* best, int32_t* taps) {
  const __m256i tap_lanes = _mm256_set1_epi32(tap);
  for (int64_t i = 0; i < n; i += 8) {
    const Lanes l = LanesAt(i, n);
    const __m256 b = Load(best + i, l), v = Load(x + i, l);
    const __m256 take = _mm256_cmp_ps(b, v, _CMP_LT_OQ);  // NaN on either side: false
    Store(best + i, l, _mm256_blendv_ps(b, v, take));
    const __m256i t = l.partial ? _mm256_maskload_epi32(taps + i, l.mask)
                                : _mm256_loadu_si256(reinterpret_cast<const __m256i*>(taps + i));
    const __m256i picked = _mm256_blendv_epi8(t, tap_lanes, _mm256_castps_si256(take));
    if (l.partial) {
      _mm256_maskstore_epi32(taps + i, l.mask, picked);
    } else {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(taps + i), picked);
    }
  }
}

}  // namespace

void MaxStepFloat(const float* x, int32_t tap, int64_t n, float* best, int32_t* taps) {
  MaxStepAvx2(x, tap, n, best, taps);
}

void ColumnSumsFloat(const float* m, int64_t stride, int64_t rows, int64_t width, float* z) {
  ColumnSumsAvx2(m, stride, rows, width, z);
}

bool HasFloatSimd() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

void ReluFloat(const float* x, float* y, int64_t n) { ReluAvx2(x, y, n); }

void ReluGradFloat(const float* g, const float* f, float* z, int64_t n) {
  ReluGradAvx2(g, f, z, n);
}

void BiasAddFloat(const float* v, const float* bias, int64_t channels, int64_t first, int64_t n,
                  float* z) {
  BiasAddAvx2(v, bias, channels, first, n, z);
}

}  // namespace nn_internal
}  // namespace tensorflow
