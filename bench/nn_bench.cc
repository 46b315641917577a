// The convolution and matrix-product kernels through a session (Release), at 1 and 2 threads,
// on the shapes of bench/tf_nn_bench.py (TensorFlow's side, same shapes):
//   BM_Conv2D             [16, 32, 32, 32] * [3, 3, 32, 64], SAME
//   BM_Conv2DBackpropInput / BM_Conv2DBackpropFilter   the same convolution's gradients
//   BM_MatMul             [512, 512] * [512, 512]
//   BM_BatchMatMul        [32, 128, 64] * [32, 64, 128]
//   BM_MaxPool            [16, 32, 32, 64], 3x3 window, stride 2, SAME
//
//   build/bench/nn_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include <functional>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"

namespace tensorflow {
namespace {

Tensor Pattern(TensorShape shape) {
  Tensor t(DT_FLOAT, shape);
  auto f = t.flat<float>();
  uint32_t s = 2463534242u;
  for (int64_t i = 0; i < f.size(); ++i) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    f(i) = static_cast<float>(s >> 8) * (1.0f / 16777216.0f) - 0.5f;
  }
  return t;
}

SessionOptions Threads(int n) {
  SessionOptions options;
  options.config.set_intra_op_parallelism_threads(n);
  options.config.set_inter_op_parallelism_threads(n);
  return options;
}

// Runs the op `build` makes from placeholders fed with `inputs` (fetching its output).
void RunOp(benchmark::State& state, const std::vector<TensorShape>& shapes,
           const std::function<Output(const Scope&, const std::vector<Output>&)>& build) {
  Scope root = Scope::NewRootScope();
  std::vector<Output> ins;
  ClientSession::FeedType feeds;
  for (const TensorShape& shape : shapes) {
    auto p = ops::Placeholder(root, DT_FLOAT);
    ins.push_back(p);
    feeds.emplace(p, Pattern(shape));
  }
  const Output y = build(root, ins);
  ClientSession session(root, Threads(static_cast<int>(state.range(0))));
  std::vector<Tensor> out;
  for (auto _ : state) TF_CHECK_OK(session.Run(feeds, {y}, &out));
}

void BM_Conv2D(benchmark::State& state) {
  RunOp(state, {{16, 32, 32, 32}, {3, 3, 32, 64}}, [](const Scope& s, const auto& in) {
    return ops::Conv2D(s, in[0], in[1], {1, 1, 1, 1}, "SAME");
  });
}
BENCHMARK(BM_Conv2D)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_Conv2DBackpropInput(benchmark::State& state) {
  RunOp(state, {{3, 3, 32, 64}, {16, 32, 32, 64}}, [](const Scope& s, const auto& in) {
    return ops::Conv2DBackpropInput(s, ops::Const(s, {16, 32, 32, 32}), in[0], in[1], {1, 1, 1, 1},
                                    "SAME");
  });
}
BENCHMARK(BM_Conv2DBackpropInput)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_Conv2DBackpropFilter(benchmark::State& state) {
  RunOp(state, {{16, 32, 32, 32}, {16, 32, 32, 64}}, [](const Scope& s, const auto& in) {
    return ops::Conv2DBackpropFilter(s, in[0], ops::Const(s, {3, 3, 32, 64}), in[1], {1, 1, 1, 1},
                                     "SAME");
  });
}
BENCHMARK(BM_Conv2DBackpropFilter)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_MatMul(benchmark::State& state) {
  RunOp(state, {{512, 512}, {512, 512}},
        [](const Scope& s, const auto& in) { return ops::MatMul(s, in[0], in[1]); });
}
BENCHMARK(BM_MatMul)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_BatchMatMul(benchmark::State& state) {
  RunOp(state, {{32, 128, 64}, {32, 64, 128}},
        [](const Scope& s, const auto& in) { return ops::BatchMatMulV2(s, in[0], in[1]); });
}
BENCHMARK(BM_BatchMatMul)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_MaxPool(benchmark::State& state) {
  RunOp(state, {{16, 32, 32, 64}}, [](const Scope& s, const auto& in) {
    return ops::MaxPool(s, in[0], {1, 3, 3, 1}, {1, 2, 2, 1}, "SAME");
  });
}
BENCHMARK(BM_MaxPool)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace tensorflow

BENCHMARK_MAIN();
