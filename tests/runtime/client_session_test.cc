// ClientSession: every Run form, callables, errors in TF's wording, concurrency, thread
// counts, step stats. Expected values are the fed or constant inputs themselves (the ops here
// pass tensors through), or TF's own client_session_test expectations.
#include "tensorflow/cc/client/client_session.h"

#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <thread>

#include "gtest/gtest.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/op.h"
#include "tensorflow/core/framework/op_kernel.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {

// A test op that fails for negative inputs and otherwise copies its input (into a new
// buffer, or into the input's own buffer when it may be forwarded).
REGISTER_OP("MinitfTestCheckNonNegative")
    .Input("x: float")
    .Output("y: float")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Test op: fails on negative values.");

class CheckNonNegativeOp : public OpKernel {
 public:
  explicit CheckNonNegativeOp(OpKernelConstruction* c) : OpKernel(c) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    auto in = x.flat<float>();
    for (int64_t i = 0; i < in.size(); ++i) {
      OP_REQUIRES(ctx, in(i) >= 0,
                  errors::InvalidArgument("value ", in(i), " at ", i, " is negative"));
    }
    Tensor* y;
    int forwarded;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0}, 0, x.shape(), &y, &forwarded));
    if (forwarded < 0) y->flat<float>() = x.flat<float>();
    forwarded_count.fetch_add(forwarded == 0 ? 1 : 0);
  }
  static std::atomic<int> forwarded_count;
};
std::atomic<int> CheckNonNegativeOp::forwarded_count{0};
REGISTER_KERNEL_BUILDER(Name("MinitfTestCheckNonNegative").Device(DEVICE_CPU), CheckNonNegativeOp);

// Always writes a new buffer (never forwards), for the memory test.
REGISTER_OP("MinitfTestCopy")
    .Input("x: float")
    .Output("y: float")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Test op: copies its input into a new buffer.");

class CopyOp : public OpKernel {
 public:
  explicit CopyOp(OpKernelConstruction* c) : OpKernel(c) {}
  void Compute(OpKernelContext* ctx) override {
    Tensor* y;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, ctx->input(0).shape(), &y));
    y->flat<float>() = ctx->input(0).flat<float>();
  }
};
REGISTER_KERNEL_BUILDER(Name("MinitfTestCopy").Device(DEVICE_CPU), CopyOp);

namespace {

Output Check(const Scope& s, Input x) {
  Output out;
  TF_CHECK_OK(CreateOutputWithScope("MinitfTestCheckNonNegative", {x}, s, &out));
  return out;
}

TEST(ClientSessionTest, Basic) {
  Scope root = Scope::NewRootScope();
  auto c = ops::Const(root, {{1, 1}});
  ClientSession session(root);
  std::vector<Tensor> outputs;
  TF_EXPECT_OK(session.Run({c}, &outputs));
  test::ExpectTensorEqual<int>(outputs[0], test::AsTensor<int>({1, 1}, {1, 2}));
}

TEST(ClientSessionTest, Feed) {
  Scope root = Scope::NewRootScope();
  auto a = ops::Placeholder(root, DT_INT32);
  auto b = ops::Placeholder(root, DT_INT32);
  auto c = ops::Identity(root, b);
  ClientSession session(root);
  std::vector<Tensor> outputs;
  TF_EXPECT_OK(session.Run({{a, 1}, {b, 41}}, {c, a}, &outputs));
  test::ExpectTensorEqual<int>(outputs[0], test::AsScalar<int>(41));
  test::ExpectTensorEqual<int>(outputs[1], test::AsScalar<int>(1));
  // {41} is a vector of one element; 41 is a scalar.
  TF_EXPECT_OK(session.Run({{a, {1}}, {b, {41}}}, {c}, &outputs));
  test::ExpectTensorEqual<int>(outputs[0], test::AsTensor<int>({41}, {1}));
}

TEST(ClientSessionTest, FeedAnyTensorAndFetchIt) {
  Scope root = Scope::NewRootScope();
  auto c = ops::Const(root, {1.f, 2.f});
  auto id = ops::Identity(root, c);
  auto id2 = ops::Identity(root, id);
  ClientSession session(root);
  std::vector<Tensor> outputs;
  TF_ASSERT_OK(session.Run({{id, {5.f, 6.f}}}, {id2, id, c}, &outputs));
  test::ExpectTensorEqual<float>(outputs[0], test::AsTensor<float>({5, 6}));
  test::ExpectTensorEqual<float>(outputs[1], test::AsTensor<float>({5, 6}));
  test::ExpectTensorEqual<float>(outputs[2], test::AsTensor<float>({1, 2}));
}

TEST(ClientSessionTest, Extend) {
  Scope root = Scope::NewRootScope();
  auto a = ops::Placeholder(root, DT_INT32, ops::Placeholder::Shape({2}));
  auto c = ops::Identity(root, a);
  SessionOptions options;
  options.config.set_intra_op_parallelism_threads(2);
  ClientSession session(root, options);
  std::vector<Tensor> outputs;
  TF_EXPECT_OK(session.Run({{a, {1, 1}}}, {c}, &outputs));
  test::ExpectTensorEqual<int>(outputs[0], test::AsTensor<int>({1, 1}, {2}));
  // Nodes added after the session was created run too.
  auto d = ops::Identity(root.WithOpName("d"), c);
  auto e = ops::Const(root, {39, 39});
  TF_EXPECT_OK(session.Run({{a, {-10, 1}}}, {d, e}, &outputs));
  test::ExpectTensorEqual<int>(outputs[0], test::AsTensor<int>({-10, 1}, {2}));
  test::ExpectTensorEqual<int>(outputs[1], test::AsTensor<int>({39, 39}, {2}));
}

TEST(ClientSessionTest, TargetsRunAndControlDepsAreHonoured) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT);
  auto check = Check(root.WithOpName("check"), x);
  auto gate = ops::NoOp(root.WithOpName("gate").WithControlDependencies({check.op()}));
  auto after = ops::Const(root.WithOpName("after").WithControlDependencies({gate.operation}), 1);
  ClientSession session(root);
  std::vector<Tensor> outputs;
  TF_EXPECT_OK(session.Run({{x, {1.f}}}, {}, {gate.operation}, &outputs));
  EXPECT_TRUE(outputs.empty());
  // The control dependency makes `after` wait for (and fail with) the check.
  Status s = session.Run({{x, {-1.f}}}, {after}, &outputs);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(s.message(), "value -1 at 0 is negative\n\t [[{{node check}}]]");
  TF_EXPECT_OK(session.Run({{x, {2.f}}}, {after}, &outputs));
  test::ExpectTensorEqual<int>(outputs[0], test::AsScalar<int>(1));
}

TEST(ClientSessionTest, UnfedPlaceholderErrorsInTFsWording) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT, ops::Placeholder::Shape({2}));
  auto u = ops::Placeholder(root.WithOpName("u"), DT_INT32);
  auto y = ops::Identity(root.WithOpName("y"), x);
  ClientSession session(root);
  std::vector<Tensor> outputs;
  Status s = session.Run({y}, &outputs);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(s.message(),
            "You must feed a value for placeholder tensor 'x' with dtype float and "
            "shape [2]\n\t [[{{node x}}]]");
  s = session.Run({u}, &outputs);
  EXPECT_EQ(s.message(),
            "You must feed a value for placeholder tensor 'u' with dtype "
            "int32\n\t [[{{node u}}]]");
  // The session keeps working.
  TF_EXPECT_OK(session.Run({{x, {1.f, 2.f}}}, {y}, &outputs));
  test::ExpectTensorEqual<float>(outputs[0], test::AsTensor<float>({1, 2}));
}

TEST(ClientSessionTest, FeedsThatDoNotFit) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT, ops::Placeholder::Shape({2}));
  auto y = ops::Identity(root.WithOpName("y"), x);
  ClientSession session(root);
  std::vector<Tensor> outputs;
  Status s = session.Run({{x, {1, 2}}}, {y}, &outputs);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(s.message(), "Type mismatch: actual int32 vs. expect float\n\t [[{{node x}}]]");
  s = session.Run({{x, {1.f, 2.f, 3.f}}}, {y}, &outputs);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(s.message(), "Cannot feed value of shape [3] for Tensor 'x:0', which has shape '[2]'");
  s = session.Run({{x, {{1.f}, {2.f, 3.f}}}}, {y}, &outputs);
  EXPECT_EQ(s.message(), "Initializer list components should all have the same shape");
  TF_EXPECT_OK(session.Run({{x, {1.f, 2.f}}}, {y}, &outputs));
}

TEST(ClientSessionTest, BadFetchesAndTargets) {
  Scope root = Scope::NewRootScope();
  auto y = ops::Const(root.WithOpName("y"), 1.f);
  Scope other = Scope::NewRootScope();
  auto z = ops::Const(other.WithOpName("zz"), 1);
  ClientSession session(root);
  std::vector<Tensor> outputs;
  Status s = session.Run({Output()}, &outputs);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_NE(s.message().find("Fetch is a null Output"), absl::string_view::npos);
  s = session.Run({z}, &outputs);
  EXPECT_EQ(s.message(), "Fetch 'zz' belongs to a different graph than this session's");
  s = session.Run({Output(y.node(), 3)}, &outputs);
  EXPECT_EQ(s.code(), error::OUT_OF_RANGE);
  EXPECT_EQ(s.message(), "Node 'y' (type: 'Const', num of outputs: 1) does not have output 3");
  s = session.Run({}, &outputs);
  EXPECT_EQ(s.message(), "Must specify at least one target to fetch or execute.");
  s = session.Run({}, {}, {Operation()}, &outputs);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  TF_EXPECT_OK(session.Run({y}, &outputs));
}

TEST(ClientSessionTest, BadScopeIsReported) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root, DT_FLOAT);
  ops::PlaceholderWithDefault(root.WithOpName("bad"), {1.f}, PartialTensorShape({3}));
  ClientSession session(root);
  std::vector<Tensor> outputs;
  Status s = session.Run({{x, 1.f}}, {x}, &outputs);
  EXPECT_EQ(s, root.status());
  EXPECT_NE(s.message().find("{{node bad}}"), absl::string_view::npos);
}

TEST(ClientSessionTest, PlaceholderWithDefault) {
  Scope root = Scope::NewRootScope();
  auto d = ops::PlaceholderWithDefault(root, {1.f, 2.f}, PartialTensorShape({-1}));
  auto y = ops::Identity(root, d);
  ClientSession session(root);
  std::vector<Tensor> outputs;
  TF_ASSERT_OK(session.Run({y}, &outputs));
  test::ExpectTensorEqual<float>(outputs[0], test::AsTensor<float>({1, 2}));
  TF_ASSERT_OK(session.Run({{d, {7.f, 8.f, 9.f}}}, {y}, &outputs));
  test::ExpectTensorEqual<float>(outputs[0], test::AsTensor<float>({7, 8, 9}));
}

TEST(ClientSessionTest, Callable) {
  Scope root = Scope::NewRootScope();
  auto a = ops::Placeholder(root.WithOpName("a"), DT_INT32);
  auto b = ops::Placeholder(root.WithOpName("b"), DT_INT32);
  auto c = ops::Identity(root.WithOpName("c"), b);
  auto done = ops::NoOp(root.WithOpName("done").WithControlDependencies({c.operation}));
  ClientSession session(root);
  CallableOptions options;
  options.add_feed(a.node()->name());
  options.add_feed("b:0");
  options.add_fetch(c.node()->name());
  options.add_fetch("c:0");
  options.add_target("done");
  ClientSession::CallableHandle callable;
  TF_ASSERT_OK(session.MakeCallable(options, &callable));
  std::vector<Tensor> outputs;
  TF_EXPECT_OK(session.RunCallable(
      callable, {test::AsTensor<int>({1}, {}), test::AsTensor<int>({41}, {})}, &outputs, nullptr));
  ASSERT_EQ(outputs.size(), 2u);
  test::ExpectTensorEqual<int>(outputs[0], test::AsScalar<int>(41));
  test::ExpectTensorEqual<int>(outputs[1], test::AsScalar<int>(41));
  Status s = session.RunCallable(callable, {}, &outputs, nullptr);
  EXPECT_EQ(s.message(), "Invalid number of feed tensors: expected 2, got 0");
  s = session.RunCallable(callable, {test::AsScalar<float>(1), test::AsScalar<int>(1)}, &outputs,
                          nullptr);
  EXPECT_EQ(s.message(), "Type mismatch: actual float vs. expect int32\n\t [[{{node a}}]]");
  TF_EXPECT_OK(session.ReleaseCallable(callable));
  s = session.RunCallable(callable, {}, &outputs, nullptr);
  EXPECT_EQ(s.message(), absl::StrCat("No such callable handle: ", callable));
  EXPECT_EQ(session.ReleaseCallable(callable).code(), error::INVALID_ARGUMENT);
}

TEST(ClientSessionTest, CallableNameErrors) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT);
  auto y = ops::Identity(root.WithOpName("y"), x);
  ClientSession session(root);
  ClientSession::CallableHandle h;
  CallableOptions unknown;
  unknown.add_fetch("nope:0");
  Status s = session.MakeCallable(unknown, &h);
  EXPECT_EQ(s.message(),
            "Tensor nope:0, specified in either feed_devices or fetch_devices was "
            "not found in the Graph");
  CallableOptions bad_index;
  bad_index.add_feed("x:7");
  bad_index.add_fetch("y");
  s = session.MakeCallable(bad_index, &h);
  EXPECT_EQ(s.code(), error::OUT_OF_RANGE);
  EXPECT_EQ(s.message(),
            "Node 'x' (type: 'Placeholder', num of outputs: 1) does not have output 7");
  CallableOptions both;
  both.add_feed("y:0");
  both.add_fetch("y:0");
  EXPECT_EQ(session.MakeCallable(both, &h).message(), "y:0 is both fed and fetched.");
}

TEST(ClientSessionTest, StepStatsWithFullTrace) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT);
  auto y = ops::Identity(root.WithOpName("y"), x);
  auto z = Check(root.WithOpName("z"), y);
  ClientSession session(root);
  RunOptions run_options;
  run_options.set_trace_level(RunOptions::FULL_TRACE);
  RunMetadata metadata;
  std::vector<Tensor> outputs;
  TF_ASSERT_OK(session.Run(run_options, {{x, {1.f, 2.f, 3.f}}}, {z}, {}, &outputs, &metadata));
  ASSERT_EQ(metadata.step_stats().dev_stats_size(), 1);
  const DeviceStepStats& dev = metadata.step_stats().dev_stats(0);
  EXPECT_EQ(dev.device(), "/job:localhost/replica:0/task:0/device:CPU:0");
  ASSERT_EQ(dev.node_stats_size(), 2);  // x is fed: only y and z run
  std::map<std::string, const NodeExecStats*> by_name;
  for (const auto& n : dev.node_stats()) by_name[n.node_name()] = &n;
  ASSERT_TRUE(by_name.count("y") && by_name.count("z"));
  const NodeExecStats& zs = *by_name["z"];
  EXPECT_GT(zs.all_start_micros(), 0);
  EXPECT_GE(zs.all_end_rel_nanos(), zs.op_start_rel_nanos());
  EXPECT_LE(by_name["y"]->all_start_nanos(), zs.all_start_nanos());
  ASSERT_EQ(zs.output_size(), 1);
  EXPECT_EQ(zs.output(0).tensor_description().dtype(), DT_FLOAT);
  EXPECT_EQ(zs.output(0).tensor_description().shape().dim(0).size(), 3);
  EXPECT_EQ(zs.output(0).tensor_description().allocation_description().requested_bytes(), 12);
  // Without FULL_TRACE nothing is recorded.
  RunMetadata quiet;
  TF_ASSERT_OK(session.Run(RunOptions(), {{x, {1.f}}}, {z}, {}, &outputs, &quiet));
  EXPECT_EQ(quiet.step_stats().dev_stats_size(), 0);
}

TEST(ClientSessionTest, ConcurrentRunsGiveIdenticalResults) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT);
  auto a = Check(root, x);
  auto b = ops::Identity(root, a);
  auto c = ops::Const(root, {3, 4});
  SessionOptions options;
  options.config.set_inter_op_parallelism_threads(2);
  options.config.set_intra_op_parallelism_threads(2);
  ClientSession session(root, options);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 1000; ++i) {
        std::vector<Tensor> out;
        const float v = static_cast<float>(t * 1000 + i);
        Status s = i % 7 == 3 ? session.Run({{x, {-v - 1}}}, {b}, &out)  // fails on purpose
                              : session.Run({{x, {v, v + 0.5f}}}, {b, c}, &out);
        if (i % 7 == 3) {
          if (s.ok()) failures++;
          continue;
        }
        if (!s.ok() || out.size() != 2 || out[0].NumElements() != 2 ||
            out[0].flat<float>()(0) != v || out[0].flat<float>()(1) != v + 0.5f ||
            out[1].flat<int>()(1) != 4) {
          failures++;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(ClientSessionTest, SameBitsAtEveryThreadCount) {
  std::vector<std::vector<Tensor>> results;
  for (int threads : {1, 2, 4}) {
    Scope root = Scope::NewRootScope();
    auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT);
    std::vector<Output> fetches;
    for (int i = 0; i < 50; ++i) {
      auto id = ops::Identity(root, x);
      fetches.push_back(Check(root, id));
      fetches.push_back(ops::Cast(root, fetches.back(), DT_HALF));
    }
    SessionOptions options;
    options.config.set_intra_op_parallelism_threads(threads);
    options.config.set_inter_op_parallelism_threads(threads);
    ClientSession session(root, options);
    Tensor big(DT_FLOAT, TensorShape({100000}));
    test::FillFn<float>(&big, [](int i) { return 1.0f / (i + 1); });
    std::vector<Tensor> out;
    TF_ASSERT_OK(session.Run({{x, big}}, fetches, &out));
    results.push_back(out);
  }
  for (size_t r = 1; r < results.size(); ++r) {
    for (size_t i = 0; i < results[0].size(); ++i) {
      ASSERT_EQ(results[0][i].tensor_data(), results[r][i].tensor_data()) << i;
    }
  }
}

TEST(ClientSessionTest, LastReaderReusesItsInputBuffer) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT);
  auto c1 = Check(root, x);   // x is also fetched: may not be forwarded
  auto c2 = Check(root, c1);  // c1's only reader: forwarded
  ClientSession session(root);
  std::vector<Tensor> out;
  const int before = CheckNonNegativeOp::forwarded_count.load();
  TF_ASSERT_OK(session.Run({{x, {1.f, 2.f}}}, {c2, x}, &out));
  EXPECT_EQ(CheckNonNegativeOp::forwarded_count.load() - before, 1);
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({1, 2}));
  test::ExpectTensorEqual<float>(out[1], test::AsTensor<float>({1, 2}));
}

TEST(ClientSessionTest, IntermediatesAreFreedAfterTheirLastReader) {
  for (int threads : {1, 2}) {
    Scope root = Scope::NewRootScope();
    auto x = ops::Placeholder(root, DT_FLOAT);
    Output y = x;
    for (int i = 0; i < 30; ++i)
      TF_ASSERT_OK(CreateOutputWithScope("MinitfTestCopy", {y}, root, &y));
    SessionOptions options;
    options.config.set_inter_op_parallelism_threads(threads);
    ClientSession session(root, options);
    Tensor start(DT_FLOAT, TensorShape({1 << 18}));  // 1 MiB
    start.flat<float>().setConstant(2.f);
    std::vector<Tensor> out;
    const int64_t base = tensor_stats::LiveBytes();
    tensor_stats::ResetPeak();
    TF_ASSERT_OK(session.Run({{x, start}}, {y}, &out));
    // The fed tensor (held by the caller), the input and output of the running node; the
    // fed tensor is counted in `base` already.
    EXPECT_LE(tensor_stats::PeakBytes() - base, 2 << 20) << threads << " threads";
    EXPECT_EQ(out[0].flat<float>()(12345), 2.f);
  }
}

// The plan cache is bounded (SessionOptions::plan_cache_capacity): a server whose Runs vary
// their fetches keeps a flat footprint. Each plan here holds a 1 MiB materialized ZerosLike,
// so the live tensor bytes show how many plans are kept.
TEST(ClientSessionTest, PlanCacheKeepsAtMostItsCapacity) {
  Scope root = Scope::NewRootScope();
  auto zeros = ops::ZerosLike(root, ops::Fill(root, {1 << 18}, 1.f));
  std::vector<Output> tags;
  for (int i = 0; i < 24; ++i) tags.push_back(ops::Const(root, i));
  auto grown = [&](size_t capacity) {
    SessionOptions options;
    options.plan_cache_capacity = capacity;
    ClientSession session(root, options);
    const int64_t base = tensor_stats::LiveBytes();
    std::vector<Tensor> out;
    for (int i = 0; i < 24; ++i) {
      TF_CHECK_OK(session.Run({zeros, tags[i]}, &out));  // a new signature each time
      EXPECT_EQ(out[1].scalar<int32>()(), i);
    }
    out.clear();
    return tensor_stats::LiveBytes() - base;
  };
  EXPECT_LE(grown(2), int64_t{3} << 20);
  EXPECT_GE(grown(1000), int64_t{20} << 20);  // unbounded, every plan is kept
}

// Outputs larger than the memory there is (or than tensor_stats' limit) are
// ResourceExhausted with TF's OOM text naming the node, never an abort; the session keeps
// working. (Reliability issue: these once ended in SIGABRT.)
TEST(ClientSessionTest, HugeOutputsAreResourceExhausted) {
  Scope root = Scope::NewRootScope();
  Output n = ops::Placeholder(root, DT_INT32);
  auto fill = ops::Fill(root.WithOpName("fill"), ops::Reshape(root, n, {1}), 1.f);
  auto wide = ops::BroadcastTo(root.WithOpName("wide"), 1.f, ops::Stack(root, {n, n}));
  auto tiled = ops::Tile(root.WithOpName("tiled"), ops::Const(root, {1.f}, {1, 1}),
                         ops::Stack(root, {n, n}));
  ClientSession session(root);
  std::vector<Tensor> out;
  // (2^31 - 1)^2 elements: far past any machine's memory, under the default
  // limit (the machine's physical memory).
  for (Output huge : {Output(wide), Output(tiled)}) {
    Status s = session.Run({{n, 2147483647}}, {huge}, &out);
    EXPECT_EQ(s.code(), absl::StatusCode::kResourceExhausted) << s;
    EXPECT_NE(s.message().find("OOM when allocating tensor with shape["), std::string::npos) << s;
  }
  // 256 MiB under a 64 MiB limit.
  tensor_stats::SetLimit(int64_t{64} << 20);
  Status s = session.Run({{n, 1 << 26}}, {fill}, &out);
  tensor_stats::SetLimit(0);
  EXPECT_EQ(s.code(), absl::StatusCode::kResourceExhausted) << s;
  EXPECT_EQ(s.message(),
            "OOM when allocating tensor with shape[67108864] and type float on "
            "/job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu\n\t [[{{node fill}}]]");
  TF_ASSERT_OK(session.Run({{n, 1 << 26}}, {fill}, &out));
  EXPECT_EQ(out[0].NumElements(), 1 << 26);
}

// The tensor limit lifted and the process's address space capped (`ulimit -v`) 1 GiB above
// what it uses: now the allocations themselves fail (aligned_alloc returns null), and that too
// must be ResourceExhausted naming the node, never an abort or an OOM kill: CropAndResize to
// crop_size {4, 2^31 - 1} (34 GB), and Fill, BroadcastTo and Tile to 2^33 floats (32 GiB). (The
// per-channel FakeQuant gradient of 2^40 channels never allocates: it needs min/max of that
// size, FakeQuantErrorTest.KernelChecksReplaceTFsCrashes.)
TEST(ClientSessionTest, FailedAllocationsUnderAnAddressSpaceCapAreResourceExhausted) {
#if defined(MINITF_SANITIZED)
  GTEST_SKIP() << "sanitizer runtimes reserve terabytes of address space; no cap fits them";
#else
  Scope root = Scope::NewRootScope();
  auto image = ops::Const(root, 1.f, {1, 2, 2, 1});
  auto crops = ops::CropAndResize(root.WithOpName("crops"), image, {{0.f, 0.f, 1.f, 1.f}}, {0},
                                  {4, 2147483647});
  Output n = ops::Placeholder(root, DT_INT64);
  auto fill = ops::Fill(root.WithOpName("fill"), ops::Reshape(root, n, {1}), 1.f);
  auto wide = ops::BroadcastTo(root.WithOpName("wide"), 1.f, ops::Reshape(root, n, {1}));
  auto tiled =
      ops::Tile(root.WithOpName("tiled"), ops::Const(root, {1.f}), ops::Reshape(root, n, {1}));
  TF_ASSERT_OK(root.status());
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({{n, int64_t{4}}}, {fill}, &out));  // threads exist before the cap

  rlimit old;
  ASSERT_EQ(getrlimit(RLIMIT_AS, &old), 0);
  long pages = 0;
  std::ifstream("/proc/self/statm") >> pages;
  ASSERT_GT(pages, 0);
  rlimit capped = old;
  capped.rlim_cur = static_cast<rlim_t>(pages) * sysconf(_SC_PAGESIZE) + (rlim_t{1} << 30);
  ASSERT_EQ(setrlimit(RLIMIT_AS, &capped), 0);
  tensor_stats::SetLimit(int64_t{1} << 62);
  struct Case {
    std::string node;
    Status status;
  };
  std::vector<Case> cases;
  cases.push_back({"crops", session.Run({crops}, &out)});
  for (const auto& [node, op] :
       {std::pair<std::string, Output>{"fill", fill}, {"wide", wide}, {"tiled", tiled}}) {
    cases.push_back({node, session.Run({{n, int64_t{1} << 33}}, {op}, &out)});
  }
  tensor_stats::SetLimit(0);
  ASSERT_EQ(setrlimit(RLIMIT_AS, &old), 0);
  for (const Case& c : cases) {
    EXPECT_EQ(c.status.code(), absl::StatusCode::kResourceExhausted) << c.node << ": " << c.status;
    EXPECT_NE(c.status.message().find("OOM when allocating tensor with shape["), std::string::npos)
        << c.status;
    EXPECT_NE(c.status.message().find("{{node " + c.node + "}}"), std::string::npos) << c.status;
  }
  TF_ASSERT_OK(session.Run({{n, int64_t{3}}}, {fill}, &out));
  EXPECT_EQ(out[0].NumElements(), 3);
#endif
}

TEST(ClientSessionTest, ConcurrentRunsThenExtend) {
  Scope root = Scope::NewRootScope();
  auto a = ops::Const(root, {1, 2});
  auto b = ops::Const(root, {3, 4});
  ClientSession session(root);
  std::vector<std::thread> threads;
  std::atomic<int> bad{0};
  for (const Output& o : {Output(a), Output(b)}) {
    threads.emplace_back([&, o] {
      std::vector<Tensor> out;
      if (!session.Run({o}, &out).ok() || out[0].NumElements() != 2) bad++;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(bad.load(), 0);
  auto c = ops::Identity(root, b);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({c}, &out));
  test::ExpectTensorEqual<int>(out[0], test::AsTensor<int>({3, 4}));
}

TEST(ClientSessionTest, MissingKernelIsNotFound) {
  Scope root = Scope::NewRootScope();
  auto c = ops::Const(root, {1.f});
  auto cast = ops::Cast(root.WithOpName("cast").WithKernelLabel("nonexistent"), c, DT_INT32);
  ClientSession session(root);
  std::vector<Tensor> out;
  Status s = session.Run({cast}, &out);
  EXPECT_EQ(s.code(), error::NOT_FOUND);
  EXPECT_NE(s.message().find("No registered 'Cast' OpKernel for 'CPU' devices compatible with "
                             "node {{node cast}}"),
            absl::string_view::npos);
}

TEST(ClientSessionTest, TemplatedConstRunsThroughCast) {
  Scope root = Scope::NewRootScope();
  auto a = ops::Const<float>(root, {{3, 2}, {-1, 0}});
  auto h = ops::Cast(root, a, DT_HALF);
  auto t =
      ops::Cast(root, ops::Const(root, {1.f / 3, 2.999f}), DT_BFLOAT16, ops::Cast::Truncate(true));
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({a, h, t}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({3, 2, -1, 0}, {2, 2}));
  EXPECT_EQ(out[1].dtype(), DT_HALF);
  EXPECT_EQ(static_cast<float>(out[1].flat<Eigen::half>()(0)), 3.f);
  // Truncation keeps the top 16 bits of the float: 2.999 -> 2.984375 (rounding gives 3).
  EXPECT_EQ(static_cast<float>(out[2].flat<Eigen::bfloat16>()(1)), 2.984375f);
}

}  // namespace
}  // namespace tensorflow
