// The SIMD float GEMM's contract (ops/math/internal/sgemm.h): every element of C is one FMA
// chain over k in order, starting from zero, whatever the blocking, the way B is read (in place
// or packed) and the rows a call covers. The reference is std::fma in a plain loop, so equality
// is bit for bit.
#include <cmath>
#include <cstring>
#include <vector>

#include "gtest/gtest.h"
#include "ops/math/internal/sgemm.h"

namespace tensorflow {
namespace math_internal {
namespace {

struct Dims {
  int64_t m, n, k;
};

std::vector<float> Values(int64_t size, float scale, float phase) {
  std::vector<float> v(size);
  for (int64_t i = 0; i < size; ++i) v[i] = std::sin(scale * static_cast<float>(i) + phase);
  return v;
}

// C = op(A) * op(B) as one float FMA chain per element, k in order.
std::vector<float> FmaChains(const std::vector<float>& a, bool ta, const std::vector<float>& b,
                             bool tb, const Dims& d) {
  std::vector<float> c(d.m * d.n);
  for (int64_t i = 0; i < d.m; ++i) {
    for (int64_t j = 0; j < d.n; ++j) {
      float acc = 0.f;
      for (int64_t p = 0; p < d.k; ++p) {
        const float x = ta ? a[p * d.m + i] : a[i * d.k + p];
        const float y = tb ? b[j * d.k + p] : b[p * d.n + j];
        acc = std::fma(x, y, acc);
      }
      c[i * d.n + j] = acc;
    }
  }
  return c;
}

TEST(SgemmTest, EveryElementIsOneFmaChainInKOrder) {
  if (!HasSimdSgemm()) GTEST_SKIP() << "this CPU has neither AVX2+FMA nor AVX-512F";
  // Widths that are whole 32-, 16- and 8-column panels (B read in place unless transposed),
  // wider than one 512-column block, and ragged (the narrow kernel's too); depths across the
  // 256-deep blocks; row counts with and without a partial tile.
  for (const Dims& d : std::vector<Dims>{{12, 32, 7},
                                         {24, 64, 300},
                                         {13, 1056, 40},
                                         {37, 96, 513},
                                         {6, 16, 256},
                                         {25, 48, 1},
                                         {11, 530, 257},
                                         {9, 8, 2048},
                                         {2048, 8, 9},
                                         {30, 5, 300},
                                         {12, 1, 3}}) {
    for (int t = 0; t < 4; ++t) {
      const bool ta = t & 1, tb = t & 2;
      SCOPED_TRACE(testing::Message() << d.m << "x" << d.k << " * " << d.k << "x" << d.n
                                      << " ta=" << ta << " tb=" << tb);
      const std::vector<float> a = Values(d.m * d.k, 0.7f, 0.1f);
      const std::vector<float> b = Values(d.k * d.n, 1.3f, 0.4f);
      const std::vector<float> want = FmaChains(a, ta, b, tb, d);
      std::vector<float> whole(d.m * d.n, NAN);
      SgemmRows(a.data(), ta, b.data(), tb, whole.data(), d.m, d.n, d.k, 0, d.m);
      ASSERT_EQ(std::memcmp(whole.data(), want.data(), want.size() * sizeof(float)), 0);
      // The same rows in two calls split at a whole tile: the same bits.
      const int64_t split = std::min(d.m, kSgemmRowTile);
      std::vector<float> parts(d.m * d.n, NAN);
      SgemmRows(a.data(), ta, b.data(), tb, parts.data(), d.m, d.n, d.k, 0, split);
      SgemmRows(a.data(), ta, b.data(), tb, parts.data(), d.m, d.n, d.k, split, d.m);
      ASSERT_EQ(std::memcmp(parts.data(), want.data(), want.size() * sizeof(float)), 0);
    }
  }
}

}  // namespace
}  // namespace math_internal
}  // namespace tensorflow
