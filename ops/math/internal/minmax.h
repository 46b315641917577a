// minitf internal: TF's elementwise max and min (Eigen's cwiseMax/cwiseMin with
// PropagateNaN), shared by Maximum, Minimum, Relu and Relu6. Apply(a, b) takes float, double,
// integers, or 16-bit floats as half_lanes::Lane16 (packet or tail rounding).
#ifndef MINITF_OPS_MATH_INTERNAL_MINMAX_H_
#define MINITF_OPS_MATH_INTERNAL_MINMAX_H_

#include <cmath>
#include <type_traits>

#include "ops/math/internal/tf_packet_math.h"

namespace tensorflow {
namespace minmax {

namespace pm = packet_math;

// Maximum, Minimum: the packets' NaN propagation (x if x is NaN, else y if y is NaN),
// y when the two compare equal (max(+0, -0) is -0), subnormals as zeros; 16-bit floats: x
// when equal, packets in float (subnormal bfloat16s flush), the tail returning an operand.

template <typename T>
bool IsNan(const T& v) {
  if constexpr (std::is_floating_point<T>::value) {
    return std::isnan(v);
  } else {
    return false;
  }
}

// What vmaxps/vminps see under TF's denormals-are-zero: a subnormal operand is a signed zero
// (and so is the result that picks it).
template <typename T>
T Daz(T v) {
  return v * pm::Opaque(T(1));  // an opaque 1: the multiply is not folded away
}

struct MaximumFn {
  static constexpr bool kPackets = true;
  template <typename T>
  static T Apply(T a, T b) {
    if constexpr (std::is_integral<T>::value) {
      return a > b ? a : b;
    } else if constexpr (std::is_floating_point<T>::value) {
      return IsNan(a) ? a : (IsNan(b) ? b : (Daz(a) > Daz(b) ? Daz(a) : Daz(b)));
    } else {  // Lane16: x when they compare equal; packets compute in float (subnormal
              // bfloat16s flush), the tail returns an operand
      if (std::isnan(a.f())) return a;
      if (std::isnan(b.f())) return b;
      if (!T::kIsPacket) return b.f() > a.f() ? b : a;
      return T::Of(Daz(b.f() > a.f() ? b.f() : a.f()));
    }
  }
};
struct MinimumFn {
  static constexpr bool kPackets = true;
  template <typename T>
  static T Apply(T a, T b) {
    if constexpr (std::is_integral<T>::value) {
      return a < b ? a : b;
    } else if constexpr (std::is_floating_point<T>::value) {
      return IsNan(a) ? a : (IsNan(b) ? b : (Daz(a) < Daz(b) ? Daz(a) : Daz(b)));
    } else {
      if (std::isnan(a.f())) return a;
      if (std::isnan(b.f())) return b;
      if (!T::kIsPacket) return b.f() < a.f() ? b : a;
      return T::Of(Daz(b.f() < a.f() ? b.f() : a.f()));
    }
  }
};

// ClipByValue: Eigen's cwiseMin/cwiseMax with the default (PropagateFast) NaN rule, i.e.
// std::min/std::max: min(a, b) is b only when b < a, max(a, b) is b only when a < b, so a NaN
// x stays NaN and a NaN bound clips nothing.
struct FastMinFn {
  template <typename T>
  static T Apply(T a, T b) {
    if constexpr (std::is_integral<T>::value) {
      return b < a ? b : a;
    } else if constexpr (std::is_floating_point<T>::value) {
      return Daz(b) < Daz(a) ? Daz(b) : Daz(a);
    } else {  // Lane16, both paths: an operand's bits (no flush, NaNs keep their sign)
      return b.f() < a.f() ? b : a;
    }
  }
};
struct FastMaxFn {
  template <typename T>
  static T Apply(T a, T b) {
    if constexpr (std::is_integral<T>::value) {
      return a < b ? b : a;
    } else if constexpr (std::is_floating_point<T>::value) {
      return Daz(a) < Daz(b) ? Daz(b) : Daz(a);
    } else {
      return a.f() < b.f() ? b : a;
    }
  }
};

// The scatter ops' min and max (ScatterNdMin, TensorScatterMax...), TF's UpdateOp MIN and MAX:
// Eigen's cwiseMin/cwiseMax as FastMinFn/FastMaxFn (a NaN already in the tensor stays, a NaN
// update changes nothing; subnormals compare as zeros under TF's DAZ).
struct ScatterNdMinFn {
  template <typename T>
  static T Apply(const T& current, const T& update) {
    if constexpr (std::is_floating_point<T>::value || std::is_integral<T>::value) {
      return FastMinFn::Apply(current, update);
    } else {  // half, bfloat16: compared in float, an operand's bits
      return static_cast<float>(update) < static_cast<float>(current) ? update : current;
    }
  }
};
struct ScatterNdMaxFn {
  template <typename T>
  static T Apply(const T& current, const T& update) {
    if constexpr (std::is_floating_point<T>::value || std::is_integral<T>::value) {
      return FastMaxFn::Apply(current, update);
    } else {
      return static_cast<float>(current) < static_cast<float>(update) ? update : current;
    }
  }
};

// The dtypes TF registers the scatter min and max for (TF_CALL_REAL_NUMBER_TYPES: no bool).
// clang-format off
#define MINITF_SCATTER_MIN_MAX_TYPES(M)                                                          \
  M(float) M(double) M(int32_t) M(uint32_t) M(uint16_t) M(uint8_t) M(int16_t) M(int8_t)          \
  M(int64_t) M(uint64_t) M(Eigen::half) M(Eigen::bfloat16)
// clang-format on

}  // namespace minmax
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_MINMAX_H_
