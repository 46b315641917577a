// TF's graph test helpers (graph/testlib.h) and kernel benchmark runner
// (common_runtime/kernel_benchmark_testlib.h): the helpers build the nodes TF's do (values
// checked through a Session), and test::Benchmark runs the whole graph once per iteration
// after its init graph, whose variables the graph shares.
#include <atomic>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/core/common_runtime/kernel_benchmark_testlib.h"
#include "tensorflow/core/framework/op.h"
#include "tensorflow/core/framework/op_kernel.h"
#include "tensorflow/core/framework/shape_inference.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/graph/node_builder.h"
#include "tensorflow/core/graph/testlib.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/platform/test_benchmark.h"
#include "tensorflow/core/public/session.h"

namespace tensorflow {
namespace {

// Records how often it ran and the last value it saw.
std::atomic<int> g_runs{0};
std::atomic<float> g_seen{0};

REGISTER_OP("MinitfTestRecord").Input("x: float").SetShapeFn(shape_inference::UnknownShape);

class RecordOp : public OpKernel {
 public:
  explicit RecordOp(OpKernelConstruction* c) : OpKernel(c) {}
  void Compute(OpKernelContext* ctx) override {
    g_seen = ctx->input(0).flat<float>()(0);
    ++g_runs;
  }
};
REGISTER_KERNEL_BUILDER(Name("MinitfTestRecord").Device(DEVICE_CPU), RecordOp);

Tensor Fetch(Graph* g, const std::string& name) {
  GraphDef def;
  test::graph::ToGraphDef(g, &def);
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  TF_CHECK_OK(session->Create(def));
  std::vector<Tensor> out;
  TF_CHECK_OK(session->Run({}, {name}, {}, &out));
  return out[0];
}

TEST(GraphTestlibTest, HelpersBuildTfsNodes) {
  Graph g(OpRegistry::Global());
  using namespace test::graph;  // NOLINT
  Node* a = Constant(&g, test::AsTensor<float>({1, -2, 3, -4}, {2, 2}));
  Node* b = HostConstant(&g, test::AsTensor<float>({1, 0, 0, 1}, {2, 2}), "eye");
  EXPECT_EQ(b->name(), "eye");
  Node* axis0 = Constant(&g, test::AsScalar<int32_t>(0));
  Node* mm = Matmul(&g, a, b, /*transpose_a=*/true, /*transpose_b=*/false);
  Node* sum = Reduce(&g, "Sum", mm, axis0);
  Node* neg = Unary(&g, "Neg", sum);
  Node* relu = Relu(&g, Add(&g, neg, Identity(&g, neg)));
  Node* idx = Constant(&g, test::AsTensor<int32_t>({1, 0, 1}));
  Node* gathered = Gather(&g, a, idx, axis0);
  Node* joined = ConcatV2(&g, {a, gathered}, axis0);
  Node* cast = Cast(&g, joined, DT_INT32);
  Node* cum = Cumsum(&g, Constant(&g, test::AsTensor<float>({1, 2, 3})), axis0,
                     /*exclusive=*/true, /*reverse=*/false);
  Node* sel = Select(&g, Less(&g, a, b), a, b);
  Node* done = NoOp(&g, {relu, cast, cum, sel});
  EXPECT_EQ(done->type_string(), "NoOp");

  // a^T = [[1, 3], [-2, -4]]; column sums 1 + -2 = -1, 3 + -4 = -1; negated, doubled: [2, 2].
  test::ExpectTensorEqual<float>(test::AsTensor<float>({2, 2}), Fetch(&g, relu->name()));
  test::ExpectTensorEqual<int32_t>(
      test::AsTensor<int32_t>({1, -2, 3, -4, 3, -4, 1, -2, 3, -4}, {5, 2}),
      Fetch(&g, cast->name()));
  test::ExpectTensorEqual<float>(test::AsTensor<float>({0, 1, 3}), Fetch(&g, cum->name()));
  test::ExpectTensorEqual<float>(test::AsTensor<float>({1, -2, 0, -4}, {2, 2}),
                                 Fetch(&g, sel->name()));
}

// A graph and its init graph, as TF's training-op benchmarks build them: both make a variable
// named g->NewName("n") ("n/_0"), which is one variable.
TEST(KernelBenchmarkTest, RunsTheGraphOncePerIterationAfterItsInit) {
  Graph* init = new Graph(OpRegistry::Global());
  Node* var_init = test::graph::Var(init, DT_FLOAT, TensorShape({1}));
  test::graph::Assign(init, var_init, test::graph::Constant(init, test::AsTensor<float>({7})));
  Graph* g = new Graph(OpRegistry::Global());
  Node* var = test::graph::Var(g, DT_FLOAT, TensorShape({1}));
  ASSERT_EQ(var->name(), var_init->name());
  NodeBuilder record(g->NewName("n"), "MinitfTestRecord");
  record.Input(test::graph::Identity(g, var));
  TF_ASSERT_OK(record.Finalize(g, nullptr));

  g_runs = 0;
  test::Benchmark bench("cpu", g, nullptr, init);
  ::benchmark::RegisterBenchmark("BM_Record", [&bench](::benchmark::State& state) {
    bench.Run(state);
  })->Iterations(5);
  ::benchmark::RunSpecifiedBenchmarks();
  EXPECT_EQ(g_runs.load(), 6);  // one warm-up run, then one per iteration
  EXPECT_EQ(g_seen.load(), 7.0f);
}

}  // namespace
}  // namespace tensorflow
