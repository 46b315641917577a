// minitf internal: TensorFlow 2.21's Digamma, Ndtri and Erfinv (Eigen's Cephes-derived
// algorithms, as TF's x86-64 build evaluates them: no FMA, each a*b+c a rounded multiply then a
// rounded add; run under TF's MXCSR, so subnormal inputs act as zeros). Digamma is scalar code
// for every element; Ndtri and Erfinv take Eigen's packet log and reciprocal for whole 8-float
// packets (kPacket) and glibc's logf and 1/x in a float tensor's tail and for doubles. Checked
// bit for bit against TF 2.21 (every float in [-1, 1] for the packet path, and millions of
// random and edge inputs for the rest). Coefficients are Cephes' (facts, not code).
#ifndef MINITF_OPS_MATH_INTERNAL_TF_SPECIAL_H_
#define MINITF_OPS_MATH_INTERNAL_TF_SPECIAL_H_

#include <cmath>
#include <limits>

#include "ops/math/internal/tf_inverse_trig.h"
#include "ops/math/internal/tf_packet_math.h"

namespace tensorflow {
namespace packet_math {

// TF's scalar natural log: glibc's logf, and for doubles its compatibility log (+NaN below 0).
inline float ScalarLog(float x) { return std::log(x); }
inline double ScalarLog(double x) { return LogTail(x); }

// digamma_impl: reflection for x <= 0 (NaN at the poles), the recurrence up to 10, then the
// asymptotic series in 1/s^2.
template <typename T>
T Digamma(T x) {
  constexpr T kPi = T(3.14159265358979323846);
  bool negative = false;
  T nz = T(0);
  if (x <= T(0)) {
    negative = true;
    const T q = x;
    T p = std::floor(q);
    if (p == q) return std::numeric_limits<T>::quiet_NaN();
    nz = q - p;
    if (nz != T(0.5)) {
      if (nz > T(0.5)) {
        p = p + T(1);
        nz = q - p;
      }
      nz = kPi / std::tan(kPi * nz);
    } else {
      nz = T(0);
    }
    x = T(1) - x;
  }
  T s = x;
  T w = T(0);
  while (s < T(10)) {
    w = w + T(1) / s;
    s = s + T(1);
  }
  T y = T(0);
  const T z = T(1) / (s * s);
  if constexpr (sizeof(T) == 4) {
    static constexpr float kA[] = {-4.16666666666666666667E-3f, 3.96825396825396825397E-3f,
                                   -8.33333333333333333333E-3f, 8.33333333333333333333E-2f};
    if (s < 1.0e8f) y = z * Polynomial<float, 3>(kA, z);
  } else {
    static constexpr double kA[] = {8.33333333333333333333E-2, -2.10927960927960927961E-2,
                                    7.57575757575757575758E-3, -4.16666666666666666667E-3,
                                    3.96825396825396825397E-3, -8.33333333333333333333E-3,
                                    8.33333333333333333333E-2};
    if (s < 1.0e17) y = z * Polynomial<double, 6>(kA, z);
  }
  y = ((ScalarLog(s) - T(0.5) / s) - y) - w;
  return negative ? y - nz : y;
}

// generic_ndtri: the inverse of the standard normal CDF. Central region b > exp(-2) by a
// rational function of (b - 1/2)^2, tails by rational functions of 1/sqrt(-2 log b); +-inf at
// 0 and 1. kPacket: Eigen's packet log and rcp-based reciprocal (floats only).
template <typename T, bool kPacket>
T Ndtri(T a) {
  static constexpr T kP0[] = {T(-5.99633501014107895267e1), T(9.80010754185999661536e1),
                              T(-5.66762857469070293439e1), T(1.39312609387279679503e1),
                              T(-1.23916583867381258016e0)};
  static constexpr T kQ0[] = {T(1.0),
                              T(1.95448858338141759834e0),
                              T(4.67627912898881538453e0),
                              T(8.63602421390890590575e1),
                              T(-2.25462687854119370527e2),
                              T(2.00260212380060660359e2),
                              T(-8.20372256168333339912e1),
                              T(1.59056225126211695515e1),
                              T(-1.18331621121330003142e0)};
  static constexpr T kP1[] = {
      T(4.05544892305962419923e0),   T(3.15251094599893866154e1),   T(5.71628192246421288162e1),
      T(4.40805073893200834700e1),   T(1.46849561928858024014e1),   T(2.18663306850790267539e0),
      T(-1.40256079171354495875e-1), T(-3.50424626827848203418e-2), T(-8.57456785154685413611e-4)};
  static constexpr T kQ1[] = {T(1.0),
                              T(1.57799883256466749731e1),
                              T(4.53907635128879210584e1),
                              T(4.13172038254672030440e1),
                              T(1.50425385692907503408e1),
                              T(2.50464946208309415979e0),
                              T(-1.42182922854787788574e-1),
                              T(-3.80806407691578277194e-2),
                              T(-9.33259480895457427372e-4)};
  static constexpr T kP2[] = {
      T(3.23774891776946035970e0),  T(6.91522889068984211695e0),  T(3.93881025292474443415e0),
      T(1.33303460815807542389e0),  T(2.01485389549179081538e-1), T(1.23716634817820021358e-2),
      T(3.01581553508235416007e-4), T(2.65806974686737550832e-6), T(6.23974539184983293730e-9)};
  static constexpr T kQ2[] = {T(1.0),
                              T(6.02427039364742014255e0),
                              T(3.67983563856160859403e0),
                              T(1.37702099489081330271e0),
                              T(2.16236993594496635890e-1),
                              T(1.34204006088543189037e-2),
                              T(3.28014464682127739104e-4),
                              T(2.89247864745380683936e-6),
                              T(6.79019408009981274425e-9)};
  auto log = [](T v) {
    if constexpr (kPacket) {
      return Log(v);
    } else {
      return ScalarLog(v);
    }
  };
  constexpr T kExpNegTwo = T(0.13533528323661269189);
  const bool flip = a <= T(1) - kExpNegTwo;
  const T b = flip ? a : T(1) - a;
  if (a == T(0)) return -std::numeric_limits<T>::infinity();
  if (T(1) == a) return std::numeric_limits<T>::infinity();
  if (kExpNegTwo < b) {
    const T c = b - T(0.5);
    const T c2 = c * c;
    const T r = c * (c2 * (Polynomial<T, 4>(kP0, c2) / Polynomial<T, 8>(kQ0, c2))) + c;
    return r * T(2.50662827463100050242);
  }
  const T x = std::sqrt(T(-2) * log(b));
  const T x0 = x - log(x) / x;
  T z;
  if constexpr (kPacket) {
    z = Reciprocal(x);
  } else {
    z = T(1) / x;
  }
  const T ratio = x < T(8) ? Polynomial<T, 8>(kP1, z) / Polynomial<T, 8>(kQ1, z)
                           : Polynomial<T, 8>(kP2, z) / Polynomial<T, 8>(kQ2, z);
  return FlipSign(x0 - z * ratio, flip);
}

// scalar_erfinv_op: ndtri((x + 1) / 2) / sqrt(2), as 0.5 * x + 0.5 and a product by 1/sqrt(2).
template <typename T, bool kPacket>
T Erfinv(T x) {
  return Ndtri<T, kPacket>(T(0.5) * x + T(0.5)) * T(0.70710678118654752440);
}

}  // namespace packet_math
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_TF_SPECIAL_H_
