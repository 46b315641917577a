// CPU kernels of the resize ops (resize_ops.cc) with TF 2.21's checks, texts and float
// arithmetic, so results have TF's bits:
//  - source coordinates in float: i * scale, or (i + 0.5) * scale (- 0.5 but for nearest);
//    scale = (in - 1) / (out - 1) with align_corners (both sizes > 1), else in / out;
//  - nearest: roundf (align_corners) or floorf of the coordinate, clamped; values copied;
//  - bilinear: in float, a + (b - a) * t along x then y; a same-size resize is a cast;
//  - bicubic: TF's 1025-entry Keys tables (A = -0.75, or -0.5 with half-pixel centers, whose
//    outside taps get weight 0 and the rest renormalised), 4 taps down then 4 across (where an
//    inf meets a zero weight, the NaN's sign may differ from TF's: which NaN a sum keeps is up
//    to TF's compiled code);
//  - the gradients scatter in TF's loop order: bilinear products (g * wy) * wx in float, added in
//    float (double for double, float then one rounding for 16-bit types); bicubic's in T;
//    nearest's added in T.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

constexpr int64_t kMaxInt32 = std::numeric_limits<int32_t>::max();

float ResizeScale(int64_t in, int64_t out, bool align_corners) {
  return (align_corners && in > 1 && out > 1)
             ? static_cast<float>(in - 1) / static_cast<float>(out - 1)
             : static_cast<float>(in) / static_cast<float>(out);
}
float LegacyCoordinate(int64_t i, float scale) { return static_cast<float>(i) * scale; }
float HalfPixelCoordinate(int64_t i, float scale) {
  return (static_cast<float>(i) + 0.5f) * scale - 0.5f;
}

// Attrs every resize kernel reads.
struct ResizeAttrs {
  bool align_corners = false, half_pixel_centers = false;
  Status Read(OpKernelConstruction* ctx) {
    TF_RETURN_IF_ERROR(ctx->GetAttr("align_corners", &align_corners));
    return ctx->GetAttr("half_pixel_centers", &half_pixel_centers);
  }
};
constexpr const char* kBothCentersError =
    "If half_pixel_centers is True, align_corners must be False.";

// The size input: a vector of two positive sizes (TF's texts; `positive_error` differs).
Status ReadSize(const Tensor& size, const char* positive_error, int64_t* h, int64_t* w) {
  if (size.dims() != 1) {
    return errors::InvalidArgument("shape_t must be 1-dimensional", size.shape().DebugString());
  }
  if (size.NumElements() != 2) {
    return errors::InvalidArgument("shape_t must have two elements", size.shape().DebugString());
  }
  *h = size.flat<int32_t>()(0);
  *w = size.flat<int32_t>()(1);
  if (*h <= 0 || *w <= 0) return errors::InvalidArgument(positive_error);
  return OkStatus();
}

// TF's ImageResizerState: checks the images and size, allocates [batch, h, w, channels].
struct ResizeGeometry {
  int64_t batch = 0, in_h = 0, in_w = 0, channels = 0, out_h = 0, out_w = 0;
  float h_scale = 0, w_scale = 0;
};
Status ValidateResize(OpKernelContext* ctx, const ResizeAttrs& attrs, ResizeGeometry* g,
                      Tensor** out) {
  if (attrs.half_pixel_centers && attrs.align_corners) {
    return errors::InvalidArgument(kBothCentersError);
  }
  const Tensor& images = ctx->input(0);
  if (images.dims() != 4) {
    return errors::InvalidArgument("input must be 4-dimensional", images.shape().DebugString());
  }
  g->batch = images.dim_size(0);
  g->in_h = images.dim_size(1);
  g->in_w = images.dim_size(2);
  g->channels = images.dim_size(3);
  if (g->channels <= 0) return errors::InvalidArgument("image must have at least one channel");
  if (g->in_h <= 0 || g->in_w <= 0) {
    return errors::InvalidArgument("input image must be of non-zero size");
  }
  if (g->in_h >= kMaxInt32 || g->in_w >= kMaxInt32) {
    return errors::InvalidArgument("input sizes must be between 0 and max int32");
  }
  TF_RETURN_IF_ERROR(
      ReadSize(ctx->input(1), "output dimensions must be positive", &g->out_h, &g->out_w));
  g->h_scale = ResizeScale(g->in_h, g->out_h, attrs.align_corners);
  g->w_scale = ResizeScale(g->in_w, g->out_w, attrs.align_corners);
  TensorShape shape;
  TF_RETURN_IF_ERROR(shape.AddDimWithStatus(g->batch));
  TF_RETURN_IF_ERROR(shape.AddDimWithStatus(g->out_h));
  TF_RETURN_IF_ERROR(shape.AddDimWithStatus(g->out_w));
  TF_RETURN_IF_ERROR(shape.AddDimWithStatus(g->channels));
  return ctx->allocate_output(0, shape, out);
}

// Nearest: the source index of output i.
int64_t NearestIndex(int64_t i, int64_t in_size, float scale, const ResizeAttrs& a) {
  const float s =
      a.half_pixel_centers ? (static_cast<float>(i) + 0.5f) * scale : LegacyCoordinate(i, scale);
  int64_t idx =
      a.align_corners ? static_cast<int64_t>(std::round(s)) : static_cast<int64_t>(std::floor(s));
  idx = std::min(idx, in_size - 1);
  if (a.half_pixel_centers) idx = std::max<int64_t>(0, idx);
  return idx;
}

template <typename T>
class ResizeNearestNeighborOp : public OpKernel {
 public:
  explicit ResizeNearestNeighborOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx));
  }
  void Compute(OpKernelContext* ctx) override {
    ResizeGeometry g;
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ValidateResize(ctx, attrs_, &g, &out));
    OP_REQUIRES(ctx, g.in_h < (int64_t{1} << 24) && g.in_w < (int64_t{1} << 24),
                errors::InvalidArgument("nearest neighbor requires max height & width of 2^24"));
    if (out->NumElements() == 0) return;
    std::vector<int64_t> xs(g.out_w);
    for (int64_t x = 0; x < g.out_w; ++x) xs[x] = NearestIndex(x, g.in_w, g.w_scale, attrs_);
    const T* in = ctx->input(0).flat<T>().data();
    T* o = out->flat<T>().data();
    const int64_t c = g.channels;
    ctx->ParallelFor(g.batch * g.out_h, std::max<int64_t>(1, 16384 / (g.out_w * c + 1)),
                     [&](int64_t s, int64_t e) {
                       for (int64_t r = s; r < e; ++r) {
                         const int64_t b = r / g.out_h, y = r % g.out_h;
                         const int64_t iy = NearestIndex(y, g.in_h, g.h_scale, attrs_);
                         const T* row = in + (b * g.in_h + iy) * g.in_w * c;
                         T* dst = o + r * g.out_w * c;
                         for (int64_t x = 0; x < g.out_w; ++x) {
                           std::copy(row + xs[x] * c, row + xs[x] * c + c, dst + x * c);
                         }
                       }
                     });
  }

 private:
  ResizeAttrs attrs_;
};

// Bilinear: the two source indices and the fraction along one axis.
struct Lerp {
  int64_t lower = 0, upper = 0;
  float t = 0;
};
Lerp BilinearLerp(int64_t i, int64_t in_size, float scale, bool half_pixel) {
  const float in = half_pixel ? HalfPixelCoordinate(i, scale) : LegacyCoordinate(i, scale);
  const float in_floor = std::floor(in);
  Lerp l;
  l.lower = std::max(static_cast<int64_t>(in_floor), int64_t{0});
  l.upper = std::min(static_cast<int64_t>(std::ceil(in)), in_size - 1);
  l.t = in - in_floor;
  return l;
}

template <typename T>
class ResizeBilinearOp : public OpKernel {
 public:
  explicit ResizeBilinearOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx));
  }
  void Compute(OpKernelContext* ctx) override {
    ResizeGeometry g;
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ValidateResize(ctx, attrs_, &g, &out));
    const int64_t n = out->NumElements();
    if (n == 0) return;
    const T* in = ctx->input(0).flat<T>().data();
    float* o = out->flat<float>().data();
    if (g.out_h == g.in_h && g.out_w == g.in_w) {  // TF's shortcut: a cast, -0 and inf kept
      for (int64_t i = 0; i < n; ++i) o[i] = static_cast<float>(in[i]);
      return;
    }
    std::vector<Lerp> xs(g.out_w);
    for (int64_t x = 0; x < g.out_w; ++x) {
      xs[x] = BilinearLerp(x, g.in_w, g.w_scale, attrs_.half_pixel_centers);
    }
    const int64_t c = g.channels;
    ctx->ParallelFor(g.batch * g.out_h, std::max<int64_t>(1, 4096 / (g.out_w * c + 1)),
                     [&](int64_t s, int64_t e) {
                       for (int64_t r = s; r < e; ++r) {
                         const int64_t b = r / g.out_h, y = r % g.out_h;
                         const Lerp ly =
                             BilinearLerp(y, g.in_h, g.h_scale, attrs_.half_pixel_centers);
                         const T* top = in + (b * g.in_h + ly.lower) * g.in_w * c;
                         const T* bottom = in + (b * g.in_h + ly.upper) * g.in_w * c;
                         float* dst = o + r * g.out_w * c;
                         for (int64_t x = 0; x < g.out_w; ++x) {
                           const Lerp& lx = xs[x];
                           for (int64_t k = 0; k < c; ++k) {
                             const float tl = static_cast<float>(top[lx.lower * c + k]);
                             const float tr = static_cast<float>(top[lx.upper * c + k]);
                             const float bl = static_cast<float>(bottom[lx.lower * c + k]);
                             const float br = static_cast<float>(bottom[lx.upper * c + k]);
                             const float t = tl + (tr - tl) * lx.t;
                             const float u = bl + (br - bl) * lx.t;
                             dst[x * c + k] = t + (u - t) * ly.t;
                           }
                         }
                       }
                     });
  }

 private:
  ResizeAttrs attrs_;
};

// Bicubic: TF's coefficient table for A (built in double, stored in float).
constexpr int kTableSize = 1024;
std::vector<float> BicubicTable(double a) {
  std::vector<float> table((kTableSize + 1) * 2);
  for (int i = 0; i <= kTableSize; ++i) {
    float x = static_cast<float>(i * 1.0 / kTableSize);
    table[i * 2] = static_cast<float>(((a + 2) * x - (a + 3)) * x * x + 1);
    x += 1.0;
    table[i * 2 + 1] = static_cast<float>(((a * x - 5 * a) * x + 8 * a) * x - 4 * a);
  }
  return table;
}
const std::vector<float>& Table(bool half_pixel) {
  static const std::vector<float> legacy = BicubicTable(-0.75);
  static const std::vector<float> keys = BicubicTable(-0.5);
  return half_pixel ? keys : legacy;
}

// The four taps (indices and weights) of output i along one axis.
struct Taps {
  int64_t index[4];
  float weight[4];
};
Taps BicubicTaps(int64_t i, int64_t limit, float scale, bool half_pixel) {
  const float in_f = half_pixel ? HalfPixelCoordinate(i, scale) : LegacyCoordinate(i, scale);
  const int64_t in = static_cast<int64_t>(std::floor(in_f));
  const float delta = in_f - static_cast<float>(in);
  const int64_t offset = std::lrintf(delta * static_cast<float>(kTableSize));
  const std::vector<float>& tab = Table(half_pixel);
  Taps t;
  t.weight[0] = tab[offset * 2 + 1];
  t.weight[1] = tab[offset * 2];
  t.weight[2] = tab[(kTableSize - offset) * 2];
  t.weight[3] = tab[(kTableSize - offset) * 2 + 1];
  for (int k = 0; k < 4; ++k) {
    t.index[k] = std::min(limit - 1, std::max<int64_t>(0, in - 1 + k));
  }
  if (half_pixel) {
    for (int k = 0; k < 4; ++k) {
      if (t.index[k] != in - 1 + k) t.weight[k] = 0.0f;
    }
    const float sum = ((t.weight[0] + t.weight[1]) + t.weight[2]) + t.weight[3];
    if (std::fabs(sum) >= 1000.0f * std::numeric_limits<float>::min()) {
      const float inv = 1.0f / sum;
      for (float& w : t.weight) w = w * inv;
    }
  }
  return t;
}

template <typename T>
class ResizeBicubicOp : public OpKernel {
 public:
  explicit ResizeBicubicOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx));
  }
  void Compute(OpKernelContext* ctx) override {
    ResizeGeometry g;
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ValidateResize(ctx, attrs_, &g, &out));
    if (out->NumElements() == 0) return;
    const bool hp = attrs_.half_pixel_centers;
    std::vector<Taps> xs(g.out_w);
    for (int64_t x = 0; x < g.out_w; ++x) xs[x] = BicubicTaps(x, g.in_w, g.w_scale, hp);
    const T* in = ctx->input(0).flat<T>().data();
    float* o = out->flat<float>().data();
    const int64_t c = g.channels;
    ctx->ParallelFor(g.batch * g.out_h, std::max<int64_t>(1, 1024 / (g.out_w * c + 1)),
                     [&](int64_t s, int64_t e) {
                       for (int64_t r = s; r < e; ++r) {
                         const int64_t b = r / g.out_h, y = r % g.out_h;
                         const Taps ty = BicubicTaps(y, g.in_h, g.h_scale, hp);
                         const T* rows[4];
                         for (int k = 0; k < 4; ++k)
                           rows[k] = in + (b * g.in_h + ty.index[k]) * g.in_w * c;
                         float* dst = o + r * g.out_w * c;
                         for (int64_t x = 0; x < g.out_w; ++x) {
                           const Taps& tx = xs[x];
                           for (int64_t ch = 0; ch < c; ++ch) {
                             float sum = 0;
                             for (int k = 0; k < 4; ++k) {
                               const int64_t at = tx.index[k] * c + ch;
                               float column = static_cast<float>(rows[0][at]) * ty.weight[0];
                               for (int j = 1; j < 4; ++j) {
                                 column = column + static_cast<float>(rows[j][at]) * ty.weight[j];
                               }
                               sum = k == 0 ? column * tx.weight[0] : sum + column * tx.weight[k];
                             }
                             dst[x * c + ch] = sum;
                           }
                         }
                       }
                     });
  }

 private:
  ResizeAttrs attrs_;
};

// TF's ImageResizerGradientState: checks grads and the original image, allocates the output.
Status ValidateResizeGrad(OpKernelContext* ctx, const ResizeAttrs& attrs, ResizeGeometry* g,
                          Tensor** out) {
  if (attrs.half_pixel_centers && attrs.align_corners) {
    return errors::InvalidArgument(kBothCentersError);
  }
  const Tensor& grads = ctx->input(0);
  const Tensor& original = ctx->input(1);
  if (grads.dims() != 4) {
    return errors::InvalidArgument("input_grad must be 4-dimensional", grads.shape().DebugString());
  }
  g->batch = grads.dim_size(0);
  g->out_h = grads.dim_size(1);
  g->out_w = grads.dim_size(2);
  g->channels = grads.dim_size(3);
  if (g->out_h <= 0 || g->out_w <= 0) {
    return errors::InvalidArgument("resized dimensions must be positive");
  }
  if (original.dims() != 4) {
    return errors::InvalidArgument("original_image must be 4-dimensional",
                                   original.shape().DebugString());
  }
  g->in_h = original.dim_size(1);
  g->in_w = original.dim_size(2);
  if (g->in_h <= 0 || g->in_w <= 0) {
    return errors::InvalidArgument("original dimensions must be positive");
  }
  if (g->in_h >= kMaxInt32 || g->in_w >= kMaxInt32) {
    return errors::InvalidArgument("original sizes must be between 0 and max int32");
  }
  g->h_scale = ResizeScale(g->in_h, g->out_h, attrs.align_corners);
  g->w_scale = ResizeScale(g->in_w, g->out_w, attrs.align_corners);
  // With a status: an empty original image may claim sizes whose product overflows.
  TensorShape shape;
  for (int64_t d : {g->batch, g->in_h, g->in_w, g->channels}) {
    TF_RETURN_IF_ERROR(shape.AddDimWithStatus(d));
  }
  return ctx->allocate_output(0, shape, out);
}

// Float accumulation for float and 16-bit outputs, double for double.
template <typename T>
using GradAccumulator = std::conditional_t<std::is_same<T, double>::value, double, float>;

template <typename T>
class ResizeBilinearGradOp : public OpKernel {
 public:
  explicit ResizeBilinearGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx));
  }
  void Compute(OpKernelContext* ctx) override {
    ResizeGeometry g;
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ValidateResizeGrad(ctx, attrs_, &g, &out));
    const int64_t n = out->NumElements();
    if (n == 0) return;
    using Acc = GradAccumulator<T>;
    std::vector<Acc> acc(n, Acc(0));
    const float* grads = ctx->input(0).flat<float>().data();
    const int64_t c = g.channels;
    const bool hp = attrs_.half_pixel_centers;
    for (int64_t b = 0; b < g.batch; ++b) {
      for (int64_t y = 0; y < g.out_h; ++y) {
        const Lerp ly = BilinearLerp(y, g.in_h, g.h_scale, hp);
        const float inv_yl = 1.0f - ly.t;
        Acc* top = acc.data() + (b * g.in_h + ly.lower) * g.in_w * c;
        Acc* bottom = acc.data() + (b * g.in_h + ly.upper) * g.in_w * c;
        for (int64_t x = 0; x < g.out_w; ++x) {
          const Lerp lx = BilinearLerp(x, g.in_w, g.w_scale, hp);
          const float inv_xl = 1.0f - lx.t;
          const float* grad = grads + ((b * g.out_h + y) * g.out_w + x) * c;
          for (int64_t k = 0; k < c; ++k) {
            const float v = grad[k];
            top[lx.lower * c + k] += Acc((v * inv_yl) * inv_xl);
            top[lx.upper * c + k] += Acc((v * inv_yl) * lx.t);
            bottom[lx.lower * c + k] += Acc((v * ly.t) * inv_xl);
            bottom[lx.upper * c + k] += Acc((v * ly.t) * lx.t);
          }
        }
      }
    }
    T* o = out->flat<T>().data();
    for (int64_t i = 0; i < n; ++i) o[i] = static_cast<T>(acc[i]);
  }

 private:
  ResizeAttrs attrs_;
};

template <typename T>
class ResizeBicubicGradOp : public OpKernel {
 public:
  explicit ResizeBicubicGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx));
  }
  void Compute(OpKernelContext* ctx) override {
    ResizeGeometry g;
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ValidateResizeGrad(ctx, attrs_, &g, &out));
    const int64_t n = out->NumElements();
    T* o = out->flat<T>().data();
    std::fill(o, o + n, T(0));
    if (n == 0) return;
    const bool hp = attrs_.half_pixel_centers;
    std::vector<Taps> xs(g.out_w);
    for (int64_t x = 0; x < g.out_w; ++x) xs[x] = BicubicTaps(x, g.in_w, g.w_scale, hp);
    const float* grads = ctx->input(0).flat<float>().data();
    const int64_t c = g.channels;
    for (int64_t b = 0; b < g.batch; ++b) {
      for (int64_t y = 0; y < g.out_h; ++y) {
        const Taps ty = BicubicTaps(y, g.in_h, g.h_scale, hp);
        for (int64_t x = 0; x < g.out_w; ++x) {
          const Taps& tx = xs[x];
          for (int64_t k = 0; k < c; ++k) {
            const T v = static_cast<T>(grads[((b * g.out_h + y) * g.out_w + x) * c + k]);
            for (int r = 0; r < 4; ++r) {
              T* row = o + (b * g.in_h + ty.index[r]) * g.in_w * c;
              for (int j = 0; j < 4; ++j) {
                row[tx.index[j] * c + k] +=
                    v * static_cast<T>(ty.weight[r]) * static_cast<T>(tx.weight[j]);
              }
            }
          }
        }
      }
    }
  }

 private:
  ResizeAttrs attrs_;
};

template <typename T>
class ResizeNearestNeighborGradOp : public OpKernel {
 public:
  explicit ResizeNearestNeighborGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& grads = ctx->input(0);
    OP_REQUIRES(
        ctx, grads.dims() == 4,
        errors::InvalidArgument("input must be 4-dimensional", grads.shape().DebugString()));
    int64_t out_h = 0, out_w = 0;
    OP_REQUIRES_OK(ctx,
                   ReadSize(ctx->input(1), "shape_t's elements must be positive", &out_h, &out_w));
    const int64_t batch = grads.dim_size(0), in_h = grads.dim_size(1), in_w = grads.dim_size(2),
                  c = grads.dim_size(3);
    TensorShape shape;  // with a status: TF's overflow text for sizes up to 2^31 - 1
    for (int64_t d : {batch, out_h, out_w, c}) OP_REQUIRES_OK(ctx, shape.AddDimWithStatus(d));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, shape, &out));
    const int64_t n = out->NumElements();
    T* o = out->flat<T>().data();
    std::fill(o, o + n, T(0));
    if (n == 0) return;
    // The forward op's scales: from the original size (out_*) to the resized one (in_*).
    const float h_scale = ResizeScale(out_h, in_h, attrs_.align_corners);
    const float w_scale = ResizeScale(out_w, in_w, attrs_.align_corners);
    const T* g = grads.flat<T>().data();
    for (int64_t b = 0; b < batch; ++b) {
      for (int64_t y = 0; y < in_h; ++y) {
        const int64_t oy = NearestIndex(y, out_h, h_scale, attrs_);
        for (int64_t x = 0; x < in_w; ++x) {
          const int64_t ox = NearestIndex(x, out_w, w_scale, attrs_);
          T* dst = o + ((b * out_h + oy) * out_w + ox) * c;
          const T* src = g + ((b * in_h + y) * in_w + x) * c;
          for (int64_t k = 0; k < c; ++k) dst[k] = internal::WrappingAdd(dst[k], src[k]);
        }
      }
    }
  }

 private:
  ResizeAttrs attrs_;
};

#define MINITF_REGISTER_RESIZE(T)                                                                 \
  REGISTER_KERNEL_BUILDER(                                                                        \
      Name("ResizeNearestNeighbor").Device(DEVICE_CPU).TypeConstraint<T>("T").HostMemory("size"), \
      ResizeNearestNeighborOp<T>);                                                                \
  REGISTER_KERNEL_BUILDER(                                                                        \
      Name("ResizeBilinear").Device(DEVICE_CPU).TypeConstraint<T>("T").HostMemory("size"),        \
      ResizeBilinearOp<T>);                                                                       \
  REGISTER_KERNEL_BUILDER(                                                                        \
      Name("ResizeBicubic").Device(DEVICE_CPU).TypeConstraint<T>("T").HostMemory("size"),         \
      ResizeBicubicOp<T>);
MINITF_REGISTER_RESIZE(int8_t)
MINITF_REGISTER_RESIZE(uint8_t)
MINITF_REGISTER_RESIZE(int16_t)
MINITF_REGISTER_RESIZE(uint16_t)
MINITF_REGISTER_RESIZE(int32_t)
MINITF_REGISTER_RESIZE(int64_t)
MINITF_REGISTER_RESIZE(Eigen::half)
MINITF_REGISTER_RESIZE(Eigen::bfloat16)
MINITF_REGISTER_RESIZE(float)
MINITF_REGISTER_RESIZE(double)
#undef MINITF_REGISTER_RESIZE

#define MINITF_REGISTER_GRAD(OP, KERNEL, T) \
  REGISTER_KERNEL_BUILDER(Name(OP).Device(DEVICE_CPU).TypeConstraint<T>("T"), KERNEL<T>);
MINITF_REGISTER_GRAD("ResizeBilinearGrad", ResizeBilinearGradOp, float)
MINITF_REGISTER_GRAD("ResizeBilinearGrad", ResizeBilinearGradOp, double)
MINITF_REGISTER_GRAD("ResizeBilinearGrad", ResizeBilinearGradOp, Eigen::half)
MINITF_REGISTER_GRAD("ResizeBilinearGrad", ResizeBilinearGradOp, Eigen::bfloat16)
MINITF_REGISTER_GRAD("ResizeBicubicGrad", ResizeBicubicGradOp, float)
MINITF_REGISTER_GRAD("ResizeBicubicGrad", ResizeBicubicGradOp, double)
MINITF_REGISTER_GRAD("ResizeNearestNeighborGrad", ResizeNearestNeighborGradOp, uint8_t)
MINITF_REGISTER_GRAD("ResizeNearestNeighborGrad", ResizeNearestNeighborGradOp, int8_t)
MINITF_REGISTER_GRAD("ResizeNearestNeighborGrad", ResizeNearestNeighborGradOp, int32_t)
MINITF_REGISTER_GRAD("ResizeNearestNeighborGrad", ResizeNearestNeighborGradOp, Eigen::half)
MINITF_REGISTER_GRAD("ResizeNearestNeighborGrad", ResizeNearestNeighborGradOp, float)
MINITF_REGISTER_GRAD("ResizeNearestNeighborGrad", ResizeNearestNeighborGradOp, double)
MINITF_REGISTER_GRAD("ResizeNearestNeighborGrad", ResizeNearestNeighborGradOp, Eigen::bfloat16)
#undef MINITF_REGISTER_GRAD

}  // namespace
}  // namespace tensorflow
