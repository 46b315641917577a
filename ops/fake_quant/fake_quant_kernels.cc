// CPU kernels of the FakeQuant family. Elementwise outputs follow TF 2.21 bit for bit
// (fake_quant_functor.h); the d_min/d_max sums are taken in double over fixed blocks and
// added in block order, so they are the same at any thread count and closer to the exact sum
// than TF's float tree reductions.
#include <cmath>
#include <vector>

#include "framework/op_kernel.h"
#include "ops/fake_quant/internal/fake_quant_attrs.h"
#include "ops/fake_quant/internal/fake_quant_functor.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace tensorflow {
namespace {

using fake_quant::Nudge;
using fake_quant::Nudged;

// Elements per task above which a second thread pays off (PERF_NOTES: 32-64k).
constexpr int64_t kGrain = 32768;
// Elements per reduction block: the unit of the fixed summation order.
constexpr int64_t kBlock = 8192;

// num_bits / narrow_range, read and checked as TF's kernel constructors do.
struct QuantRange {
  int quant_min = 0;
  int quant_max = 255;
};

Status ReadQuantRange(OpKernelConstruction* ctx, QuantRange* range) {
  int64_t num_bits;
  bool narrow_range;
  TF_RETURN_IF_ERROR(ctx->GetAttr("num_bits", &num_bits));
  TF_RETURN_IF_ERROR(ctx->GetAttr("narrow_range", &narrow_range));
  TF_RETURN_IF_ERROR(fake_quant::CheckNumBits(num_bits));
  range->quant_min = narrow_range ? 1 : 0;
  range->quant_max = (1 << num_bits) - 1;
  return OkStatus();
}

Status CheckFinite(const char* name, float v) {
  if (!std::isfinite(v)) {
    return errors::InvalidArgument("`", name, "` must be finite, got ", v);
  }
  return OkStatus();
}

// The scalar min/max of the Vars ops: rank 0 (TF's CVE-2022-35971/36005 checks) and finite.
Status ReadScalarRange(OpKernelContext* ctx, int min_index, float* min, float* max) {
  const Tensor& min_t = ctx->input(min_index);
  const Tensor& max_t = ctx->input(min_index + 1);
  if (min_t.dims() != 0) {
    return errors::InvalidArgument("`min` must be rank 0 but is rank ", min_t.dims());
  }
  if (max_t.dims() != 0) {
    return errors::InvalidArgument("`max` must be rank 0 but is rank ", max_t.dims());
  }
  *min = min_t.scalar<float>()();
  *max = max_t.scalar<float>()();
  TF_RETURN_IF_ERROR(CheckFinite("min", *min));
  return CheckFinite("max", *max);
}

// The per-channel min/max: rank 1 with `depth` entries, all finite.
Status ReadChannelRanges(OpKernelContext* ctx, int min_index, int64_t depth) {
  for (int k = 0; k < 2; ++k) {
    const Tensor& t = ctx->input(min_index + k);
    const char* name = k == 0 ? "min" : "max";
    if (t.dims() != 1) {
      return errors::InvalidArgument("`", name, "` must be rank 1 but is rank ", t.dims());
    }
    if (t.dim_size(0) != depth) {
      return errors::InvalidArgument(name, " has incorrect size, expected ", depth, " was ",
                                     t.dim_size(0));
    }
    auto v = t.flat<float>();
    for (int64_t i = 0; i < depth; ++i) TF_RETURN_IF_ERROR(CheckFinite(name, v(i)));
  }
  return OkStatus();
}

Status CheckSameShape(const Tensor& gradients, const Tensor& inputs) {
  if (!gradients.IsSameSize(inputs)) {
    return errors::InvalidArgument("gradient and input must be the same size: gradients ",
                                   gradients.shape().DebugString(), " vs. inputs ",
                                   inputs.shape().DebugString());
  }
  return OkStatus();
}

// The Args ops' attrs: min < max (TF's check), both finite, num_bits; nudged once.
Status ReadArgsRange(OpKernelConstruction* ctx, Nudged* nudged) {
  float min, max;
  TF_RETURN_IF_ERROR(ctx->GetAttr("min", &min));
  TF_RETURN_IF_ERROR(ctx->GetAttr("max", &max));
  TF_RETURN_IF_ERROR(fake_quant::CheckArgsRange(min, max));
  TF_RETURN_IF_ERROR(CheckFinite("min", min));
  TF_RETURN_IF_ERROR(CheckFinite("max", max));
  QuantRange r;
  TF_RETURN_IF_ERROR(ReadQuantRange(ctx, &r));
  *nudged = Nudge(min, max, r.quant_min, r.quant_max);
  return OkStatus();
}

// out[i] = f(in[i]) over the session's threads.
template <typename F>
void Elementwise(OpKernelContext* ctx, const float* in, float* out, int64_t n, F f) {
  ctx->ParallelFor(n, kGrain, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) out[i] = f(in[i]);
  });
}

#if defined(__x86_64__)
bool HasAvx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

// QuantizeDiv (divide) or QuantizeMul over 8-float AVX vectors, the same IEEE operations in
// the same order (min_ps/max_ps with these argument orders are Clamp's selects, NaN included;
// roundps floors exactly); the tail uses the scalar functions.
__attribute__((target("avx2"))) void QuantizeAvx2(const float* in, float* out, int64_t n,
                                                  const Nudged& q, bool divide) {
  const __m256 lo = _mm256_set1_ps(q.nudged_min), hi = _mm256_set1_ps(q.nudged_max);
  const __m256 scale = _mm256_set1_ps(q.scale), inv = _mm256_set1_ps(q.inv_scale);
  const __m256 zero = _mm256_set1_ps(q.quant_zero), half = _mm256_set1_ps(0.5f);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 x = _mm256_loadu_ps(in + i);
    const __m256 clamped = _mm256_max_ps(lo, _mm256_min_ps(hi, x));
    const __m256 shifted = _mm256_sub_ps(clamped, lo);
    const __m256 scaled = divide ? _mm256_div_ps(shifted, scale) : _mm256_mul_ps(shifted, inv);
    const __m256 rounded = _mm256_floor_ps(_mm256_add_ps(_mm256_sub_ps(scaled, zero), half));
    _mm256_storeu_ps(out + i, _mm256_mul_ps(rounded, scale));
  }
  for (; i < n; ++i) {
    out[i] = divide ? fake_quant::QuantizeDiv(in[i], q) : fake_quant::QuantizeMul(in[i], q);
  }
}
#endif

// The forward quantization over the session's threads, vectorized where the CPU allows.
void Quantize(OpKernelContext* ctx, const float* in, float* out, int64_t n, const Nudged& q,
              bool divide) {
#if defined(__x86_64__)
  if (HasAvx2()) {
    ctx->ParallelFor(n, kGrain, [&](int64_t begin, int64_t end) {
      QuantizeAvx2(in + begin, out + begin, end - begin, q, divide);
    });
    return;
  }
#endif
  if (divide) {
    Elementwise(ctx, in, out, n, [q](float v) { return fake_quant::QuantizeDiv(v, q); });
  } else {
    Elementwise(ctx, in, out, n, [q](float v) { return fake_quant::QuantizeMul(v, q); });
  }
}

class FakeQuantWithMinMaxArgsOp : public OpKernel {
 public:
  explicit FakeQuantWithMinMaxArgsOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ReadArgsRange(ctx, &nudged_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    Tensor* y;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0}, 0, x.shape(), &y));
    Quantize(ctx, x.flat<float>().data(), y->flat<float>().data(), x.NumElements(), nudged_,
             /*divide=*/false);
  }

 private:
  Nudged nudged_;
};

class FakeQuantWithMinMaxArgsGradientOp : public OpKernel {
 public:
  explicit FakeQuantWithMinMaxArgsGradientOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ReadArgsRange(ctx, &nudged_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& g = ctx->input(0);
    const Tensor& x = ctx->input(1);
    if (!ctx->ValidateInputsAreSameShape(this)) return;
    Tensor* dx;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0, 1}, 0, g.shape(), &dx));
    const float* gp = g.flat<float>().data();
    const float* xp = x.flat<float>().data();
    float* out = dx->flat<float>().data();
    const Nudged n = nudged_;
    ctx->ParallelFor(g.NumElements(), kGrain, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) out[i] = gp[i] * fake_quant::InRange(xp[i], n);
    });
  }

 private:
  Nudged nudged_;
};

class FakeQuantWithMinMaxVarsOp : public OpKernel {
 public:
  explicit FakeQuantWithMinMaxVarsOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ReadQuantRange(ctx, &range_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    float min, max;
    OP_REQUIRES_OK(ctx, ReadScalarRange(ctx, 1, &min, &max));
    Tensor* y;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0}, 0, x.shape(), &y));
    float* out = y->flat<float>().data();
    if (min == 0.0f && max == 0.0f) {
      Elementwise(ctx, out, out, x.NumElements(), [](float) { return 0.0f; });
      return;
    }
    const Nudged n = Nudge(min, max, range_.quant_min, range_.quant_max);
    Quantize(ctx, x.flat<float>().data(), out, x.NumElements(), n, /*divide=*/true);
  }

 private:
  QuantRange range_;
};

// Sums of g*below and g*above over fixed blocks, in double, blocks added in order.
struct BlockSums {
  double below = 0;
  double above = 0;
};

#if defined(__x86_64__)
// The same block with 8-float AVX2 vectors (chosen at run time when the CPU has AVX2). Each
// group of 8 products goes to four double lanes exactly as the SSE2 path sends groups of 4 to
// its lanes, lane by lane: the sums differ from the SSE2 path only in their grouping, which is
// fixed, so a given machine gives the same bits at any thread count.
// With `stream`, d_input goes out with non-temporal stores (dx must be 32-byte aligned): an
// output far larger than the caches is not read back soon, and a plain store would first read
// each line it writes.
template <bool stream>
__attribute__((target("avx2"))) BlockSums VarsGradientBlockAvx2(const float* g, const float* x,
                                                                float* dx, int64_t n,
                                                                const Nudged& nudged) {
  const __m256 lo = _mm256_set1_ps(nudged.nudged_min), hi = _mm256_set1_ps(nudged.nudged_max);
  const __m256 one = _mm256_set1_ps(1.0f);
  __m256d b0 = _mm256_setzero_pd(), b1 = _mm256_setzero_pd();
  __m256d a0 = _mm256_setzero_pd(), a1 = _mm256_setzero_pd();
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 gv = _mm256_loadu_ps(g + i), xv = _mm256_loadu_ps(x + i);
    const __m256 in = _mm256_and_ps(
        _mm256_and_ps(_mm256_cmp_ps(xv, lo, _CMP_GE_OQ), _mm256_cmp_ps(xv, hi, _CMP_LE_OQ)), one);
    const __m256 pb = _mm256_mul_ps(gv, _mm256_and_ps(_mm256_cmp_ps(xv, lo, _CMP_LT_OQ), one));
    const __m256 pa = _mm256_mul_ps(gv, _mm256_and_ps(_mm256_cmp_ps(xv, hi, _CMP_GT_OQ), one));
    if (stream) {
      _mm256_stream_ps(dx + i, _mm256_mul_ps(gv, in));
    } else {
      _mm256_storeu_ps(dx + i, _mm256_mul_ps(gv, in));
    }
    b0 = _mm256_add_pd(b0, _mm256_cvtps_pd(_mm256_castps256_ps128(pb)));
    b1 = _mm256_add_pd(b1, _mm256_cvtps_pd(_mm256_extractf128_ps(pb, 1)));
    a0 = _mm256_add_pd(a0, _mm256_cvtps_pd(_mm256_castps256_ps128(pa)));
    a1 = _mm256_add_pd(a1, _mm256_cvtps_pd(_mm256_extractf128_ps(pa, 1)));
  }
  if (stream) _mm_sfence();  // the streamed lines are visible before the block is done
  double lanes[4];
  _mm256_storeu_pd(lanes, _mm256_add_pd(b0, b1));
  double below = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
  _mm256_storeu_pd(lanes, _mm256_add_pd(a0, a1));
  double above = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
  for (; i < n; ++i) {
    const float gv = g[i], xv = x[i];
    below += static_cast<double>(gv * fake_quant::Below(xv, nudged));
    above += static_cast<double>(gv * fake_quant::Above(xv, nudged));
    dx[i] = gv * fake_quant::InRange(xv, nudged);
  }
  return {below, above};
}

#endif

// One block of FakeQuantWithMinMaxVarsGradient in a single pass: d_input = g * in_range, and
// the block's sums of g * below and g * above. The masks multiply (NaN and -0 as TF); the
// sums are taken in double lanes whose order is fixed by the element index alone.
BlockSums VarsGradientBlock(const float* g, const float* x, float* dx, int64_t n,
                            const Nudged& nudged) {
  int64_t i = 0;
  double below = 0, above = 0;
#if defined(__x86_64__)
  const __m128 lo = _mm_set1_ps(nudged.nudged_min), hi = _mm_set1_ps(nudged.nudged_max);
  const __m128 one = _mm_set1_ps(1.0f);
  __m128d b0 = _mm_setzero_pd(), b1 = _mm_setzero_pd();
  __m128d a0 = _mm_setzero_pd(), a1 = _mm_setzero_pd();
  for (; i + 4 <= n; i += 4) {
    const __m128 gv = _mm_loadu_ps(g + i), xv = _mm_loadu_ps(x + i);
    const __m128 in = _mm_and_ps(_mm_and_ps(_mm_cmpge_ps(xv, lo), _mm_cmple_ps(xv, hi)), one);
    const __m128 pb = _mm_mul_ps(gv, _mm_and_ps(_mm_cmplt_ps(xv, lo), one));
    const __m128 pa = _mm_mul_ps(gv, _mm_and_ps(_mm_cmpgt_ps(xv, hi), one));
    _mm_storeu_ps(dx + i, _mm_mul_ps(gv, in));
    b0 = _mm_add_pd(b0, _mm_cvtps_pd(pb));
    b1 = _mm_add_pd(b1, _mm_cvtps_pd(_mm_movehl_ps(pb, pb)));
    a0 = _mm_add_pd(a0, _mm_cvtps_pd(pa));
    a1 = _mm_add_pd(a1, _mm_cvtps_pd(_mm_movehl_ps(pa, pa)));
  }
  double lanes[2];
  _mm_storeu_pd(lanes, _mm_add_pd(b0, b1));
  below = lanes[0] + lanes[1];
  _mm_storeu_pd(lanes, _mm_add_pd(a0, a1));
  above = lanes[0] + lanes[1];
#endif
  for (; i < n; ++i) {
    const float gv = g[i], xv = x[i];
    below += static_cast<double>(gv * fake_quant::Below(xv, nudged));
    above += static_cast<double>(gv * fake_quant::Above(xv, nudged));
    dx[i] = gv * fake_quant::InRange(xv, nudged);
  }
  return {below, above};
}

class FakeQuantWithMinMaxVarsGradientOp : public OpKernel {
 public:
  explicit FakeQuantWithMinMaxVarsGradientOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ReadQuantRange(ctx, &range_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& g = ctx->input(0);
    const Tensor& x = ctx->input(1);
    OP_REQUIRES_OK(ctx, CheckSameShape(g, x));
    float min, max;
    OP_REQUIRES_OK(ctx, ReadScalarRange(ctx, 2, &min, &max));
    Tensor *dx, *dmin, *dmax;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0, 1}, 0, x.shape(), &dx));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(1, TensorShape({}), &dmin));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(2, TensorShape({}), &dmax));
    const int64_t n_elems = x.NumElements();
    const float* gp = g.flat<float>().data();
    const float* xp = x.flat<float>().data();
    float* out = dx->flat<float>().data();
    if (min == 0.0f && max == 0.0f) {
      if (out != gp) Elementwise(ctx, gp, out, n_elems, [](float v) { return v; });
      dmin->scalar<float>()() = 0.0f;
      dmax->scalar<float>()() = 0.0f;
      return;
    }
    const Nudged n = Nudge(min, max, range_.quant_min, range_.quant_max);
    const int64_t blocks = (n_elems + kBlock - 1) / kBlock;
    std::vector<BlockSums> sums(blocks);
    // Streaming stores for a fresh output well beyond the caches (not for an input's buffer
    // reused in place: its lines were just read).
    constexpr int64_t kStreamAbove = int64_t{16} << 20;  // bytes
    const bool stream = n_elems * int64_t{sizeof(float)} > kStreamAbove && out != gp && out != xp &&
                        reinterpret_cast<uintptr_t>(out) % 32 == 0;
    ctx->ParallelFor(blocks, kGrain / kBlock, [&](int64_t b0, int64_t b1) {
      for (int64_t b = b0; b < b1; ++b) {
        const int64_t begin = b * kBlock, end = std::min(n_elems, begin + kBlock);
#if defined(__x86_64__)
        if (HasAvx2()) {
          sums[b] = stream ? VarsGradientBlockAvx2<true>(gp + begin, xp + begin, out + begin,
                                                         end - begin, n)
                           : VarsGradientBlockAvx2<false>(gp + begin, xp + begin, out + begin,
                                                          end - begin, n);
          continue;
        }
#endif
        sums[b] = VarsGradientBlock(gp + begin, xp + begin, out + begin, end - begin, n);
      }
    });
    double below = 0, above = 0;
    for (const BlockSums& s : sums) {
      below += s.below;
      above += s.above;
    }
    dmin->scalar<float>()() = static_cast<float>(below);
    dmax->scalar<float>()() = static_cast<float>(above);
  }

 private:
  QuantRange range_;
};

// Per-channel parameters; `zero` marks TF's min == max == 0 special case.
struct Channel {
  Nudged n;
  bool zero;
};

std::vector<Channel> NudgeChannels(const Tensor& min_t, const Tensor& max_t,
                                   const QuantRange& range) {
  auto mins = min_t.flat<float>();
  auto maxs = max_t.flat<float>();
  std::vector<Channel> channels(mins.size());
  for (int64_t c = 0; c < mins.size(); ++c) {
    channels[c].zero = mins(c) == 0.0f && maxs(c) == 0.0f;
    channels[c].n = Nudge(mins(c), maxs(c), range.quant_min, range.quant_max);
  }
  return channels;
}

class FakeQuantWithMinMaxVarsPerChannelOp : public OpKernel {
 public:
  explicit FakeQuantWithMinMaxVarsPerChannelOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ReadQuantRange(ctx, &range_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    OP_REQUIRES(ctx, x.dims() > 0,
                errors::InvalidArgument("input must be at least rank 1, got shape ",
                                        x.shape().DebugString()));
    const int64_t depth = x.dim_size(x.dims() - 1);
    OP_REQUIRES_OK(ctx, ReadChannelRanges(ctx, 1, depth));
    Tensor* y;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0}, 0, x.shape(), &y));
    if (x.NumElements() == 0) return;
    const std::vector<Channel> channels = NudgeChannels(ctx->input(1), ctx->input(2), range_);
    const float* xp = x.flat<float>().data();
    float* out = y->flat<float>().data();
    const int64_t rows = x.NumElements() / depth;
    ctx->ParallelFor(rows, std::max<int64_t>(1, kGrain / depth), [&](int64_t r0, int64_t r1) {
      for (int64_t r = r0; r < r1; ++r) {
        for (int64_t c = 0; c < depth; ++c) {
          const int64_t i = r * depth + c;
          out[i] = channels[c].zero ? 0.0f : fake_quant::QuantizeMul(xp[i], channels[c].n);
        }
      }
    });
  }

 private:
  QuantRange range_;
};

class FakeQuantWithMinMaxVarsPerChannelGradientOp : public OpKernel {
 public:
  explicit FakeQuantWithMinMaxVarsPerChannelGradientOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ReadQuantRange(ctx, &range_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& g = ctx->input(0);
    const Tensor& x = ctx->input(1);
    OP_REQUIRES_OK(ctx, CheckSameShape(g, x));
    OP_REQUIRES(ctx, x.dims() > 0,
                errors::InvalidArgument("input must be at least rank 1, got shape ",
                                        x.shape().DebugString()));
    const int64_t depth = x.dim_size(x.dims() - 1);
    OP_REQUIRES_OK(ctx, ReadChannelRanges(ctx, 2, depth));
    Tensor *dx, *dmin, *dmax;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0, 1}, 0, x.shape(), &dx));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(1, TensorShape({depth}), &dmin));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(2, TensorShape({depth}), &dmax));
    const std::vector<Channel> channels = NudgeChannels(ctx->input(2), ctx->input(3), range_);
    const float* gp = g.flat<float>().data();
    const float* xp = x.flat<float>().data();
    float* out = dx->flat<float>().data();
    const int64_t rows = depth == 0 ? 0 : x.NumElements() / depth;
    // Fixed row blocks; per block and channel a double sum; blocks added in order.
    const int64_t block_rows = std::max<int64_t>(1, kBlock / std::max<int64_t>(depth, 1));
    const int64_t blocks = (rows + block_rows - 1) / block_rows;
    std::vector<double> below(blocks * depth, 0.0), above(blocks * depth, 0.0);
    ctx->ParallelFor(blocks, std::max<int64_t>(1, kGrain / kBlock), [&](int64_t b0, int64_t b1) {
      for (int64_t b = b0; b < b1; ++b) {
        double* bl = below.data() + b * depth;
        double* ab = above.data() + b * depth;
        const int64_t r_end = std::min(rows, (b + 1) * block_rows);
        for (int64_t r = b * block_rows; r < r_end; ++r) {
          for (int64_t c = 0; c < depth; ++c) {
            const int64_t i = r * depth + c;
            const float gv = gp[i], xv = xp[i];
            if (channels[c].zero) {
              out[i] = gv;
              continue;
            }
            const Nudged& n = channels[c].n;
            bl[c] += static_cast<double>(gv * fake_quant::Below(xv, n));
            ab[c] += static_cast<double>(gv * fake_quant::Above(xv, n));
            out[i] = gv * fake_quant::InRange(xv, n);
          }
        }
      }
    });
    auto dmin_v = dmin->flat<float>();
    auto dmax_v = dmax->flat<float>();
    for (int64_t c = 0; c < depth; ++c) {
      double sb = 0, sa = 0;
      for (int64_t b = 0; b < blocks; ++b) {
        sb += below[b * depth + c];
        sa += above[b * depth + c];
      }
      dmin_v(c) = channels[c].zero ? 0.0f : static_cast<float>(sb);
      dmax_v(c) = channels[c].zero ? 0.0f : static_cast<float>(sa);
    }
  }

 private:
  QuantRange range_;
};

REGISTER_KERNEL_BUILDER(Name("FakeQuantWithMinMaxArgs").Device(DEVICE_CPU),
                        FakeQuantWithMinMaxArgsOp);
REGISTER_KERNEL_BUILDER(Name("FakeQuantWithMinMaxArgsGradient").Device(DEVICE_CPU),
                        FakeQuantWithMinMaxArgsGradientOp);
REGISTER_KERNEL_BUILDER(Name("FakeQuantWithMinMaxVars").Device(DEVICE_CPU),
                        FakeQuantWithMinMaxVarsOp);
REGISTER_KERNEL_BUILDER(Name("FakeQuantWithMinMaxVarsGradient").Device(DEVICE_CPU),
                        FakeQuantWithMinMaxVarsGradientOp);
REGISTER_KERNEL_BUILDER(Name("FakeQuantWithMinMaxVarsPerChannel").Device(DEVICE_CPU),
                        FakeQuantWithMinMaxVarsPerChannelOp);
REGISTER_KERNEL_BUILDER(Name("FakeQuantWithMinMaxVarsPerChannelGradient").Device(DEVICE_CPU),
                        FakeQuantWithMinMaxVarsPerChannelGradientOp);

}  // namespace
}  // namespace tensorflow
