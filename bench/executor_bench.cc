// Executor overhead against its floor, in one run (Release build):
//   chain     1000 Identity nodes in a chain             vs the same kernels in a plain loop
//   fan       Const -> 1000 Identity -> NoOp (control)   vs the same kernels in a plain loop
//   scalar    Run() of a graph with one scalar Const
//   heavy     8 independent ~1 ms nodes, 1 vs 2 threads
//   memory    a chain of 100 nodes each making a new 4 MB tensor: peak live tensors
//
//   build/bench/executor_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/op.h"
#include "tensorflow/core/framework/op_kernel.h"

namespace tensorflow {

REGISTER_OP("BenchBusy")
    .Input("x: float")
    .Output("y: float")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Benchmark op: about a millisecond of arithmetic on one thread.");

REGISTER_OP("BenchNewBuffer")
    .Input("x: float")
    .Output("y: float")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Benchmark op: x + 1 into a newly allocated tensor.");

namespace {

int64_t g_busy_iterations = 1;

float Spin(float x, int64_t n) {
  for (int64_t i = 0; i < n; ++i) x = x * 1.0000001f + 1e-7f;
  return x;
}

class BenchBusyOp : public OpKernel {
 public:
  explicit BenchBusyOp(OpKernelConstruction* c) : OpKernel(c) {}
  void Compute(OpKernelContext* ctx) override {
    Tensor* y;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &y));
    y->scalar<float>()() = Spin(ctx->input(0).scalar<float>()(), g_busy_iterations);
  }
};
REGISTER_KERNEL_BUILDER(Name("BenchBusy").Device(DEVICE_CPU), BenchBusyOp);

class BenchNewBufferOp : public OpKernel {
 public:
  explicit BenchNewBufferOp(OpKernelConstruction* c) : OpKernel(c) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    Tensor* y;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, x.shape(), &y));
    y->flat<float>() = x.flat<float>() + 1.f;
  }
};
REGISTER_KERNEL_BUILDER(Name("BenchNewBuffer").Device(DEVICE_CPU), BenchNewBufferOp);

void CalibrateBusy() {
  const int64_t probe = 1 << 20;
  auto t0 = std::chrono::steady_clock::now();
  benchmark::DoNotOptimize(Spin(1.f, probe));
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  g_busy_iterations = static_cast<int64_t>(probe * 1e-3 / secs);  // ~1 ms
}

SessionOptions Threads(int n) {
  SessionOptions options;
  options.config.set_intra_op_parallelism_threads(n);
  options.config.set_inter_op_parallelism_threads(n);
  return options;
}

Output UnaryOp(const Scope& s, const char* op, Input x) {
  Output out;
  TF_CHECK_OK(CreateOutputWithScope(op, {x}, s, &out));
  return out;
}

// The floor: the graph's kernels called one after another in creation (topological) order.
class PlainLoop {
 public:
  explicit PlainLoop(const Graph& g) {
    for (Node* n : g.op_nodes()) {
      std::unique_ptr<OpKernel> k;
      TF_CHECK_OK(CreateOpKernel(n->def(), n->input_types(), n->output_types(), &k));
      Step step;
      step.kernel = std::move(k);
      for (const Edge* e : n->in_edges()) {
        if (!e->IsControlEdge()) step.input_index = index_.at(e->src()->id());
      }
      index_[n->id()] = static_cast<int>(steps_.size());
      steps_.push_back(std::move(step));
    }
    outputs_.resize(steps_.size());
  }
  void Run() {
    for (size_t i = 0; i < steps_.size(); ++i) {
      Step& s = steps_[i];
      const Tensor* in = s.input_index >= 0 ? &outputs_[s.input_index] : nullptr;
      Tensor* slot = const_cast<Tensor*>(in);
      bool forwardable = false;
      OpKernelContext ctx(&in, &slot, &forwardable, in ? 1 : 0, &outputs_[i],
                          s.kernel->output_types(), nullptr);
      s.kernel->Compute(&ctx);
    }
  }

 private:
  struct Step {
    std::unique_ptr<OpKernel> kernel;
    int input_index = -1;
  };
  std::vector<Step> steps_;
  std::vector<Tensor> outputs_;
  std::map<int, int> index_;
};

constexpr int kNodes = 1000;

void SetPerNode(benchmark::State& state, int nodes) {
  state.counters["per_node"] = benchmark::Counter(
      nodes, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BuildChain(const Scope& root, Output* last) {
  Output x = ops::Const(root, 1.f);
  for (int i = 0; i < kNodes - 1; ++i) x = ops::Identity(root, x);
  *last = x;
}

void BM_ChainSession(benchmark::State& state) {
  Scope root = Scope::NewRootScope();
  Output last;
  BuildChain(root, &last);
  ClientSession session(root, Threads(state.range(0)));
  std::vector<Tensor> out;
  for (auto _ : state) TF_CHECK_OK(session.Run({last}, &out));
  SetPerNode(state, kNodes);
}
BENCHMARK(BM_ChainSession)->Arg(1)->Arg(2)->UseRealTime();

void BM_ChainFloor(benchmark::State& state) {
  Scope root = Scope::NewRootScope();
  Output last;
  BuildChain(root, &last);
  PlainLoop loop(*root.graph());
  for (auto _ : state) loop.Run();
  SetPerNode(state, kNodes);
}
BENCHMARK(BM_ChainFloor)->UseRealTime();

Operation BuildFan(const Scope& root) {
  Output x = ops::Const(root, 1.f);
  std::vector<Operation> ids;
  for (int i = 0; i < kNodes - 2; ++i) ids.push_back(ops::Identity(root, x).operation);
  return ops::NoOp(root.WithControlDependencies(ids)).operation;
}

void BM_FanSession(benchmark::State& state) {
  Scope root = Scope::NewRootScope();
  Operation join = BuildFan(root);
  ClientSession session(root, Threads(state.range(0)));
  std::vector<Tensor> out;
  for (auto _ : state) TF_CHECK_OK(session.Run({}, {}, {join}, &out));
  SetPerNode(state, kNodes);
}
BENCHMARK(BM_FanSession)->Arg(1)->Arg(2)->UseRealTime();

void BM_FanFloor(benchmark::State& state) {
  Scope root = Scope::NewRootScope();
  BuildFan(root);
  PlainLoop loop(*root.graph());
  for (auto _ : state) loop.Run();
  SetPerNode(state, kNodes);
}
BENCHMARK(BM_FanFloor)->UseRealTime();

void BM_RunScalarGraph(benchmark::State& state) {
  Scope root = Scope::NewRootScope();
  auto c = ops::Const(root, 42.f);
  ClientSession session(root, Threads(state.range(0)));
  std::vector<Tensor> out;
  for (auto _ : state) TF_CHECK_OK(session.Run({c}, &out));
}
BENCHMARK(BM_RunScalarGraph)->Arg(1)->Arg(2)->UseRealTime();

void BM_HeavyIndependentNodes(benchmark::State& state) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Const(root, 1.f);
  std::vector<Output> busy;
  for (int i = 0; i < 8; ++i) busy.push_back(UnaryOp(root, "BenchBusy", x));
  ClientSession session(root, Threads(state.range(0)));
  std::vector<Tensor> out;
  for (auto _ : state) TF_CHECK_OK(session.Run(busy, &out));
}
BENCHMARK(BM_HeavyIndependentNodes)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_ChainOf4MBTensors(benchmark::State& state) {
  Scope root = Scope::NewRootScope();
  Tensor start(DT_FLOAT, TensorShape({1 << 20}));
  start.flat<float>().setZero();
  Output x = ops::Placeholder(root, DT_FLOAT);
  Output first = x;
  for (int i = 0; i < 100; ++i) x = UnaryOp(root, "BenchNewBuffer", x);
  ClientSession session(root, Threads(state.range(0)));
  std::vector<Tensor> out;
  double peak_tensors = 0;
  for (auto _ : state) {
    state.PauseTiming();
    out.clear();
    const int64_t base = tensor_stats::LiveBytes();
    tensor_stats::ResetPeak();
    state.ResumeTiming();
    TF_CHECK_OK(session.Run({{first, start}}, {x}, &out));
    peak_tensors =
        std::max(peak_tensors, static_cast<double>(tensor_stats::PeakBytes() - base) / (4 << 20));
  }
  state.counters["peak_4MB_tensors"] = peak_tensors;
}
BENCHMARK(BM_ChainOf4MBTensors)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tensorflow

// --write_graphs=DIR: writes the chain, fan and scalar graphs as GraphDefs for the
// TensorFlow side of bench/run_tf_side_by_side.sh, then exits.
int WriteGraphs(const std::string& dir) {
  using namespace tensorflow;  // NOLINT
  auto write = [&](const char* name, const Scope& root) {
    GraphDef def;
    TF_CHECK_OK(root.ToGraphDef(&def));
    std::ofstream(dir + "/" + name + ".pb", std::ios::binary) << def.SerializeAsString();
  };
  Scope chain = Scope::NewRootScope();
  Output last;
  BuildChain(chain, &last);
  write("chain", chain);  // fetch: last Identity
  std::cout << "chain fetch " << last.name() << "\n";
  Scope fan = Scope::NewRootScope();
  Operation join = BuildFan(fan);
  write("fan", fan);
  std::cout << "fan target " << join.node()->name() << "\n";
  Scope scalar = Scope::NewRootScope();
  ops::Const(scalar, 42.f);
  write("scalar", scalar);
  return 0;
}

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--write_graphs=", 0) == 0) return WriteGraphs(arg.substr(15));
  }
  tensorflow::CalibrateBusy();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
