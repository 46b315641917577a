// minitf: TensorFlow's host-side random helpers (tensorflow::random), with TF's bits:
//
//   random::PhiloxRandom philox(seed);
//   random::SimplePhilox rnd(&philox);   // draws one uint32 at a time from philox
//   rnd.Uniform(10);                     // uniform in [0, 10), exact (rejection sampling)
//   rnd.RandFloat();                     // [0, 1) from 23 random mantissa bits
//   random::New64();                     // a nondeterministic 64-bit seed
#ifndef MINITF_FRAMEWORK_RANDOM_H_
#define MINITF_FRAMEWORK_RANDOM_H_

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "framework/philox_random.h"

namespace tensorflow {
namespace random {

// A fresh nondeterministic 64-bit value (thread-safe).
uint64_t New64();
// The same per-thread sequence, without a lock.
uint64_t ThreadLocalNew64();
// A deterministic 64-bit value: std::mt19937_64's first output with its default seed.
uint64_t New64DefaultSeed();

// A float in [0, 1): 1.0f with `x`'s low 23 bits as mantissa, minus 1.
inline float Uint32ToFloat(uint32_t x) {
  const uint32_t bits = (127u << 23) | (x & 0x7fffffu);
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f - 1.0f;
}

// A double in [0, 1): 1.0 with 52 mantissa bits (x0's low 20 above x1's 32), minus 1.
inline double Uint64ToDouble(uint32_t x0, uint32_t x1) {
  const uint64_t mantissa = (static_cast<uint64_t>(x0 & 0xfffffu) << 32) | x1;
  const uint64_t bits = (uint64_t{1023} << 52) | mantissa;
  double d;
  std::memcpy(&d, &bits, sizeof(d));
  return d - 1.0;
}

// A uniform integer in [0, n) from `random()` draws of UintType: a power of two is masked,
// anything else rejects the draws below (2^bits mod n) so every residue is equally likely;
// n == 0 consumes one draw and returns 0.
template <typename UintType, typename RandomBits>
UintType ExactUniformInt(const UintType n, const RandomBits& random) {
  static_assert(std::is_unsigned<UintType>::value, "UintType must be unsigned");
  static_assert(std::is_same<UintType, decltype(random())>::value, "random() must return UintType");
  if (n == 0) return random() * n;
  if ((n & (n - 1)) == 0) return random() & (n - 1);
  const UintType rejected = static_cast<UintType>(~UintType{0} % n) + 1;
  UintType draw;
  do {
    draw = random();
  } while (draw < rejected);
  return draw % n;
}

// Hands out a generator's outputs one element at a time (TF's SingleSampleAdapter).
template <class Generator>
class SingleSampleAdapter {
 public:
  using ResultType = typename Generator::ResultElementType;
  static constexpr int kResultElementCount = 1;

  explicit SingleSampleAdapter(Generator* generator) : generator_(generator) {}

  ResultType operator()() {
    if (used_ == Generator::kResultElementCount) {
      block_ = (*generator_)();
      used_ = 0;
    }
    return block_[used_++];
  }

  // Skips `num_skips` elements, whole blocks through the generator's own Skip.
  void Skip(uint64_t num_skips) {
    const uint64_t buffered = Generator::kResultElementCount - used_;
    if (num_skips <= buffered) {
      used_ += static_cast<int>(num_skips);
      return;
    }
    num_skips -= buffered;
    used_ = Generator::kResultElementCount;
    generator_->Skip(num_skips / Generator::kResultElementCount);
    for (uint64_t i = 0; i < num_skips % Generator::kResultElementCount; ++i) (*this)();
  }

 private:
  Generator* generator_;
  typename Generator::ResultType block_;
  int used_ = Generator::kResultElementCount;
};

// Convenience draws from a PhiloxRandom the caller owns (TF's SimplePhilox).
class SimplePhilox {
 public:
  explicit SimplePhilox(PhiloxRandom* gen) : single_(gen) {}

  uint32_t Rand32() { return single_(); }
  // Low word first.
  uint64_t Rand64() {
    const uint32_t lo = single_();
    const uint32_t hi = single_();
    return lo | (static_cast<uint64_t>(hi) << 32);
  }
  float RandFloat() { return Uint32ToFloat(single_()); }
  double RandDouble() {
    const uint32_t x0 = single_();
    const uint32_t x1 = single_();
    return Uint64ToDouble(x0, x1);
  }
  // Uniform in [0, n).
  uint32_t Uniform(uint32_t n);
  uint64_t Uniform64(uint64_t n);
  // True with probability 1/n.
  bool OneIn(uint32_t n) { return Uniform(n) == 0; }
  // A value of random bit length: picks a length in [0, max_log] uniformly, then that many
  // random low bits. `max_log` must be in [0, 32].
  uint32_t Skewed(int max_log);

 private:
  SingleSampleAdapter<PhiloxRandom> single_;
};

}  // namespace random
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_RANDOM_H_
