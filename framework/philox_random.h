// minitf: the Philox-4x32-10 counter-based generator (Salmon et al., "Parallel random numbers:
// as easy as 1, 2, 3", SC 2011) with TensorFlow's interface and bit layout, so that the same
// seed gives TF's numbers:
//
//   random::PhiloxRandom gen(/*seed=*/42);      // key = the seed's two halves, counter = 0
//   random::PhiloxRandom::ResultType r = gen();  // four uint32s; the counter moves by one
//   gen.Skip(1000);                              // jump 1000 outputs of four ahead
//
// Header-only: kernels inline it.
#ifndef MINITF_FRAMEWORK_PHILOX_RANDOM_H_
#define MINITF_FRAMEWORK_PHILOX_RANDOM_H_

#include <cstddef>
#include <cstdint>

namespace tensorflow {
namespace random {

// A fixed-size array that starts zeroed (TF's random::Array).
template <typename T, int ElementCount>
class Array {
 public:
  static constexpr int kElementCount = ElementCount;

  Array() {
    for (T& v : data_) v = T(0);
  }
  const T& operator[](int index) const { return data_[index]; }
  T& operator[](int index) { return data_[index]; }
  size_t size() const { return ElementCount; }

 private:
  T data_[ElementCount];
};

class PhiloxRandom {
 public:
  using ResultType = Array<uint32_t, 4>;
  using ResultElementType = uint32_t;
  static constexpr int kResultElementCount = 4;
  // Cost of one output element, in TF's Shard cost units.
  static constexpr int kElementCost = 10;
  using Key = Array<uint32_t, 2>;

  PhiloxRandom() = default;
  // The key is the seed (low word first); the counter starts at zero.
  explicit PhiloxRandom(uint64_t seed) { SetKey(seed); }
  // As above, and the counter's high two words are `seed_hi`.
  PhiloxRandom(uint64_t seed_lo, uint64_t seed_hi) {
    SetKey(seed_lo);
    counter_[2] = static_cast<uint32_t>(seed_hi);
    counter_[3] = static_cast<uint32_t>(seed_hi >> 32);
  }
  PhiloxRandom(ResultType counter, Key key) : counter_(counter), key_(key) {}

  const ResultType& counter() const { return counter_; }
  const Key& key() const { return key_; }

  // Moves the 128-bit counter `count` outputs ahead (TF's carry: into word 1 from word 0,
  // then on through words 2 and 3).
  void Skip(uint64_t count) {
    const uint32_t lo = static_cast<uint32_t>(count);
    uint32_t hi = static_cast<uint32_t>(count >> 32);
    counter_[0] += lo;
    if (counter_[0] < lo) ++hi;
    counter_[1] += hi;
    if (counter_[1] < hi && ++counter_[2] == 0) ++counter_[3];
  }

  // Ten rounds on the current counter, then advances the counter by one.
  ResultType operator()() {
    ResultType block = counter_;
    Key key = key_;
    for (int round = 0; round < 10; ++round) {
      if (round > 0) {
        key[0] += kKeyStepA;
        key[1] += kKeyStepB;
      }
      block = Round(block, key);
    }
    IncrementCounter();
    return block;
  }

 private:
  static constexpr uint32_t kKeyStepA = 0x9E3779B9;
  static constexpr uint32_t kKeyStepB = 0xBB67AE85;
  static constexpr uint32_t kMultiplierA = 0xD2511F53;
  static constexpr uint32_t kMultiplierB = 0xCD9E8D57;

  void SetKey(uint64_t seed) {
    key_[0] = static_cast<uint32_t>(seed);
    key_[1] = static_cast<uint32_t>(seed >> 32);
  }

  void IncrementCounter() {
    for (int i = 0; i < 4; ++i) {
      if (++counter_[i] != 0) return;
    }
  }

  static ResultType Round(const ResultType& in, const Key& key) {
    const uint64_t product_a = static_cast<uint64_t>(kMultiplierA) * in[0];
    const uint64_t product_b = static_cast<uint64_t>(kMultiplierB) * in[2];
    ResultType out;
    out[0] = static_cast<uint32_t>(product_b >> 32) ^ in[1] ^ key[0];
    out[1] = static_cast<uint32_t>(product_b);
    out[2] = static_cast<uint32_t>(product_a >> 32) ^ in[3] ^ key[1];
    out[3] = static_cast<uint32_t>(product_a);
    return out;
  }

  ResultType counter_;
  Key key_;
};

}  // namespace random
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_PHILOX_RANDOM_H_
