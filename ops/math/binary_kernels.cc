// CPU kernels of the broadcasting binary ops of binary_ops.cc, with TF 2.21's bits: Maximum
// and Minimum propagate NaN as TF's Eigen does; SquaredDifference, FloorDiv, FloorMod and Mod round
// 16-bit floats after each step as TF's packets and scalars do (internal/half_lanes.h);
// integer FloorDiv and FloorMod reject a zero divisor with TF's error and wrap where TF's
// hardware division would; the comparisons and logical ops give bool.
#include <cmath>
#include <complex>
#include <type_traits>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "ops/math/internal/cwise_loops.h"
#include "ops/math/internal/half_lanes.h"
#include "ops/math/internal/minmax.h"

namespace tensorflow {
namespace {

using half_lanes::Lane16;
using minmax::MaximumFn;
using minmax::MinimumFn;

template <typename T>
constexpr bool kIsHalf =
    std::is_same<T, Eigen::half>::value || std::is_same<T, Eigen::bfloat16>::value;

// Runs Fn::Apply(a, b) on every element; for 16-bit floats through Lane16 (in float, rounded
// after every step).
template <typename T, typename Fn>
class CwiseOp : public OpKernel {
 public:
  explicit CwiseOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    if constexpr (kIsHalf<T>) {
      // Where TF's Eigen vectorizes the op for 16-bit floats (Fn::kPackets), packet elements
      // round as packets do; the rest, and ops TF runs as scalar code, round as scalars.
      cwise::BroadcastBinary<T, T>(ctx, [](bool in_packet, T a, T b) {
        if (Fn::kPackets && in_packet) {
          using P = Lane16<T, true>;
          return Fn::Apply(P::Wrap(a), P::Wrap(b)).t;
        }
        using S = Lane16<T, false>;
        return Fn::Apply(S::Wrap(a), S::Wrap(b)).t;
      });
    } else {
      cwise::BroadcastBinary<T, T>(ctx, [](bool, T a, T b) { return Fn::Apply(a, b); });
    }
  }
};

// (x - y) * conj(x - y).
struct SquaredDifferenceFn {
  static constexpr bool kPackets = true;
  template <typename T>
  static T Apply(T a, T b) {
    if constexpr (std::is_integral<T>::value) {
      const T v = internal::WrappingSub(a, b);
      return internal::WrappingMul(v, v);
    } else if constexpr (std::is_same<T, complex64>::value || std::is_same<T, complex128>::value) {
      // Eigen's complex product, term by term: (vr vr - vi (-vi), vr (-vi) + vi vr).
      const T v = a - b;
      const auto vr = v.real(), vi = v.imag();
      return T(vr * vr - vi * -vi, vr * -vi + vi * vr);
    } else {
      const T v = a - b;
      return v * v;
    }
  }
};

// ---- FloorDiv, FloorMod ---------------------------------------------------------------

// Integers: the quotient rounded toward -inf; a zero divisor gives 0 (the kernel fails);
// the most negative value over -1 wraps to itself, as TF's kernel returns.
struct FloorDivFn {
  static constexpr bool kPackets = true;
  template <typename T>
  static T Apply(T x, T y) {
    if constexpr (std::is_integral<T>::value) {
      if (y == T(0)) return T(0);
      if constexpr (std::is_signed<T>::value) {
        if (y == T(-1)) return internal::WrappingSub(T(0), x);
        const T z = x / y;
        return (z * y != x && ((x < T(0)) != (y < T(0)))) ? T(z - 1) : z;
      } else {
        return x / y;
      }
    } else if constexpr (std::is_floating_point<T>::value) {
      return std::floor(x / y);
    } else {  // Lane16: the quotient rounded, then floored (exact)
      return T::Of(std::floor((x / y).f()));
    }
  }
};

// The remainder with the divisor's sign: truncated remainder, plus y where the signs differ.
struct FloorModFn {
  static constexpr bool kPackets = false;
  template <typename T>
  static T Apply(T x, T y) {
    if constexpr (std::is_integral<T>::value) {
      if (y == T(0)) return T(0);
      if constexpr (std::is_signed<T>::value) {
        if (y == T(-1)) return T(0);
      }
      const T m = x % y;
      if constexpr (std::is_signed<T>::value) {
        return (m != T(0) && ((y < T(0)) != (m < T(0)))) ? T(m + y) : m;
      } else {
        return m;
      }
    } else if constexpr (std::is_floating_point<T>::value) {
      const T m = std::fmod(x, y);
      return (m != T(0) && ((y < T(0)) != (m < T(0)))) ? m + y : m;
    } else {
      const T m = T::Of(std::fmod(x.f(), y.f()));
      return (m.f() != 0.f && ((y.f() < 0.f) != (m.f() < 0.f))) ? m + y : m;
    }
  }
};

// Mod: C's truncated remainder (the sign of x), fmod for floats; TF's integer kernel gives 0
// for y == -1 (no INT_MIN % -1 trap).
struct ModFn {
  static constexpr bool kPackets = false;
  template <typename T>
  static T Apply(T x, T y) {
    if constexpr (std::is_integral<T>::value) {
      return (y == T(0) || y == T(-1)) ? T(0) : T(x % y);
    } else {
      return std::fmod(x, y);
    }
  }
};

// Integer FloorDiv and FloorMod: after the shapes, a zero divisor is TF's error.
template <typename T, typename Fn>
class IntegerDivisionOp : public OpKernel {
 public:
  explicit IntegerDivisionOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const bool zero = std::is_integral<T>::value && cwise::HasZero<T>(ctx->input(1));
    if (!cwise::BroadcastBinary<T, T>(ctx, [](bool, T a, T b) { return Fn::Apply(a, b); })) {
      return;
    }
    OP_REQUIRES(ctx, !zero, errors::InvalidArgument("Integer division by zero"));
  }
};

// ---- comparisons and logical ops --------------------------------------------------------

template <typename T>
auto Comparable(const T& v) {
  if constexpr (kIsHalf<T>) {
    return static_cast<float>(v);
  } else {
    return v;
  }
}

#define MINITF_COMPARE_FN(NAME, EXPR)           \
  struct NAME {                                 \
    template <typename T>                       \
    static bool Apply(const T& x, const T& y) { \
      const auto a = Comparable(x);             \
      const auto b = Comparable(y);             \
      return EXPR;                              \
    }                                           \
  };
MINITF_COMPARE_FN(LessFn, a < b)
MINITF_COMPARE_FN(LessEqualFn, a <= b)
MINITF_COMPARE_FN(GreaterFn, a > b)
MINITF_COMPARE_FN(GreaterEqualFn, a >= b)
MINITF_COMPARE_FN(EqualFn, a == b)
MINITF_COMPARE_FN(NotEqualFn, a != b)
MINITF_COMPARE_FN(LogicalAndFn, a&& b)
MINITF_COMPARE_FN(LogicalOrFn, a || b)
#undef MINITF_COMPARE_FN

template <typename T, typename Fn>
class CompareOp : public OpKernel {
 public:
  explicit CompareOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    if (ctx->HasAttr("incompatible_shape_error")) {
      OP_REQUIRES_OK(ctx, ctx->GetAttr("incompatible_shape_error", &incompatible_shape_error_));
    }
  }
  void Compute(OpKernelContext* ctx) override {
    std::vector<int64_t> unused;
    if (!incompatible_shape_error_ && !BroadcastDims(ctx->input(0).shape().dim_sizes(),
                                                     ctx->input(1).shape().dim_sizes(), &unused)) {
      // TF's Equal/NotEqual: inputs that do not broadcast are simply not equal.
      Tensor* out = nullptr;
      OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &out));
      out->scalar<bool>()() = std::is_same<Fn, NotEqualFn>::value;
      return;
    }
    cwise::BroadcastBinary<T, bool>(ctx,
                                    [](bool, const T& a, const T& b) { return Fn::Apply(a, b); });
  }

 private:
  bool incompatible_shape_error_ = true;
};

#define MINITF_REGISTER(OP, T, ...) \
  REGISTER_KERNEL_BUILDER(Name(OP).Device(DEVICE_CPU).TypeConstraint<T>("T"), __VA_ARGS__)

// clang-format off
#define MINITF_REGISTER_REAL(T)                                        \
  MINITF_REGISTER("Maximum", T, CwiseOp<T, MaximumFn>);                \
  MINITF_REGISTER("Minimum", T, CwiseOp<T, MinimumFn>);                \
  MINITF_REGISTER("Less", T, CompareOp<T, LessFn>);                    \
  MINITF_REGISTER("LessEqual", T, CompareOp<T, LessEqualFn>);          \
  MINITF_REGISTER("Greater", T, CompareOp<T, GreaterFn>);              \
  MINITF_REGISTER("GreaterEqual", T, CompareOp<T, GreaterEqualFn>);
MINITF_REGISTER_REAL(float) MINITF_REGISTER_REAL(double) MINITF_REGISTER_REAL(Eigen::half)
MINITF_REGISTER_REAL(Eigen::bfloat16) MINITF_REGISTER_REAL(int8_t) MINITF_REGISTER_REAL(uint8_t)
MINITF_REGISTER_REAL(int16_t) MINITF_REGISTER_REAL(uint16_t) MINITF_REGISTER_REAL(int32_t)
MINITF_REGISTER_REAL(uint32_t) MINITF_REGISTER_REAL(int64_t) MINITF_REGISTER_REAL(uint64_t)

#define MINITF_REGISTER_FLOAT_DIVISION(T)                  \
  MINITF_REGISTER("FloorDiv", T, CwiseOp<T, FloorDivFn>);  \
  MINITF_REGISTER("FloorMod", T, CwiseOp<T, FloorModFn>);
MINITF_REGISTER_FLOAT_DIVISION(float) MINITF_REGISTER_FLOAT_DIVISION(double)
MINITF_REGISTER("Mod", float, CwiseOp<float, ModFn>);
MINITF_REGISTER("Mod", double, CwiseOp<double, ModFn>);
MINITF_REGISTER("Mod", int32_t, (IntegerDivisionOp<int32_t, ModFn>));
MINITF_REGISTER("Mod", int64_t, (IntegerDivisionOp<int64_t, ModFn>));
MINITF_REGISTER_FLOAT_DIVISION(Eigen::half) MINITF_REGISTER_FLOAT_DIVISION(Eigen::bfloat16)

#define MINITF_REGISTER_INT_DIVISION(T)                              \
  MINITF_REGISTER("FloorDiv", T, IntegerDivisionOp<T, FloorDivFn>);  \
  MINITF_REGISTER("FloorMod", T, IntegerDivisionOp<T, FloorModFn>);
MINITF_REGISTER_INT_DIVISION(int8_t) MINITF_REGISTER_INT_DIVISION(uint8_t)
MINITF_REGISTER_INT_DIVISION(int16_t) MINITF_REGISTER_INT_DIVISION(uint16_t)
MINITF_REGISTER_INT_DIVISION(int32_t) MINITF_REGISTER_INT_DIVISION(uint32_t)
MINITF_REGISTER_INT_DIVISION(int64_t) MINITF_REGISTER_INT_DIVISION(uint64_t)

#define MINITF_REGISTER_SQUARED_DIFFERENCE(T) \
  MINITF_REGISTER("SquaredDifference", T, CwiseOp<T, SquaredDifferenceFn>);
MINITF_REGISTER_SQUARED_DIFFERENCE(float) MINITF_REGISTER_SQUARED_DIFFERENCE(double)
MINITF_REGISTER_SQUARED_DIFFERENCE(Eigen::half) MINITF_REGISTER_SQUARED_DIFFERENCE(Eigen::bfloat16)
MINITF_REGISTER_SQUARED_DIFFERENCE(int32_t) MINITF_REGISTER_SQUARED_DIFFERENCE(int64_t)
MINITF_REGISTER_SQUARED_DIFFERENCE(complex64) MINITF_REGISTER_SQUARED_DIFFERENCE(complex128)

#define MINITF_REGISTER_EQUALITY(T)                         \
  MINITF_REGISTER("Equal", T, CompareOp<T, EqualFn>);       \
  MINITF_REGISTER("NotEqual", T, CompareOp<T, NotEqualFn>);
MINITF_REGISTER_EQUALITY(float) MINITF_REGISTER_EQUALITY(double)
MINITF_REGISTER_EQUALITY(Eigen::half) MINITF_REGISTER_EQUALITY(Eigen::bfloat16)
MINITF_REGISTER_EQUALITY(int8_t) MINITF_REGISTER_EQUALITY(uint8_t)
MINITF_REGISTER_EQUALITY(int16_t) MINITF_REGISTER_EQUALITY(uint16_t)
MINITF_REGISTER_EQUALITY(int32_t) MINITF_REGISTER_EQUALITY(uint32_t)
MINITF_REGISTER_EQUALITY(int64_t) MINITF_REGISTER_EQUALITY(uint64_t)
MINITF_REGISTER_EQUALITY(complex64) MINITF_REGISTER_EQUALITY(complex128)
MINITF_REGISTER_EQUALITY(bool) MINITF_REGISTER_EQUALITY(tstring)
    // clang-format on

    REGISTER_KERNEL_BUILDER(Name("LogicalAnd").Device(DEVICE_CPU), CompareOp<bool, LogicalAndFn>);
REGISTER_KERNEL_BUILDER(Name("LogicalOr").Device(DEVICE_CPU), CompareOp<bool, LogicalOrFn>);

}  // namespace
}  // namespace tensorflow
