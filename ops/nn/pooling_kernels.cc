// CPU kernels of MaxPool, MaxPoolGrad, AvgPool and AvgPoolGrad (and MaxPoolV2, MaxPoolGradV2:
// ksize and strides as inputs), NHWC, with TF 2.21's checks,
// texts and arithmetic, so results have TF's bits:
//  - MaxPool starts each output at T's lowest value and takes a value only when it is larger
//    (NaN never wins; the first of equal values, -0 or +0, stays), as TF's SpatialMaxPool; over
//    depth it starts at -inf (Eigen's max reduction).
//  - MaxPoolGrad finds each window's first maximum in row-major order (a NaN seen first is kept)
//    and adds the gradient there, outputs in order.
//  - AvgPool adds the window's values in T in row-major order and divides by the count (in T);
//    AvgPoolGrad adds grad * T(1.0 / count) to each input of the window, TF's GetBroadcastSize
//    deciding the window.
#include <algorithm>
#include <limits>
#include <vector>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "ops/nn/internal/float_simd.h"
#include "ops/nn/internal/window_geometry.h"

namespace tensorflow {
namespace {

using nn_internal::Window2D;
using nn_internal::WindowAttrs;

constexpr int64_t kMaxInt32 = std::numeric_limits<int32_t>::max();

// TF's PoolParameters checks: rank 4, positive window, one kind of pooling, NHWC only.
Status PoolGeometry(const char* op, const WindowAttrs& attrs, const TensorShape& input,
                    bool allow_depth, Window2D* g) {
  if (input.dims() != 4) {
    return errors::InvalidArgument("tensor_in_shape must have 2 spatial dimensions. ", input.dims(),
                                   " 0");
  }
  for (int64_t k : attrs.window) {
    if (k <= 0 || k > kMaxInt32) {
      return errors::InvalidArgument(
          "Sliding window ksize must be positive. The specified or inferred ksize is: ",
          attrs.window[0], ",", attrs.window[1], ",", attrs.window[2], ",", attrs.window[3]);
    }
  }
  const int64_t depth_window = attrs.window[3];
  if (!allow_depth && (depth_window != 1 || attrs.strides[3] != 1)) {
    return errors::Unimplemented("Non-spatial pooling is not yet supported. Volunteers? :)");
  }
  if (depth_window > 1) {
    if (attrs.window[1] != 1 || attrs.window[2] != 1) {
      return errors::Unimplemented(
          "MaxPooling supports exactly one of pooling across depth or pooling across "
          "width/height.");
    }
    if (depth_window != attrs.strides[3]) {
      return errors::Unimplemented(
          "Depthwise max pooling requires the depth window to equal the depth stride");
    }
    if (input.dim_size(3) % depth_window != 0) {
      return errors::Unimplemented(
          "Depthwise max pooling requires the depth window to evenly divide the input depth");
    }
  }
  if (attrs.nchw) {
    return errors::InvalidArgument("Default ", op, " only supports NHWC on device type CPU");
  }
  TF_RETURN_IF_ERROR(nn_internal::MakeWindow2D(attrs, input, attrs.window[1], attrs.window[2], g));
  if (attrs.padding == nn_internal::Padding::kExplicit) {
    const char* names[4] = {"Top", "Bottom", "Left", "Right"};
    const int64_t pads[4] = {g->pad_top, g->pad_bottom, g->pad_left, g->pad_right};
    const int64_t windows[4] = {g->window_rows, g->window_rows, g->window_cols, g->window_cols};
    for (int k = 0; k < 4; ++k) {
      if (pads[k] >= windows[k]) {
        return errors::InvalidArgument(names[k], " padding ", pads[k],
                                       " needs to be smaller than the window size ", windows[k]);
      }
    }
  }
  if (depth_window > 1) g->out_depth = g->depth / depth_window;
  return OkStatus();
}

// The window of output (oh, ow) of image n clipped to the input: rows [r0, r1), cols [c0, c1).
struct Window {
  const Window2D& g;
  int64_t n, r0, r1, c0, c1;
  Window(const Window2D& geometry, int64_t image, int64_t oh, int64_t ow) : g(geometry), n(image) {
    const int64_t hs = oh * g.stride_rows - g.pad_top, ws = ow * g.stride_cols - g.pad_left;
    r0 = std::max<int64_t>(hs, 0), r1 = std::min(hs + g.window_rows, g.in_rows);
    c0 = std::max<int64_t>(ws, 0), c1 = std::min(ws + g.window_cols, g.in_cols);
  }
  // The offset of input pixel (h, c) of the image (NHWC, element units).
  int64_t At(int64_t h, int64_t c) const { return ((n * g.in_rows + h) * g.in_cols + c) * g.depth; }
  // fn(pointer to the depth values of each input pixel of the window), row-major.
  template <typename T, typename Fn>
  void ForEachInput(Fn fn, const T* x) const {
    for (int64_t h = r0; h < r1; ++h) {
      for (int64_t c = c0; c < c1; ++c) fn(x + At(h, c));
    }
  }
};

// fn(p, window) for each output pixel p ((n, oh, ow) order) on the session's threads; each
// output pixel is written by one call.
template <typename Fn>
void ForEachWindow(OpKernelContext* ctx, const Window2D& g, Fn fn) {
  const int64_t pixels = g.batch * g.out_rows * g.out_cols;
  ctx->ParallelFor(pixels, std::max<int64_t>(1, 4096 / std::max<int64_t>(1, g.depth)),
                   [&](int64_t s, int64_t e) {
                     // (n, oh, ow) of pixel p, stepped along rather than divided out each time.
                     int64_t n = s / (g.out_rows * g.out_cols), oh = (s / g.out_cols) % g.out_rows;
                     int64_t ow = s % g.out_cols;
                     for (int64_t p = s; p < e; ++p) {
                       fn(p, Window(g, n, oh, ow));
                       if (++ow == g.out_cols) {
                         ow = 0;
                         if (++oh == g.out_rows) oh = 0, ++n;
                       }
                     }
                   });
}

// The pool attrs: all from the NodeDef, or (kV2: MaxPoolV2, MaxPoolGradV2) ksize and strides
// from inputs `first` and `first + 1` when the kernel runs.
template <bool kV2>
class PoolAttrs {
 public:
  explicit PoolAttrs(OpKernelConstruction* ctx) {
    OP_REQUIRES_OK(ctx, kV2 ? nn_internal::ReadPoolFormatAndPadding(AttrSlice(ctx->def()), &attrs_)
                            : nn_internal::ReadPoolAttrs(AttrSlice(ctx->def()), &attrs_));
  }
  // MaxPoolV2 says "stride" and checks the window's sizes itself; MaxPoolGradV2 says "strides".
  Status Get(OpKernelContext* ctx, int first, bool forward, WindowAttrs* out) const {
    *out = attrs_;
    if (!kV2) return OkStatus();
    TF_RETURN_IF_ERROR(nn_internal::SetPoolWindow(tensor::IntValues(ctx->input(first)),
                                                  tensor::IntValues(ctx->input(first + 1)),
                                                  forward ? "stride" : "strides", out));
    if (forward) {
      for (int64_t k : out->window) {
        if (k <= 0) return errors::InvalidArgument("Sliding window ksize must be positive.");
      }
    }
    return OkStatus();
  }

 private:
  WindowAttrs attrs_;
};

template <typename T, bool kV2>
class MaxPoolOp : public OpKernel {
 public:
  explicit MaxPoolOp(OpKernelConstruction* ctx) : OpKernel(ctx), pool_attrs_(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& input = ctx->input(0);
    WindowAttrs attrs_;
    OP_REQUIRES_OK(ctx, pool_attrs_.Get(ctx, 1, /*forward=*/true, &attrs_));
    Window2D g;
    OP_REQUIRES_OK(ctx, PoolGeometry("MaxPoolingOp", attrs_, input.shape(), true, &g));
    Tensor* out = nullptr;
    TensorShape out_shape;
    OP_REQUIRES_OK(ctx, nn_internal::OutputShape(g, g.out_depth, &out_shape));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    const T* x = input.flat<T>().data();
    T* z = out->flat<T>().data();
    const int64_t depth_window = attrs_.window[3];
    if (depth_window > 1) {  // over depth: Eigen's max reduction, from -inf
      const int64_t n = out->NumElements();
      ctx->ParallelFor(n, std::max<int64_t>(1, 16384 / depth_window), [&](int64_t s, int64_t e) {
        for (int64_t i = s; i < e; ++i) {
          T m = std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                     : std::numeric_limits<T>::lowest();
          for (int64_t k = 0; k < depth_window; ++k) {
            if (m < x[i * depth_window + k]) m = x[i * depth_window + k];
          }
          z[i] = m;
        }
      });
      return;
    }
    const int64_t depth = g.depth;
    ForEachWindow(ctx, g, [&](int64_t p, const Window& w) {
      T* dst = z + p * depth;
      std::fill(dst, dst + depth, std::numeric_limits<T>::lowest());
      w.ForEachInput(
          [&](const T* src) {
            for (int64_t d = 0; d < depth; ++d) {
              dst[d] = dst[d] < src[d] ? src[d] : dst[d];  // branch-free: vectorizes (maxps)
            }
          },
          x);
    });
  }

 private:
  PoolAttrs<kV2> pool_attrs_;
};

template <typename T, bool kV2>
class MaxPoolGradOp : public OpKernel {
 public:
  explicit MaxPoolGradOp(OpKernelConstruction* ctx) : OpKernel(ctx), pool_attrs_(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& input = ctx->input(0);
    const Tensor& orig_out = ctx->input(1);
    const Tensor& grad = ctx->input(2);
    WindowAttrs attrs_;
    OP_REQUIRES_OK(ctx, pool_attrs_.Get(ctx, 3, /*forward=*/false, &attrs_));
    OP_REQUIRES(ctx, input.dims() == 4, errors::InvalidArgument("tensor_in must be 4-dimensional"));
    OP_REQUIRES(ctx, orig_out.dims() == 4,
                errors::InvalidArgument("tensor_out must be 4-dimensional"));
    OP_REQUIRES(ctx, grad.dims() == 4,
                errors::InvalidArgument("out_backprop must be 4-dimensional"));
    OP_REQUIRES(
        ctx, attrs_.window[3] == 1 && attrs_.strides[3] == 1,
        errors::Unimplemented("MaxPoolingGrad is not yet supported on the depth dimension."));
    OP_REQUIRES(
        ctx, !attrs_.nchw,
        errors::InvalidArgument("Default MaxPoolingGradOp only supports NHWC on device type CPU"));
    Window2D g;
    OP_REQUIRES_OK(ctx, PoolGeometry("MaxPoolingGradOp", attrs_, input.shape(), false, &g));
    TensorShape expected;
    OP_REQUIRES_OK(ctx, nn_internal::OutputShape(g, g.depth, &expected));
    OP_REQUIRES(ctx, orig_out.shape() == expected,
                errors::InvalidArgument("Expected orig_output shape to be ", expected.DebugString(),
                                        ", but got ", orig_out.shape().DebugString()));
    OP_REQUIRES(ctx, grad.shape() == expected,
                errors::InvalidArgument("Expected grad shape to be ", expected.DebugString(),
                                        ", but got ", grad.shape().DebugString()));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, input.shape(), &out));
    const T* x = input.flat<T>().data();
    const T* dy = grad.flat<T>().data();
    T* dx = out->flat<T>().data();
    const int64_t depth = g.depth, image = g.in_rows * g.in_cols * depth;
    // Whole images per task (each image's gradients are added in output order, whatever the
    // thread count), enough window values (64k) to be worth another thread's wake-up. A window
    // covers at most the image (the attrs may ask for far more), hence the clamps; in double,
    // since hostile sizes overflow the product.
    const int64_t rows_in = std::min(g.window_rows, g.in_rows),
                  cols_in = std::min(g.window_cols, g.in_cols);
    const double per_image = static_cast<double>(g.out_rows) * static_cast<double>(g.out_cols) *
                             static_cast<double>(rows_in) * static_cast<double>(cols_in) *
                             static_cast<double>(depth);
    const int64_t images_per_task =
        per_image >= 65536.0 ? 1 : static_cast<int64_t>(65536.0 / std::max(per_image, 1.0));
    ctx->ParallelFor(g.batch, images_per_task, [&](int64_t s, int64_t e) {
      // Per channel: the window's largest value so far and the tap (row-major) it came from;
      // a later tap wins only when strictly larger, so the first maximum (or a NaN seen first)
      // keeps it. Selects, not branches: which tap wins depends on the data.
      std::vector<T> best(depth);
      std::vector<int32_t> tap(depth);
      std::vector<int64_t> at(rows_in * cols_in);  // each tap's input offset
      const bool simd = nn_internal::HasFloatSimd();
      for (int64_t n = s; n < e; ++n) {
        std::fill(dx + n * image, dx + (n + 1) * image, T(0));
        for (int64_t oh = 0; oh < g.out_rows; ++oh) {
          for (int64_t ow = 0; ow < g.out_cols; ++ow) {
            const Window w(g, n, oh, ow);
            int32_t taps = 0;
            for (int64_t h = w.r0; h < w.r1; ++h) {
              for (int64_t c = w.c0; c < w.c1; ++c, ++taps) {
                at[taps] = w.At(h, c);
                const T* xs = x + at[taps];
                if (taps == 0) {
                  std::copy(xs, xs + depth, best.data());
                  std::fill(tap.begin(), tap.end(), 0);
                  continue;
                }
                if constexpr (std::is_same_v<T, float>) {
                  if (simd) {
                    nn_internal::MaxStepFloat(xs, taps, depth, best.data(), tap.data());
                    continue;
                  }
                }
                for (int64_t d = 0; d < depth; ++d) {
                  const bool take = best[d] < xs[d];
                  best[d] = take ? xs[d] : best[d];
                  tap[d] = take ? taps : tap[d];
                }
              }
            }
            if (taps == 0) continue;  // an empty window sends its gradient nowhere
            const T* gp = dy + ((n * g.out_rows + oh) * g.out_cols + ow) * depth;
            for (int64_t d = 0; d < depth; ++d) {
              T* to = dx + at[tap[d]] + d;
              *to = internal::WrappingAdd(*to, gp[d]);
            }
          }
        }
      }
    });
  }

 private:
  PoolAttrs<kV2> pool_attrs_;
};

template <typename T>
class AvgPoolOp : public OpKernel {
 public:
  explicit AvgPoolOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, nn_internal::ReadPoolAttrs(AttrSlice(ctx->def()), &attrs_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& input = ctx->input(0);
    Window2D g;
    OP_REQUIRES_OK(ctx, PoolGeometry("AvgPoolingOp", attrs_, input.shape(), false, &g));
    Tensor* out = nullptr;
    TensorShape out_shape;
    OP_REQUIRES_OK(ctx, nn_internal::OutputShape(g, g.depth, &out_shape));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    const T* x = input.flat<T>().data();
    T* z = out->flat<T>().data();
    const int64_t depth = g.depth;
    ForEachWindow(ctx, g, [&](int64_t p, const Window& w) {
      T* dst = z + p * depth;
      std::fill(dst, dst + depth, T(0));
      T count = T(0);
      w.ForEachInput(
          [&](const T* src) {
            for (int64_t d = 0; d < depth; ++d) dst[d] = dst[d] + src[d];
            count = count + T(1);
          },
          x);
      for (int64_t d = 0; d < depth; ++d) dst[d] = dst[d] / count;
    });
  }

 private:
  WindowAttrs attrs_;
};

using nn_internal::BroadcastRange;

template <typename T>
class AvgPoolGradOp : public OpKernel {
 public:
  explicit AvgPoolGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, nn_internal::ReadPoolAttrs(AttrSlice(ctx->def()), &attrs_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& shape_t = ctx->input(0);
    const Tensor& grad = ctx->input(1);
    OP_REQUIRES(ctx, shape_t.dims() == 1 && shape_t.NumElements() == 4,
                errors::InvalidArgument("out_backprop must be 1-dimensional and 4 elements"));
    OP_REQUIRES(ctx, grad.dims() == 4,
                errors::InvalidArgument("out_backprop must be 4-dimensional"));
    const int32_t* s = shape_t.flat<int32_t>().data();
    for (int d = 0; d < 4; ++d) {
      OP_REQUIRES(ctx, s[d] >= 0,
                  errors::InvalidArgument("Expected a non-negative size, got ", s[d]));
    }
    OP_REQUIRES(ctx, attrs_.window[3] == 1 && attrs_.strides[3] == 1,
                errors::Unimplemented("Non-spatial pooling is not yet supported. Volunteers? :)"));
    OP_REQUIRES(
        ctx, !attrs_.nchw,
        errors::InvalidArgument("Default AvgPoolingGradOp only supports NHWC on device type CPU"));
    TensorShape in_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape({s[0], s[1], s[2], s[3]}, &in_shape));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, in_shape, &out));
    T* dx = out->flat<T>().data();
    std::fill_n(dx, out->NumElements(), T(0));
    int64_t out_rows = 0, out_cols = 0, pad_rows = 0, pad_cols = 0, after = 0;
    OP_REQUIRES_OK(ctx,
                   nn_internal::WindowedOutputSize(s[1], attrs_.window[1], 1, attrs_.strides[1],
                                                   attrs_.padding, &out_rows, &pad_rows, &after));
    OP_REQUIRES_OK(ctx,
                   nn_internal::WindowedOutputSize(s[2], attrs_.window[2], 1, attrs_.strides[2],
                                                   attrs_.padding, &out_cols, &pad_cols, &after));
    const int64_t depth = s[3];
    OP_REQUIRES(
        ctx, grad.dim_size(0) == s[0] && grad.dim_size(3) == depth,
        errors::InvalidArgument("out_backprop batch and depth must match the input: ",
                                grad.shape().DebugString(), " vs ", in_shape.DebugString()));
    // TF's kernel walks grad's own rows and columns (and checks each against the input).
    const int64_t grad_rows = grad.dim_size(1), grad_cols = grad.dim_size(2);
    std::vector<int64_t> r_start(grad_rows), r_size(grad_rows), c_start(grad_cols),
        c_size(grad_cols);
    for (int64_t r = 0; r < grad_rows; ++r) {
      OP_REQUIRES_OK(ctx, BroadcastRange(r, s[1], attrs_.window[1], attrs_.strides[1], pad_rows,
                                         &r_start[r], &r_size[r]));
    }
    for (int64_t c = 0; c < grad_cols; ++c) {
      OP_REQUIRES_OK(ctx, BroadcastRange(c, s[2], attrs_.window[2], attrs_.strides[2], pad_cols,
                                         &c_start[c], &c_size[c]));
    }
    (void)out_rows, (void)out_cols;
    const T* dy = grad.flat<T>().data();
    ctx->ParallelFor(s[0], 1, [&](int64_t b0, int64_t b1) {
      for (int64_t b = b0; b < b1; ++b) {
        for (int64_t r = 0; r < grad_rows; ++r) {
          for (int64_t c = 0; c < grad_cols; ++c) {
            const T coeff = static_cast<T>(1.0 / static_cast<double>(r_size[r] * c_size[c]));
            const T* gp = dy + ((b * grad_rows + r) * grad_cols + c) * depth;
            for (int64_t h = r_start[r]; h < r_start[r] + r_size[r]; ++h) {
              for (int64_t w = c_start[c]; w < c_start[c] + c_size[c]; ++w) {
                T* dst = dx + ((b * s[1] + h) * s[2] + w) * depth;
                for (int64_t d = 0; d < depth; ++d) dst[d] = dst[d] + gp[d] * coeff;
              }
            }
          }
        }
      }
    });
  }

 private:
  WindowAttrs attrs_;
};

#define MINITF_REGISTER_MAX_POOL(T)                                                        \
  REGISTER_KERNEL_BUILDER(Name("MaxPool").Device(DEVICE_CPU).TypeConstraint<T>("T"),       \
                          (MaxPoolOp<T, false>));                                          \
  REGISTER_KERNEL_BUILDER(Name("MaxPoolGrad").Device(DEVICE_CPU).TypeConstraint<T>("T"),   \
                          (MaxPoolGradOp<T, false>));                                      \
  REGISTER_KERNEL_BUILDER(Name("MaxPoolV2").Device(DEVICE_CPU).TypeConstraint<T>("T"),     \
                          (MaxPoolOp<T, true>));                                           \
  REGISTER_KERNEL_BUILDER(Name("MaxPoolGradV2").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (MaxPoolGradOp<T, true>));
MINITF_REGISTER_MAX_POOL(float)
MINITF_REGISTER_MAX_POOL(double)
MINITF_REGISTER_MAX_POOL(Eigen::half)
MINITF_REGISTER_MAX_POOL(Eigen::bfloat16)
MINITF_REGISTER_MAX_POOL(int8_t)
MINITF_REGISTER_MAX_POOL(uint8_t)
MINITF_REGISTER_MAX_POOL(int16_t)
MINITF_REGISTER_MAX_POOL(uint16_t)
MINITF_REGISTER_MAX_POOL(int32_t)
MINITF_REGISTER_MAX_POOL(int64_t)
#undef MINITF_REGISTER_MAX_POOL
REGISTER_KERNEL_BUILDER(Name("MaxPoolGrad").Device(DEVICE_CPU).TypeConstraint<uint32_t>("T"),
                        (MaxPoolGradOp<uint32_t, false>));
REGISTER_KERNEL_BUILDER(Name("MaxPoolGrad").Device(DEVICE_CPU).TypeConstraint<uint64_t>("T"),
                        (MaxPoolGradOp<uint64_t, false>));
REGISTER_KERNEL_BUILDER(Name("MaxPoolGradV2").Device(DEVICE_CPU).TypeConstraint<uint32_t>("T"),
                        (MaxPoolGradOp<uint32_t, true>));
REGISTER_KERNEL_BUILDER(Name("MaxPoolGradV2").Device(DEVICE_CPU).TypeConstraint<uint64_t>("T"),
                        (MaxPoolGradOp<uint64_t, true>));

#define MINITF_REGISTER_AVG_POOL(T)                                                      \
  REGISTER_KERNEL_BUILDER(Name("AvgPool").Device(DEVICE_CPU).TypeConstraint<T>("T"),     \
                          AvgPoolOp<T>);                                                 \
  REGISTER_KERNEL_BUILDER(Name("AvgPoolGrad").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          AvgPoolGradOp<T>);
MINITF_REGISTER_AVG_POOL(float)
MINITF_REGISTER_AVG_POOL(double)
MINITF_REGISTER_AVG_POOL(Eigen::half)
MINITF_REGISTER_AVG_POOL(Eigen::bfloat16)
#undef MINITF_REGISTER_AVG_POOL

}  // namespace
}  // namespace tensorflow
