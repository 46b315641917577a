// Philox-4x32-10 against the Random123 known-answer vectors, and TF's helpers against values
// printed by TensorFlow 2.21's own tsl::random::SimplePhilox (libtensorflow_framework.so.2).
#include "tensorflow/core/lib/random/random.h"
#include "tensorflow/core/lib/random/philox_random.h"
#include "tensorflow/core/lib/random/simple_philox.h"
#include "tensorflow/core/platform/test.h"

namespace tensorflow {
namespace {

using random::PhiloxRandom;

PhiloxRandom::ResultType Block(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  PhiloxRandom::ResultType r;
  r[0] = a;
  r[1] = b;
  r[2] = c;
  r[3] = d;
  return r;
}

PhiloxRandom::Key Key(uint32_t a, uint32_t b) {
  PhiloxRandom::Key k;
  k[0] = a;
  k[1] = b;
  return k;
}

void ExpectBlock(const PhiloxRandom::ResultType& got, uint32_t a, uint32_t b, uint32_t c,
                 uint32_t d) {
  EXPECT_EQ(got[0], a);
  EXPECT_EQ(got[1], b);
  EXPECT_EQ(got[2], c);
  EXPECT_EQ(got[3], d);
}

TEST(PhiloxRandom, Random123KnownAnswers) {
  PhiloxRandom zero(Block(0, 0, 0, 0), Key(0, 0));
  ExpectBlock(zero(), 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8);
  PhiloxRandom ones(Block(~0u, ~0u, ~0u, ~0u), Key(~0u, ~0u));
  ExpectBlock(ones(), 0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd);
  PhiloxRandom pi(Block(0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344),
                  Key(0xa4093822, 0x299f31d0));
  ExpectBlock(pi(), 0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1);
}

TEST(PhiloxRandom, SeedsCounterAndSkipAsTensorFlow) {
  PhiloxRandom p(0x123456789abcdefULL, 0xfedcba9876543210ULL);
  ExpectBlock(p(), 0xaef2adf7, 0xf69b5950, 0x3ceb44f4, 0x89b6573a);
  p.Skip(0xffffffffULL + 5);  // carries from counter word 0 into word 1
  ExpectBlock(p(), 0xdbf53b14, 0x2c1e3d7c, 0x9be4ef2a, 0x9b36272b);
  // The all-ones counter wraps to zero after one output.
  PhiloxRandom wrap(Block(~0u, ~0u, ~0u, ~0u), Key(0, 0));
  wrap();
  EXPECT_EQ(wrap.counter()[0], 0u);
  EXPECT_EQ(wrap.counter()[3], 0u);
}

TEST(SimplePhilox, DrawsAsTensorFlow) {
  PhiloxRandom philox(301, 17);
  random::SimplePhilox rnd(&philox);
  EXPECT_EQ(rnd.Rand32(), 2049927998u);
  EXPECT_EQ(rnd.Rand32(), 571115319u);
  EXPECT_EQ(rnd.Rand64(), 1669901713809653557ull);
  EXPECT_EQ(rnd.RandFloat(), 0.819331288f);
  EXPECT_EQ(rnd.RandDouble(), 0.26925386336582591);
  for (uint32_t want : {3, 3, 9, 3, 8, 7, 7, 5}) EXPECT_EQ(rnd.Uniform(10), want);
  for (uint64_t want : {755174214679ull, 286545912633ull, 9943850222ull, 447056201047ull}) {
    EXPECT_EQ(rnd.Uniform64(1000000000007ull), want);
  }
  for (uint32_t want : {0, 336, 1524, 2, 67, 235, 1, 3}) EXPECT_EQ(rnd.Skewed(12), want);
  for (bool want : {false, false, false, true, false, true, false, true}) {
    EXPECT_EQ(rnd.OneIn(3), want);
  }
}

TEST(SimplePhilox, ExactUniformIntEdges) {
  uint32_t draws = 0;
  auto counting = [&draws]() -> uint32_t { return ++draws * 0x9E3779B9u; };
  EXPECT_EQ(random::ExactUniformInt<uint32_t>(0, counting), 0u);  // consumes one draw
  EXPECT_EQ(draws, 1u);
  EXPECT_EQ(random::ExactUniformInt<uint32_t>(8, counting), (2 * 0x9E3779B9u) & 7u);
  // Draws below 2^32 mod 3 (= 1) are rejected.
  uint32_t seq[] = {0, 7};
  int at = 0;
  EXPECT_EQ(random::ExactUniformInt<uint32_t>(3, [&]() { return seq[at++]; }), 1u);
  EXPECT_EQ(at, 2);
}

TEST(Random, New64) {
  EXPECT_NE(random::New64(), random::New64());
  // std::mt19937_64's first output for its default seed.
  EXPECT_EQ(random::New64DefaultSeed(), 14514284786278117030ull);
}

}  // namespace
}  // namespace tensorflow
