// CPU kernels of the unary elementwise math ops (unary_ops.cc) and their gradient ops, with
// TF 2.21's bits: TF evaluates them with Eigen's AVX packets, so elements of whole 8-float
// (4-double) packets get TF's packet algorithms (internal/tf_packet_math.h) and the last
// size % 8 (% 4) elements TF's scalar functions. half and bfloat16 compute in float and round,
// packets and tail alike; complex types use the standard library (within rounding of TF's).
#include <cmath>
#include <complex>
#include <type_traits>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "ops/math/internal/cwise_loops.h"
#include "ops/math/internal/half_lanes.h"
#include "ops/math/internal/tf_erf.h"
#include "ops/math/internal/tf_inverse_trig.h"
#include "ops/math/internal/tf_packet_math.h"
#include "ops/math/internal/tf_special.h"

namespace tensorflow {
namespace {

namespace pm = packet_math;

constexpr int64_t kGrain = 8192;

template <typename T>
constexpr bool kIsComplex = std::is_same<T, complex64>::value || std::is_same<T, complex128>::value;
template <typename T>
constexpr bool kIsHalf =
    std::is_same<T, Eigen::half>::value || std::is_same<T, Eigen::bfloat16>::value;

// An op's function as TF's kernel applies it: Packet(x) on whole packets, Scalar(x) on the
// tail, for float and double; Complex(x) for complex types. 16-bit floats go through float.
struct ExpFn {
  template <typename T>
  static T Packet(T x) {
    return pm::Exp(x);
  }
  template <typename T>
  static T Scalar(T x) {
    return std::exp(x);
  }
  template <typename T>
  static T Complex(T x) {
    return std::exp(x);
  }
  // complex64 packets: Eigen's pexp_complex (complex128 has no packet exp in TF's build).
  static complex64 ComplexPacket(complex64 x) {
    float re, im;
    pm::ExpComplex(x.real(), x.imag(), &re, &im);
    return {re, im};
  }
};
struct LogFn {
  template <typename T>
  static T Packet(T x) {
    return pm::Log(x);
  }
  static float Scalar(float x) { return std::log(x); }
  static double Scalar(double x) { return pm::LogTail(x); }
  template <typename T>
  static T Complex(T x) {
    return std::log(x);
  }
};
struct Log1pFn {
  template <typename T>
  static T Packet(T x) {
    return pm::Log1p(x);
  }
  template <typename T>
  static T Scalar(T x) {
    return std::log1p(x);
  }
  // Eigen's complex log1p: Kahan's formula around the complex log.
  template <typename T>
  static T Complex(T x) {
    using R = typename T::value_type;
    const T x1p = R(1) + x;
    const T log_1p = std::log(x1p);
    return (x1p == T(1) || x1p == log_1p) ? x : x * (log_1p / (x1p - R(1)));
  }
};
struct Expm1Fn {
  template <typename T>
  static T Packet(T x) {
    return pm::Expm1(x);
  }
  template <typename T>
  static T Scalar(T x) {
    return std::expm1(x);
  }
  // Eigen's complex expm1: expm1(x) - 2 e^x sin^2(y / 2) + i e^x sin(y).
  template <typename T>
  static T Complex(T z) {
    using R = typename T::value_type;
    const R erm1 = std::expm1(z.real());
    const R er = erm1 + R(1);
    R sin2 = std::sin(z.imag() / R(2));
    sin2 = sin2 * sin2;
    return T(erm1 - R(2) * er * sin2, er * std::sin(z.imag()));
  }
};
// TF's double sine and cosine are libm's (its AVX build has no double packet sin/cos).
struct SinFn {
  static float Packet(float x) { return pm::SinCos<true>(x); }
  static double Packet(double x) { return std::sin(x); }
  template <typename T>
  static T Scalar(T x) {
    return std::sin(x);
  }
  template <typename T>
  static T Complex(T x) {
    return std::sin(x);
  }
};
struct CosFn {
  static float Packet(float x) { return pm::SinCos<false>(x); }
  static double Packet(double x) { return std::cos(x); }
  template <typename T>
  static T Scalar(T x) {
    return std::cos(x);
  }
  template <typename T>
  static T Complex(T x) {
    return std::cos(x);
  }
};
// Float tanh is Eigen's rational approximation for every element; 16-bit floats' tail is
// libm's tanhf.
struct TanhFn {
  template <typename T>
  static T Packet(T x) {
    return pm::Tanh(x);
  }
  static float Scalar(float x) { return pm::Tanh(x); }
  static double Scalar(double x) { return std::tanh(x); }
  static float HalfScalar(float x) { return std::tanh(x); }
  template <typename T>
  static T Complex(T x) {
    return std::tanh(x);
  }
};
struct SigmoidFn {
  static float Packet(float x) { return pm::Logistic(x); }
  static double Packet(double x) { return Formula(pm::Exp(x)); }
  static float Scalar(float x) { return pm::LogisticTail(x); }
  static double Scalar(double x) { return Formula(std::exp(x)); }
  static double Formula(double e) { return e == INFINITY ? 1.0 : e / (1.0 + e); }
  template <typename T>
  static T Complex(T x) {
    const T e = std::exp(x);
    return std::isinf(e.real()) ? T(1) : e / (e + T(1));
  }
};
// Erf: Eigen's rational approximation in both paths (internal/tf_erf.h); double's tail uses
// libm's exp where packets use Eigen's.
struct ErfFn {
  static float Packet(float x) { return pm::Erf(x); }
  static double Packet(double x) { return pm::Erf<true>(x); }
  static float Scalar(float x) { return pm::Erf(x); }
  static double Scalar(double x) { return pm::Erf<false>(x); }
  template <typename T>
  static T Complex(T x) {
    return x;  // not registered: Erf is real only
  }
};
struct RsqrtFn {
  static float Packet(float x) { return pm::Rsqrt(x); }
  static double Packet(double x) { return 1.0 / std::sqrt(x); }
  template <typename T>
  static T Scalar(T x) {
    return T(1) / std::sqrt(x);
  }
  template <typename T>
  static T Complex(T x) {
    return T(1) / std::sqrt(x);
  }
};
struct ReciprocalFn {
  static float Packet(float x) { return pm::Reciprocal(x); }
  static double Packet(double x) { return 1.0 / x; }
  template <typename T>
  static T Scalar(T x) {
    return T(1) / x;
  }
  template <typename T>
  static T Complex(T x) {
    return T(1) / x;
  }
};

// ---- Abs and Sign ------------------------------------------------------------------------

// |x|; integers wrap at the minimum; 16-bit floats clear the sign bit (a NaN keeps its payload).
struct AbsFn {
  template <typename T>
  static T Packet(T x) {
    return std::fabs(x);
  }
  template <typename T>
  static T Scalar(T x) {
    return std::fabs(x);
  }
  template <typename T>
  static T Integer(T x) {
    return x < 0 ? internal::WrappingNeg(x) : x;
  }
  template <typename T>
  static T Bits16(T x, bool) {
    return Eigen::numext::bit_cast<T>(
        static_cast<uint16_t>(Eigen::numext::bit_cast<uint16_t>(x) & 0x7fff));
  }
};

// Packets (Eigen's psign): +-1 where 0 < |x|, else |x| (so NaN loses its sign and -0 is +0);
// the scalar tail: NaN itself, else (x > 0) - (x < 0). Complex: x / |x|, 0 at 0.
struct SignFn {
  template <typename T>
  static T Packet(T x) {
    const T ax = std::fabs(x);
    return T(0) < ax ? std::copysign(T(1), x) : ax;
  }
  template <typename T>
  static T Scalar(T x) {
    return std::isnan(x) ? x : static_cast<T>((x > T(0)) - (x < T(0)));
  }
  template <typename T>
  static T Integer(T x) {
    return static_cast<T>((x > T(0)) - (x < T(0)));
  }
  template <typename T>
  static T Complex(T x) {
    using R = typename T::value_type;
    R aa = std::abs(x);
    if (aa == R(0)) return T(0);
    aa = R(1) / aa;
    return T(x.real() * aa, x.imag() * aa);
  }
  template <typename T>
  static T Bits16(T x, bool packet) {
    const float f = static_cast<float>(x);
    if (packet) return 0.f < std::fabs(f) ? T(std::copysign(1.f, f)) : AbsFn::Bits16(x, true);
    return std::isnan(f) ? x : T(static_cast<float>((f > 0.f) - (f < 0.f)));
  }
};

// Functions TF's Eigen evaluates with libm in both paths (it has no packet version): Tan,
// Sinh, Cosh, Asinh, Acosh; 16-bit floats in float, rounded once.
#define MINITF_LIBM_FN(NAME, FN)        \
  struct NAME {                         \
    static constexpr bool kLibm = true; \
    template <typename T>               \
    static T Packet(T x) {              \
      return std::FN(x);                \
    }                                   \
    template <typename T>               \
    static T Scalar(T x) {              \
      return std::FN(x);                \
    }                                   \
    template <typename T>               \
    static T Complex(T x) {             \
      return std::FN(x);                \
    }                                   \
  };
MINITF_LIBM_FN(TanFn, tan)
MINITF_LIBM_FN(SinhFn, sinh)
MINITF_LIBM_FN(CoshFn, cosh)
MINITF_LIBM_FN(AsinhFn, asinh)
MINITF_LIBM_FN(AcoshFn, acosh)
#undef MINITF_LIBM_FN

// Inverse trigonometric functions: Eigen's packet algorithms (internal/tf_inverse_trig.h) for
// float packets, and for double packets of atan and atanh; libm elsewhere, 16-bit floats too
// (kLibm: TF's half and bfloat16 kernels have no packet path for them).
#define MINITF_INVERSE_TRIG_FN(NAME, FN, FLOAT_PACKET, DOUBLE_PACKET) \
  struct NAME {                                                       \
    static constexpr bool kLibm = true;                               \
    static float Packet(float x) { return FLOAT_PACKET(x); }          \
    static double Packet(double x) { return DOUBLE_PACKET(x); }       \
    template <typename T>                                             \
    static T Scalar(T x) {                                            \
      return std::FN(x);                                              \
    }                                                                 \
    template <typename T>                                             \
    static T Complex(T x) {                                           \
      return std::FN(x);                                              \
    }                                                                 \
  };
MINITF_INVERSE_TRIG_FN(AsinFn, asin, pm::Asin, std::asin)
MINITF_INVERSE_TRIG_FN(AcosFn, acos, pm::Acos, std::acos)
MINITF_INVERSE_TRIG_FN(AtanFn, atan, pm::Atan, pm::Atan)
MINITF_INVERSE_TRIG_FN(AtanhFn, atanh, pm::Atanh, pm::Atanh)
#undef MINITF_INVERSE_TRIG_FN

// Special functions: Lgamma is glibc's lgamma and Digamma Eigen's scalar code in both paths;
// Ndtri and Erfinv take Eigen's packet log and reciprocal in float packets only.
struct LgammaFn {
  static constexpr bool kLibm = true;
  template <typename T>
  static T Packet(T x) {
    return std::lgamma(x);
  }
  template <typename T>
  static T Scalar(T x) {
    return std::lgamma(x);
  }
};
struct DigammaFn {
  static constexpr bool kLibm = true;
  template <typename T>
  static T Packet(T x) {
    return pm::Digamma(x);
  }
  template <typename T>
  static T Scalar(T x) {
    return pm::Digamma(x);
  }
};
struct NdtriFn {
  template <typename T>
  static T Packet(T x) {
    return pm::Ndtri<T, sizeof(T) == 4>(x);
  }
  template <typename T>
  static T Scalar(T x) {
    return pm::Ndtri<T, false>(x);
  }
};
struct ErfinvFn {
  template <typename T>
  static T Packet(T x) {
    return pm::Erfinv<T, sizeof(T) == 4>(x);
  }
  template <typename T>
  static T Scalar(T x) {
    return pm::Erfinv<T, false>(x);
  }
};

template <typename Fn, typename = void>
struct IsLibm : std::false_type {};
template <typename Fn>
struct IsLibm<Fn, std::void_t<decltype(Fn::kLibm)>> : std::true_type {};

// 16-bit floats: each function in float, rounded; where TF's half arithmetic rounds between
// steps (Sigmoid, and Rsqrt's tail), the steps are rounded too.
template <typename T, typename Fn, bool kPacket>
T Half(T x) {
  const float f = static_cast<float>(x);
  if constexpr (IsLibm<Fn>::value) {
    // A NaN comes out as it went in (TF's bits: libm's coshf drops a NaN's sign).
    return std::isnan(f) ? x : half_lanes::ScalarRound<T>(Fn::Scalar(f));
  } else if constexpr (std::is_same<Fn, AbsFn>::value || std::is_same<Fn, SignFn>::value) {
    return Fn::Bits16(x, kPacket);  // bit operations on T itself, as TF's
  } else if constexpr (std::is_same<Fn, SigmoidFn>::value) {
    const T e = half_lanes::Round16<T, kPacket>(kPacket ? pm::Exp(f) : std::exp(f));
    const float ef = static_cast<float>(e);
    return Eigen::numext::isinf(e)
               ? T(1)
               : half_lanes::Round16<T, kPacket>(
                     ef / static_cast<float>(half_lanes::Round16<T, kPacket>(1.f + ef)));
  } else if constexpr (kPacket && std::is_same<Fn, Log1pFn>::value) {
    return half_lanes::PacketRound<T>(pm::Log1p<float, /*kFactorNanFirst=*/true>(f));
  } else if constexpr (kPacket) {
    return half_lanes::PacketRound<T>(Fn::Packet(f));
  } else if constexpr (std::is_same<Fn, TanhFn>::value) {
    return half_lanes::ScalarRound<T>(TanhFn::HalfScalar(f));
  } else if constexpr (std::is_same<Fn, RsqrtFn>::value) {
    return half_lanes::ScalarRound<T>(1.f /
                                      static_cast<float>(half_lanes::ScalarRound<T>(std::sqrt(f))));
  } else {
    return half_lanes::ScalarRound<T>(Fn::Scalar(f));
  }
}

template <typename T, typename Fn>
class PacketUnaryOp : public OpKernel {
 public:
  explicit PacketUnaryOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0}, 0, x.shape(), &out));
    const T* a = x.flat<T>().data();
    T* y = out->flat<T>().data();
    cwise::ForEachElement<T>(ctx, x.NumElements(), kGrain, [&](int64_t i, bool packet) {
      if constexpr (std::is_same<T, complex64>::value && std::is_same<Fn, ExpFn>::value) {
        y[i] = packet ? ExpFn::ComplexPacket(a[i]) : ExpFn::Complex(a[i]);
      } else if constexpr (kIsComplex<T>) {
        y[i] = Fn::Complex(a[i]);
      } else if constexpr (std::is_integral<T>::value) {
        y[i] = Fn::Integer(a[i]);
      } else if constexpr (kIsHalf<T>) {
        y[i] = packet ? Half<T, Fn, true>(a[i]) : Half<T, Fn, false>(a[i]);
      } else {
        y[i] = packet ? Fn::Packet(a[i]) : Fn::Scalar(a[i]);
      }
    });
  }
};

// ---- rounding: exact, the same in packets and tail ----------------------------------------

struct FloorFn {
  template <typename T>
  static T Packet(T x) {
    return std::floor(x);
  }
  template <typename T>
  static T Scalar(T x) {
    return std::floor(x);
  }
};
struct CeilFn {
  template <typename T>
  static T Packet(T x) {
    return std::ceil(x);
  }
  template <typename T>
  static T Scalar(T x) {
    return std::ceil(x);
  }
};
// Half to even (the default rounding mode's nearbyint). TF 2.21's CPU kernel for int32 and
// int64 returns zeros (its integer specialization); minitf gives the same numbers.
struct RoundFn {
  template <typename T>
  static T Packet(T x) {
    return std::nearbyint(x);
  }
  template <typename T>
  static T Scalar(T x) {
    return std::nearbyint(x);
  }
  template <typename T>
  static T Integer(T) {
    return T(0);
  }
};

// ---- gradient ops: z(y, dy), TF's packet and scalar association ---------------------------

template <typename T>
T ConjOf(T v) {
  if constexpr (kIsComplex<T>) {
    return std::conj(v);
  } else {
    return v;
  }
}

// dy * (1 - y * y).
struct TanhGradFn {
  template <typename T>
  static T Packet(T y, T dy) {
    return dy * (T(1) - y * y);
  }
  template <typename T>
  static T Scalar(T y, T dy) {
    return dy * (T(1) - y * y);
  }
};
// dy * (y * (1 - y)) in packets, (dy * y) * (1 - y) in the tail.
struct SigmoidGradFn {
  template <typename T>
  static T Packet(T y, T dy) {
    return dy * (y * (T(1) - y));
  }
  template <typename T>
  static T Scalar(T y, T dy) {
    return dy * y * (T(1) - y);
  }
};
// -conj(y)^2 * dy, 0 where dy is 0.
struct ReciprocalGradFn {
  // A NaN y keeps its sign (TF's compiled kernel multiplies c by -c).
  template <typename T>
  static T Packet(T y, T dy) {
    const T c = ConjOf(y);
    if (dy == T(0)) return T(0);
    if constexpr (std::is_floating_point<T>::value) {
      if (std::isnan(c)) return c + c;
    }
    return -(c * c) * dy;
  }
  template <typename T>
  static T Scalar(T y, T dy) {
    const T c = ConjOf(y);
    return dy == T(0) ? T(0) : -c * c * dy;
  }
};
// -0.5 * conj(y)^3 * dy: packets (-0.5 * (c * c)) * (c * dy), 0 where a factor is 0; the tail
// (-0.5 * (dy * c)) * (c * c), 0 where dy is 0.
struct RsqrtGradFn {
  template <typename T>
  static T Packet(T y, T dy) {
    const T c = ConjOf(y);
    const T b = dy == T(0) ? T(0) : c * dy;
    return b == T(0) ? T(0) : (T(-0.5) * (c * c)) * b;
  }
  template <typename T>
  static T Scalar(T y, T dy) {
    const T c = ConjOf(y);
    return dy == T(0) ? T(0) : T(-0.5) * (dy * c) * (c * c);
  }
};

template <typename T, typename Fn>
class UnaryGradOp : public OpKernel {
 public:
  explicit UnaryGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& y = ctx->input(0);
    const Tensor& dy = ctx->input(1);
    OP_REQUIRES(ctx, y.NumElements() == dy.NumElements(),
                errors::InvalidArgument(
                    "The two arguments to a cwise op must have same number of elements, got ",
                    y.NumElements(), " and ", dy.NumElements()));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({1, 0}, 0, y.shape(), &out));
    const T* yp = y.flat<T>().data();
    const T* dp = dy.flat<T>().data();
    T* z = out->flat<T>().data();
    cwise::ForEachElement<T>(ctx, y.NumElements(), kGrain, [&](int64_t i, bool packet) {
      if constexpr (kIsHalf<T>) {
        using P = half_lanes::Lane16<T, true>;
        using S = half_lanes::Lane16<T, false>;
        z[i] = packet ? Fn::Packet(P::Wrap(yp[i]), P::Wrap(dp[i])).t
                      : Fn::Scalar(S::Wrap(yp[i]), S::Wrap(dp[i])).t;
      } else {
        z[i] = packet ? Fn::Packet(yp[i], dp[i]) : Fn::Scalar(yp[i], dp[i]);
      }
    });
  }
};

#define MINITF_REGISTER(OP, T, KERNEL) \
  REGISTER_KERNEL_BUILDER(Name(OP).Device(DEVICE_CPU).TypeConstraint<T>("T"), KERNEL)

// clang-format off
#define MINITF_REGISTER_FLOAT_COMPLEX(T)                              \
  MINITF_REGISTER("Exp", T, (PacketUnaryOp<T, ExpFn>));               \
  MINITF_REGISTER("Log", T, (PacketUnaryOp<T, LogFn>));               \
  MINITF_REGISTER("Log1p", T, (PacketUnaryOp<T, Log1pFn>));           \
  MINITF_REGISTER("Expm1", T, (PacketUnaryOp<T, Expm1Fn>));           \
  MINITF_REGISTER("Sin", T, (PacketUnaryOp<T, SinFn>));               \
  MINITF_REGISTER("Cos", T, (PacketUnaryOp<T, CosFn>));               \
  MINITF_REGISTER("Tanh", T, (PacketUnaryOp<T, TanhFn>));             \
  MINITF_REGISTER("Sigmoid", T, (PacketUnaryOp<T, SigmoidFn>));       \
  MINITF_REGISTER("Rsqrt", T, (PacketUnaryOp<T, RsqrtFn>));           \
  MINITF_REGISTER("Reciprocal", T, (PacketUnaryOp<T, ReciprocalFn>)); \
  MINITF_REGISTER("TanhGrad", T, (UnaryGradOp<T, TanhGradFn>));       \
  MINITF_REGISTER("SigmoidGrad", T, (UnaryGradOp<T, SigmoidGradFn>)); \
  MINITF_REGISTER("ReciprocalGrad", T, (UnaryGradOp<T, ReciprocalGradFn>)); \
  MINITF_REGISTER("RsqrtGrad", T, (UnaryGradOp<T, RsqrtGradFn>));      \
  MINITF_REGISTER("Sign", T, (PacketUnaryOp<T, SignFn>));        \
  MINITF_REGISTER("Tan", T, (PacketUnaryOp<T, TanFn>));          \
  MINITF_REGISTER("Sinh", T, (PacketUnaryOp<T, SinhFn>));        \
  MINITF_REGISTER("Cosh", T, (PacketUnaryOp<T, CoshFn>));        \
  MINITF_REGISTER("Asinh", T, (PacketUnaryOp<T, AsinhFn>));      \
  MINITF_REGISTER("Acosh", T, (PacketUnaryOp<T, AcoshFn>));      \
  MINITF_REGISTER("Asin", T, (PacketUnaryOp<T, AsinFn>));        \
  MINITF_REGISTER("Acos", T, (PacketUnaryOp<T, AcosFn>));        \
  MINITF_REGISTER("Atan", T, (PacketUnaryOp<T, AtanFn>));        \
  MINITF_REGISTER("Atanh", T, (PacketUnaryOp<T, AtanhFn>));
MINITF_REGISTER_FLOAT_COMPLEX(float) MINITF_REGISTER_FLOAT_COMPLEX(double)
MINITF_REGISTER_FLOAT_COMPLEX(Eigen::half) MINITF_REGISTER_FLOAT_COMPLEX(Eigen::bfloat16)
MINITF_REGISTER_FLOAT_COMPLEX(complex64) MINITF_REGISTER_FLOAT_COMPLEX(complex128)

#define MINITF_REGISTER_REAL(T)                            \
  MINITF_REGISTER("Floor", T, (PacketUnaryOp<T, FloorFn>)); \
  MINITF_REGISTER("Ceil", T, (PacketUnaryOp<T, CeilFn>));   \
  MINITF_REGISTER("Round", T, (PacketUnaryOp<T, RoundFn>)); \
  MINITF_REGISTER("Abs", T, (PacketUnaryOp<T, AbsFn>));
MINITF_REGISTER_REAL(float) MINITF_REGISTER_REAL(double)
MINITF_REGISTER("Erf", float, (PacketUnaryOp<float, ErfFn>));
MINITF_REGISTER("Erf", double, (PacketUnaryOp<double, ErfFn>));
MINITF_REGISTER("Erf", Eigen::half, (PacketUnaryOp<Eigen::half, ErfFn>));
MINITF_REGISTER("Erf", Eigen::bfloat16, (PacketUnaryOp<Eigen::bfloat16, ErfFn>));
MINITF_REGISTER_REAL(Eigen::half) MINITF_REGISTER_REAL(Eigen::bfloat16)

#define MINITF_REGISTER_SPECIAL(T)                            \
  MINITF_REGISTER("Lgamma", T, (PacketUnaryOp<T, LgammaFn>)); \
  MINITF_REGISTER("Digamma", T, (PacketUnaryOp<T, DigammaFn>));
MINITF_REGISTER_SPECIAL(float) MINITF_REGISTER_SPECIAL(double)
MINITF_REGISTER_SPECIAL(Eigen::half)
MINITF_REGISTER("Ndtri", float, (PacketUnaryOp<float, NdtriFn>));
MINITF_REGISTER("Ndtri", double, (PacketUnaryOp<double, NdtriFn>));
MINITF_REGISTER("Erfinv", float, (PacketUnaryOp<float, ErfinvFn>));
MINITF_REGISTER("Erfinv", double, (PacketUnaryOp<double, ErfinvFn>));

#define MINITF_REGISTER_INT(T)                          \
  MINITF_REGISTER("Abs", T, (PacketUnaryOp<T, AbsFn>)); \
  MINITF_REGISTER("Sign", T, (PacketUnaryOp<T, SignFn>));
MINITF_REGISTER_INT(int8_t) MINITF_REGISTER_INT(int16_t) MINITF_REGISTER_INT(int32_t)
MINITF_REGISTER_INT(int64_t)
MINITF_REGISTER("Round", int32_t, (PacketUnaryOp<int32_t, RoundFn>));
MINITF_REGISTER("Round", int64_t, (PacketUnaryOp<int64_t, RoundFn>));
// clang-format on

}  // namespace
}  // namespace tensorflow
