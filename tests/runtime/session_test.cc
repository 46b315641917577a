// Session (tensorflow/core/public/session.h) over GraphDefs: Create, Extend, Run by name,
// Close, ListDevices, callables, variables across Runs. Error codes and texts are TF 2.21's,
// read from a TF program running the same calls against TensorFlow's DirectSession.
#include "tensorflow/core/public/session.h"

#include <atomic>
#include <chrono>
#include <thread>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/graph_def_text.h"

namespace tensorflow {
namespace {

using test::kMulGraph;
using test::ParseGraphDef;

void ExpectError(const Status& s, absl::StatusCode code, const std::string& message) {
  EXPECT_EQ(s.code(), code) << s;
  EXPECT_EQ(absl::CEscape(s.message()), absl::CEscape(message));
}

std::unique_ptr<Session> MulSession(const SessionOptions& options = SessionOptions()) {
  std::unique_ptr<Session> session(NewSession(options));
  TF_CHECK_OK(session->Create(ParseGraphDef(kMulGraph)));
  return session;
}

TEST(Session, RunsByNameAndIndex) {
  auto session = MulSession();
  std::vector<Tensor> out;
  TF_ASSERT_OK(session->Run({{"p", Tensor(3.0f)}}, {"b", "b:0", "a"}, {}, &out));
  ASSERT_EQ(out.size(), 3u);
  test::ExpectTensorEqual<float>(out[0], Tensor(6.0f));
  test::ExpectTensorEqual<float>(out[1], Tensor(6.0f));
  test::ExpectTensorEqual<float>(out[2], Tensor(2.0f));
  // The same signature again (cached plan), another value.
  TF_ASSERT_OK(session->Run({{"p:0", Tensor(-1.5f)}}, {"b"}, {}, &out));
  test::ExpectTensorEqual<float>(out[0], Tensor(-3.0f));
  // A target given as a tensor name, and a feed named twice, are accepted as in TF.
  TF_EXPECT_OK(session->Run({{"p", Tensor(1.0f)}}, {}, {"b:0"}, &out));
  TF_EXPECT_OK(session->Run({{"p", Tensor(1.0f)}, {"p:0", Tensor(1.0f)}}, {"b"}, {}, &out));
}

TEST(Session, RunErrorsInTfsWords) {
  std::unique_ptr<Session> fresh(NewSession(SessionOptions()));
  std::vector<Tensor> out;
  ExpectError(fresh->Run({}, {"a"}, {}, &out), absl::StatusCode::kInvalidArgument,
              "Session was not created with a graph before Run()!");
  auto session = MulSession();
  ExpectError(session->Create(ParseGraphDef(kMulGraph)), absl::StatusCode::kAlreadyExists,
              "A Graph has already been created for this session.");
  const std::vector<std::pair<std::string, Tensor>> feed = {{"p", Tensor(3.0f)}};
  ExpectError(session->Run(feed, {"zz"}, {}, &out), absl::StatusCode::kInvalidArgument,
              "Tensor zz:0, specified in either feed_devices or fetch_devices was not found in "
              "the Graph");
  ExpectError(session->Run(feed, {"b:3"}, {}, &out), absl::StatusCode::kOutOfRange,
              "Node 'b' (type: 'Mul', num of outputs: 1) does not have output 3");
  ExpectError(session->Run(feed, {}, {"zz", "yy"}, &out), absl::StatusCode::kNotFound,
              "PruneForTargets: Some target nodes not found: yy zz ");
  ExpectError(session->Run({{"zz", Tensor(3.0f)}}, {"a"}, {}, &out),
              absl::StatusCode::kInvalidArgument,
              "Tensor zz:0, specified in either feed_devices or fetch_devices was not found in "
              "the Graph");
  ExpectError(session->Run(feed, {}, {}, &out), absl::StatusCode::kInvalidArgument,
              "Must specify at least one target to fetch or execute.");
  ExpectError(session->Run({}, {"b"}, {}, &out), absl::StatusCode::kInvalidArgument,
              "You must feed a value for placeholder tensor 'p' with dtype float\n\t [[{{node "
              "p}}]]");
  ExpectError(session->Run({{"p", Tensor(int32_t{1})}}, {"b"}, {}, &out),
              absl::StatusCode::kInvalidArgument,
              "Expects arg[0] to be float but int32 is provided");
  ExpectError(session->Run(feed, {"p"}, {}, &out), absl::StatusCode::kInvalidArgument,
              "p is both fed and fetched.");
  ExpectError(session->Run(feed, {"b:x"}, {}, &out), absl::StatusCode::kInvalidArgument,
              "Tensor b:x:0, specified in either feed_devices or fetch_devices was not found in "
              "the Graph");
  // Every failure left the session usable.
  TF_ASSERT_OK(session->Run(feed, {"b"}, {}, &out));
  test::ExpectTensorEqual<float>(out[0], Tensor(6.0f));
}

// A dtype in a GraphDef is any int32: naming it in an error once recursed once per 100 of its
// value (a stack overflow the graph_def fuzzer found with 777975549).
TEST(Session, HugeDtypeValuesAreNamedInErrors) {
  GraphDef g = ParseGraphDef(R"(node { name: "c" op: "Const" attr { key: "dtype" value { type:
      DT_INT32 } } attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape {} } } } })");
  (*g.mutable_node(0)->mutable_attr())["value"].mutable_tensor()->set_dtype(
      static_cast<DataType>(777975549));
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  Status s = session->Create(g);
  std::vector<Tensor> out;
  if (s.ok()) s = session->Run({}, {"c"}, {}, &out);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
  EXPECT_TRUE(absl::StrContains(s.message(), "unknown dtype enum (777975449)_ref")) << s;
}

TEST(Session, CreateChecksTheGraphDef) {
  auto expect_create = [](const std::string& text, absl::StatusCode code,
                          const std::string& message) {
    std::unique_ptr<Session> session(NewSession(SessionOptions()));
    ExpectError(session->Create(ParseGraphDef(text)), code, message);
    // A failed Create leaves no graph.
    std::vector<Tensor> out;
    ExpectError(session->Run({}, {}, {"d"}, &out), absl::StatusCode::kInvalidArgument,
                "Session was not created with a graph before Run()!");
  };
  const std::string noop = R"(node { name: "d" op: "NoOp" } )";
  expect_create(noop + "versions { producer: -5 }", absl::StatusCode::kInvalidArgument,
                "GraphDef producer version -5 below min producer 0 supported by TensorFlow "
                "2.21.0.  Please regenerate your graph.");
  expect_create(noop + "versions { producer: 30 min_consumer: 100000 }",
                absl::StatusCode::kInvalidArgument,
                "GraphDef min consumer version 100000 above current version 2474 for "
                "TensorFlow 2.21.0.  Please upgrade TensorFlow.");
  expect_create(noop + "versions { producer: 30 bad_consumers: 2000 bad_consumers: 2474 }",
                absl::StatusCode::kInvalidArgument,
                "GraphDef disallows consumer version 2474.  Please upgrade TensorFlow: this "
                "version is likely buggy.");
  expect_create(R"(node { name: "d" op: "NoOp" } node { name: "d" op: "NoOp" })",
                absl::StatusCode::kInvalidArgument, "Node 'd' is not unique");
  expect_create(R"(node { name: "d" op: "NoOp" input: "^e" } node { name: "e" op: "NoOp"
                   input: "^d" } node { name: "f" op: "NoOp" })",
                absl::StatusCode::kInvalidArgument, "2 nodes in a cycle");
  expect_create(R"(node { name: "d" op: "Neg" input: "qq" attr { key: "T" value { type:
                   DT_FLOAT } } })",
                absl::StatusCode::kInvalidArgument, "Node 'd': Unknown input node 'qq'");
  expect_create(R"(node { name: "c" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
                   attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape {}
                   int_val: 2 } } } }
                   node { name: "d" op: "Neg" input: "c" attr { key: "T" value { type:
                   DT_FLOAT } } })",
                absl::StatusCode::kInvalidArgument,
                "Input 0 of node d was passed int32 from c:0 incompatible with expected float.");
  // A GraphDef without nodes is accepted and creates nothing.
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  TF_EXPECT_OK(session->Create(ParseGraphDef("versions { producer: -5 }")));
  TF_EXPECT_OK(session->Create(ParseGraphDef(kMulGraph)));
}

TEST(Session, ExtendNeedsTheStaticGraphOptimizationOff) {
  auto session = MulSession();
  const GraphDef neg =
      ParseGraphDef(R"(node { name: "c" op: "Neg" input: "b" attr { key: "T" value {
                                  type: DT_FLOAT } } })");
  ExpectError(session->Extend(neg), absl::StatusCode::kFailedPrecondition,
              "Extending the graph is not supported when `disable_optimize_for_static_graph` "
              "is false.");
  // Extend on a session without a graph creates it.
  std::unique_ptr<Session> empty(NewSession(SessionOptions()));
  TF_ASSERT_OK(empty->Extend(ParseGraphDef(kMulGraph)));
  std::vector<Tensor> out;
  TF_ASSERT_OK(empty->Run({{"p", Tensor(4.0f)}}, {"b"}, {}, &out));
  test::ExpectTensorEqual<float>(out[0], Tensor(8.0f));
}

TEST(Session, ExtendAddsNodesThatReadTheGraph) {
  SessionOptions options;
  options.config.mutable_experimental()->set_disable_optimize_for_static_graph(true);
  auto session = MulSession(options);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session->Run({{"p", Tensor(3.0f)}}, {"b"}, {}, &out));  // a plan before Extend
  ExpectError(session->Extend(ParseGraphDef(R"(node { name: "a" op: "NoOp" })")),
              absl::StatusCode::kInvalidArgument,
              "GraphDef argument to Extend includes node 'a', which was created by a previous "
              "call to Create or Extend in this session.");
  ExpectError(session->Extend(ParseGraphDef(R"(node { name: "e" op: "NoOp" input: "^q" })")),
              absl::StatusCode::kInvalidArgument, "Node 'e': Unknown input node '^q'");
  TF_ASSERT_OK(
      session->Extend(ParseGraphDef(R"(node { name: "c" op: "Neg" input: "b" attr { key: "T"
                                          value { type: DT_FLOAT } } })")));
  TF_ASSERT_OK(session->Run({{"p", Tensor(3.0f)}}, {"c", "b"}, {}, &out));
  test::ExpectTensorEqual<float>(out[0], Tensor(-6.0f));
  test::ExpectTensorEqual<float>(out[1], Tensor(6.0f));
}

TEST(Session, CloseCancelsLaterCalls) {
  auto session = MulSession();
  TF_ASSERT_OK(session->Close());
  std::vector<Tensor> out;
  ExpectError(session->Run({{"p", Tensor(3.0f)}}, {"b"}, {}, &out), absl::StatusCode::kCancelled,
              "Session has been closed.");
  ExpectError(session->Extend(ParseGraphDef(kMulGraph)), absl::StatusCode::kCancelled,
              "Session has been closed.");
  TF_EXPECT_OK(session->Close());
}

TEST(Session, ListsOneCpuDevice) {
  auto session = MulSession();
  std::vector<DeviceAttributes> devices;
  TF_ASSERT_OK(session->ListDevices(&devices));
  ASSERT_EQ(devices.size(), 1u);
  EXPECT_EQ(devices[0].name(), "/job:localhost/replica:0/task:0/device:CPU:0");
  EXPECT_EQ(devices[0].device_type(), "CPU");
  EXPECT_EQ(devices[0].memory_limit(), 268435456);
  EXPECT_TRUE(devices[0].has_locality());
  EXPECT_NE(devices[0].incarnation(), 0u);
  EXPECT_EQ(devices[0].xla_global_id(), -1);
}

TEST(Session, UnknownTargetHasNoSessionFactory) {
  SessionOptions options;
  options.target = "foo";
  Session* session = reinterpret_cast<Session*>(1);
  const Status s = NewSession(options, &session);
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound) << s;
  EXPECT_EQ(session, nullptr);
  EXPECT_EQ(NewSession(options), nullptr);
}

TEST(Session, VariablesLiveAcrossRunsAndCallables) {
  // A graph built with the C++ API, run through its GraphDef as TF programs do.
  Scope root = Scope::NewRootScope();
  auto v = ops::Variable(root.WithOpName("v"), {2}, DT_FLOAT);
  auto init = ops::Assign(root.WithOpName("init"), v, ops::Const(root, {1.0f, 2.0f}));
  auto add = ops::AssignAdd(root.WithOpName("add"), v, ops::Const(root, {0.5f, -1.0f}));
  GraphDef graph_def;
  TF_ASSERT_OK(root.ToGraphDef(&graph_def));
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  TF_ASSERT_OK(session->Create(graph_def));
  std::vector<Tensor> out;
  const Status uninitialized = session->Run({}, {"v"}, {}, &out);
  EXPECT_EQ(uninitialized.code(), absl::StatusCode::kFailedPrecondition) << uninitialized;
  TF_ASSERT_OK(session->Run({}, {}, {"init"}, nullptr));
  for (int step = 0; step < 3; ++step) TF_ASSERT_OK(session->Run({}, {}, {"add"}, nullptr));
  TF_ASSERT_OK(session->Run({}, {"v"}, {}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({2.5f, -1.0f}));

  CallableOptions callable;
  callable.add_fetch("add:0");
  Session::CallableHandle handle;
  TF_ASSERT_OK(session->MakeCallable(callable, &handle));
  TF_ASSERT_OK(session->RunCallable(handle, {}, &out, nullptr));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({3.0f, -2.0f}));
  TF_ASSERT_OK(session->ReleaseCallable(handle));
  EXPECT_EQ(session->RunCallable(handle, {}, &out, nullptr).code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(Session, ZerosLikeOfAVariableNeedsNoValue) {
  // As grappler folds them in TF, ZerosLike / OnesLike of a tensor whose shape is known are
  // constants: they do not read their input (an optimizer slot initialized with zeros like
  // its variable runs before the variable is initialized).
  Scope root = Scope::NewRootScope();
  auto v = ops::Variable(root.WithOpName("v"), {2, 3}, DT_FLOAT);
  ops::ZerosLike(root.WithOpName("zeros"), v);
  ops::OnesLike(root.WithOpName("ones"), v);
  ops::ZerosLike(root.WithOpName("unknown"), ops::Placeholder(root.WithOpName("p"), DT_FLOAT));
  GraphDef graph_def;
  TF_ASSERT_OK(root.ToGraphDef(&graph_def));
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  TF_ASSERT_OK(session->Create(graph_def));
  std::vector<Tensor> out;
  TF_ASSERT_OK(session->Run({}, {"zeros", "ones"}, {}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({0, 0, 0, 0, 0, 0}, {2, 3}));
  test::ExpectTensorEqual<float>(out[1], test::AsTensor<float>({1, 1, 1, 1, 1, 1}, {2, 3}));
  // A placeholder's zeros still need the placeholder fed.
  EXPECT_EQ(session->Run({}, {"unknown"}, {}, &out).code(), absl::StatusCode::kInvalidArgument);
  TF_ASSERT_OK(session->Run({{"p", test::AsTensor<float>({5, 6})}}, {"unknown"}, {}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({0, 0}));
}

// A graph of 30 chained 400x400 products: far more than a millisecond of work.
GraphDef SlowGraph() {
  Scope root = Scope::NewRootScope();
  auto a = ops::Fill(root.WithOpName("a"), {400, 400}, 0.001f);
  Output x = a;
  for (int i = 0; i < 30; ++i) x = ops::MatMul(root, x, a);
  ops::Identity(root.WithOpName("y"), x);
  GraphDef g;
  TF_CHECK_OK(root.ToGraphDef(&g));
  return g;
}

// RunOptions.timeout_in_ms and config.operation_timeout_in_ms: DeadlineExceeded with TF's
// text (a TF program against the wheel gives "Timed out waiting for notification" for both),
// and the session runs normally afterwards.
TEST(Session, DeadlinesAreDeadlineExceeded) {
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  TF_ASSERT_OK(session->Create(SlowGraph()));
  RunOptions options;
  options.set_timeout_in_ms(1);
  std::vector<Tensor> out;
  ExpectError(session->Run(options, {}, {"y:0"}, {}, &out, nullptr),
              absl::StatusCode::kDeadlineExceeded, "Timed out waiting for notification");
  TF_ASSERT_OK(session->Run({}, {"y:0"}, {}, &out));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].shape(), TensorShape({400, 400}));
  options.set_timeout_in_ms(600000);
  TF_EXPECT_OK(session->Run(options, {}, {"y:0"}, {}, &out, nullptr));

  SessionOptions timed;
  timed.config.set_operation_timeout_in_ms(1);
  std::unique_ptr<Session> strict(NewSession(timed));
  TF_ASSERT_OK(strict->Create(SlowGraph()));
  ExpectError(strict->Run({}, {"y:0"}, {}, &out), absl::StatusCode::kDeadlineExceeded,
              "Timed out waiting for notification");
  // RunOptions' own timeout wins over the session's.
  TF_EXPECT_OK(strict->Run(options, {}, {"y:0"}, {}, &out, nullptr));
}

// Close while a Run is in flight: the Run stops scheduling nodes and returns Cancelled with
// TF's text (a TF program closing its DirectSession mid-Run gets "Run call was cancelled").
TEST(Session, CloseCancelsARunInFlight) {
  Scope root = Scope::NewRootScope();
  auto a = ops::Fill(root.WithOpName("a"), {400, 400}, 0.001f);
  Output x = a;
  for (int i = 0; i < 2000; ++i) x = ops::MatMul(root, x, a);  // seconds of work
  ops::Identity(root.WithOpName("y"), x);
  GraphDef g;
  TF_ASSERT_OK(root.ToGraphDef(&g));
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  TF_ASSERT_OK(session->Create(g));
  Status run;
  std::atomic<bool> started{false};
  std::thread t([&] {
    std::vector<Tensor> out;
    started = true;
    run = session->Run({}, {"y:0"}, {}, &out);
  });
  while (!started) std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  TF_EXPECT_OK(session->Close());
  t.join();
  // Cancelled, not OK: it stopped before its 2000 products were done.
  ExpectError(run, absl::StatusCode::kCancelled, "Run call was cancelled");
}

TEST(Session, ConcurrentRunsAgree) {
  auto session = MulSession();
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        std::vector<Tensor> out;
        const float x = static_cast<float>(t * 1000 + i);
        if (!session->Run({{"p", Tensor(x)}}, {"b"}, {}, &out).ok() ||
            out[0].scalar<float>()() != 2 * x) {
          ++failures[t];
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures, std::vector<int>(4, 0));
}

}  // namespace
}  // namespace tensorflow
