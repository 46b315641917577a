// The executor's reuse of state between Runs (a plan keeps its last Run's frame), its
// single-thread bookkeeping, the split of wide fans of cheap kernels, and building plans
// outside the session's lock. Expected values are the fed or constant inputs themselves, or
// sums a test computes independently.
#include <atomic>
#include <chrono>
#include <thread>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/op.h"
#include "tensorflow/core/framework/op_kernel.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {

// A cheap kernel (not expensive, as Identity) that still takes a few microseconds: x + 1,
// after a spin. A wide fan of these is worth splitting between threads.
REGISTER_OP("MinitfTestSlowCheapAddOne")
    .Input("x: float")
    .Output("y: float")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Test op: x + 1 after ~2 us of spinning, marked cheap.");

class SlowCheapAddOneOp : public OpKernel {
 public:
  explicit SlowCheapAddOneOp(OpKernelConstruction* c) : OpKernel(c) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(2);
    while (std::chrono::steady_clock::now() < until) {
    }
    Tensor* y;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, ctx->input(0).shape(), &y));
    y->flat<float>() = ctx->input(0).flat<float>() + 1.f;
  }
};
REGISTER_KERNEL_BUILDER(Name("MinitfTestSlowCheapAddOne").Device(DEVICE_CPU), SlowCheapAddOneOp);

namespace {

SessionOptions Threads(int n) {
  SessionOptions options;
  options.config.set_intra_op_parallelism_threads(n);
  options.config.set_inter_op_parallelism_threads(n);
  return options;
}

TEST(ExecutorTest, FetchingOneTensorTwiceGivesItTwice) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root, DT_FLOAT);
  auto y = ops::Identity(root, x);
  ClientSession session(root);
  std::vector<Tensor> out;
  for (int run = 0; run < 3; ++run) {
    TF_ASSERT_OK(session.Run({{x, {1.f, 2.f}}}, {y, y, x, y}, &out));
    ASSERT_EQ(out.size(), 4u);
    for (const Tensor& t : out) test::ExpectTensorEqual<float>(t, test::AsTensor<float>({1, 2}));
  }
}

TEST(ExecutorTest, ARunAfterAFailedOneStartsFromEmptySlots) {
  // A failing Div (integer division by zero) leaves filled slots behind; the next Run of the
  // same plan must see none of them, whatever failed before it.
  Scope root = Scope::NewRootScope();
  auto a = ops::Placeholder(root, DT_INT32);
  auto b = ops::Placeholder(root, DT_INT32);
  auto sum = ops::Add(root, a, b);
  auto quotient = ops::Div(root, sum, b);
  auto both = ops::Add(root, quotient, sum);
  for (int threads : {1, 2}) {
    ClientSession session(root, Threads(threads));
    std::vector<Tensor> out = {test::AsScalar<int>(-7)};
    for (int run = 0; run < 4; ++run) {
      Status s = session.Run({{a, 6}, {b, 0}}, {both, sum}, &out);
      EXPECT_EQ(s.code(), error::INVALID_ARGUMENT) << s;
      // A failed Run leaves the outputs as they were.
      ASSERT_EQ(out.size(), 1u);
      test::ExpectTensorEqual<int>(out[0], test::AsScalar<int>(-7));
      TF_ASSERT_OK(session.Run({{a, 6}, {b, 3}}, {both, sum}, &out));
      test::ExpectTensorEqual<int>(out[0], test::AsScalar<int>(12));  // 9 / 3 + 9
      test::ExpectTensorEqual<int>(out[1], test::AsScalar<int>(9));
      out = {test::AsScalar<int>(-7)};
    }
  }
}

TEST(ExecutorTest, FetchedTensorsDoNotShareStateWithTheNextRun) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root, DT_FLOAT);
  auto y = ops::Add(root, x, 1.f);
  ClientSession session(root);
  std::vector<Tensor> first, second;
  TF_ASSERT_OK(session.Run({{x, {1.f}}}, {y}, &first));
  TF_ASSERT_OK(session.Run({{x, {5.f}}}, {y}, &second));
  test::ExpectTensorEqual<float>(first[0], test::AsTensor<float>({2}));
  test::ExpectTensorEqual<float>(second[0], test::AsTensor<float>({6}));
}

TEST(ExecutorTest, WideFansOfCheapKernelsGiveTheSameResultsAtEveryThreadCount) {
  // 400 cheap kernels of ~2 us under one Const: past the executor's threshold for handing
  // half of them to another thread (their time is measured in the plan's timed Runs).
  Scope root = Scope::NewRootScope();
  auto x = ops::Const(root, {1.f, 2.f, 3.f});
  std::vector<Output> fan;
  for (int i = 0; i < 400; ++i) {
    Output y;
    TF_CHECK_OK(CreateOutputWithScope("MinitfTestSlowCheapAddOne", {x}, root, &y));
    fan.push_back(y);
  }
  auto total = ops::AddN(root, fan);
  for (int threads : {1, 2, 4}) {
    ClientSession session(root, Threads(threads));
    std::vector<Tensor> out;
    for (int run = 0; run < 70; ++run) {  // the first Run and every 64th are timed
      TF_ASSERT_OK(session.Run({total}, &out));
      test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({800, 1200, 1600}));
    }
  }
}

TEST(ExecutorTest, AFirstRunThatPlansDoesNotBlockOtherRuns) {
  // One thread Runs a planned signature in a loop while another plans new signatures: both
  // make progress and every result is right.
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root, DT_FLOAT);
  std::vector<Output> chain = {ops::Identity(root, x)};
  for (int i = 0; i < 300; ++i) chain.push_back(ops::Add(root, chain.back(), 1.f));
  ClientSession session(root, Threads(2));
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({{x, 0.f}}, {chain[1]}, &out));
  std::atomic<bool> done{false};
  std::atomic<int> runs{0};
  std::thread runner([&] {
    std::vector<Tensor> o;
    while (!done.load()) {
      TF_ASSERT_OK(session.Run({{x, 0.f}}, {chain[1]}, &o));
      ASSERT_EQ(o[0].scalar<float>()(), 1.f);
      runs.fetch_add(1);
    }
  });
  for (size_t i = 2; i < chain.size(); i += 7) {
    TF_ASSERT_OK(session.Run({{x, 0.f}}, {chain[i]}, &out));
    ASSERT_EQ(out[0].scalar<float>()(), static_cast<float>(i));
  }
  done.store(true);
  runner.join();
  EXPECT_GT(runs.load(), 0);
}

}  // namespace
}  // namespace tensorflow
