// minitf internal: how TF's CPU kernels round 16-bit floats (half, bfloat16). Eigen computes
// each of their operations in float and rounds the result; the rounding of a NaN differs
// between its AVX packet conversions and its scalar ones, so kernels that follow TF's
// packet/tail split (internal/tf_packet_math.h) round each element as its path does.
#ifndef MINITF_OPS_MATH_INTERNAL_HALF_LANES_H_
#define MINITF_OPS_MATH_INTERNAL_HALF_LANES_H_

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "framework/types.h"
#include "ops/math/internal/tf_packet_math.h"

namespace tensorflow {
namespace half_lanes {

namespace pm = packet_math;

// A float result rounded to a 16-bit float as TF's AVX packet conversions round it: for
// bfloat16 any NaN becomes 0x7fc0; for half (vcvtps2ph) a NaN keeps its sign and the top bits
// of its payload.
template <typename T>
T PacketRound(float v) {
  if (std::isnan(v)) {
    const uint32_t b = pm::Bits(v);
    const uint16_t h =
        std::is_same<T, Eigen::bfloat16>::value
            ? uint16_t{0x7fc0}
            : static_cast<uint16_t>(((b >> 16) & 0x8000) | 0x7e00 | ((b >> 13) & 0x3ff));
    return Eigen::numext::bit_cast<T>(h);
  }
  return T(v);
}
// ... and as TF's scalar conversions round it: a bfloat16 NaN keeps its sign (0xffc0 or
// 0x7fc0), as Eigen's half conversion does.
template <typename T>
T ScalarRound(float v) {
  if (std::is_same<T, Eigen::bfloat16>::value && std::isnan(v)) {
    return Eigen::numext::bit_cast<T>(
        uint16_t{std::signbit(v) ? uint16_t{0xffc0} : uint16_t{0x7fc0}});
  }
  return T(v);
}

template <typename T, bool kPacket>
T Round16(float v) {
  return kPacket ? PacketRound<T>(v) : ScalarRound<T>(v);
}
// A 16-bit float in TF's packet (or scalar) arithmetic: every operation in float, rounded.
template <typename T, bool kPacket>
struct Lane16 {
  static constexpr bool kIsPacket = kPacket;
  T t;
  Lane16(double v) : t(Round16<T, kPacket>(static_cast<float>(v))) {}  // NOLINT: constants
  static Lane16 Of(float f) {
    Lane16 l(0.0);
    l.t = Round16<T, kPacket>(f);
    return l;
  }
  static Lane16 Wrap(T v) {
    Lane16 l(0.0);
    l.t = v;
    return l;
  }
  float f() const { return static_cast<float>(t); }
  friend Lane16 operator+(Lane16 a, Lane16 b) { return Of(a.f() + b.f()); }
  friend Lane16 operator-(Lane16 a, Lane16 b) { return Of(a.f() - b.f()); }
  friend Lane16 operator*(Lane16 a, Lane16 b) { return Of(a.f() * b.f()); }
  friend Lane16 operator/(Lane16 a, Lane16 b) { return Of(a.f() / b.f()); }
  Lane16 operator-() const { return Wrap(-t); }
  friend bool operator==(Lane16 a, Lane16 b) { return a.f() == b.f(); }
  friend bool operator<(Lane16 a, Lane16 b) { return a.f() < b.f(); }
  friend bool operator>(Lane16 a, Lane16 b) { return a.f() > b.f(); }
};

}  // namespace half_lanes
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_HALF_LANES_H_
