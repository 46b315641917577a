// One training step of each example's kind, at a realistic size: the forward graph, the
// gradient graph AddSymbolicGradients builds, and a NoOp that waits for the loss and every
// gradient. bench/run_tf_side_by_side.sh runs the same GraphDefs in TensorFlow 2.21.
//
//   QAT step:  x[256,512] * FakeQuantVars(w[512,128], min, max, 8 bits), mean squared error;
//              gradients wrt w, min, max (MatMul x2, VarsGradient, the loss's chain).
//   Box step:  CropAndResize(image[8,128,128,16], 64 boxes, 14x14), mean squared error;
//              gradient wrt the boxes (CropAndResizeGradBoxes).
//   Conv step: examples/conv_classifier.cc's step: images[32,8,8,1] -> Conv2D 3x3x1x8 SAME ->
//              BiasAdd -> Relu -> MaxPool 2x2 -> MatMul 128x4 -> BiasAdd -> sparse softmax
//              cross-entropy, mean; gradients wrt the four parameters.
//   FMA peak:  one thread's FMA rate, and the QAT step's two matrix products at that rate
//              (the floor of that step; bench/make_tables.py prints it beside the step).
#include <benchmark/benchmark.h>
#include <immintrin.h>
#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/graph.pb.h"

namespace tensorflow {
namespace {

Tensor Wave(TensorShape shape, float freq, float scale) {
  Tensor t(DT_FLOAT, shape);
  auto f = t.flat<float>();
  for (int64_t i = 0; i < f.size(); ++i) f(i) = scale * std::sin(freq * static_cast<float>(i));
  return t;
}

// Builds a step into `root`; returns the NoOp to run.
Operation QatStep(const Scope& root) {
  auto x = ops::Const(root.WithOpName("x"), Input::Initializer(Wave({256, 512}, 0.37f, 1.f)));
  auto w = ops::Const(root.WithOpName("w"), Input::Initializer(Wave({512, 128}, 0.11f, 0.2f)));
  auto target =
      ops::Const(root.WithOpName("target"), Input::Initializer(Wave({256, 128}, 0.05f, 2.f)));
  auto qmin = ops::Const(root.WithOpName("qmin"), -0.15f);
  auto qmax = ops::Const(root.WithOpName("qmax"), 0.15f);
  auto wq = ops::FakeQuantWithMinMaxVars(root, w, qmin, qmax);
  auto loss =
      ops::Mean(root, ops::Square(root, ops::Sub(root, ops::MatMul(root, x, wq), target)), {0, 1});
  std::vector<Output> grads;
  TF_CHECK_OK(AddSymbolicGradients(root, {loss}, {w, qmin, qmax}, &grads));
  std::vector<Operation> deps = {loss.operation};
  for (const Output& g : grads) deps.push_back(g.op());
  return ops::NoOp(root.WithOpName("step").WithControlDependencies(deps)).operation;
}

Operation BoxStep(const Scope& root) {
  auto image = ops::Const(root.WithOpName("image"),
                          Input::Initializer(Wave({8, 128, 128, 16}, 0.013f, 1.f)));
  Tensor boxes_value(DT_FLOAT, TensorShape({64, 4}));
  Tensor box_ind_value(DT_INT32, TensorShape({64}));
  for (int b = 0; b < 64; ++b) {
    const float y = 0.05f + 0.01f * (b % 13), x = 0.07f + 0.011f * (b % 17);
    boxes_value.matrix<float>()(b, 0) = y;
    boxes_value.matrix<float>()(b, 1) = x;
    boxes_value.matrix<float>()(b, 2) = y + 0.3f + 0.005f * (b % 7);
    boxes_value.matrix<float>()(b, 3) = x + 0.35f;
    box_ind_value.flat<int32_t>()(b) = b % 8;
  }
  auto boxes = ops::Const(root.WithOpName("boxes"), Input::Initializer(boxes_value));
  auto box_ind = ops::Const(root.WithOpName("box_ind"), Input::Initializer(box_ind_value));
  auto target = ops::Const(root.WithOpName("target"),
                           Input::Initializer(Wave({64, 14, 14, 16}, 0.003f, 1.f)));
  auto crops = ops::CropAndResize(root, image, boxes, box_ind, {14, 14});
  auto loss = ops::Mean(root, ops::Square(root, ops::Sub(root, crops, target)), {0, 1, 2, 3});
  std::vector<Output> grads;
  TF_CHECK_OK(AddSymbolicGradients(root, {loss}, {boxes}, &grads));
  return ops::NoOp(root.WithOpName("step").WithControlDependencies({loss.operation, grads[0].op()}))
      .operation;
}

Operation ConvStep(const Scope& root) {
  Tensor labels_value(DT_INT32, TensorShape({32}));
  for (int b = 0; b < 32; ++b) labels_value.flat<int32_t>()(b) = b % 4;
  auto images =
      ops::Const(root.WithOpName("images"), Input::Initializer(Wave({32, 8, 8, 1}, 0.21f, 1.f)));
  auto labels = ops::Const(root.WithOpName("labels"), Input::Initializer(labels_value));
  auto filter =
      ops::Const(root.WithOpName("filter"), Input::Initializer(Wave({3, 3, 1, 8}, 0.7f, 0.3f)));
  auto conv_bias =
      ops::Const(root.WithOpName("conv_bias"), Input::Initializer(Wave({8}, 0.9f, 0.05f)));
  auto weights =
      ops::Const(root.WithOpName("weights"), Input::Initializer(Wave({128, 4}, 0.33f, 0.1f)));
  auto bias = ops::Const(root.WithOpName("bias"), Input::Initializer(Wave({4}, 1.1f, 0.05f)));
  auto conv = ops::Conv2D(root, images, filter, {1, 1, 1, 1}, "SAME");
  auto relu = ops::Relu(root, ops::BiasAdd(root, conv, conv_bias));
  auto pool = ops::MaxPool(root, relu, {1, 2, 2, 1}, {1, 2, 2, 1}, "VALID");
  auto logits =
      ops::BiasAdd(root, ops::MatMul(root, ops::Reshape(root, pool, {32, 128}), weights), bias);
  auto xent = ops::SparseSoftmaxCrossEntropyWithLogits(root, logits, labels);
  auto loss = ops::Mean(root, xent.loss, {0});
  std::vector<Output> grads;
  TF_CHECK_OK(AddSymbolicGradients(root, {loss}, {filter, conv_bias, weights, bias}, &grads));
  std::vector<Operation> deps = {loss.operation};
  for (const Output& g : grads) deps.push_back(g.op());
  return ops::NoOp(root.WithOpName("step").WithControlDependencies(deps)).operation;
}

void RunStep(benchmark::State& state, Operation (*build)(const Scope&)) {
  Scope root = Scope::NewRootScope();
  Operation step = build(root);
  SessionOptions options;
  options.config.set_intra_op_parallelism_threads(static_cast<int>(state.range(0)));
  options.config.set_inter_op_parallelism_threads(static_cast<int>(state.range(0)));
  ClientSession session(root, options);
  std::vector<Tensor> out;
  TF_CHECK_OK(session.Run({}, {}, {step}, &out));
  const int64_t before = tensor_stats::LiveBytes();
  tensor_stats::ResetPeak();
  for (auto _ : state) TF_CHECK_OK(session.Run({}, {}, {step}, &out));
  // Memory: the most tensor bytes a step held at once beyond what lives between steps (the
  // graph's constants), and the process's peak RSS (bench/make_tables.py reports TF's).
  state.counters["peak_tensor_MB"] = static_cast<double>(tensor_stats::PeakBytes() - before) / 1e6;
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  state.counters["max_rss_MB"] = static_cast<double>(usage.ru_maxrss) / 1e3;
}

// The QAT step's floor: its two matrix products (x * wq forward, x^T * dy for the gradient of
// wq; 2 * 256 * 512 * 128 FLOP each) take FLOPs / peak at best: minitf's GEMM sums each
// element as one FMA chain in k order, and a product that keeps those bits cannot do fewer.
// The peak: one thread's FMA rate with the widest vectors this CPU has, 24 (AVX-512) or 12
// (AVX2) independent chains; counter GFLOPs (per thread). Run on both threads at once as well:
// two vCPUs do not always keep the rate of one when both are busy (a host may put them on one
// core), and the 2-thread floor is what both deliver together.
constexpr double kQatStepGemmFlops = 2 * (2.0 * 256 * 512 * 128);

__attribute__((target("avx512f"))) float FmaChains512(int64_t rounds) {
  const __m512 x = _mm512_set1_ps(0.999f), y = _mm512_set1_ps(1e-3f);
  __m512 acc[24];
  for (__m512& a : acc) a = _mm512_setzero_ps();
  for (int64_t i = 0; i < rounds; ++i) {
#pragma GCC unroll 24
    for (__m512& a : acc) a = _mm512_fmadd_ps(a, x, y);
  }
  __m512 sum = acc[0];
  for (int j = 1; j < 24; ++j) sum = _mm512_add_ps(sum, acc[j]);
  return _mm512_reduce_add_ps(sum);
}

__attribute__((target("avx2,fma"))) float FmaChains256(int64_t rounds) {
  const __m256 x = _mm256_set1_ps(0.999f), y = _mm256_set1_ps(1e-3f);
  __m256 acc[12];
  for (__m256& a : acc) a = _mm256_setzero_ps();
  for (int64_t i = 0; i < rounds; ++i) {
#pragma GCC unroll 12
    for (__m256& a : acc) a = _mm256_fmadd_ps(a, x, y);
  }
  __m256 sum = acc[0];
  for (int j = 1; j < 12; ++j) sum = _mm256_add_ps(sum, acc[j]);
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, sum);
  return lanes[0];
}

void BM_FmaPeak(benchmark::State& state) {
  const bool wide = __builtin_cpu_supports("avx512f");
  if (!wide && !(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))) {
    state.SkipWithError("no FMA vectors on this CPU");
    return;
  }
  constexpr int64_t kRounds = 1 << 16;
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    int64_t rounds = kRounds;
    benchmark::DoNotOptimize(rounds);  // one call per iteration, not hoisted
    benchmark::DoNotOptimize(wide ? FmaChains512(rounds) : FmaChains256(rounds));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double flops =
      static_cast<double>(state.iterations()) * kRounds * (wide ? 24.0 * 16 : 12.0 * 8) * 2;
  // Each thread's own rate, averaged over the threads; the floor divides the work among them.
  const double rate = flops / seconds;
  state.counters["GFLOPs"] = benchmark::Counter(rate / 1e9, benchmark::Counter::kAvgThreads);
  state.counters["qat_gemm_floor_us"] = benchmark::Counter(
      kQatStepGemmFlops / (rate * state.threads()) * 1e6, benchmark::Counter::kAvgThreads);
}
BENCHMARK(BM_FmaPeak)->Threads(1)->Threads(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_QatStep(benchmark::State& state) { RunStep(state, QatStep); }
BENCHMARK(BM_QatStep)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);
void BM_BoxStep(benchmark::State& state) { RunStep(state, BoxStep); }
BENCHMARK(BM_BoxStep)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);
void BM_ConvStep(benchmark::State& state) { RunStep(state, ConvStep); }
BENCHMARK(BM_ConvStep)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace tensorflow

// --write_graphs=DIR: writes qat.pb, box.pb and conv.pb (target: "step") for the TensorFlow
// side (bench/make_tables.py), then exits. --trace=qat|box|conv: prints each node's time in one
// step at one thread.
int main(int argc, char** argv) {
  using namespace tensorflow;  // NOLINT
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--trace=qat" || arg == "--trace=box" || arg == "--trace=conv") {
      Scope root = Scope::NewRootScope();
      Operation step = arg == "--trace=qat"   ? QatStep(root)
                       : arg == "--trace=box" ? BoxStep(root)
                                              : ConvStep(root);
      SessionOptions options;
      options.config.set_intra_op_parallelism_threads(1);
      options.config.set_inter_op_parallelism_threads(1);
      ClientSession session(root, options);
      std::vector<Tensor> out;
      RunOptions run_options;
      run_options.set_trace_level(RunOptions::FULL_TRACE);
      RunMetadata meta;
      for (int w = 0; w < 100; ++w) TF_CHECK_OK(session.Run({}, {}, {step}, &out));  // warm-up
      TF_CHECK_OK(session.Run(run_options, {}, {}, {step}, &out, &meta));
      for (const auto& dev : meta.step_stats().dev_stats()) {
        for (const auto& ns : dev.node_stats()) {
          std::cout << ns.node_name() << " " << ns.all_end_rel_micros() << " us\n";
        }
      }
      return 0;
    }
    if (arg.rfind("--write_graphs=", 0) != 0) continue;
    for (auto [name, build] : {std::make_pair("qat", QatStep), std::make_pair("box", BoxStep),
                               std::make_pair("conv", ConvStep)}) {
      Scope root = Scope::NewRootScope();
      build(root);
      GraphDef def;
      TF_CHECK_OK(root.ToGraphDef(&def));
      std::ofstream(arg.substr(15) + "/" + name + ".pb", std::ios::binary)
          << def.SerializeAsString();
    }
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
