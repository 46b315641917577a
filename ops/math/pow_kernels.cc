// CPU kernels of Pow and Atan2 with TF 2.21's bits: floats and doubles through Eigen's generic_pow
// in whole AVX packets and glibc's pow in the tail, 16-bit floats through powf of the widened
// values (internal/tf_pow.h); integers by repeated squaring, wrapping as TF's do, with TF's
// error for a negative exponent; complex by std::pow. Atan2: Eigen's patan2 in whole packets,
// libm's atan2 in the tail and for 16-bit floats (internal/tf_inverse_trig.h).
#include <complex>
#include <cstring>
#include <type_traits>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "ops/math/internal/cwise_loops.h"
#include "ops/math/internal/half_lanes.h"
#include "ops/math/internal/tf_inverse_trig.h"
#include "ops/math/internal/tf_pow.h"

namespace tensorflow {
namespace {

namespace pw = pow_math;

template <typename T>
uint16_t Bits16(T v) {
  uint16_t b;
  std::memcpy(&b, &v, sizeof(b));
  return b;
}
template <typename T>
T From16(uint16_t b) {
  T v;
  std::memcpy(&v, &b, sizeof(b));
  return v;
}

template <typename T>
T IntegerPow(T x, T y) {
  T base = x, result = 1;
  for (std::make_unsigned_t<T> e = static_cast<std::make_unsigned_t<T>>(y); e != 0; e >>= 1) {
    if (e & 1) result = internal::WrappingMul(result, base);
    base = internal::WrappingMul(base, base);
  }
  return result;
}

template <typename T>
class PowOp : public OpKernel {
 public:
  explicit PowOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    if constexpr (std::is_integral<T>::value) {
      const Tensor& y = ctx->input(1);
      bool negative = false;
      const T* e = y.flat<T>().data();
      for (int64_t i = 0; i < y.NumElements(); ++i) negative |= e[i] < 0;
      if (!cwise::BroadcastBinary<T, T>(
              ctx, [](bool, T a, T b) { return b < 0 ? T(0) : IntegerPow(a, b); })) {
        return;
      }
      OP_REQUIRES(ctx, !negative,
                  errors::InvalidArgument("Integers to negative integer powers are not allowed"));
    } else if constexpr (std::is_same<T, Eigen::half>::value) {
      cwise::BroadcastBinary<T, T>(
          ctx, [](bool, T a, T b) { return From16<T>(pw::PowHalf(Bits16(a), Bits16(b))); });
    } else if constexpr (std::is_same<T, Eigen::bfloat16>::value) {
      cwise::BroadcastBinary<T, T>(
          ctx, [](bool, T a, T b) { return From16<T>(pw::PowBfloat16(Bits16(a), Bits16(b))); });
    } else if constexpr (std::is_floating_point<T>::value) {
      cwise::BroadcastBinary<T, T>(ctx, [](bool in_packet, T a, T b) {
        return in_packet ? pw::PowPacketLane(a, b) : pw::PowScalar(a, b);
      });
    } else {
      cwise::BroadcastBinary<T, T>(ctx, [](bool, T a, T b) { return std::pow(a, b); });
    }
  }
};

template <typename T>
class Atan2Op : public OpKernel {
 public:
  explicit Atan2Op(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    cwise::BroadcastBinary<T, T>(ctx, [](bool in_packet, T y, T x) -> T {
      if constexpr (std::is_floating_point<T>::value) {
        return in_packet ? packet_math::Atan2(y, x) : std::atan2(y, x);
      } else {
        return half_lanes::ScalarRound<T>(std::atan2(static_cast<float>(y), static_cast<float>(x)));
      }
    });
  }
};
#define MINITF_REGISTER_ATAN2(T) \
  REGISTER_KERNEL_BUILDER(Name("Atan2").Device(DEVICE_CPU).TypeConstraint<T>("T"), Atan2Op<T>);
MINITF_REGISTER_ATAN2(float)
MINITF_REGISTER_ATAN2(double)
MINITF_REGISTER_ATAN2(Eigen::half)
MINITF_REGISTER_ATAN2(Eigen::bfloat16)
#undef MINITF_REGISTER_ATAN2

#define MINITF_REGISTER_POW(T) \
  REGISTER_KERNEL_BUILDER(Name("Pow").Device(DEVICE_CPU).TypeConstraint<T>("T"), PowOp<T>);
MINITF_REGISTER_POW(float)
MINITF_REGISTER_POW(double)
MINITF_REGISTER_POW(Eigen::half)
MINITF_REGISTER_POW(Eigen::bfloat16)
MINITF_REGISTER_POW(int8_t)
MINITF_REGISTER_POW(int16_t)
MINITF_REGISTER_POW(int32_t)
MINITF_REGISTER_POW(int64_t)
MINITF_REGISTER_POW(complex64)
MINITF_REGISTER_POW(complex128)
#undef MINITF_REGISTER_POW

}  // namespace
}  // namespace tensorflow
