// TF's random distributions over Philox-4x32-10 (random_distributions.h, random_op_cpu.h), with
// TF's bits: which generator block feeds which output, the float conversions, Box-Muller in
// glibc's float functions, truncated normal's per-group streams and UniformInt's plain modulo.
//
//   random::PhiloxRandom gen = ...;  // the kernel's reserved counter
//   random_internal::FillPhilox<random_internal::NormalDist<float>>(ctx, gen, out, n, dist);
//
// Every group of outputs starts at a counter of its own (group g at block g for the fixed-size
// distributions, at block g * 256 (double: 128) for the truncated normal), so the bits do not
// depend on how the groups are split over threads.
#ifndef MINITF_OPS_RANDOM_INTERNAL_RANDOM_DISTRIBUTIONS_H_
#define MINITF_OPS_RANDOM_INTERNAL_RANDOM_DISTRIBUTIONS_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "framework/op_kernel.h"
#include "framework/philox_random.h"
#include "framework/random.h"
#include "framework/types.h"

namespace tensorflow {
namespace random_internal {

using random::PhiloxRandom;

// [0, 1) from a 32-bit sample: half from its low 10 bits, bfloat16 from its low 7 (exact).
template <typename T>
T UniformFromBits(uint32_t x) {
  if constexpr (std::is_same<T, Eigen::half>::value) {
    return Eigen::half(static_cast<float>(x & 0x3ffu) / 1024.0f);
  } else if constexpr (std::is_same<T, Eigen::bfloat16>::value) {
    return Eigen::bfloat16(static_cast<float>(x & 0x7fu) / 128.0f);
  } else {
    static_assert(std::is_same<T, float>::value, "32-bit sample types: half, bfloat16, float");
    return random::Uint32ToFloat(x);
  }
}

// Box-Muller on two 32-bit samples, as TF: the angle's product 2*pi*u is taken in double (M_PI
// is a double), everything else in float with glibc's logf, sqrtf, sinf and cosf.
inline void BoxMullerFloat(uint32_t x0, uint32_t x1, float* f0, float* f1) {
  constexpr float kEpsilon = 1.0e-7f;
  float u1 = random::Uint32ToFloat(x0);
  if (u1 < kEpsilon) u1 = kEpsilon;
  const float v1 = static_cast<float>(2.0f * M_PI * random::Uint32ToFloat(x1));
  const float u2 = std::sqrt(-2.0f * std::log(u1));
  *f0 = std::sin(v1) * u2;
  *f1 = std::cos(v1) * u2;
}

// Box-Muller in double on four 32-bit samples (two 52-bit uniforms).
inline void BoxMullerDouble(uint32_t x0, uint32_t x1, uint32_t x2, uint32_t x3, double* d0,
                            double* d1) {
  constexpr double kEpsilon = 1.0e-7;
  double u1 = random::Uint64ToDouble(x0, x1);
  if (u1 < kEpsilon) u1 = kEpsilon;
  const double v1 = 2 * M_PI * random::Uint64ToDouble(x2, x3);
  const double u2 = std::sqrt(-2.0 * std::log(u1));
  *d0 = std::sin(v1) * u2;
  *d1 = std::cos(v1) * u2;
}

// A distribution maps one Philox block to kGroup outputs (fixed-size) or reads its group's
// own stream of samples (kVariable): `Group(block or stream, out)`.

template <typename T>
struct UniformDist {
  using Result = T;
  static constexpr int kGroup = std::is_same<T, double>::value ? 2 : 4;
  static constexpr bool kVariable = false;
  void Group(const PhiloxRandom::ResultType& s, T* out) const {
    if constexpr (std::is_same<T, double>::value) {
      out[0] = random::Uint64ToDouble(s[0], s[1]);
      out[1] = random::Uint64ToDouble(s[2], s[3]);
    } else {
      for (int i = 0; i < 4; ++i) out[i] = UniformFromBits<T>(s[i]);
    }
  }
};

template <typename T>
struct NormalDist {
  using Result = T;
  static constexpr int kGroup = std::is_same<T, double>::value ? 2 : 4;
  static constexpr bool kVariable = false;
  void Group(const PhiloxRandom::ResultType& s, T* out) const {
    if constexpr (std::is_same<T, double>::value) {
      BoxMullerDouble(s[0], s[1], s[2], s[3], &out[0], &out[1]);
    } else {
      float f[4];
      BoxMullerFloat(s[0], s[1], &f[0], &f[1]);
      BoxMullerFloat(s[2], s[3], &f[2], &f[3]);
      for (int i = 0; i < 4; ++i) out[i] = static_cast<T>(f[i]);  // round to nearest even
    }
  }
};

// Normal samples with |x| < 2, redrawn otherwise: each pair's values are taken in order until
// the group is full (the rest of the last pair is dropped).
template <typename T>
struct TruncatedNormalDist {
  using Result = T;
  static constexpr int kGroup = std::is_same<T, double>::value ? 2 : 4;
  static constexpr bool kVariable = true;
  // Blocks between the starts of two groups' streams.
  static constexpr uint64_t kBlocksPerGroup = kGroup * 256 / 4;
  void Group(random::SingleSampleAdapter<PhiloxRandom>* stream, T* out) const {
    int filled = 0;
    while (true) {
      if constexpr (std::is_same<T, double>::value) {
        const uint32_t x0 = (*stream)(), x1 = (*stream)(), x2 = (*stream)(), x3 = (*stream)();
        double d[2];
        BoxMullerDouble(x0, x1, x2, x3, &d[0], &d[1]);
        for (double v : d) {
          if (std::fabs(v) < 2.0) {
            out[filled++] = v;
            if (filled == kGroup) return;
          }
        }
      } else {
        const uint32_t x0 = (*stream)(), x1 = (*stream)();
        float f[2];
        BoxMullerFloat(x0, x1, &f[0], &f[1]);
        for (float v : f) {
          if (std::fabs(v) < 2.0f) {
            out[filled++] = static_cast<T>(v);
            if (filled == kGroup) return;
          }
        }
      }
    }
  }
};

// lo + (sample mod (hi - lo)) in the unsigned type (no rejection: TF's slight bias included).
template <typename T>
struct UniformIntDist {
  using Result = T;
  using U = typename std::make_unsigned<T>::type;
  static constexpr int kGroup = sizeof(T) == 8 ? 2 : 4;
  static constexpr bool kVariable = false;
  UniformIntDist(T lo, T hi)
      : lo(lo), range(static_cast<U>(static_cast<U>(hi) - static_cast<U>(lo))) {}
  void Group(const PhiloxRandom::ResultType& s, T* out) const {
    for (int i = 0; i < kGroup; ++i) {
      U bits;
      if constexpr (sizeof(T) == 8) {
        bits = static_cast<U>(s[2 * i]) | (static_cast<U>(s[2 * i + 1]) << 32);
      } else {
        bits = s[i];
      }
      out[i] = static_cast<T>(static_cast<U>(lo) + bits % range);
    }
  }
  T lo;
  U range;
};

// The raw bits: 32-bit types one word each, 64-bit types low word first.
template <typename T>
struct FullIntDist {
  using Result = T;
  static constexpr int kGroup = sizeof(T) == 8 ? 2 : 4;
  static constexpr bool kVariable = false;
  void Group(const PhiloxRandom::ResultType& s, T* out) const {
    for (int i = 0; i < kGroup; ++i) {
      if constexpr (sizeof(T) == 8) {
        out[i] = static_cast<T>(static_cast<uint64_t>(s[2 * i]) |
                                (static_cast<uint64_t>(s[2 * i + 1]) << 32));
      } else {
        out[i] = static_cast<T>(s[i]);
      }
    }
  }
};

// Fills out[0, n) from the generator at counter `base` (TF's FillPhiloxRandom), over the
// kernel's threads in whole groups.
template <class Dist>
void FillPhilox(OpKernelContext* ctx, const PhiloxRandom& base, typename Dist::Result* out,
                int64_t n, const Dist& dist) {
  using T = typename Dist::Result;
  constexpr int kGroup = Dist::kGroup;
  const int64_t groups = (n + kGroup - 1) / kGroup;
  auto fill = [&](int64_t begin, int64_t end) {
    PhiloxRandom gen = base;
    if constexpr (!Dist::kVariable) gen.Skip(static_cast<uint64_t>(begin));
    T buf[kGroup];
    for (int64_t g = begin; g < end; ++g) {
      if constexpr (Dist::kVariable) {
        gen = base;
        gen.Skip(static_cast<uint64_t>(g) * Dist::kBlocksPerGroup);
        random::SingleSampleAdapter<PhiloxRandom> stream(&gen);
        dist.Group(&stream, buf);
      } else {
        dist.Group(gen(), buf);
      }
      const int64_t first = g * kGroup;
      std::copy(buf, buf + std::min<int64_t>(kGroup, n - first), out + first);
    }
  };
  constexpr int64_t kGroupsPerTask = Dist::kVariable ? 256 : 2048;
  ctx->ParallelFor(groups, kGroupsPerTask, fill);
}

}  // namespace random_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_RANDOM_INTERNAL_RANDOM_DISTRIBUTIONS_H_
