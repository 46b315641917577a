// minitf internal: TF 2.21's erf (Eigen's generic_fast_erf, as TF's AVX-without-FMA build
// computes it; see tf_packet_math.h for the conventions). Packets and the scalar tail run the
// same operations; only double's exp differs (Eigen's in packets, libm's in the tail).
//  float:  erf = x * P(x^2) / Q(x^2) with x^2 clamped to 16 (a NaN x^2 too), the result
//          clamped to [-1, 1]: every |x| >= 3.95620894f gives +-1.
//  double: |x| <= 1: x * S(x^2) / T(x^2); else 1 - erfc, erfc = exp(-x^2) (corrected by the
//          exact error of x*x, Veltkamp/Dekker) * P(1/x^2) / (x Q(1/x^2)) (+2 for x < 0). TF
//          does not clamp here: the split overflows for |x| >= 1.3407807830046643e154 and
//          +-inf, which give NaN, as in TF.
// Subnormal inputs act as zeros under TF's DAZ (the executor's threads run with it). Checked
// against live TF on every float bit pattern (packet path) and ~30M doubles, 0 mismatches.
#ifndef MINITF_OPS_MATH_INTERNAL_TF_ERF_H_
#define MINITF_OPS_MATH_INTERNAL_TF_ERF_H_

#include <cmath>

#include "ops/math/internal/tf_packet_math.h"

namespace tensorflow {
namespace packet_math {

inline float Erf(float x) {
  // pmin(16, x*x): x*x when it is below 16, otherwise (also for NaN) 16.
  const float x2 = Min(16.0f, x * x);
  float p = 0x1.1d0ae2p-19f;
  p = p * x2 + 0x1.2c19aep-12f;
  p = p * x2 + 0x1.df77bcp-9f;
  p = p * x2 + 0x1.ad8804p-5f;
  p = p * x2 + 0x1.7fd4p-3f;
  p = p * x2 + 0x1.20dd74p+0f;
  p = x * p;
  float q = 0x1.4679p-15f;
  q = q * x2 + 0x1.2bb54cp-10f;
  q = q * x2 + 0x1.e3657cp-7f;
  q = q * x2 + 0x1.cea02p-4f;
  q = q * x2 + 0x1.ff697ap-2f;
  q = q * x2 + 0x1p+0f;
  const float r = p / q;
  // pmax(pmin(r, 1), -1): a NaN r passes through both.
  return Max(Min(r, 1.0f), -1.0f);
}

// ---- double ----------------------------------------------------------------------------------
// |x| <= 1 (x^2 <= 1): erf(x) = x * S(x^2) / T(x^2), S of degree 4, T of degree 5.
// |x| > 1: erf(x) = 1 - erfc(x), erfc(x) = exp(-x^2) * (1/x) * P(1/x^2) / Q(1/x^2) (+ 2 for
// x < 0), with exp(-x^2) corrected for the rounding error of x^2: exp(-x2) * (1 - x2_lo).
template <bool kPacket>
double Erf(double x) {
  const double x2 = x * x;
  double s = 0x1.98d0248a3151bp-13;
  s = s * x2 + 0x1.df011db6e40d1p-10;
  s = s * x2 + 0x1.732009ffd16b8p-5;
  s = s * x2 + 0x1.231f9ed803a1dp-3;
  s = s * x2 + 0x1.20dd750429b6dp+0;
  double t = 0x1.547c253fb5076p-16;
  t = t * x2 + 0x1.65222be3945e2p-11;
  t = t * x2 + 0x1.5ac077eb0df4dp-7;
  t = t * x2 + 0x1.7df6710c4f13p-4;
  t = t * x2 + 0x1.d655867b0443p-2;
  t = t * x2 + 0x1p+0;
  const double erf_small = x * (s / t);
  if (!(1.0 < x2)) return erf_small;  // also NaN

  // x2_lo = x*x - x2 exactly, by Veltkamp's split of x (2^27 + 1) and Dekker's product.
  const double gamma = 134217729.0 * x;
  const double rho = x - gamma;
  const double hi = rho + gamma;
  const double lo = x - hi;
  double x2_lo = hi * hi + (-x2);
  x2_lo = hi * lo + x2_lo;
  x2_lo = lo * hi + x2_lo;
  x2_lo = lo * lo + x2_lo;

  const double e = kPacket ? Exp(-x2) : std::exp(-x2);  // packets: Eigen's exp; tail: libm's
  const double z = e - e * x2_lo;

  const double q2 = 1.0 / x2;
  double p = 0x1.3fe01673706b5p-13;
  p = p * q2 + 0x1.657efa77777b4p-7;
  p = p * q2 + 0x1.b358ff52b75efp-4;
  p = p * q2 + 0x1.56f68223458b9p-2;
  p = p * q2 + 0x1.cd793a78a6ca5p-2;
  p = p * q2 + 0x1.2d64f23375ce8p-2;
  p = p * q2 + 0x1.94a7a120d9753p-4;
  p = p * q2 + 0x1.18198cdac4128p-6;
  p = p * q2 + 0x1.7588281d37f4p-10;
  p = p * q2 + 0x1.75dbb75671cc8p-15;
  double q = 0x1.0ba5a6793e0cp-9;
  q = q * q2 + 0x1.b37d3e4947cebp-5;
  q = q * q2 + 0x1.5ed8e22431347p-2;
  q = q * q2 + 0x1.b68f84d7a94bcp-1;
  q = q * q2 + 0x1p+0;
  q = q * q2 + 0x1.319a53173facp-1;
  q = q * q2 + 0x1.8342d0f03c8a7p-3;
  q = q * q2 + 0x1.0240d4978c852p-5;
  q = q * q2 + 0x1.5035fed4d4516p-9;
  q = q * q2 + 0x1.4b52c14a1bbcap-14;
  q = x * q;
  const double r = p / q;
  const double erfc = z * r + (x < 0.0 ? 2.0 : 0.0);
  return 1.0 - erfc;
}

}  // namespace packet_math
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_TF_ERF_H_
