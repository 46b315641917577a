// The SIMD float GEMM's contract (ops/math/internal/sgemm.h): every element of C is one FMA
// chain over k in order, starting from zero, whatever the blocking, the way B is read (in place
// or packed) and the rows a call covers; and Conv2D's, built on it. The reference is std::fma
// in a plain loop, so equality is bit for bit.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "ops/math/internal/sgemm.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/lib/core/status_test_util.h"

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
                                         {12, 1, 3},
                                         {1, 8, 5},
                                         {3, 33, 4},
                                         {5, 7, 2}}) {
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

namespace tensorflow {
namespace {

// Conv2D's float contract on SIMD CPUs, whichever path a shape takes (the im2col path's GEMM
// for few output channels, the direct AVX-512 kernel for more): each output value is one FMA
// chain over (kh, kw, in channel) in order, from zero, the padding's zeros included. The
// reference is std::fma in a plain loop.
TEST(SgemmTest, Conv2DIsOneFmaChainPerOutput) {
  if (!math_internal::HasSimdSgemm()) GTEST_SKIP() << "this CPU has neither AVX2+FMA nor AVX-512F";
  for (int64_t depth : {1, 3, 16}) {
    for (int64_t out_depth : {4, 8, 32}) {
      for (const char* padding : {"SAME", "VALID"}) {
        for (int stride : {1, 2}) {
          SCOPED_TRACE(testing::Message() << "depth " << depth << " out " << out_depth << " "
                                          << padding << " stride " << stride);
          const int64_t batch = 2, rows = 9, cols = 7, window = 3;
          Tensor x(DT_FLOAT, TensorShape({batch, rows, cols, depth}));
          Tensor w(DT_FLOAT, TensorShape({window, window, depth, out_depth}));
          for (int64_t i = 0; i < x.NumElements(); ++i)
            x.flat<float>()(i) = 3 * std::sin(0.37f * i);
          for (int64_t i = 0; i < w.NumElements(); ++i) w.flat<float>()(i) = std::cos(1.1f * i);
          Scope root = Scope::NewRootScope();
          auto conv = ops::Conv2D(root, ops::Const(root, x), ops::Const(root, w),
                                  {1, stride, stride, 1}, padding);
          ClientSession session(root);
          std::vector<Tensor> out;
          TF_ASSERT_OK(session.Run({conv}, &out));
          const bool same = std::string(padding) == "SAME";
          const int64_t out_rows =
              same ? (rows + stride - 1) / stride : (rows - window) / stride + 1;
          const int64_t out_cols =
              same ? (cols + stride - 1) / stride : (cols - window) / stride + 1;
          ASSERT_EQ(out[0].shape(), TensorShape({batch, out_rows, out_cols, out_depth}));
          // SAME pads (window - 1) in all, the smaller half before.
          const int64_t pad_top =
              same ? std::max<int64_t>(0, (out_rows - 1) * stride + window - rows) / 2 : 0;
          const int64_t pad_left =
              same ? std::max<int64_t>(0, (out_cols - 1) * stride + window - cols) / 2 : 0;
          auto xv = x.tensor<float, 4>();
          auto wv = w.tensor<float, 4>();
          auto got = out[0].tensor<float, 4>();
          for (int64_t n = 0; n < batch; ++n) {
            for (int64_t oh = 0; oh < out_rows; ++oh) {
              for (int64_t ow = 0; ow < out_cols; ++ow) {
                for (int64_t o = 0; o < out_depth; ++o) {
                  float acc = 0.f;
                  for (int64_t kh = 0; kh < window; ++kh) {
                    for (int64_t kw = 0; kw < window; ++kw) {
                      const int64_t ih = oh * stride - pad_top + kh,
                                    iw = ow * stride - pad_left + kw;
                      const bool inside = ih >= 0 && ih < rows && iw >= 0 && iw < cols;
                      for (int64_t c = 0; c < depth; ++c) {
                        acc = std::fma(inside ? xv(n, ih, iw, c) : 0.f, wv(kh, kw, c, o), acc);
                      }
                    }
                  }
                  uint32_t want, have;
                  const float value = got(n, oh, ow, o);
                  std::memcpy(&want, &acc, 4);
                  std::memcpy(&have, &value, 4);
                  ASSERT_EQ(have, want) << "at " << n << "," << oh << "," << ow << "," << o;
                }
              }
            }
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace tensorflow
