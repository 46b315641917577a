// minitf: the arithmetic of TensorFlow 2.21's FakeQuant kernels, element by element
// (internal to ops/fake_quant; see ../shared/spec/SEED_OPS.md §A.1).
//
// Everything is float32 in TF's order of operations; the file is compiled without FMA
// contraction (-ffp-contract=off), as TF's x86-64 wheels are, so results match bit for bit.
#ifndef MINITF_OPS_FAKE_QUANT_INTERNAL_FAKE_QUANT_FUNCTOR_H_
#define MINITF_OPS_FAKE_QUANT_INTERNAL_FAKE_QUANT_FUNCTOR_H_

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace tensorflow {
namespace fake_quant {

// The quantization grid a [min, max] range snaps to.
struct Nudged {
  float nudged_min;
  float nudged_max;
  float scale;
  float inv_scale;   // computed on its own, not as 1 / scale (TF's PR #55310)
  float quant_zero;  // floor(-nudged_min * inv_scale + 0.5f)
};

// TF's Nudge: a uint16 zero point rounded half away from zero, in float32.
inline Nudged Nudge(float min, float max, int quant_min, int quant_max) {
  const float qminf = static_cast<float>(quant_min);
  const float qmaxf = static_cast<float>(quant_max);
  Nudged n;
  n.scale = (max - min) / (qmaxf - qminf);
  n.inv_scale = (qmaxf - qminf) / (max - min);
  const float zero_point_from_min = qminf - min / n.scale;
  uint16_t zero_point;
  if (zero_point_from_min < qminf) {
    zero_point = static_cast<uint16_t>(quant_min);
  } else if (zero_point_from_min > qmaxf) {
    zero_point = static_cast<uint16_t>(quant_max);
  } else if (std::isnan(zero_point_from_min)) {
    zero_point = 0;  // what TF's (undefined) NaN-to-integer conversion gives on x86-64
  } else {
    zero_point = static_cast<uint16_t>(static_cast<int32_t>(std::round(zero_point_from_min)));
  }
  n.nudged_min = (qminf - static_cast<float>(zero_point)) * n.scale;
  n.nudged_max = (qmaxf - static_cast<float>(zero_point)) * n.scale;
  n.quant_zero = std::floor(-n.nudged_min * n.inv_scale + 0.5f);
  return n;
}

// Clamp as Eigen's cwiseMin then cwiseMax do (std::min / std::max argument order: NaN stays).
inline float Clamp(float x, const Nudged& n) {
  const float lo = (n.nudged_max < x) ? n.nudged_max : x;
  return (lo < n.nudged_min) ? n.nudged_min : lo;
}

// Args and PerChannel multiply by inv_scale.
inline float QuantizeMul(float x, const Nudged& n) {
  const float shifted = Clamp(x, n) - n.nudged_min;
  return std::floor(shifted * n.inv_scale - n.quant_zero + 0.5f) * n.scale;
}

// Vars divides by scale.
inline float QuantizeDiv(float x, const Nudged& n) {
  const float shifted = Clamp(x, n) - n.nudged_min;
  return std::floor(shifted / n.scale - n.quant_zero + 0.5f) * n.scale;
}

// Masks are applied by multiplication, as TF does: g * 0 is -0 for negative g, NaN for Inf.
inline float InRange(float x, const Nudged& n) {
  return static_cast<float>(x >= n.nudged_min && x <= n.nudged_max);
}
inline float Below(float x, const Nudged& n) { return static_cast<float>(x < n.nudged_min); }
inline float Above(float x, const Nudged& n) { return static_cast<float>(x > n.nudged_max); }

}  // namespace fake_quant
}  // namespace tensorflow

#endif  // MINITF_OPS_FAKE_QUANT_INTERNAL_FAKE_QUANT_FUNCTOR_H_
