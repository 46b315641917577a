#include "framework/random.h"

#include <mutex>
#include <random>

#include "framework/logging.h"

namespace tensorflow {
namespace random {
namespace {

std::mt19937_64 SeededEngine() {
  std::random_device device;
  std::seed_seq seq{device(), device(), device(), device()};
  return std::mt19937_64(seq);
}

}  // namespace

uint64_t New64() {
  static std::mutex mu;
  static std::mt19937_64 engine = SeededEngine();
  std::lock_guard<std::mutex> lock(mu);
  return engine();
}

uint64_t ThreadLocalNew64() {
  thread_local std::mt19937_64 engine = SeededEngine();
  return engine();
}

uint64_t New64DefaultSeed() {
  static std::mutex mu;
  static std::mt19937_64 engine;
  std::lock_guard<std::mutex> lock(mu);
  return engine();
}

uint32_t SimplePhilox::Uniform(uint32_t n) {
  return ExactUniformInt<uint32_t>(n, [this]() { return Rand32(); });
}

uint64_t SimplePhilox::Uniform64(uint64_t n) {
  return ExactUniformInt<uint64_t>(n, [this]() { return Rand64(); });
}

uint32_t SimplePhilox::Skewed(int max_log) {
  CHECK(0 <= max_log && max_log <= 32) << "Skewed: max_log " << max_log << " not in [0, 32]";
  const int shift = static_cast<int>(Rand32() % static_cast<uint32_t>(max_log + 1));
  const uint32_t mask = shift == 32 ? ~uint32_t{0} : (uint32_t{1} << shift) - 1;
  return Rand32() & mask;
}

}  // namespace random
}  // namespace tensorflow
