// FakeQuantWithMinMaxVarsGradient through a session against its floor, in one run (Release):
//   BM_FakeQuantVarsGradient/<n>/<threads>   the op (fed inputs, fetched outputs)
//   BM_FusedFloor/<n>/<threads>              one AVX2 pass over the same bytes (read g and
//                                            x, write dx, one sum), plain threads
//   BM_FusedFloorStream/<n>/<threads>        the same pass writing dx with streaming stores
//                                            (what the op does for outputs over 16 MB)
// Counters: ns per element. TensorFlow's side: bench/tf_fake_quant_bench.py.
//
//   build/bench/fake_quant_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include <immintrin.h>

#include <thread>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"

namespace tensorflow {
namespace {

Tensor Filled(int64_t n, float scale) {
  Tensor t(DT_FLOAT, TensorShape({n}));
  auto f = t.flat<float>();
  uint32_t s = 12345;
  for (int64_t i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    f(i) = scale * (static_cast<float>(s >> 8) * (1.0f / 16777216.0f) - 0.5f);
  }
  return t;
}

void PerElement(benchmark::State& state, int64_t n) {
  state.counters["per_elem"] =
      benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate |
                                                     benchmark::Counter::kInvert);
}

void BM_FakeQuantVarsGradient(benchmark::State& state) {
  const int64_t n = state.range(0);
  const int threads = static_cast<int>(state.range(1));
  Scope root = Scope::NewRootScope();
  auto g = ops::Placeholder(root, DT_FLOAT);
  auto x = ops::Placeholder(root, DT_FLOAT);
  auto grad = ops::FakeQuantWithMinMaxVarsGradient(root, g, x, -6.f, 6.f);
  SessionOptions options;
  options.config.set_intra_op_parallelism_threads(threads);
  options.config.set_inter_op_parallelism_threads(threads);
  ClientSession session(root, options);
  const Tensor gv = Filled(n, 2.f), xv = Filled(n, 16.f);
  std::vector<Tensor> out;
  for (auto _ : state) {
    TF_CHECK_OK(session.Run(
        {{g, gv}, {x, xv}},
        {grad.backprops_wrt_input, grad.backprop_wrt_min, grad.backprop_wrt_max}, &out));
  }
  PerElement(state, n);
}
BENCHMARK(BM_FakeQuantVarsGradient)
    ->ArgsProduct({{1000000, 10000000, 100000000}, {1, 2}})
    ->UseRealTime();

// The floor: the same bytes in one vectorized pass with the least work (dx = g + x, a sum of
// g), no masks. `stream` writes dx with non-temporal stores (dx 32-byte aligned).
template <bool stream>
__attribute__((target("avx2"))) void FusedRange(const float* g, const float* x, float* dx,
                                                int64_t begin, int64_t end, float* sum) {
  __m256 acc = _mm256_setzero_ps();
  int64_t i = begin;
  for (; i + 8 <= end; i += 8) {
    const __m256 gv = _mm256_loadu_ps(g + i);
    acc = _mm256_add_ps(acc, gv);
    const __m256 sum = _mm256_add_ps(gv, _mm256_loadu_ps(x + i));
    if (stream) {
      _mm256_stream_ps(dx + i, sum);
    } else {
      _mm256_storeu_ps(dx + i, sum);
    }
  }
  if (stream) _mm_sfence();
  float lanes[8];
  _mm256_storeu_ps(lanes, acc);
  float s = 0;
  for (float l : lanes) s += l;
  for (; i < end; ++i) {
    s += g[i];
    dx[i] = g[i] + x[i];
  }
  *sum = s;
}

template <bool stream>
void FusedFloor(benchmark::State& state) {
  const int64_t n = state.range(0);
  const int threads = static_cast<int>(state.range(1));
  const Tensor gv = Filled(n, 2.f), xv = Filled(n, 16.f);
  Tensor dx(DT_FLOAT, TensorShape({n}));
  const float* g = gv.flat<float>().data();
  const float* x = xv.flat<float>().data();
  float* d = dx.flat<float>().data();
  std::vector<float> sums(threads);
  for (auto _ : state) {
    if (threads == 1) {
      FusedRange<stream>(g, x, d, 0, n, &sums[0]);
    } else {
      std::vector<std::thread> pool;
      for (int t = 0; t < threads; ++t) {
        pool.emplace_back(FusedRange<stream>, g, x, d, n * t / threads, n * (t + 1) / threads,
                          &sums[t]);
      }
      for (auto& th : pool) th.join();
    }
    benchmark::DoNotOptimize(sums.data());
  }
  PerElement(state, n);
}
void BM_FusedFloor(benchmark::State& state) { FusedFloor<false>(state); }
void BM_FusedFloorStream(benchmark::State& state) { FusedFloor<true>(state); }
BENCHMARK(BM_FusedFloor)->ArgsProduct({{1000000, 10000000, 100000000}, {1, 2}})->UseRealTime();
BENCHMARK(BM_FusedFloorStream)
    ->ArgsProduct({{1000000, 10000000, 100000000}, {1, 2}})
    ->UseRealTime();

}  // namespace
}  // namespace tensorflow

BENCHMARK_MAIN();
