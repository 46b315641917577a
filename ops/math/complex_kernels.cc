// CPU kernels of the complex-number ops of complex_ops.cc. TF registers them for
// (float, complex64) and (double, complex128) only; other pairings have no kernel, as in TF.
#include <cmath>
#include <complex>

#include "framework/op_kernel.h"
#include "ops/math/internal/cwise_loops.h"

namespace tensorflow {
namespace {

template <typename T>
class ComplexOp : public OpKernel {
 public:
  explicit ComplexOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    cwise::BroadcastBinary<T, std::complex<T>>(
        ctx, [](bool, T re, T im) { return std::complex<T>(re, im); });
  }
};

// out[i] = Fn(in[i]) for a complex input and its real output type.
template <typename T, typename Fn>
class ComplexPartOp : public OpKernel {
 public:
  explicit ComplexPartOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, x.shape(), &out));
    const std::complex<T>* in = x.flat<std::complex<T>>().data();
    T* y = out->flat<T>().data();
    ctx->ParallelFor(x.NumElements(), cwise::kGrain, [&](int64_t s, int64_t e) {
      for (int64_t i = s; i < e; ++i) y[i] = Fn::Apply(in[i]);
    });
  }
};

struct RealFn {
  template <typename T>
  static T Apply(const std::complex<T>& z) {
    return z.real();
  }
};
struct ImagFn {
  template <typename T>
  static T Apply(const std::complex<T>& z) {
    return z.imag();
  }
};
// Eigen's arg: atan2(imag, real).
struct AngleFn {
  template <typename T>
  static T Apply(const std::complex<T>& z) {
    return std::atan2(z.imag(), z.real());
  }
};
struct ComplexAbsFn {
  template <typename T>
  static T Apply(const std::complex<T>& z) {
    return std::abs(z);
  }
};

#define MINITF_REGISTER_COMPLEX(R)                                      \
  REGISTER_KERNEL_BUILDER(Name("Complex")                               \
                              .Device(DEVICE_CPU)                       \
                              .TypeConstraint<R>("T")                   \
                              .TypeConstraint<std::complex<R>>("Tout"), \
                          ComplexOp<R>);                                \
  MINITF_REGISTER_PART("Real", R, RealFn)                               \
  MINITF_REGISTER_PART("Imag", R, ImagFn)                               \
  MINITF_REGISTER_PART("Angle", R, AngleFn)                             \
  MINITF_REGISTER_PART("ComplexAbs", R, ComplexAbsFn)
#define MINITF_REGISTER_PART(NAME, R, FN)                           \
  REGISTER_KERNEL_BUILDER(Name(NAME)                                \
                              .Device(DEVICE_CPU)                   \
                              .TypeConstraint<std::complex<R>>("T") \
                              .TypeConstraint<R>("Tout"),           \
                          ComplexPartOp<R, FN>);

MINITF_REGISTER_COMPLEX(float)
MINITF_REGISTER_COMPLEX(double)

}  // namespace
}  // namespace tensorflow
