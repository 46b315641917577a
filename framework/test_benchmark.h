// minitf: TensorFlow's benchmark header (tensorflow/core/platform/test_benchmark.h), on Google
// Benchmark as TF's open-source build has it. A test that includes it links
// benchmark::benchmark.
//
//   void BM_Shape(::testing::benchmark::State& state) {
//     for (auto s : state) testing::DoNotOptimize(TensorShape({2, 3}));
//   }
//   BENCHMARK(BM_Shape);
#ifndef MINITF_FRAMEWORK_TEST_BENCHMARK_H_
#define MINITF_FRAMEWORK_TEST_BENCHMARK_H_

#include "benchmark/benchmark.h"  // IWYU pragma: export

namespace testing {
namespace benchmark {
using ::benchmark::State;
}  // namespace benchmark
}  // namespace testing

namespace tensorflow {
namespace testing {

using ::benchmark::DoNotOptimize;

inline void InitializeBenchmarks(int* argc, char** argv) { ::benchmark::Initialize(argc, argv); }
// Runs the benchmarks matching --benchmark_filter (none unless the flag is given).
inline void RunBenchmarks() { ::benchmark::RunSpecifiedBenchmarks(); }

}  // namespace testing
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_TEST_BENCHMARK_H_
