// minitf internal: TensorFlow 2.21's CPU `Pow` kernel for float, double, half and bfloat16, one
// element at a time (checked bit for bit against live TF on ~5M pairs per dtype and path).
//
// TF evaluates Pow with Eigen's scalar_pow_op. For float and double (packet_traits HasPow = 1)
// the leading n - n % 8 floats (n - n % 4 doubles) of a same-shape Pow go through Eigen's
// packet generic_pow (AVX, no FMA), the rest through the scalar operator, std::pow (glibc's
// powf@GLIBC_2.27 and pow@GLIBC_2.2.5). half and bfloat16 have no packet pow, so every
// element takes the scalar path: the 16-bit value of powf(float(a), float(b)).
//
// generic_pow computes |x|^y = 2^(y log2|x|) in double-word arithmetic:
//   |x| = m 2^e with m in [sqrt(1/2), sqrt(2)); log2(m) as a double word (accurate_log2);
//   f = e*y + log2(m)*y as a double word; f = n + r with n an integer, |r| <= 1/2;
//   2^r = exp(ln2 r) by Eigen's pexp on the high part of ln2*r, times (1 + low part);
//   the result scaled by 2^n (pldexp), then C99's special cases selected in a fixed order.
// Products are exact double words by Dekker's algorithm with Veltkamp splitting (no FMA in TF's
// build), every a*b+c is a rounded multiply then a rounded add: compile with
// -ffp-contract=off and without -ffast-math.
//
// Like TF's kernels, these functions must run with flush-to-zero and denormals-are-zero set in
// MXCSR (TF's threads run that way): the packet arithmetic, the comparisons on subnormal
// inputs (a subnormal x compares equal to 0) and glibc's pow/powf all depend on it.
//
// Lane independence: Eigen chooses pldexp or pldexp_fast for a whole packet (pldexp if any lane
// has |n| > max_exponent - 2). The two agree on every lane with |n| <= max_exponent - 2 and
// differ only where n is NaN, which happens only for x = inf/NaN or y = NaN/inf, lanes whose
// result is replaced by a special case; so a lane can always use pldexp.
#ifndef MINITF_OPS_MATH_INTERNAL_TF_POW_H_
#define MINITF_OPS_MATH_INTERNAL_TF_POW_H_

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "ops/math/internal/tf_packet_math.h"

namespace tensorflow {
namespace pow_math {

namespace pm = packet_math;

// ---- double-word building blocks (Muller, "Elementary Functions", 3rd ed.) -------------------

// pround: a + copysign(0.49999997f or 0.49999999999999994, a), truncated toward zero (round half
// away from zero for the values generic_pow feeds it).
inline float Round(float a) {
  const float h = pm::FloatFromBits((pm::Bits(a) & 0x80000000u) | 0x3effffffu);
  return std::trunc(h + a);
}
inline double Round(double a) {
  const double h =
      pm::DoubleFromBits((pm::Bits(a) & 0x8000000000000000ull) | 0x3fdfffffffffffffull);
  return std::trunc(h + a);
}

// s_hi + s_lo = x + y exactly when |x| >= |y|.
template <typename T>
inline void FastTwoSum(T x, T y, T* s_hi, T* s_lo) {
  const T s = x + y;
  const T t = s - x;
  *s_lo = y - t;
  *s_hi = s;
}
// (x_hi, x_lo) + (y_hi, y_lo), assuming |x_hi| >= |y_hi|.
template <typename T>
inline void FastTwoSum(T x_hi, T x_lo, T y_hi, T y_lo, T* s_hi, T* s_lo) {
  T r_hi, r_lo;
  FastTwoSum(x_hi, y_hi, &r_hi, &r_lo);
  const T s = (y_lo + r_lo) + x_lo;
  FastTwoSum(r_hi, s, s_hi, s_lo);
}
// x + (y_hi, y_lo), assuming |x| >= |y_hi|.
template <typename T>
inline void FastTwoSum(T x, T y_hi, T y_lo, T* s_hi, T* s_lo) {
  T r_hi, r_lo;
  FastTwoSum(x, y_hi, &r_hi, &r_lo);
  const T s = y_lo + r_lo;
  FastTwoSum(r_hi, s, s_hi, s_lo);
}

// Veltkamp splitting: x = hi + lo, hi holding the upper half of the significand.
template <typename T>
inline void Split(T x, T* hi, T* lo) {
  constexpr T kFactor = sizeof(T) == 4 ? T(4097) : T(134217729);  // 2^12 + 1, 2^27 + 1
  const T gamma = kFactor * x;
  const T rho = x - gamma;
  *hi = rho + gamma;
  *lo = x - *hi;
}
// Dekker's product: p_hi + p_lo = x * y, p_hi = fl(x * y).
template <typename T>
inline void TwoProd(T x, T y, T* p_hi, T* p_lo) {
  T x_hi, x_lo, y_hi, y_lo;
  Split(x, &x_hi, &x_lo);
  Split(y, &y_hi, &y_lo);
  const T p = x * y;
  T lo = x_hi * y_hi + (-p);
  lo = x_hi * y_lo + lo;
  lo = x_lo * y_hi + lo;
  lo = x_lo * y_lo + lo;
  *p_hi = p;
  *p_lo = lo;
}
// (x_hi, x_lo) * y.
template <typename T>
inline void TwoProd(T x_hi, T x_lo, T y, T* p_hi, T* p_lo) {
  T c_hi, c_lo1;
  TwoProd(x_hi, y, &c_hi, &c_lo1);
  const T c_lo2 = x_lo * y;
  T t_hi, t_lo1;
  FastTwoSum(c_hi, c_lo2, &t_hi, &t_lo1);
  const T t_lo2 = t_lo1 + c_lo1;
  FastTwoSum(t_hi, t_lo2, p_hi, p_lo);
}
// (x_hi, x_lo) * (y_hi, y_lo).
template <typename T>
inline void TwoProd(T x_hi, T x_lo, T y_hi, T y_lo, T* p_hi, T* p_lo) {
  T hh, hl, lh, ll;
  TwoProd(x_hi, x_lo, y_hi, &hh, &hl);
  TwoProd(x_hi, x_lo, y_lo, &lh, &ll);
  FastTwoSum(hh, hl, lh, ll, p_hi, p_lo);
}
// (x_hi, x_lo) / y (Joldes, Muller, Popescu 2017, algorithm 15).
template <typename T>
inline void DivDwFp(T x_hi, T x_lo, T y, T* z_hi, T* z_lo) {
  const T t_hi = x_hi / y;
  T pi_hi, pi_lo;
  TwoProd(t_hi, y, &pi_hi, &pi_lo);
  const T delta_hi = x_hi - pi_hi;
  const T delta_t = delta_hi - pi_lo;
  const T delta = delta_t + x_lo;
  const T t_lo = delta / y;
  FastTwoSum(t_hi, t_lo, z_hi, z_lo);
}

// ---- log2 of the mantissa, as a double word ---------------------------------------------------

// float: log2(z) = (z - 1) P(z - 1), P of degree 10; its two lowest coefficients double words.
inline void Log2Mantissa(float z, float* hi, float* lo) {
  constexpr double kC0 = 1.442695041742110273474963832995854318141937255859375e+00;
  constexpr float kC0_hi = static_cast<float>(kC0);
  constexpr float kC0_lo = static_cast<float>(kC0 - static_cast<double>(kC0_hi));
  constexpr double kC1 = -7.2134751588268664068692714863573201000690460205078125e-01;
  constexpr float kC1_hi = static_cast<float>(kC1);
  constexpr float kC1_lo = static_cast<float>(kC1 - static_cast<double>(kC1_hi));
  static constexpr float kC[] = {
      9.7010828554630279541015625e-02f, -1.6896486282348632812500000e-01f,
      1.7200836539268493652343750e-01f, -1.7892272770404815673828125e-01f,
      2.0505344867706298828125000e-01f, -2.4046677350997924804687500e-01f,
      2.8857553005218505859375000e-01f, -3.6067414283752441406250000e-01f,
      4.8089790344238281250000000e-01f};
  const float x = z - 1.0f;
  float p = kC[0];
  for (int i = 1; i < 9; ++i) p = p * x + kC[i];
  float p_hi, p_lo;
  TwoProd(x, p, &p_hi, &p_lo);
  FastTwoSum(kC1_hi, kC1_lo, p_hi, p_lo, &p_hi, &p_lo);
  TwoProd(p_hi, p_lo, x, &p_hi, &p_lo);
  FastTwoSum(kC0_hi, kC0_lo, p_hi, p_lo, &p_hi, &p_lo);
  TwoProd(p_hi, p_lo, x, hi, lo);
}

// double: r = (2/ln2)(x - 1)/(x + 1), log2(x) = ((Q(r^2) r^2 + C) r^2 + 1) r.
inline void Log2Mantissa(double x, double* hi, double* lo) {
  const double q12 = 2.87074255468000586e-9, q10 = 2.38957980901884082e-8,
               q8 = 2.31032094540014656e-7, q6 = 2.27279857398537278e-6,
               q4 = 2.31271023278625638e-5, q2 = 2.47556738444535513e-4,
               q0 = 2.88543873228900172e-3;
  const double c_hi = 0.0400377511598501157, c_lo = -4.77726582251425391e-19;
  const double k_hi = 2.88539008177792677, k_lo = 4.07660016854549667e-17;  // 2/ln2
  double t_hi, t_lo;
  TwoProd(k_hi, k_lo, x - 1.0, &t_hi, &t_lo);
  double r_hi, r_lo;
  DivDwFp(t_hi, t_lo, x + 1.0, &r_hi, &r_lo);
  double r2_hi, r2_lo;
  TwoProd(r_hi, r_lo, r_hi, r_lo, &r2_hi, &r2_lo);
  double r4_hi, r4_lo;
  TwoProd(r2_hi, r2_lo, r2_hi, r2_lo, &r4_hi, &r4_lo);
  double q_even = q12 * r4_hi + q8;
  double q_odd = q10 * r4_hi + q6;
  q_even = q_even * r4_hi + q4;
  q_odd = q_odd * r4_hi + q2;
  q_even = q_even * r4_hi + q0;
  const double q = q_odd * r2_hi + q_even;
  double p_hi, p_lo;
  TwoProd(r2_hi, r2_lo, q, &p_hi, &p_lo);
  double p1_hi, p1_lo;
  FastTwoSum(c_hi, c_lo, p_hi, p_lo, &p1_hi, &p1_lo);
  double p2_hi, p2_lo;
  TwoProd(r2_hi, r2_lo, p1_hi, p1_lo, &p2_hi, &p2_lo);
  double p3_hi, p3_lo;
  FastTwoSum(1.0, p2_hi, p2_lo, &p3_hi, &p3_lo);
  TwoProd(p3_hi, p3_lo, r_hi, r_lo, hi, lo);
}

// ---- generic_pow ------------------------------------------------------------------------------

// generic_exp2: 2^x = exp(p_hi) (1 + p_lo) with p_hi + p_lo = ln2 * x, x clamped to
// [-(max_exponent + digits - 1), max_exponent + 1].
template <typename T>
inline T Exp2(T x_in) {
  constexpr T kMaxCap = T(std::numeric_limits<T>::max_exponent + 1);
  constexpr T kMinCap =
      -T(std::numeric_limits<T>::max_exponent + std::numeric_limits<T>::digits - 1);
  constexpr T kLn2 = static_cast<T>(0.693147180559945309417232121458176568L);
  const T x = pm::Max(pm::Min(x_in, kMaxCap), kMinCap);
  T p_hi, p_lo;
  TwoProd(kLn2, x, &p_hi, &p_lo);
  const T e_hi = pm::Exp(p_hi);
  const T e_lo = T(1) + p_lo;
  return e_hi * e_lo;
}

// generic_pow_impl: |x|^y for x >= 0 (the special cases are the caller's).
template <typename T>
inline T PowPositive(T x, T y) {
  T e_x;
  T m_x = pm::Frexp(x, &e_x);
  constexpr T kSqrtHalf = T(0.70710678118654752440);
  const bool scale = m_x < kSqrtHalf;
  m_x = scale ? T(2) * m_x : m_x;
  e_x = scale ? e_x - T(1) : e_x;
  T rx_hi, rx_lo;
  Log2Mantissa(m_x, &rx_hi, &rx_lo);
  T f1_hi, f1_lo, f2_hi, f2_lo;
  TwoProd(e_x, y, &f1_hi, &f1_lo);
  TwoProd(rx_hi, rx_lo, y, &f2_hi, &f2_lo);
  T f_hi, f_lo;
  FastTwoSum(f1_hi, f1_lo, f2_hi, f2_lo, &f_hi, &f_lo);
  T n_z = Round(f_hi);
  T r_z = f_hi - n_z;
  r_z = r_z + f_lo;
  const T n_r = Round(r_z);
  r_z = r_z - n_r;
  n_z = n_z + n_r;
  const T e_r = Exp2(r_z);
  return pm::Ldexp(e_r, n_z);  // pldexp (see "Lane independence" above)
}

// generic_pow: C99's special cases over PowPositive, in Eigen's order of selects.
template <typename T>
inline T PowLane(T x, T y) {
  constexpr T kInf = std::numeric_limits<T>::infinity();
  const T kNan = std::numeric_limits<T>::quiet_NaN();  // +qNaN
  const T x_abs = std::fabs(x);
  T pow = PowPositive(x_abs, y);

  const bool x_is_negative = x < T(0);
  const bool x_is_zero = x == T(0);
  const bool x_is_one = x == T(1);
  const bool x_has_signbit = std::signbit(x);
  const bool x_abs_gt_one = T(1) < x_abs;
  const bool x_abs_is_inf = x_abs == kInf;

  const T y_abs = std::fabs(y);
  const bool y_abs_is_inf = y_abs == kInf;
  const bool y_is_negative = y < T(0);
  const bool y_is_zero = y == T(0);
  const bool y_is_one = y == T(1);
  const bool y_is_int = pm::Floor(y) == y && !y_abs_is_inf;
  const T y_div_2 = y * T(0.5);
  const bool y_is_even = Round(y_div_2) == y_div_2;
  const bool y_is_odd_int = y_is_int && !y_is_even;
  // max_exponent * ln2 / epsilon, evaluated in T: 7.4426112e8f, 3.1966e18.
  constexpr T kHugeExponent = (T(std::numeric_limits<T>::max_exponent) *
                               static_cast<T>(0.693147180559945309417232121458176568L)) /
                              std::numeric_limits<T>::epsilon();
  const bool y_abs_is_huge = kHugeExponent <= y_abs;

  if (x_is_negative && !y_is_int) pow = kNan;
  if (x_is_zero) pow = y_is_negative ? kInf : T(0);
  if (x_has_signbit && y_is_odd_int) pow = -pow;  // a sign flip (xor), NaN included
  T inf_y_val = ((y_is_negative && x_is_zero) || (y_is_negative != x_abs_gt_one)) ? kInf : T(0);
  if (x == T(-1)) inf_y_val = T(1);
  if (y_abs_is_huge) pow = inf_y_val;
  const T x_pos_inf_value = y_is_negative ? T(0) : kInf;
  const T x_neg_inf_value = y_is_odd_int ? -x_pos_inf_value : x_pos_inf_value;
  if (x_abs_is_inf) pow = x_is_negative ? x_neg_inf_value : x_pos_inf_value;
  if (std::isnan(x) || std::isnan(y)) pow = kNan;
  if (y_is_one) return x;
  if (x_is_one || y_is_zero) return T(1);
  return pow;
}

// ---- the entry points -------------------------------------------------------------------------

// A float/double element inside a whole AVX packet (index < n - n % 8 for float, n - n % 4
// for double).
inline float PowPacketLane(float x, float y) { return PowLane(x, y); }
inline double PowPacketLane(double x, double y) { return PowLane(x, y); }

// A float/double element of the scalar tail: std::pow, i.e. glibc's powf (GLIBC_2.27) and pow
// (TF imports pow@GLIBC_2.2.5, the SVID compatibility wrapper around the same routine; with
// TF's MXCSR its results equal pow@GLIBC_2.29's on every input tested, see REPORT.md).
inline float PowScalar(float x, float y) { return ::powf(x, y); }
inline double PowScalar(double x, double y) { return ::pow(x, y); }

// half and bfloat16 (every element, packet or tail): powf of the widened inputs, rounded to
// nearest even as TF's scalar conversions round. NaNs: half keeps the NaN's sign and the top
// 10 bits of its payload, quiet bit set (sign | 0x7e00 | payload >> 13); bfloat16 gives the
// default quiet NaN with the NaN's sign (0x7fc0 / 0xffc0). Bits in, bits out.
inline float HalfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t man = h & 0x3ffu;
  // inf, or a NaN made quiet (TF widens half with vcvtph2ps, which quiets a signalling NaN:
  // powf(sNaN, 0) would be NaN, TF's half pow(sNaN, 0) is 1).
  if (exp == 0x1f) return pm::FloatFromBits(sign | 0x7f800000u | ((man ? man | 0x200u : 0u) << 13));
  if (exp != 0) return pm::FloatFromBits(sign | ((exp + 112) << 23) | (man << 13));
  if (man == 0) return pm::FloatFromBits(sign);
  int e = 113;  // a half subnormal is a normal float: renormalize with integer operations
  while ((man & 0x400u) == 0) {
    man <<= 1;
    --e;
  }
  return pm::FloatFromBits(sign | (static_cast<uint32_t>(e) << 23) | ((man & 0x3ffu) << 13));
}
inline uint16_t FloatToHalf(float f) {
  const uint32_t u = pm::Bits(f);
  const uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
  const uint32_t a = u & 0x7fffffffu;
  // NaN: quiet, keeping the sign and the top 10 payload bits (as vcvtps2ph does).
  if (a > 0x7f800000u) return sign | 0x7e00u | static_cast<uint16_t>((a >> 13) & 0x3ffu);
  if (a >= 0x477ff000u) return sign | 0x7c00u;  // rounds to >= 65520: inf
  if (a < 0x38800000u) {                        // below 2^-14: half subnormal or zero
    if (a < 0x33000000u) return sign;           // below 2^-25 (and 2^-25 itself ties to 0)
    const uint32_t e = a >> 23;
    const uint32_t man = (a & 0x7fffffu) | 0x800000u;
    const uint32_t shift = 126 - e;  // 14 .. 24: value = man * 2^(e - 150) = h * 2^-24
    const uint32_t q = man >> shift;
    const uint32_t rem = man & ((1u << shift) - 1);
    const uint32_t halfway = 1u << (shift - 1);
    const uint32_t r = q + ((rem > halfway || (rem == halfway && (q & 1))) ? 1 : 0);
    return sign | static_cast<uint16_t>(r);
  }
  const uint32_t odd = (a >> 13) & 1u;
  const uint32_t r = (a + 0x0fffu + odd - 0x38000000u) >> 13;  // rebias 127 -> 15, round
  return sign | static_cast<uint16_t>(r);
}
inline float Bfloat16ToFloat(uint16_t b) {
  return pm::FloatFromBits(static_cast<uint32_t>(b) << 16);
}
inline uint16_t FloatToBfloat16(float f) {
  const uint32_t u = pm::Bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return static_cast<uint16_t>(((u >> 16) & 0x8000u) | 0x7fc0u);
  return static_cast<uint16_t>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
inline uint16_t PowHalf(uint16_t a, uint16_t b) {
  return FloatToHalf(PowScalar(HalfToFloat(a), HalfToFloat(b)));
}
inline uint16_t PowBfloat16(uint16_t a, uint16_t b) {
  return FloatToBfloat16(PowScalar(Bfloat16ToFloat(a), Bfloat16ToFloat(b)));
}

}  // namespace pow_math
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_TF_POW_H_
