// Direct float convolutions on AVX-512 (conv_direct.h). Two register-tile kernels:
// - IndirectTile: 12 output pixels x 32 output channels, each pixel's input row under each tap
//   reached through its own pointer (any stride, dilation, padding or row crossing), the
//   filter packed in panels of 32 output channels; one FMA chain per output value in (tap,
//   channel) order.
// - OuterTile: 8 output channels x 32 input channels of one filter tap, summed over a run of
//   pixels (the filter gradient).
#include "ops/nn/internal/conv_direct.h"

#include <immintrin.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace tensorflow {
namespace nn_internal {
namespace {

#define MINITF_AVX512 __attribute__((target("avx512f")))

constexpr int kMr = 12, kNr = 32, kOuterRows = 8;

bool HasAvx512() {
  static const bool has = __builtin_cpu_supports("avx512f");
  return has;
}

// Floats on 64-byte boundaries (a 64-byte load that crosses a cache line costs two).
class Floats {
 public:
  ~Floats() { std::free(p_); }
  // False when the memory is not there.
  bool Allocate(int64_t n, bool zero) {
    const size_t bytes = (static_cast<size_t>(std::max<int64_t>(n, 1)) * 4 + 63) / 64 * 64;
    p_ = static_cast<float*>(std::aligned_alloc(64, bytes));
    if (p_ != nullptr && zero) std::memset(p_, 0, bytes);
    return p_ != nullptr;
  }
  float* get() const { return p_; }

 private:
  float* p_ = nullptr;
};

// An NHWC image batch; a window may reach pad_top/pad_left outside it (zeros there).
struct Source {
  const float* data;
  int64_t batch, rows, cols, depth, pad_top = 0, pad_left = 0;
};

// A correlation's window over a Source: taps, strides, dilations and output size.
struct Window {
  int64_t taps_r, taps_c, stride_r, stride_c, dil_r, dil_c, out_rows, out_cols;
  int64_t taps() const { return taps_r * taps_c; }
};

// For output pixels [p0, p0 + count) and every tap t, the start of the input row under the
// tap: out[t * stride + i] for pixel p0 + i (`zeros` outside the image).
void FillRows(const Source& s, const Window& w, int64_t p0, int64_t count, const float* zeros,
              int64_t stride, const float** out) {
  int64_t n = p0 / (w.out_rows * w.out_cols);
  int64_t oh = (p0 / w.out_cols) % w.out_rows, ow = p0 % w.out_cols;
  const int64_t taps = w.taps();
  std::vector<int64_t> tap_off(taps);
  for (int64_t t = 0; t < taps; ++t) {
    tap_off[t] = ((t / w.taps_c) * w.dil_r * s.cols + (t % w.taps_c) * w.dil_c) * s.depth;
  }
  const int64_t reach_r = (w.taps_r - 1) * w.dil_r, reach_c = (w.taps_c - 1) * w.dil_c;
  for (int64_t i = 0; i < count; ++i) {
    const float* image = s.data + n * s.rows * s.cols * s.depth;
    const int64_t top = oh * w.stride_r - s.pad_top, left = ow * w.stride_c - s.pad_left;
    if (top >= 0 && top + reach_r < s.rows && left >= 0 && left + reach_c < s.cols) {
      const float* start = image + (top * s.cols + left) * s.depth;
      for (int64_t t = 0; t < taps; ++t) out[t * stride + i] = start + tap_off[t];
    } else {
      for (int64_t kh = 0, t = 0; kh < w.taps_r; ++kh) {
        const int64_t ih = oh * w.stride_r - s.pad_top + kh * w.dil_r;
        for (int64_t kw = 0; kw < w.taps_c; ++kw, ++t) {
          const int64_t iw = ow * w.stride_c - s.pad_left + kw * w.dil_c;
          const bool inside = ih >= 0 && ih < s.rows && iw >= 0 && iw < s.cols;
          out[t * stride + i] = inside ? image + (ih * s.cols + iw) * s.depth : zeros;
        }
      }
    }
    if (++ow == w.out_cols) {
      ow = 0;
      if (++oh == w.out_rows) oh = 0, ++n;
    }
  }
}

// w [k][n] row-major as panels [n / kNr][k][kNr], the last one zero-padded.
bool PackPanels(const float* w, int64_t k, int64_t n, Floats* bp) {
  const int64_t panels = (n + kNr - 1) / kNr;
  if (!bp->Allocate(panels * k * kNr, /*zero=*/true)) return false;
  for (int64_t jp = 0; jp < panels; ++jp) {
    const int64_t cols = std::min<int64_t>(kNr, n - jp * kNr);
    for (int64_t p = 0; p < k; ++p) {
      std::memcpy(bp->get() + (jp * k + p) * kNr, w + p * n + jp * kNr, cols * sizeof(float));
    }
  }
  return true;
}

// C tile (rows x cols of a kMr x kNr tile, row stride ldc) = sum over taps t and channels p of
// rows[t * kMr + r][p] * bp[(t * depth + p) * kNr + j].
MINITF_AVX512 void IndirectTile(const float* const* rows, int64_t taps, int64_t depth,
                                const float* bp, float* c, int64_t ldc, int nrows, int ncols) {
  __m512 acc[kMr][2];
#pragma GCC unroll 12
  for (int r = 0; r < kMr; ++r) acc[r][0] = acc[r][1] = _mm512_setzero_ps();
  for (int64_t t = 0; t < taps; ++t) {
    const float* const* a = rows + t * kMr;
    const float* b = bp + t * depth * kNr;
    for (int64_t p = 0; p < depth; ++p) {
      const __m512 b0 = _mm512_loadu_ps(b + p * kNr), b1 = _mm512_loadu_ps(b + p * kNr + 16);
#pragma GCC unroll 12
      for (int r = 0; r < kMr; ++r) {
        const __m512 x = _mm512_set1_ps(a[r][p]);
        acc[r][0] = _mm512_fmadd_ps(x, b0, acc[r][0]);
        acc[r][1] = _mm512_fmadd_ps(x, b1, acc[r][1]);
      }
    }
  }
  if (nrows == kMr && ncols == kNr) {
#pragma GCC unroll 12
    for (int r = 0; r < kMr; ++r) {
      _mm512_storeu_ps(c + r * ldc, acc[r][0]);
      _mm512_storeu_ps(c + r * ldc + 16, acc[r][1]);
    }
    return;
  }
  alignas(64) float tile[kMr * kNr];
#pragma GCC unroll 12
  for (int r = 0; r < kMr; ++r) {
    _mm512_store_ps(tile + r * kNr, acc[r][0]);
    _mm512_store_ps(tile + r * kNr + 16, acc[r][1]);
  }
  for (int r = 0; r < nrows; ++r) std::memcpy(c + r * ldc, tile + r * kNr, ncols * sizeof(float));
}

// z [pixels, out_depth] = the correlation of `s` under window `w` with filter `f`
// [taps * s.depth][out_depth], tiles of kMr pixels spread over the session's threads. Each
// tile's rows are found through a table of pointers, one per (tap, pixel), pointing at zeros
// where the window reaches outside the image.
bool Correlate(OpKernelContext* ctx, const Source& s, const Window& w, const float* f,
               int64_t out_depth, float* z) {
  const int64_t taps = w.taps(), k = taps * s.depth;
  Floats bp, zeros;
  if (!PackPanels(f, k, out_depth, &bp) || !zeros.Allocate(s.depth, /*zero=*/true)) return false;
  const int64_t pixels = s.batch * w.out_rows * w.out_cols;
  const int64_t tiles = (pixels + kMr - 1) / kMr, panels = (out_depth + kNr - 1) / kNr;
  ctx->ParallelFor(tiles, 8, [&](int64_t t0, int64_t t1) {
    std::vector<const float*> rows(taps * kMr);
    for (int64_t tile = t0; tile < t1; ++tile) {
      const int64_t p0 = tile * kMr;
      const int nrows = static_cast<int>(std::min<int64_t>(kMr, pixels - p0));
      FillRows(s, w, p0, nrows, zeros.get(), kMr, rows.data());
      for (int64_t t = 0; t < taps; ++t) {  // a missing row repeats the last
        for (int r = nrows; r < kMr; ++r) rows[t * kMr + r] = rows[t * kMr + nrows - 1];
      }
      for (int64_t jp = 0; jp < panels; ++jp) {
        const int ncols = static_cast<int>(std::min<int64_t>(kNr, out_depth - jp * kNr));
        IndirectTile(rows.data(), taps, s.depth, bp.get() + jp * k * kNr,
                     z + p0 * out_depth + jp * kNr, out_depth, nrows, ncols);
      }
    }
  });
  return true;
}

// out (kOuterRows x kNr) = (accumulate ? out : 0) + the sum over pixels p in [0, np) of
// dy[p * ldy + r] * rows[p][c0 + j], for j below 16 + 16 under the masks (kMasked; whole
// rows otherwise: mask moves inside the loop would take the FMAs' port).
template <bool kMasked>
MINITF_AVX512 void OuterTile(int64_t np, const float* const* rows, int64_t c0, const float* dy,
                             int64_t ldy, __mmask16 m0, __mmask16 m1, bool accumulate, float* out) {
  __m512 acc[kOuterRows][2];
#pragma GCC unroll 8
  for (int r = 0; r < kOuterRows; ++r) {
    acc[r][0] = accumulate ? _mm512_loadu_ps(out + r * kNr) : _mm512_setzero_ps();
    acc[r][1] = accumulate ? _mm512_loadu_ps(out + r * kNr + 16) : _mm512_setzero_ps();
  }
#pragma GCC unroll 4
  for (int64_t p = 0; p < np; ++p) {
    const float* b = rows[p] + c0;
    const __m512 b0 = kMasked ? _mm512_maskz_loadu_ps(m0, b) : _mm512_loadu_ps(b);
    const __m512 b1 = kMasked ? _mm512_maskz_loadu_ps(m1, b + 16) : _mm512_loadu_ps(b + 16);
    const float* a = dy + p * ldy;
#pragma GCC unroll 8
    for (int r = 0; r < kOuterRows; ++r) {
      const __m512 x = _mm512_set1_ps(a[r]);
      acc[r][0] = _mm512_fmadd_ps(x, b0, acc[r][0]);
      acc[r][1] = _mm512_fmadd_ps(x, b1, acc[r][1]);
    }
  }
#pragma GCC unroll 8
  for (int r = 0; r < kOuterRows; ++r) {
    _mm512_storeu_ps(out + r * kNr, acc[r][0]);
    _mm512_storeu_ps(out + r * kNr + 16, acc[r][1]);
  }
}

__mmask16 Mask(int64_t n) {
  return n >= 16 ? __mmask16(0xffff) : __mmask16((1u << std::max<int64_t>(n, 0)) - 1);
}

}  // namespace

bool DirectConv2D(OpKernelContext* ctx, const float* in, const Window2D& g, const float* w,
                  int64_t out_depth, float* z) {
  // At most 8 output channels the 32-wide tile is mostly padding: the im2col path's narrow
  // GEMM tile does it faster, with the same bits (one FMA chain per value in the same order).
  if (!HasAvx512() || out_depth <= 8) return false;
  const Source s{in, g.batch, g.in_rows, g.in_cols, g.depth, g.pad_top, g.pad_left};
  const Window win{g.window_rows,   g.window_cols,   g.stride_rows, g.stride_cols,
                   g.dilation_rows, g.dilation_cols, g.out_rows,    g.out_cols};
  return Correlate(ctx, s, win, w, out_depth, z);
}

bool DirectConv2DBackpropInput(OpKernelContext* ctx, const float* dy, const Window2D& g,
                               const float* w, int64_t out_depth, float* dx) {
  if (!HasAvx512() || g.stride_rows != 1 || g.stride_cols != 1 || g.dilation_rows != 1 ||
      g.dilation_cols != 1) {
    return false;
  }
  // dx = dy, reaching (window - 1 - pad) outside it, correlated with the turned filter.
  const Source s{dy,
                 g.batch,
                 g.out_rows,
                 g.out_cols,
                 out_depth,
                 g.window_rows - 1 - g.pad_top,
                 g.window_cols - 1 - g.pad_left};
  const int64_t taps = g.window_rows * g.window_cols, depth = g.depth;
  std::vector<float> turned(taps * out_depth * depth);
  for (int64_t t = 0; t < taps; ++t) {
    for (int64_t c = 0; c < depth; ++c) {
      for (int64_t o = 0; o < out_depth; ++o) {
        turned[((taps - 1 - t) * out_depth + o) * depth + c] = w[(t * depth + c) * out_depth + o];
      }
    }
  }
  const Window win{g.window_rows, g.window_cols, 1, 1, 1, 1, g.in_rows, g.in_cols};
  return Correlate(ctx, s, win, turned.data(), depth, dx);
}

bool DirectConv2DBackpropFilter(OpKernelContext* ctx, const float* in, const Window2D& g,
                                const float* dy, int64_t out_depth, float* dw) {
  if (!HasAvx512() || out_depth % kOuterRows != 0 || g.depth % 16 != 0) return false;
  const Source s{in, g.batch, g.in_rows, g.in_cols, g.depth, g.pad_top, g.pad_left};
  const Window win{g.window_rows,   g.window_cols,   g.stride_rows, g.stride_cols,
                   g.dilation_rows, g.dilation_cols, g.out_rows,    g.out_cols};
  const int64_t pixels = g.batch * g.out_rows * g.out_cols, depth = g.depth;
  const int64_t taps = win.taps();
  // The input row under every (tap, pixel): a table no larger than the input's 16 times.
  if (taps * pixels > 16 * g.batch * g.in_rows * g.in_cols * depth + (int64_t{1} << 20)) {
    return false;
  }
  Floats zeros;
  if (!zeros.Allocate(depth, /*zero=*/true)) return false;
  std::vector<const float*> rows(taps * pixels);
  ctx->ParallelFor(pixels, 4096, [&](int64_t p0, int64_t p1) {
    FillRows(s, win, p0, p1 - p0, zeros.get(), pixels, rows.data() + p0);
  });
  // Pixel groups fixed by the shape; each (group, tap, column tile) is one unit writing its
  // own partial tiles, sweeping its pixels in runs small enough for the first-level cache
  // (every row tile over one run, then the next run); the groups' partials are added in order.
  constexpr int64_t kRun = 64;
  const int64_t groups = std::clamp<int64_t>(pixels / 512, 1, 8);
  const int64_t per_group = (pixels + groups - 1) / groups;
  const int64_t row_tiles = out_depth / kOuterRows;
  const int64_t col_tiles = (depth + kNr - 1) / kNr;
  const int64_t tile = kOuterRows * kNr, per_tap = row_tiles * col_tiles * tile;
  Floats partial;
  if (!partial.Allocate(groups * taps * per_tap, /*zero=*/false)) return false;
  ctx->ParallelFor(groups * taps * col_tiles, 1, [&](int64_t u0, int64_t u1) {
    for (int64_t u = u0; u < u1; ++u) {
      const int64_t ct = u % col_tiles, t = (u / col_tiles) % taps, gr = u / col_tiles / taps;
      const int64_t p0 = gr * per_group, p1 = std::min(pixels, p0 + per_group);
      const int64_t c0 = ct * kNr;
      for (int64_t q0 = p0; q0 < p1; q0 += kRun) {
        const int64_t q1 = std::min(p1, q0 + kRun);
        for (int64_t rt = 0; rt < row_tiles; ++rt) {
          float* out = partial.get() + (gr * taps + t) * per_tap + (rt * col_tiles + ct) * tile;
          auto* kernel = depth - c0 >= kNr ? OuterTile<false> : OuterTile<true>;
          kernel(q1 - q0, rows.data() + t * pixels + q0, c0, dy + q0 * out_depth + rt * kOuterRows,
                 out_depth, Mask(depth - c0), Mask(depth - c0 - 16), q0 > p0, out);
        }
      }
    }
  });
  for (int64_t t = 0; t < taps; ++t) {
    for (int64_t c = 0; c < depth; ++c) {
      for (int64_t o = 0; o < out_depth; ++o) {
        const int64_t at =
            ((o / kOuterRows) * col_tiles + c / kNr) * tile + (o % kOuterRows) * kNr + c % kNr;
        float sum = 0.f;
        for (int64_t gr = 0; gr < groups; ++gr)
          sum += partial.get()[(gr * taps + t) * per_tap + at];
        dw[(t * depth + c) * out_depth + o] = sum;
      }
    }
  }
  return true;
}

}  // namespace nn_internal
}  // namespace tensorflow
