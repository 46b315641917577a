// The ClipByValue op: definition, shape function and CPU kernel. out = max(min(t, max), min)
// with Eigen's default NaN rule (internal/minmax.h FastMinFn/FastMaxFn), per TF path (packet or
// tail) for 16-bit floats, part by part for complex; each bound is a scalar or has t's shape (TF
// does not broadcast).
#include "framework/op.h"
#include "framework/op_kernel.h"
#include "ops/math/internal/cwise_loops.h"
#include "ops/math/internal/half_lanes.h"
#include "ops/math/internal/minmax.h"

namespace tensorflow {
namespace {

using half_lanes::Lane16;
using minmax::FastMaxFn;
using minmax::FastMinFn;

// `both_full`: both bounds have t's shape. TF then evaluates 16-bit packets in float (NaNs
// come back canonical, subnormals flush); otherwise, and in the tail, an operand is returned.
template <typename T>
T Clip(bool in_packet, bool both_full, T t, T lo, T hi) {
  if constexpr (std::is_same<T, Eigen::half>::value || std::is_same<T, Eigen::bfloat16>::value) {
    if (in_packet && both_full) {
      using P = Lane16<T, true>;
      const float f =
          FastMaxFn::Apply(FastMinFn::Apply(P::Wrap(t).f(), P::Wrap(hi).f()), P::Wrap(lo).f());
      return P::Of(f).t;
    }
    using S = Lane16<T, false>;
    return FastMaxFn::Apply(FastMinFn::Apply(S::Wrap(t), S::Wrap(hi)), S::Wrap(lo)).t;
  } else if constexpr (std::is_same<T, complex64>::value || std::is_same<T, complex128>::value) {
    // TF clips the real and imaginary parts separately.
    return T(Clip(in_packet, both_full, t.real(), lo.real(), hi.real()),
             Clip(in_packet, both_full, t.imag(), lo.imag(), hi.imag()));
  } else {
    return FastMaxFn::Apply(FastMinFn::Apply(t, hi), lo);
  }
}

template <typename T>
class ClipByValueOp : public OpKernel {
 public:
  explicit ClipByValueOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& t = ctx->input(0);
    const Tensor& lo = ctx->input(1);
    const Tensor& hi = ctx->input(2);
    auto fits = [&](const Tensor& b) { return b.dims() == 0 || b.shape() == t.shape(); };
    OP_REQUIRES(ctx, fits(lo) && fits(hi),
                errors::InvalidArgument("clip_value_min and clip_value_max must be either of "
                                        "the same shape as input, or a scalar. ",
                                        "input shape: ", t.shape().DebugString(),
                                        "clip_value_min shape: ", lo.shape().DebugString(),
                                        "clip_value_max shape: ", hi.shape().DebugString()));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0}, 0, t.shape(), &out));
    const int64_t n = t.NumElements();
    if (n == 0) return;
    const T* x = t.flat<T>().data();
    const T* a = lo.flat<T>().data();
    const T* b = hi.flat<T>().data();
    const int64_t sa = lo.dims() == 0 ? 0 : 1, sb = hi.dims() == 0 ? 0 : 1;
    const bool both_full = sa == 1 && sb == 1;
    T* z = out->flat<T>().data();
    cwise::ForEachElement<T>(ctx, n, cwise::kGrain, [&](int64_t i, bool in_packet) {
      z[i] = Clip(in_packet, both_full, x[i], a[i * sa], b[i * sb]);
    });
  }
};

}  // namespace

REGISTER_OP("ClipByValue")
    .Input("t: T")
    .Input("clip_value_min: T")
    .Input("clip_value_max: T")
    .Output("output: T")
    .Attr(
        "T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, "
        "bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Clips tensor values to a specified min and max.")
    .CcHeader("math_ops");

#define MINITF_REGISTER_CLIP(T)                                                          \
  REGISTER_KERNEL_BUILDER(Name("ClipByValue").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          ClipByValueOp<T>);
MINITF_REGISTER_CLIP(float)
MINITF_REGISTER_CLIP(double)
MINITF_REGISTER_CLIP(Eigen::half)
MINITF_REGISTER_CLIP(Eigen::bfloat16)
MINITF_REGISTER_CLIP(int8_t)
MINITF_REGISTER_CLIP(int16_t)
MINITF_REGISTER_CLIP(int32_t)
MINITF_REGISTER_CLIP(int64_t)
MINITF_REGISTER_CLIP(uint8_t)
MINITF_REGISTER_CLIP(uint16_t)
MINITF_REGISTER_CLIP(complex64)
MINITF_REGISTER_CLIP(complex128)
#undef MINITF_REGISTER_CLIP

}  // namespace tensorflow
