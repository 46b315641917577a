// minitf internal: TensorFlow 2.21's vectorized float and double math, one lane at a time.
//
// TF's x86-64 CPU kernels evaluate elementwise functions with Eigen's AVX packets (8 floats or
// 4 doubles, no FMA): every element of a whole packet goes through Eigen's polynomial
// approximations, and the last size % 8 (or % 4) elements of a tensor through the scalar
// functions (mostly libm's). Each function below is the lane-wise arithmetic of one of those
// packet algorithms, written as scalar code with the same IEEE operations in the same order
// (a*b+c is a rounded multiply then a rounded add: minitf builds with -ffp-contract=off), so
// that a kernel applying `Lane(x)` to packet elements and `Tail(x)` to the rest has TF's bits.
// The caller runs with TF's MXCSR (flush-to-zero and denormals-are-zero), as minitf's executor
// threads do. Polynomial coefficients and thresholds are those of TF's Eigen (facts, not code).
#ifndef MINITF_OPS_MATH_INTERNAL_TF_PACKET_MATH_H_
#define MINITF_OPS_MATH_INTERNAL_TF_PACKET_MATH_H_

#include <emmintrin.h>
#include <xmmintrin.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace tensorflow {
namespace packet_math {

// Elements per AVX packet, where the scalar tail of a tensor begins: 8 floats, halfs or
// bfloat16s, 4 doubles or complex64s, 2 complex128s (1 for wider types, which TF never packs).
template <typename T>
constexpr int64_t kPacketSize = sizeof(T) == 2
                                    ? 8
                                    : (sizeof(T) > 32 ? 1 : 32 / static_cast<int64_t>(sizeof(T)));

inline uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float FloatFromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline uint64_t Bits(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}
inline double DoubleFromBits(uint64_t u) {
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

// The packet min/max: the first argument when either is NaN or both compare equal
// (vminps/vmaxps with Eigen's operand order).
template <typename T>
T Min(T a, T b) {
  return b < a ? b : a;
}
template <typename T>
T Max(T a, T b) {
  return b > a ? b : a;
}
template <typename T>
T Select(bool mask, T a, T b) {
  return mask ? a : b;
}
// Packet floor (vroundps): exact, NaN stays NaN.
inline float Floor(float x) { return std::floor(x); }
inline double Floor(double x) { return std::floor(x); }
// Float to int32 as vcvttps2dq: NaN and out-of-range give INT32_MIN.
inline int32_t TruncToInt(float x) { return _mm_cvttss_si32(_mm_set_ss(x)); }
// Double to int32 as vcvtpd2dq (round to nearest): NaN and out-of-range give INT32_MIN.
inline int32_t RoundToInt(double x) { return _mm_cvtsd_si32(_mm_set_sd(x)); }

// ---- float ---------------------------------------------------------------------------------

// pfrexp: x = m * 2^e with |m| in [0.5, 1); zero, inf and NaN give m = x, e = 0.
inline float Frexp(float a, float* e) {
  const bool denormal = std::fabs(a) < 1.17549435e-38f;
  const float na = denormal ? a * 16777216.f : a;
  const float offset = denormal ? -150.f : -126.f;
  const float biased = static_cast<float>(static_cast<int32_t>(Bits(std::fabs(na)) >> 23));
  const bool keep = a == 0.f || biased == 255.f;
  *e = keep ? 0.f : biased + offset;
  return keep ? a : FloatFromBits((Bits(na) & 0x807fffffu) | 0x3f000000u);
}

// pldexp: a * 2^e in four exact factors, e clamped to [-278, 278].
inline float Ldexp(float a, float e) {
  const int32_t ei = TruncToInt(Min(Max(e, -278.f), 278.f));
  int32_t b = ei >> 2;
  float c = FloatFromBits(static_cast<uint32_t>(b + 127) << 23);
  float out = a * c;
  out = out * c;
  out = out * c;
  b = ei - 3 * b;
  c = FloatFromBits(static_cast<uint32_t>(b + 127) << 23);
  return out * c;
}

// pldexp_fast: a * 2^e with the biased exponent clamped to [0, 255].
inline float LdexpFast(float a, float e) {
  const int32_t biased = TruncToInt(Min(Max(e + 127.f, 0.f), 255.f));
  return a * FloatFromBits(static_cast<uint32_t>(biased) << 23);
}

// pexp_float: exp(x) = 2^m * exp(r), r = x - m ln2 in two parts, degree-6 polynomial.
inline float Exp(float x_in) {
  const float x = Min(x_in, 88.723f);
  const float m = Floor(x * 1.44269504088896341f + 0.5f);
  float r = m * -0.693359375f + x;
  r = m * 2.12194440e-4f + r;
  const float r2 = r * r;
  float p_even = r2 * 1.37449637986719608306884765625e-3f + 4.166965186595916748046875e-2f;
  const float p_odd = r2 * 8.36894474923610687255859375e-3f + 0.16666518151760101318359375f;
  p_even = r2 * p_even + 0.49999988079071044921875f;
  const float p_low = r + 1.f;
  float y = r * p_odd + p_even;
  y = r2 * y + p_low;
  // Eigen picks pldexp_fast for whole packets with |x| <= 87; both give the same values there.
  return Select(x_in < -104.f, 0.f, Max(Ldexp(y, m), x_in));
}

// plog_float: log(x) = e ln2 + log(m), m in [sqrt(1/2), sqrt(2)), a [3/3] rational in m - 1.
inline float Log(float x_in) {
  float e;
  float x = Frexp(x_in, &e);
  const bool mask = x < 0.707106781186547524f;
  const float tmp = mask ? x : FloatFromBits(0);
  x = x - 1.f;
  e = e - (mask ? 1.f : 0.f);
  x = x + tmp;
  float p = 0.18256296349849254f * x + 1.0000000190281063f;
  p = p * x + 1.0000000190281136f;
  p = x * p;
  float q = 0.049616247954120038f * x + 0.59923249590823520f;
  q = q * x + 1.4999999999999927f;
  q = q * x + 1.0f;
  x = p / q;
  x = e * 0.693147180559945309f + x;
  if (x_in == 0.f) return -INFINITY;
  // Negative or NaN inputs: all bits set (a negative quiet NaN).
  if (!(x_in >= 0.f)) return FloatFromBits(0xffffffffu);
  return x_in == INFINITY ? INFINITY : x;
}

// trig_reduce_huge: Payne-Hanek reduction of |x| >= the threshold by 2/pi's bits.
inline float TrigReduceHuge(float xf, int32_t* quadrant) {
  static const uint32_t kTwoOverPi[] = {
      0x00000028, 0x000028be, 0x0028be60, 0x28be60db, 0xbe60db93, 0x60db9391, 0xdb939105,
      0x9391054a, 0x91054a7f, 0x054a7f09, 0x4a7f09d5, 0x7f09d5f4, 0x09d5f47d, 0xd5f47d4d,
      0xf47d4d37, 0x7d4d3770, 0x4d377036, 0x377036d8, 0x7036d8a5, 0x36d8a566, 0xd8a5664f,
      0xa5664f10, 0x664f10e4, 0x4f10e410, 0x10e41000, 0xe4100000};
  uint32_t xi = Bits(xf);
  const uint32_t e = (xi >> 23) - 118;
  xi = ((xi & 0x007fffffu) | 0x00800000u) << (e & 0x7);
  const uint32_t i = e >> 3;
  uint64_t p = uint64_t{xi} * kTwoOverPi[i + 7];
  p = uint64_t{xi} * kTwoOverPi[i + 3] + (p >> 32);
  p = (uint64_t{xi * kTwoOverPi[i - 1]} << 32) + p;
  const uint64_t q = (p + (uint64_t{1} << 61)) >> 62;
  *quadrant = static_cast<int32_t>(q);
  p -= q << 62;
  return static_cast<float>(static_cast<double>(static_cast<int64_t>(p)) * 3.4061215800865545e-19);
}

// psincos_float (no FMA): x reduced by the nearest multiple of pi/2 in four parts (by
// Payne-Hanek from `huge` on), then the sine or cosine polynomial picked by the quadrant.
template <bool kSine>
float SinCos(float x_in, float huge = kSine ? 25966.f : 18838.f) {
  float x = std::fabs(x_in);
  float y = x * 0.636619746685028076171875f;
  const float y_round = y + 12582912.f;
  int32_t y_int = static_cast<int32_t>(Bits(y_round));
  y = y_round - 12582912.f;
  x = y * -1.5703125f + x;
  x = y * -0.000483989715576171875f + x;
  x = y * 1.62865035235881805419921875e-07f + x;
  x = y * 5.5644315544167710640977020375430583953857421875e-11f + x;
  const float ax = std::fabs(x_in);
  if (ax >= huge && std::isfinite(ax)) x = TrigReduceHuge(ax, &y_int);
  const uint32_t sign = (kSine ? (Bits(x_in) ^ (static_cast<uint32_t>(y_int) << 30))
                               : (static_cast<uint32_t>(y_int + 1) << 30)) &
                        0x80000000u;
  const bool cos_poly_is_even = (y_int & 1) == 0;
  const float x2 = x * x;
  float c = 2.4372266125283204019069671630859375e-05f * x2 + -0.00138865201734006404876708984375f;
  c = c * x2 + 0.041666619479656219482421875f;
  c = c * x2 + -0.5f;
  c = c * x2 + 1.f;
  float s = -0.0001959234114083702898469196984621021329076029360294342041015625f * x2 +
            0.0083326873655616851693794799871284340042620897293090820312500000f;
  s = s * x2 + -0.1666666203982298255503735617821803316473960876464843750000000000f;
  s = s * x2;
  s = s * x + x;
  const float r = kSine ? (cos_poly_is_even ? s : c) : (cos_poly_is_even ? c : s);
  return FloatFromBits(Bits(r) ^ sign);
}

// ptanh_float (no FMA): x clamped to +-7.90738964, a [9/8] odd/even rational. TF uses it for
// every float element, the tail too.
inline float Tanh(float x_in) {
  const float x = Max(Min(x_in, 7.90738964080810547f), -7.90738964080810547f);
  const float x2 = x * x;
  const float x3 = x2 * x;
  float p = 1.394553628e-8f * x2 + 2.102733560e-5f;
  p = p * x2 + 3.520756727e-3f;
  p = p * x2 + 1.340216100e-1f;
  float q = 8.015776984e-7f * x2 + 3.326951409e-4f;
  q = q * x2 + 2.597254514e-2f;
  q = q * x2 + 4.673548340e-1f;
  q = q * x2 + 1.0f;
  p = x3 * p + x;
  return p / q;
}

// scalar_logistic_op<float>::packetOp: exp(x/2) squared (degree-5 polynomial), then
// e / (1 + e); 0 below -104, x clamped at 16.6355324.
inline float Logistic(float x_in) {
  float x = Min(x_in, 16.6355324f);
  x = x * 0.5f;
  const float m = Floor(x * 1.44269504088896341f + 0.5f);
  float r = m * -0.693359375f + x;
  r = m * 2.12194440e-4f + r;
  const float r2 = r * r;
  const float p_even = r2 * 4.1898667812347412109375e-2f + 0.49999141693115234375f;
  const float p_odd = r2 * 8.33471305668354034423828125e-3f + 0.16666877269744873046875f;
  const float p_low = r + 1.f;
  float p = r * p_odd + p_even;
  p = r2 * p + p_low;
  float e = LdexpFast(p, m);
  e = e * e;
  return Select(x_in < -104.f, 0.f, e / (1.f + e));
}
// The scalar form TF uses for the tail.
inline float LogisticTail(float x) {
  const float e = std::exp(Min(x, 16.6355324f));
  return e / (1.0f + e);
}

// prsqrt (AVX, fast math): the CPU's rsqrt estimate refined by one Newton step; the estimate
// itself where the step gives NaN (0, inf, NaN, negative inputs).
inline float Rsqrt(float a) {
  const float approx = _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(a)));
  const float r2 = a * approx;
  const float half_r = approx * -0.5f;
  const float h = r2 * approx + -1.f;
  const float inv = half_r * h + approx;
  return std::isnan(inv) ? approx : inv;
}

// preciprocal (AVX, fast math): the CPU's rcp estimate and one Newton step x + x(1 - a x).
inline float Reciprocal(float a) {
  const float x = _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(a)));
  const float tmp = 1.f - a * x;
  return tmp == tmp ? x * tmp + x : x;
}

// pexp_complex for complex64 packets: exp(x) * (cos y + i sin y) with both from the cosine's
// reduction, and Eigen's edge cases (x = -inf, x = inf with y inf or NaN, y = 0).
inline void ExpComplex(float x, float y, float* re, float* im) {
  const float expx = Exp(x);
  float c = SinCos<false>(y), s = SinCos<true>(y, 18838.f);
  auto sign_one = [](float v) { return FloatFromBits((Bits(v) & 0x80000000u) | Bits(1.f)); };
  if (x == -INFINITY) {
    c = sign_one(c);
    s = sign_one(s);
  }
  if (x == INFINITY) {
    if (std::isnan(c)) c = sign_one(y);
    if (std::isnan(s)) s = 0.f;
  }
  *re = expx * c;
  *im = expx * s;
  if (y == 0.f) {
    *re = expx;
    *im = y;
  }
}

// ---- double --------------------------------------------------------------------------------

inline double Frexp(double a, double* e) {
  const bool denormal = std::fabs(a) < 2.2250738585072014e-308;
  const double na = denormal ? a * 9007199254740992.0 : a;
  const double offset = denormal ? -1022.0 - 53.0 : -1022.0;
  const double biased = static_cast<double>((Bits(na) & 0x7ff0000000000000ull) >> 52);
  const bool keep = a == 0.0 || biased == 2047.0;
  *e = keep ? 0.0 : biased + offset;
  return keep ? a : DoubleFromBits((Bits(na) & 0x800fffffffffffffull) | 0x3fe0000000000000ull);
}

inline double Pow2(int32_t b) {
  return DoubleFromBits(static_cast<uint64_t>(static_cast<uint32_t>(b + 1023)) << 52);
}

// pldexp<Packet4d>: e clamped to [-2099, 2099], four exact factors.
inline double Ldexp(double a, double e) {
  const int32_t ei = RoundToInt(Min(Max(e, -2099.0), 2099.0));
  const int32_t b = ei >> 2;
  const double c = Pow2(b);
  double out = a * c;
  out = out * c;
  out = out * c;
  return out * Pow2(ei - b - b - b);
}

// pexp_double: Cephes' rational approximation, m ln2 subtracted in two parts.
inline double Exp(double x_in) {
  double x = Min(x_in, 709.784);
  double fx = 1.4426950408889634073599 * x + 0.5;
  fx = Floor(fx);
  const double tmp = fx * 0.693145751953125;
  const double z = fx * 1.42860682030941723212e-6;
  x = x - tmp;
  x = x - z;
  const double x2 = x * x;
  double px = 1.26177193074810590878e-4;
  px = px * x2 + 3.02994407707441961300e-2;
  px = px * x2 + 9.99999999999999999910e-1;
  px = px * x;
  double qx = 3.00198505138664455042e-6;
  qx = qx * x2 + 2.52448340349684104192e-3;
  qx = qx * x2 + 2.27265548208155028766e-1;
  qx = qx * x2 + 2.00000000000000000009e0;
  x = px / (qx - px);
  x = 2.0 * x + 1.0;
  return Select(x_in < -745.519, 0.0, Max(Ldexp(x, fx), x_in));
}

// plog_double: Cephes' log(1+x) = x - x^2/2 + x^3 P(x)/Q(x) on [sqrt(1/2), sqrt(2)).
inline double Log(double x_in) {
  double e;
  double x = Frexp(x_in, &e);
  const bool mask = x < 0.70710678118654752440E0;
  const double tmp = mask ? x : 0.0;
  x = x - 1.0;
  e = e - (mask ? 1.0 : 0.0);
  x = x + tmp;
  const double x2 = x * x;
  const double x3 = x2 * x;
  double y = 1.01875663804580931796E-4 * x + 4.97494994976747001425E-1;
  double y1 = 1.44989225341610930846E1 * x + 1.79368678507819816313E1;
  y = y * x + 4.70579119878881725854E0;
  y1 = y1 * x + 7.70838733755885391666E0;
  double y_ = y * x3 + y1;
  y = 1.0 * x + 1.12873587189167450590E1;
  y1 = 8.29875266912776603211E1 * x + 7.11544750618563894466E1;
  y = y * x + 4.52279145837532221105E1;
  y1 = y1 * x + 2.31251620126765340583E1;
  y = y * x3 + y1;
  y_ = y_ * x3;
  y = y_ / y;
  y = -0.5 * x2 + y;
  x = x + y;
  x = e * 0.693147180559945309417 + x;
  if (x_in == 0.0) return -INFINITY;
  if (!(x_in >= 0.0)) return DoubleFromBits(~uint64_t{0});
  return x_in == INFINITY ? INFINITY : x;
}

// ptanh_double (no FMA): clamped to +-17.714196154005176, a [19/18] rational.
inline double Tanh(double x_in) {
  static const double kAlpha[] = {
      2.6158007860482230e-23, 7.6534862268749319e-19, 3.1309488231386680e-15,
      4.2303918148209176e-12, 2.4618379131293676e-09, 6.8644367682497074e-07,
      9.3839087674268880e-05, 5.9809711724441161e-03, 1.5184719640284322e-01};
  static const double kBeta[] = {6.463747022670968018e-21, 5.782506856739003571e-17,
                                 1.293019623712687916e-13, 1.123643448069621992e-10,
                                 4.492975677839633985e-08, 8.785185266237658698e-06,
                                 8.295161192716231542e-04, 3.437448108450402717e-02,
                                 4.851805297361760360e-01, 1.0};
  const double x = Max(Min(x_in, 17.714196154005176), -17.714196154005176);
  const double x2 = x * x;
  const double x3 = x2 * x;
  double p = kAlpha[0];
  for (int i = 1; i < 9; ++i) p = p * x2 + kAlpha[i];
  double q = kBeta[0];
  for (int i = 1; i < 10; ++i) q = q * x2 + kBeta[i];
  p = x3 * p + x;
  return p / q;
}

// ---- float and double --------------------------------------------------------------------

// Hides a value from the optimizer, so that an arithmetic identity (1 * x) is computed.
template <typename T>
T Opaque(T v) {
  asm("" : "+x"(v));
  return v;
}

// generic_log1p (Kahan): x * log(1 + x) / ((1 + x) - 1), x itself where 1 + x rounds to 1
// or log(1 + x) is inf. TF's compiled kernel computes the select as a factor,
// x * (small ? 1 : log(1 + x) / ((1 + x) - 1)), so a subnormal x gives a flushed zero; for a NaN
// x, its float kernel returns x, its double and 16-bit kernels the factor's NaN (their operand
// orders differ).
template <typename T, bool kFactorNanFirst = sizeof(T) == 8>
T Log1p(T x) {
  const T xp1 = x + T(1);
  const T log1 = Log(xp1);
  const T factor = Opaque((xp1 == T(1) || xp1 == log1) ? T(1) : log1 / (xp1 - T(1)));
  if (std::isnan(x) && std::isnan(factor)) return kFactorNanFirst ? factor : x + x;
  return factor * x;
}

// TF's scalar double log (glibc's compatibility wrapper): x <= 0 (a subnormal counts as 0)
// gives -inf for 0 and the positive quiet NaN below.
inline double LogTail(double x) {
  if (x <= 0.0) return x == 0.0 ? -INFINITY : std::numeric_limits<double>::quiet_NaN();
  return std::log(x);
}

// generic_expm1 (Kahan): (u - 1) * x / log(u) with u = exp(x).
template <typename T>
T Expm1(T x) {
  const T u = Exp(x);
  const T u_minus_one = u - T(1);
  const T logu = Log(u);
  T expm1 = u_minus_one * (x / logu);
  expm1 = logu == u ? u : expm1;
  return u == T(1) ? x : (u_minus_one == T(-1) ? T(-1) : expm1);
}

}  // namespace packet_math
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_TF_PACKET_MATH_H_
