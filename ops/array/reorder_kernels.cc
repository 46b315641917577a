// CPU kernels of the reordering ops of reorder_ops.cc, with TF 2.21's checks and texts.
// MirrorPadGrad folds the padded areas back in TF's order (dimension by dimension, the
// before-area then the after-area, each one add per element), so sums have TF's bits.
#include <algorithm>
#include <string>
#include <vector>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

constexpr int64_t kGrain = 1 << 14;

// Row-major strides. The product wraps (no signed overflow) for an empty tensor whose other
// sides are huge, [0, 2^32, 2^40]: its strides index nothing.
std::vector<int64_t> Strides(const TensorShape& shape) {
  std::vector<int64_t> s(shape.dims(), 1);
  for (int d = shape.dims() - 2; d >= 0; --d) {
    s[d] = internal::WrappingMul<int64_t>(s[d + 1], shape.dim_size(d + 1));
  }
  return s;
}

// The checks MirrorPad and MirrorPadGrad share: rank in [0, 5], paddings [rank, 2] (TF
// separates the two shapes in the last text with ", " and " " respectively).
Status CheckMirrorPaddings(const Tensor& in, const Tensor& paddings, const char* separator) {
  const int dims = in.dims();
  if (dims > 5) return errors::Unimplemented("inputs rank not in [0,5]: ", dims);
  if (paddings.dims() != 2 || paddings.dim_size(1) != 2) {
    return errors::InvalidArgument("paddings must be a matrix with 2 columns: ",
                                   paddings.shape().DebugString());
  }
  if (paddings.dim_size(0) != dims) {
    return errors::InvalidArgument("The first dimension of paddings must be the rank of inputs",
                                   paddings.shape().DebugString(), separator,
                                   in.shape().DebugString());
  }
  return OkStatus();
}

// MirrorPad: REFLECT (offset 1) mirrors without the edge, SYMMETRIC (offset 0) with it.
template <typename T>
class MirrorPadOp : public OpKernel {
 public:
  explicit MirrorPadOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    std::string mode;
    OP_REQUIRES_OK(ctx, ctx->GetAttr("mode", &mode));
    offset_ = mode == "REFLECT" ? 1 : 0;
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const Tensor& paddings = ctx->input(1);
    OP_REQUIRES_OK(ctx, CheckMirrorPaddings(in, paddings, ", "));
    const std::vector<int64_t> p = tensor::IntValues(paddings);
    const int dims = in.dims();
    TensorShape out_shape;
    for (int d = 0; d < dims; ++d) {
      const int64_t before = p[2 * d], after = p[2 * d + 1], size = in.dim_size(d);
      OP_REQUIRES(ctx, before >= 0 && after >= 0,
                  errors::InvalidArgument("paddings must be non-negative: ", before, " ", after));
      if (offset_ == 0) {
        OP_REQUIRES(ctx, before <= size && after <= size,
                    errors::InvalidArgument("paddings must be no greater than the dimension "
                                            "size: ",
                                            before, ", ", after, " greater than ", size));
      } else {
        OP_REQUIRES(ctx, before < size && after < size,
                    errors::InvalidArgument("paddings must be less than the dimension size: ",
                                            before, ", ", after, " not less than ", size));
      }
      OP_REQUIRES_OK(ctx, out_shape.AddDimWithStatus(before + size + after));
    }
    if (out_shape.num_elements() == in.NumElements()) {
      Tensor same;
      OP_REQUIRES(ctx, same.CopyFrom(in, out_shape), errors::Internal("MirrorPad reshape"));
      ctx->set_output(0, same);
      return;
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    const std::vector<int64_t> in_strides = Strides(in.shape()), out_strides = Strides(out_shape);
    const T* x = in.flat<T>().data();
    T* z = out->flat<T>().data();
    const int offset = offset_;
    ctx->ParallelFor(out->NumElements(), kGrain, [&](int64_t s, int64_t e) {
      for (int64_t i = s; i < e; ++i) {
        int64_t src = 0, rest = i;
        for (int d = 0; d < dims; ++d) {
          int64_t c = rest / out_strides[d] - p[2 * d];
          rest %= out_strides[d];
          const int64_t size = in.dim_size(d);
          if (c < 0) {
            c = -c - 1 + offset;
          } else if (c >= size) {
            c = 2 * size - c - 1 - offset;
          }
          src += c * in_strides[d];
        }
        z[i] = x[src];
      }
    });
  }

 private:
  int offset_ = 0;
};

// MirrorPadGrad: adds each padded area, mirrored, onto the area it copied, then returns the
// centre.
template <typename T>
class MirrorPadGradOp : public OpKernel {
 public:
  explicit MirrorPadGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    std::string mode;
    OP_REQUIRES_OK(ctx, ctx->GetAttr("mode", &mode));
    offset_ = mode == "REFLECT" ? 1 : 0;
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const Tensor& paddings = ctx->input(1);
    OP_REQUIRES_OK(ctx, CheckMirrorPaddings(in, paddings, " "));
    const std::vector<int64_t> p = tensor::IntValues(paddings);
    const int dims = in.dims();
    TensorShape out_shape;
    for (int d = 0; d < dims; ++d) {
      const int64_t before = p[2 * d], after = p[2 * d + 1];
      OP_REQUIRES(ctx, before >= 0 && after >= 0,
                  errors::InvalidArgument("Paddings must be non-negative: ", before, ", ", after));
      OP_REQUIRES(ctx, before + after < in.dim_size(d),
                  errors::InvalidArgument("Total paddings must be less than the input dimension "
                                          "size: ",
                                          before + after, " was not less than ", in.dim_size(d)));
      const int64_t size = in.dim_size(d) - (before + after);
      if (offset_ == 0) {
        OP_REQUIRES(ctx, before <= size && after <= size,
                    errors::InvalidArgument("paddings must be no greater than the output "
                                            "dimension size: ",
                                            before, ", ", after, " greater than ", size));
      } else {
        OP_REQUIRES(ctx, before < size && after < size,
                    errors::InvalidArgument("paddings must be less than the output dimension "
                                            "size: ",
                                            before, ", ", after, " not less than ", size));
      }
      OP_REQUIRES_OK(ctx, out_shape.AddDimWithStatus(size));
    }
    if (out_shape == in.shape()) {
      ctx->set_output(0, in);
      return;
    }
    Tensor scratch;
    OP_REQUIRES_OK(ctx, ctx->allocate_temp(in.dtype(), in.shape(), &scratch));
    T* w = scratch.flat<T>().data();
    std::copy(in.flat<T>().data(), in.flat<T>().data() + in.NumElements(), w);
    const std::vector<int64_t> strides = Strides(in.shape());
    // The region folded in dimension d: dimensions before d restricted to the centre,
    // dimensions after d whole.
    std::vector<int64_t> lo(dims, 0), ext(dims);
    for (int d = 0; d < dims; ++d) ext[d] = in.dim_size(d);
    for (int d = 0; d < dims; ++d) {
      const int64_t size = in.dim_size(d), before = p[2 * d], after = p[2 * d + 1];
      // Adds, for k in [0, n), the slab at coordinate src_begin + n - 1 - k of dimension d onto
      // the slab at dst_begin + k.
      auto fold = [&](int64_t src_begin, int64_t dst_begin, int64_t n) {
        std::vector<int64_t> box_lo = lo, box_ext = ext;
        box_ext[d] = n;
        box_lo[d] = 0;
        int64_t count = 1;
        for (int64_t e : box_ext) count *= e;
        for (int64_t i = 0; i < count; ++i) {
          int64_t rest = i, dst = 0, src = 0;
          for (int k = dims - 1; k >= 0; --k) {
            const int64_t c = rest % box_ext[k];
            rest /= box_ext[k];
            if (k == d) {
              dst += (dst_begin + c) * strides[k];
              src += (src_begin + n - 1 - c) * strides[k];
            } else {
              dst += (box_lo[k] + c) * strides[k];
              src += (box_lo[k] + c) * strides[k];
            }
          }
          w[dst] = w[dst] + w[src];
        }
      };
      if (before > 0) fold(0, before + offset_, before);
      if (after > 0) fold(size - after, size - 2 * after - offset_, after);
      lo[d] = before;
      ext[d] = out_shape.dim_size(d);
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    T* z = out->flat<T>().data();
    const std::vector<int64_t> out_strides = Strides(out_shape);
    for (int64_t i = 0; i < out->NumElements(); ++i) {
      int64_t rest = i, src = 0;
      for (int d = 0; d < dims; ++d) {
        src += (rest / out_strides[d] + lo[d]) * strides[d];
        rest %= out_strides[d];
      }
      z[i] = w[src];
    }
  }

 private:
  int offset_ = 0;
};

// ReverseSequence: for each batch index b, the first seq_lengths[b] slices along seq_dim in
// reverse order; the rest unchanged.
template <typename T, typename Tlen>
class ReverseSequenceOp : public OpKernel {
 public:
  explicit ReverseSequenceOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, ctx->GetAttr("batch_dim", &batch_dim_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("seq_dim", &seq_dim_));
    OP_REQUIRES(ctx, batch_dim_ >= 0, errors::InvalidArgument("Invalid batch_dim ", batch_dim_));
    OP_REQUIRES(ctx, seq_dim_ >= 0, errors::InvalidArgument("Invalid seq_dim ", seq_dim_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const Tensor& lengths_t = ctx->input(1);
    OP_REQUIRES(ctx, lengths_t.dims() == 1,
                errors::InvalidArgument("seq_lengths must be 1-dim, not ", lengths_t.dims()));
    OP_REQUIRES(ctx, batch_dim_ != seq_dim_,
                errors::InvalidArgument("batch_dim == seq_dim == ", seq_dim_));
    OP_REQUIRES(ctx, seq_dim_ < in.dims(),
                errors::InvalidArgument("seq_dim must be < input rank", " ( ", seq_dim_, " vs. ",
                                        in.dims(), ")"));
    OP_REQUIRES(ctx, batch_dim_ < in.dims(),
                errors::InvalidArgument("batch_dim must be < input rank", " ( ", batch_dim_,
                                        " vs. ", in.dims(), ")"));
    OP_REQUIRES(
        ctx, lengths_t.NumElements() == in.dim_size(batch_dim_),
        errors::InvalidArgument("Length of seq_lengths != input.dims(", batch_dim_, "), ", "(",
                                lengths_t.NumElements(), " vs. ", in.dim_size(batch_dim_), ")"));
    const auto lengths = lengths_t.flat<Tlen>();
    for (int64_t b = 0; b < lengths_t.NumElements(); ++b) {
      OP_REQUIRES(ctx, lengths(b) >= 0, errors::InvalidArgument("seq_lens(", b, ") < 0"));
      OP_REQUIRES(ctx, lengths(b) <= in.dim_size(seq_dim_),
                  errors::InvalidArgument("seq_lens(", b, ") > input.dims(", seq_dim_, ")"));
    }
    OP_REQUIRES(
        ctx, in.dims() >= 2 && in.dims() <= 5,
        errors::InvalidArgument("ReverseSequenceOp : Unhandled input dimensions: ", in.dims()));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, in.shape(), &out));
    const std::vector<int64_t> strides = Strides(in.shape());
    const T* x = in.flat<T>().data();
    T* z = out->flat<T>().data();
    const int bd = static_cast<int>(batch_dim_), sd = static_cast<int>(seq_dim_);
    ctx->ParallelFor(in.NumElements(), kGrain, [&](int64_t s, int64_t e) {
      for (int64_t i = s; i < e; ++i) {
        const int64_t b = (i / strides[bd]) % in.dim_size(bd);
        const int64_t t = (i / strides[sd]) % in.dim_size(sd);
        const int64_t len = static_cast<int64_t>(lengths(b));
        z[i] = t < len ? x[i + (len - 1 - 2 * t) * strides[sd]] : x[i];
      }
    });
  }

 private:
  int64_t batch_dim_ = 0, seq_dim_ = 0;
};

// Roll: element i moves by shift along each listed axis (shifts of one axis add up), with
// TF's int arithmetic for axes and shifts.
template <typename T, typename Tshift, typename Taxis>
class RollOp : public OpKernel {
 public:
  explicit RollOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const Tensor& shift = ctx->input(1);
    const Tensor& axis = ctx->input(2);
    OP_REQUIRES(ctx, in.dims() >= 1, errors::InvalidArgument("input must be 1-D or higher"));
    OP_REQUIRES(ctx, shift.dims() <= 1,
                errors::InvalidArgument("shift must be a scalar or a 1-D vector. Found: ",
                                        shift.shape().DebugString()));
    OP_REQUIRES(ctx, axis.dims() <= 1,
                errors::InvalidArgument("axis must be a scalar or a 1-D vector. Found: ",
                                        axis.shape().DebugString()));
    OP_REQUIRES(ctx, shift.shape() == axis.shape(),
                errors::InvalidArgument("shift and axis must have the same size"));
    const int dims = in.dims();
    std::vector<int64_t> total(dims, 0);
    const auto shifts = shift.flat<Tshift>();
    const auto axes = axis.flat<Taxis>();
    for (int64_t i = 0; i < shift.NumElements(); ++i) {
      int a = static_cast<int>(axes(i));
      if (a < 0) a += dims;
      OP_REQUIRES(ctx, a >= 0 && a < dims, errors::InvalidArgument("axis ", a, " is out of range"));
      const int64_t size = std::max<int64_t>(in.dim_size(a), 1);
      const int64_t sum = total[a] + static_cast<int>(shifts(i));
      total[a] = (sum % size + size) % size;
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, in.shape(), &out));
    const std::vector<int64_t> strides = Strides(in.shape());
    const T* x = in.flat<T>().data();
    T* z = out->flat<T>().data();
    ctx->ParallelFor(in.NumElements(), kGrain, [&](int64_t s, int64_t e) {
      for (int64_t i = s; i < e; ++i) {
        int64_t dst = 0, rest = i;
        for (int d = 0; d < dims; ++d) {
          const int64_t c = rest / strides[d];
          rest %= strides[d];
          dst += ((c + total[d]) % in.dim_size(d)) * strides[d];
        }
        z[dst] = x[i];
      }
    });
  }
};

#define MINITF_REGISTER_MIRROR(T, P)                                                               \
  REGISTER_KERNEL_BUILDER(                                                                         \
      Name("MirrorPad").Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<P>("Tpaddings"),  \
      MirrorPadOp<T>);                                                                             \
  REGISTER_KERNEL_BUILDER(                                                                         \
      Name("ReverseSequence").Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<P>("Tlen"), \
      ReverseSequenceOp<T, P>);
#define MINITF_REGISTER_ROLL(T, S, A)                      \
  REGISTER_KERNEL_BUILDER(Name("Roll")                     \
                              .Device(DEVICE_CPU)          \
                              .TypeConstraint<T>("T")      \
                              .TypeConstraint<S>("Tshift") \
                              .TypeConstraint<A>("Taxis"), \
                          RollOp<T, S, A>);
#define MINITF_REGISTER_REORDER(T)          \
  MINITF_REGISTER_MIRROR(T, int32_t)        \
  MINITF_REGISTER_MIRROR(T, int64_t)        \
  MINITF_REGISTER_ROLL(T, int32_t, int32_t) \
  MINITF_REGISTER_ROLL(T, int32_t, int64_t) \
  MINITF_REGISTER_ROLL(T, int64_t, int32_t) \
  MINITF_REGISTER_ROLL(T, int64_t, int64_t)
MINITF_CALL_ALL_TYPES(MINITF_REGISTER_REORDER)

// MirrorPadGrad adds: TF registers it for the number types but bool.
#define MINITF_REGISTER_MIRROR_GRAD(T, P)                      \
  REGISTER_KERNEL_BUILDER(Name("MirrorPadGrad")                \
                              .Device(DEVICE_CPU)              \
                              .TypeConstraint<T>("T")          \
                              .TypeConstraint<P>("Tpaddings"), \
                          MirrorPadGradOp<T>);
#define MINITF_REGISTER_MIRROR_GRADS(T) \
  MINITF_REGISTER_MIRROR_GRAD(T, int32_t) MINITF_REGISTER_MIRROR_GRAD(T, int64_t)
MINITF_REGISTER_MIRROR_GRADS(float)
MINITF_REGISTER_MIRROR_GRADS(double)
MINITF_REGISTER_MIRROR_GRADS(Eigen::half)
MINITF_REGISTER_MIRROR_GRADS(Eigen::bfloat16)
MINITF_REGISTER_MIRROR_GRADS(int8_t)
MINITF_REGISTER_MIRROR_GRADS(uint8_t)
MINITF_REGISTER_MIRROR_GRADS(int16_t)
MINITF_REGISTER_MIRROR_GRADS(uint16_t)
MINITF_REGISTER_MIRROR_GRADS(int32_t)
MINITF_REGISTER_MIRROR_GRADS(uint32_t)
MINITF_REGISTER_MIRROR_GRADS(int64_t)
MINITF_REGISTER_MIRROR_GRADS(uint64_t)
MINITF_REGISTER_MIRROR_GRADS(complex64)
MINITF_REGISTER_MIRROR_GRADS(complex128)

}  // namespace
}  // namespace tensorflow
