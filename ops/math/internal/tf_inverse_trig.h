// minitf internal: TensorFlow 2.21's packet asin, acos, atan, atanh and atan2, one lane at a
// time (see tf_packet_math.h for the conventions: AVX packets without FMA, each a*b+c a rounded
// multiply then a rounded add, TF's MXCSR). TF's float kernels take these for whole 8-float
// packets, its double kernels for atan, atanh and atan2 (double asin and acos are libm's in both
// paths); the tail of a tensor is libm's. Checked bit for bit against TF 2.21 on 160,000 inputs
// per function and dtype. Coefficients are those of TF's Eigen (facts, not code).
#ifndef MINITF_OPS_MATH_INTERNAL_TF_INVERSE_TRIG_H_
#define MINITF_OPS_MATH_INTERNAL_TF_INVERSE_TRIG_H_

#include <cmath>
#include <cstdint>
#include <limits>

#include "ops/math/internal/tf_packet_math.h"

namespace tensorflow {
namespace packet_math {

// Horner's rule from the highest coefficient: ((c[0] x + c[1]) x + ...) + c[N].
template <typename T, int N>
T Polynomial(const T (&c)[N + 1], T x) {
  T p = c[0];
  for (int i = 1; i <= N; ++i) p = p * x + c[i];
  return p;
}

// The all-ones NaN Eigen's por(mask, x) makes of an invalid argument.
inline float InvalidNaN(float) { return FloatFromBits(0xffffffffu); }
inline double InvalidNaN(double) { return DoubleFromBits(~uint64_t{0}); }

// Eigen's pxor with a sign mask: flips the sign bit, a NaN's too (the compiler may not keep a
// negated NaN's sign, so this is a bit operation).
inline float FlipSign(float v, bool flip) {
  return flip ? FloatFromBits(Bits(v) ^ 0x80000000u) : v;
}
inline double FlipSign(double v, bool flip) {
  return flip ? DoubleFromBits(Bits(v) ^ (uint64_t{1} << 63)) : v;
}

// pasin_float: |x| > 0.5 maps to sqrt((1 - |x|) / 2) with asin(x) = pi/2 - 2 asin(...); an
// odd degree-9 polynomial; NaN outside [-1, 1].
inline float Asin(float x_in) {
  static constexpr float kC[] = {5.08838854730129241943359375e-2f, 3.95139865577220916748046875e-2f,
                                 7.550220191478729248046875e-2f, 0.16664917767047882080078125f,
                                 1.00000011920928955078125f};
  // Opaque: the compiler would square x_in for |x_in|^2, which keeps a NaN's sign.
  const float abs_x = Opaque(std::fabs(x_in));
  const bool large = 0.5f < abs_x;
  const float x = large ? std::sqrt(0.5f - 0.5f * abs_x) : abs_x;
  float p = Polynomial<float, 4>(kC, x * x) * x;
  if (large) p = 1.57079632679489661923f - 2.f * p;
  p = FlipSign(p, std::signbit(x_in));
  return 1.f < abs_x ? InvalidNaN(x_in) : p;
}

// pacos_float: acos(|x|) / sqrt(1 - |x|) as a degree-6 polynomial (even and odd halves
// evaluated apart), acos(-x) = pi - acos(x).
inline float Acos(float x_in) {
  const float abs_x = std::fabs(x_in);
  const float x2 = x_in * x_in;
  float even = 2.36423197202384471893310546875e-3f * x2 + 2.717843465507030487060546875e-2f;
  float odd = -1.1368644423782825469970703125e-2f * x2 + -4.8969544470310211181640625e-2f;
  even = even * x2 + 8.8804088532924652099609375e-2f;
  odd = odd * x2 + -0.214591205120086669921875f;
  even = even * x2 + 1.57079637050628662109375f;
  const float result = std::sqrt(1.f - abs_x) * (odd * abs_x + even);
  return std::signbit(x_in) ? 3.14159265358979323846f - result : result;
}

// generic_atan: |x| > 1 maps to 1/|x| (preciprocal: the float one is the rcp estimate and a
// Newton step) with atan(x) = pi/2 - atan(1/x); on [0, 1] a rational function x P(x^2)/Q(x^2).
template <typename T>
T Atan(T x_in) {
  const T abs_x = Opaque(std::fabs(x_in));
  const bool large = T(1) < abs_x;
  T x = abs_x;
  if (large) {
    if constexpr (sizeof(T) == 4) {
      x = Reciprocal(abs_x);
    } else {
      x = T(1) / abs_x;
    }
  }
  const T x2 = x * x;
  T p;
  if constexpr (sizeof(T) == 4) {
    static constexpr float kP[] = {1.12026982009410858154296875e-01f, 7.296695709228515625e-01f,
                                   8.109951019287109375e-01f};
    static constexpr float kQ[] = {1.00917108356952667236328125e-02f, 2.8318560123443603515625e-01f,
                                   1.0f, 8.109951019287109375e-01f};
    p = x * (Polynomial<float, 2>(kP, x2) / Polynomial<float, 3>(kQ, x2));
  } else {
    static constexpr double kP[] = {2.6667153866462208e-05, 3.0917513112462781e-03,
                                    5.2574296781008604e-02, 3.0409318473444424e-01,
                                    7.5365702534987022e-01, 8.2704055405494614e-01,
                                    3.3004361289279920e-01};
    static constexpr double kQ[] = {2.7311202462436667e-04,
                                    1.0899150928962708e-02,
                                    1.1548932646420353e-01,
                                    4.9716458728465573e-01,
                                    1.0,
                                    9.3705509168587852e-01,
                                    3.3004361289279920e-01};
    p = x * (Polynomial<double, 6>(kP, x2) / Polynomial<double, 6>(kQ, x2));
  }
  if (large) p = T(1.57079632679489661923) - p;
  return FlipSign(p, std::signbit(x_in));
}

// patanh: |x| < 0.5 as x + x^3 P(x^2) (float) or x + x^3 P(x^2)/Q(x^2) (double); otherwise
// log((1 + x) / (1 - x)) / 2 with the packet log; +-inf at +-1, NaN beyond.
template <typename T>
T Atanh(T x) {
  const T x2 = x * x;
  const T x3 = x * x2;
  T small;
  if constexpr (sizeof(T) == 4) {
    static constexpr float kP[] = {0.1819281280040740966796875f, 8.2311116158962249755859375e-2f,
                                   0.14672131836414337158203125f, 0.1997792422771453857421875f,
                                   0.3333373963832855224609375f};
    small = x3 * Polynomial<float, 4>(kP, x2) + x;
  } else {
    static constexpr double kP[] = {3.3071338469301391e-03, -4.7129526768798737e-02,
                                    1.8185306179826699e-01, -2.5949536095445679e-01,
                                    1.2306328729812676e-01};
    static constexpr double kQ[] = {-3.8679974580640881e-03, 7.6391885763341910e-02,
                                    -4.2828141436397615e-01, 9.8733495886883648e-01,
                                    -1.0000000000000000e+00, 3.6918986189438030e-01};
    small = x3 * (Polynomial<double, 4>(kP, x2) / Polynomial<double, 5>(kQ, x2)) + x;
  }
  const T abs_x = std::fabs(x);
  if (T(1) < abs_x) return InvalidNaN(x);
  if (abs_x == T(1)) return std::copysign(std::numeric_limits<T>::infinity(), x);
  return T(0.5) <= abs_x ? T(0.5) * Log((T(1) + x) / (T(1) - x)) : small;
}

// patan2: atan(y / x) (exactly +-1 where |x| == |y|, a signed zero where x | y is zero bit
// for bit, which TF's kernel tests without flushing subnormals) plus pi for a negative x,
// carrying y's sign.
template <typename T>
T Atan2(T y, T x) {
  const bool result_negative = std::signbit(y) != std::signbit(x);
  const T shift = FlipSign(std::signbit(x) ? T(3.14159265358979323846) : T(0), std::signbit(y));
  T arg = y / x;
  if (std::fabs(x) == std::fabs(y)) arg = FlipSign(T(1), result_negative);
  const auto magnitude_bits = (Bits(x) | Bits(y)) << 1;
  if (magnitude_bits == 0) arg = FlipSign(T(0), result_negative);
  return Atan(arg) + shift;
}

}  // namespace packet_math
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_TF_INVERSE_TRIG_H_
