// CPU kernels of Conv2D, Conv2DBackpropInput and Conv2DBackpropFilter (NHWC, as TF's CPU
// kernels; TF's checks and texts). Float on AVX-512 takes the direct kernels of conv_direct.h
// where they apply; otherwise each is an im2col/col2im around math_internal::Gemm: pixels
// are cut into blocks fixed in advance, so the sums (and so the bits) never depend on the thread
// count. 16-bit floats compute in float and round once at the end (TF's Eigen rounds every
// step: results agree within TF's tolerance, not bit for bit).
#include <algorithm>
#include <type_traits>
#include <vector>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "ops/math/internal/gemm.h"
#include "ops/nn/internal/conv_direct.h"
#include "ops/nn/internal/window_geometry.h"

namespace tensorflow {
namespace {

using nn_internal::Window2D;
using nn_internal::WindowAttrs;

template <typename T>
inline constexpr bool kIs16 =
    std::is_same<T, Eigen::half>::value || std::is_same<T, Eigen::bfloat16>::value;
// The type the products and sums are computed in.
template <typename T>
using Acc = std::conditional_t<kIs16<T>, float, T>;

// `n` values of T as Acc (a copy only for 16-bit floats).
template <typename T>
const Acc<T>* AsAcc(const T* p, int64_t n, std::vector<Acc<T>>* storage) {
  if constexpr (kIs16<T>) {
    storage->resize(n);
    for (int64_t i = 0; i < n; ++i) (*storage)[i] = static_cast<float>(p[i]);
    return storage->data();
  } else {
    return p;
  }
}

// One tap's column of a run of `count` pixels along an output row: pixel i reads input column
// iw + i * stride of `image_row` (zeros left of 0, right of in_cols, or everywhere when the
// row is outside the image), written at dst + i * k. Three loops, not a test per pixel.
template <typename A, typename CopyFn, typename ZeroFn>
void RunColumn(bool row_inside, const A* image_row, int64_t depth, int64_t in_cols, int64_t stride,
               int64_t k, int64_t count, int64_t iw, A* dst, CopyFn copy, ZeroFn zero) {
  int64_t i = 0;
  if (row_inside) {
    for (; i < count && iw < 0; ++i, iw += stride, dst += k) zero(dst);
    for (; i < count && iw < in_cols; ++i, iw += stride, dst += k)
      copy(image_row + iw * depth, dst);
  }
  for (; i < count; ++i, dst += k) zero(dst);
}

// Rows [p0, p1) of the patch matrix of an NHWC image batch: row p is output pixel p (in
// (n, oh, ow) order), column (kh * window_cols + kw) * group_depth + c the input value under
// that filter tap (0 in the padding), for channels [c0, c0 + group_depth).
template <typename A>
void Im2Col(const A* in, const Window2D& g, int64_t c0, int64_t group_depth, int64_t p0, int64_t p1,
            A* col) {
  const int64_t in_rows = g.in_rows, in_cols = g.in_cols, depth = g.depth, out_cols = g.out_cols;
  const int64_t window_rows = g.window_rows, window_cols = g.window_cols;
  const int64_t k = window_rows * window_cols * group_depth;
  // A run of pixels along one output row at a time: each tap's column of the run is a strided
  // walk along one input row.
  for (int64_t q0 = p0; q0 < p1;) {
    const int64_t n = q0 / (g.out_rows * out_cols), oh = (q0 / out_cols) % g.out_rows;
    const int64_t ow0 = q0 % out_cols, q1 = std::min(p1, q0 + (out_cols - ow0));
    for (int64_t kh = 0; kh < window_rows; ++kh) {
      const int64_t ih = oh * g.stride_rows - g.pad_top + kh * g.dilation_rows;
      const bool row_inside = ih >= 0 && ih < in_rows;
      const A* image_row = in + (n * in_rows + (row_inside ? ih : 0)) * in_cols * depth + c0;
      for (int64_t kw = 0; kw < window_cols; ++kw) {
        A* dst = col + (q0 - p0) * k + (kh * window_cols + kw) * group_depth;
        int64_t iw = ow0 * g.stride_cols - g.pad_left + kw * g.dilation_cols;
        if (group_depth == 1) {  // one channel: a scalar per tap, no call
          RunColumn(
              row_inside, image_row, depth, in_cols, g.stride_cols, k, q1 - q0, iw, dst,
              [](const A* src, A* to) { *to = *src; }, [](A* to) { *to = A(0); });
        } else {
          RunColumn(
              row_inside, image_row, depth, in_cols, g.stride_cols, k, q1 - q0, iw, dst,
              [group_depth](const A* src, A* to) { std::copy(src, src + group_depth, to); },
              [group_depth](A* to) { std::fill(to, to + group_depth, A(0)); });
        }
      }
    }
    q0 = q1;
  }
}

// Pixel blocks: about 256k patch values each, at least 64 rows (a whole number of Gemm's
// row blocks).
int64_t PixelBlock(int64_t k) {
  return std::max<int64_t>(64, (int64_t{1} << 18) / std::max<int64_t>(1, k) / 64 * 64);
}

// z ([pixels, out_depth] of T, NHWC) = the convolution of `in` (geometry g, groups of
// patch_depth input channels) with each group's dense filter group_filter(gr) ([k, out_depth /
// groups]), output pixels cut into blocks fixed by the shape, spread over the session's threads.
template <typename T, typename A, typename FilterFn>
void ConvolveBlocks(OpKernelContext* ctx, const A* in, const Window2D& g, int64_t groups,
                    int64_t patch_depth, FilterFn group_filter, int64_t out_depth, T* z) {
  const int64_t pixels = g.batch * g.out_rows * g.out_cols;
  const int64_t group_out = out_depth / groups;
  const int64_t k = g.window_rows * g.window_cols * patch_depth;
  const int64_t block = PixelBlock(k);
  const int64_t blocks = (pixels + block - 1) / block;
  ctx->ParallelFor(blocks, 1, [&](int64_t b0, int64_t b1) {
    // Sized for the pixels there are: a block is up to 256k values, far more than a small
    // batch needs (and a megabyte zero-filled on every call).
    const int64_t most = std::min(block, pixels);
    std::vector<A> col(most * k), prod(kIs16<T> || groups > 1 ? most * group_out : 0);
    for (int64_t b = b0; b < b1; ++b) {
      const int64_t p0 = b * block, p1 = std::min(pixels, p0 + block), rows = p1 - p0;
      for (int64_t gr = 0; gr < groups; ++gr) {
        Im2Col(in, g, gr * patch_depth, patch_depth, p0, p1, col.data());
        const A* wg = group_filter(gr);
        if (prod.empty()) {
          if constexpr (!kIs16<T>) {
            math_internal::Gemm<A>(nullptr, col.data(), false, wg, false, z + p0 * out_depth, rows,
                                   out_depth, k);
          }
          continue;
        }
        math_internal::Gemm<A>(nullptr, col.data(), false, wg, false, prod.data(), rows, group_out,
                               k);
        for (int64_t r = 0; r < rows; ++r) {
          for (int64_t j = 0; j < group_out; ++j) {
            z[(p0 + r) * out_depth + gr * group_out + j] = static_cast<T>(prod[r * group_out + j]);
          }
        }
      }
    }
  });
}

template <typename T>
class Conv2DOp : public OpKernel {
 public:
  explicit Conv2DOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, nn_internal::ReadConvAttrs(AttrSlice(ctx->def()), &attrs_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& input = ctx->input(0);
    const Tensor& filter = ctx->input(1);
    OP_REQUIRES(ctx, input.dims() == 4,
                errors::InvalidArgument("convolution input must be 4-dimensional: ",
                                        input.shape().DebugString()));
    OP_REQUIRES(ctx, filter.dims() == 4,
                errors::InvalidArgument("convolution filter must be 4-dimensional: ",
                                        filter.shape().DebugString()));
    int64_t sizes[4];
    nn_internal::NhwcSizes(attrs_, input.shape(), sizes);
    const int64_t in_depth = sizes[3], patch_depth = filter.dim_size(2);
    OP_REQUIRES(
        ctx, patch_depth > 0,
        errors::InvalidArgument("filter depth must be stricly positive, got ", patch_depth));
    OP_REQUIRES(ctx, in_depth % patch_depth == 0,
                errors::InvalidArgument("input depth must be evenly divisible by filter depth: ",
                                        in_depth, " vs ", patch_depth));
    Window2D g;
    OP_REQUIRES_OK(ctx, nn_internal::MakeWindow2D(attrs_, input.shape(), filter.dim_size(0),
                                                  filter.dim_size(1), &g));
    const int64_t out_depth = filter.dim_size(3), groups = in_depth / patch_depth;
    OP_REQUIRES(ctx, !attrs_.nchw,
                errors::Unimplemented("The Conv2D op currently only supports the NHWC tensor "
                                      "format on the CPU. The op was given the format: NCHW"));
    Tensor* out = nullptr;
    TensorShape out_shape;
    OP_REQUIRES_OK(ctx, nn_internal::OutputShape(g, out_depth, &out_shape));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    const int64_t pixels = g.batch * g.out_rows * g.out_cols;
    if (pixels == 0 || out_depth == 0) return;  // as TF: checked no further
    OP_REQUIRES(ctx, filter.NumElements() > 0,
                errors::InvalidArgument(
                    "filter must not have zero elements (i.e. all dimensions must be non-zero)"));
    OP_REQUIRES(ctx, out_depth % groups == 0,  // out_depth > 0 here
                errors::InvalidArgument(
                    "output depth must be evenly divisible by number of groups: ", out_depth,
                    " vs ", groups));
    using A = Acc<T>;
    std::vector<A> in_store, filter_store;
    const A* in = AsAcc(input.flat<T>().data(), input.NumElements(), &in_store);
    const A* w = AsAcc(filter.flat<T>().data(), filter.NumElements(), &filter_store);
    const int64_t group_out = out_depth / groups;
    const int64_t k = g.window_rows * g.window_cols * patch_depth;
    // The filter's columns of each group, dense [k, group_out].
    std::vector<A> group_filter;
    if (groups > 1) {
      group_filter.resize(groups * k * group_out);
      for (int64_t gr = 0; gr < groups; ++gr) {
        for (int64_t r = 0; r < k; ++r) {
          std::copy(w + r * out_depth + gr * group_out, w + r * out_depth + (gr + 1) * group_out,
                    group_filter.data() + (gr * k + r) * group_out);
        }
      }
    }
    const bool pointwise = g.window_rows == 1 && g.window_cols == 1 && g.stride_rows == 1 &&
                           g.stride_cols == 1 && g.pad_top == 0 && g.pad_left == 0 && groups == 1 &&
                           !kIs16<T>;
    T* z = out->flat<T>().data();
    if (pointwise) {  // the input is its own patch matrix
      if constexpr (!kIs16<T>)
        math_internal::Gemm(ctx, in, false, w, false, z, pixels, out_depth, k);
      return;
    }
    if constexpr (std::is_same_v<T, float>) {
      if (groups == 1 && nn_internal::DirectConv2D(ctx, in, g, w, out_depth, z)) return;
    }
    ConvolveBlocks<T, A>(
        ctx, in, g, groups, patch_depth,
        [&](int64_t gr) { return groups > 1 ? group_filter.data() + gr * k * group_out : w; },
        out_depth, z);
  }

 private:
  WindowAttrs attrs_;
};

// The checks TF's custom CPU backprop kernels make (ConvBackpropComputeDimensionsV2, with
// `label` naming the kernel), and the geometry of the convolution they differentiate.
Status BackpropGeometry(const char* label, const WindowAttrs& attrs, const TensorShape& input,
                        const TensorShape& filter, const TensorShape& out_backprop, Window2D* g) {
  if (attrs.nchw) return errors::InvalidArgument(label, "Op only supports NHWC.");
  if (attrs.dilations[1] != 1 || attrs.dilations[2] != 1) {
    return errors::InvalidArgument(
        "Current CPU implementations do not yet support dilation rates larger than 1.");
  }
  if (input.dims() != 4) return errors::InvalidArgument(label, ": input must be 4-dimensional");
  if (filter.dims() != 4) return errors::InvalidArgument(label, ": filter must be 4-dimensional");
  if (out_backprop.dims() != 4) {
    return errors::InvalidArgument(label, ": out_backprop must be 4-dimensional");
  }
  if (input.dim_size(0) != out_backprop.dim_size(0)) {
    return errors::InvalidArgument(
        label,
        ": input and out_backprop must have the same batch size. Input batch: ", input.dim_size(0),
        ", outbackprop batch: ", out_backprop.dim_size(0), ", batch_dim: 0");
  }
  if (filter.dim_size(2) == 0 || input.dim_size(3) % filter.dim_size(2) != 0) {
    return errors::InvalidArgument(label, ": input depth must be evenly divisible by filter depth");
  }
  if (filter.dim_size(3) != out_backprop.dim_size(3)) {
    return errors::InvalidArgument(label, ": filter and out_backprop must have the same out_depth");
  }
  TF_RETURN_IF_ERROR(
      nn_internal::MakeWindow2D(attrs, input, filter.dim_size(0), filter.dim_size(1), g));
  const int64_t actual[2] = {out_backprop.dim_size(1), out_backprop.dim_size(2)};
  const int64_t computed[2] = {g->out_rows, g->out_cols};
  const int64_t in[2] = {g->in_rows, g->in_cols}, win[2] = {g->window_rows, g->window_cols};
  const int64_t stride[2] = {g->stride_rows, g->stride_cols};
  for (int d = 0; d < 2; ++d) {
    if (actual[d] != computed[d]) {
      return errors::InvalidArgument(
          label, ": Size of out_backprop doesn't match computed: actual = ", actual[d],
          ", computed = ", computed[d], " spatial_dim: ", d + 1, " input: ", in[d],
          " filter: ", win[d], " output: ", actual[d], " stride: ", stride[d], " dilation: 1");
    }
  }
  if (input.dim_size(3) != filter.dim_size(2)) {
    return errors::InvalidArgument(
        "Gradients for grouped convolutions are not supported on CPU. Please file a feature "
        "request if you run into this issue. Computed input depth ",
        input.dim_size(3), " doesn't match filter input depth ", filter.dim_size(2));
  }
  return OkStatus();
}

template <typename T>
class Conv2DBackpropInputOp : public OpKernel {
 public:
  explicit Conv2DBackpropInputOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, nn_internal::ReadConvAttrs(AttrSlice(ctx->def()), &attrs_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& sizes = ctx->input(0);
    const Tensor& filter = ctx->input(1);
    const Tensor& dy = ctx->input(2);
    OP_REQUIRES(ctx, sizes.dims() == 1 && (sizes.NumElements() == 4 || sizes.NumElements() == 2),
                errors::InvalidArgument("Conv2DBackpropInput requires input_sizes to contain 4 "
                                        "values or 2 values, but got: ",
                                        sizes.NumElements()));
    TensorShape input_shape;
    if (sizes.NumElements() == 4) {
      OP_REQUIRES_OK(ctx, tensor::MakeShape(sizes, &input_shape));
    } else {
      OP_REQUIRES(ctx, dy.dims() == 4,
                  errors::InvalidArgument("input_sizes must be 4-dimensional, got: ", dy.dims()));
      OP_REQUIRES(ctx, filter.dims() == 4,
                  errors::InvalidArgument("Conv2DCustomBackpropInput: filter must be "
                                          "4-dimensional"));
      TensorShape hw;
      OP_REQUIRES_OK(ctx, tensor::MakeShape(sizes, &hw));
      OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(
                              {dy.dim_size(0), hw.dim_size(0), hw.dim_size(1), filter.dim_size(2)},
                              &input_shape));
    }
    Window2D g;
    OP_REQUIRES_OK(ctx, BackpropGeometry("Conv2DCustomBackpropInput", attrs_, input_shape,
                                         filter.shape(), dy.shape(), &g));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, input_shape, &out));
    using A = Acc<T>;
    const int64_t depth = g.depth, out_depth = filter.dim_size(3);
    const int64_t k = g.window_rows * g.window_cols * depth;
    const int64_t image_pixels = g.out_rows * g.out_cols,
                  image_size = g.in_rows * g.in_cols * depth;
    T* z = out->flat<T>().data();
    if (out->NumElements() == 0) return;
    if constexpr (std::is_same_v<T, float>) {
      if (image_pixels > 0 && out_depth > 0 &&
          nn_internal::DirectConv2DBackpropInput(ctx, dy.flat<float>().data(), g,
                                                 filter.flat<float>().data(), out_depth, z)) {
        return;
      }
    }
    std::vector<A> dx(kIs16<T> ? out->NumElements() : 0);
    A* acc = nullptr;
    if constexpr (kIs16<T>) {
      acc = dx.data();
    } else {
      acc = z;
    }
    std::fill_n(acc, out->NumElements(), A(0));
    if (image_pixels == 0 || k == 0 || out_depth == 0) {
      if constexpr (kIs16<T>) std::fill_n(z, out->NumElements(), T(0));
      return;
    }
    std::vector<A> dy_store, w_store;
    const A* dyp = AsAcc(dy.flat<T>().data(), dy.NumElements(), &dy_store);
    const A* w = AsAcc(filter.flat<T>().data(), filter.NumElements(), &w_store);
    // Image by image, block by block of its output pixels: the patch gradients (Gemm), each added
    // back where its value came from, in pixel order. Images go to separate threads; a single
    // image's products are spread instead. Either way the sums are the same.
    const int64_t block = std::min(PixelBlock(k), image_pixels);
    auto image_grad = [&](int64_t n, OpKernelContext* gemm_ctx, std::vector<A>* dcol) {
      A* image = acc + n * image_size;
      for (int64_t p0 = 0; p0 < image_pixels; p0 += block) {
        const int64_t rows = std::min(block, image_pixels - p0);
        math_internal::Gemm<A>(gemm_ctx, dyp + (n * image_pixels + p0) * out_depth, false, w, true,
                               dcol->data(), rows, k, out_depth);
        for (int64_t r = 0; r < rows; ++r) {
          const int64_t oh = (p0 + r) / g.out_cols, ow = (p0 + r) % g.out_cols;
          for (int64_t kh = 0; kh < g.window_rows; ++kh) {
            const int64_t ih = oh * g.stride_rows - g.pad_top + kh;
            if (ih < 0 || ih >= g.in_rows) continue;
            for (int64_t kw = 0; kw < g.window_cols; ++kw) {
              const int64_t iw = ow * g.stride_cols - g.pad_left + kw;
              if (iw < 0 || iw >= g.in_cols) continue;
              const A* src = dcol->data() + r * k + (kh * g.window_cols + kw) * depth;
              A* dst = image + (ih * g.in_cols + iw) * depth;
              for (int64_t c = 0; c < depth; ++c) dst[c] = internal::WrappingAdd(dst[c], src[c]);
            }
          }
        }
      }
    };
    if (g.batch == 1) {
      std::vector<A> dcol(block * k);
      image_grad(0, ctx, &dcol);
    } else {
      ctx->ParallelFor(g.batch, 1, [&](int64_t n0, int64_t n1) {
        std::vector<A> dcol(block * k);
        for (int64_t n = n0; n < n1; ++n) image_grad(n, nullptr, &dcol);
      });
    }
    if constexpr (kIs16<T>) {
      for (int64_t i = 0; i < out->NumElements(); ++i) z[i] = static_cast<T>(dx[i]);
    }
  }

 private:
  WindowAttrs attrs_;
};

template <typename T>
class Conv2DBackpropFilterOp : public OpKernel {
 public:
  explicit Conv2DBackpropFilterOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, nn_internal::ReadConvAttrs(AttrSlice(ctx->def()), &attrs_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& input = ctx->input(0);
    const Tensor& sizes = ctx->input(1);
    const Tensor& dy = ctx->input(2);
    TensorShape filter_shape;
    OP_REQUIRES_OK(ctx, tensor::MakeShape(sizes, &filter_shape));
    Window2D g;
    OP_REQUIRES_OK(ctx, BackpropGeometry("Conv2DCustomBackpropFilter", attrs_, input.shape(),
                                         filter_shape, dy.shape(), &g));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, filter_shape, &out));
    using A = Acc<T>;
    const int64_t out_depth = filter_shape.dim_size(3);
    const int64_t k = g.window_rows * g.window_cols * g.depth;
    const int64_t pixels = g.batch * g.out_rows * g.out_cols;
    T* z = out->flat<T>().data();
    if constexpr (std::is_same_v<T, float>) {
      if (pixels > 0 && k > 0 && out_depth > 0 &&
          nn_internal::DirectConv2DBackpropFilter(ctx, input.flat<float>().data(), g,
                                                  dy.flat<float>().data(), out_depth, z)) {
        return;
      }
    }
    std::vector<A> dw(k * out_depth, A(0));
    if (pixels > 0 && k > 0 && out_depth > 0) {
      std::vector<A> in_store, dy_store;
      const A* in = AsAcc(input.flat<T>().data(), input.NumElements(), &in_store);
      const A* dyp = AsAcc(dy.flat<T>().data(), dy.NumElements(), &dy_store);
      // The pixels cut into at most kGroups groups fixed by the shape alone, each summed block
      // by block into its own partial on one thread, the partials then added in group order:
      // the same sums at any thread count.
      constexpr int64_t kGroups = 8;
      const int64_t block = PixelBlock(k);
      const int64_t blocks = (pixels + block - 1) / block;
      const int64_t groups = std::min(kGroups, blocks);
      const int64_t per_group = (blocks + groups - 1) / groups;
      const int64_t size = k * out_depth;
      std::vector<A> partial(groups * size, A(0));
      ctx->ParallelFor(groups, 1, [&](int64_t g0, int64_t g1) {
        std::vector<A> col(std::min(block, pixels) * k), part(size);
        for (int64_t gr = g0; gr < g1; ++gr) {
          A* sum = partial.data() + gr * size;
          for (int64_t b = gr * per_group; b < std::min(blocks, (gr + 1) * per_group); ++b) {
            const int64_t p0 = b * block, p1 = std::min(pixels, p0 + block);
            Im2Col(in, g, 0, g.depth, p0, p1, col.data());
            math_internal::Gemm<A>(nullptr, col.data(), true, dyp + p0 * out_depth, false,
                                   part.data(), k, out_depth, p1 - p0);
            for (int64_t i = 0; i < size; ++i) sum[i] += part[i];
          }
        }
      });
      for (int64_t gr = 0; gr < groups; ++gr) {
        for (int64_t i = 0; i < size; ++i) dw[i] += partial[gr * size + i];
      }
    }
    for (int64_t i = 0; i < k * out_depth; ++i) z[i] = static_cast<T>(dw[i]);
  }

 private:
  WindowAttrs attrs_;
};

#define MINITF_REGISTER_CONV(T)                                                                   \
  REGISTER_KERNEL_BUILDER(Name("Conv2D").Device(DEVICE_CPU).TypeConstraint<T>("T"), Conv2DOp<T>); \
  REGISTER_KERNEL_BUILDER(Name("Conv2DBackpropInput").Device(DEVICE_CPU).TypeConstraint<T>("T"),  \
                          Conv2DBackpropInputOp<T>);
MINITF_REGISTER_CONV(float)
MINITF_REGISTER_CONV(double)
MINITF_REGISTER_CONV(Eigen::half)
MINITF_REGISTER_CONV(Eigen::bfloat16)
MINITF_REGISTER_CONV(int32_t)
#undef MINITF_REGISTER_CONV

#define MINITF_REGISTER_CONV_FILTER(T)                                                            \
  REGISTER_KERNEL_BUILDER(Name("Conv2DBackpropFilter").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          Conv2DBackpropFilterOp<T>);
MINITF_REGISTER_CONV_FILTER(float)
MINITF_REGISTER_CONV_FILTER(double)
MINITF_REGISTER_CONV_FILTER(Eigen::half)
MINITF_REGISTER_CONV_FILTER(Eigen::bfloat16)
#undef MINITF_REGISTER_CONV_FILTER

}  // namespace
}  // namespace tensorflow
