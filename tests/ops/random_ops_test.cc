// The random ops against TF 2.21: tests/golden/random.pb (generate_random.py) holds TF's
// outputs of the first and second Run of every stateful case and, for the multinomial ops, of
// TF run with 1, 2 and 4 intra-op threads. Also the stream's life as TF's (one per node per
// session, continued across fetch sets, restarted by a new session, untouched by a failed
// Run, random seeds for seed = seed2 = 0) and TF's error texts.
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/graph/node_builder.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/golden_harness.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

using test_ops::ExpectError;

const Tensor* StoredTensor(const NodeDef& def, const std::string& key, Tensor* holder) {
  if (!GetNodeAttr(AttrSlice(def), key, holder).ok()) return nullptr;
  return holder;
}

// Every case at 1, 2 and 4 threads, each count in a fresh session run twice: the first Run
// gives TF's `expected_0` (a multinomial at N > 1 threads: TF's `threadsN_0`), the second
// TF's `second_0` where the file has it.
TEST(RandomOpsTest, GoldenCasesMatchTensorFlowAtEveryThreadCount) {
  const GraphDef golden = golden::Load("random.pb");
  Scope root = Scope::NewRootScope();
  const std::vector<golden::Case> cases = golden::BuildAll(root, golden);
  TF_ASSERT_OK(root.status());
  std::vector<Output> fetches;
  for (const golden::Case& c : cases)
    fetches.insert(fetches.end(), c.outputs.begin(), c.outputs.end());
  std::map<std::string, int> checked;
  for (int threads : {1, 2, 4}) {
    SessionOptions options;
    options.config.set_intra_op_parallelism_threads(threads);
    ClientSession session(root, options);
    std::vector<Tensor> first, second;
    TF_ASSERT_OK(session.Run(fetches, &first));
    TF_ASSERT_OK(session.Run(fetches, &second));
    size_t k = 0;
    for (const golden::Case& c : cases) {
      const NodeDef& def = *c.def;
      const bool by_threads = absl::EndsWith(def.op(), "Multinomial");
      for (size_t o = 0; o < c.outputs.size(); ++o, ++k) {
        Tensor holder;
        const std::string first_key = threads > 1 && by_threads
                                          ? absl::StrCat("threads", threads, "_", o)
                                          : absl::StrCat("expected_", o);
        const Tensor* expected = StoredTensor(def, first_key, &holder);
        ASSERT_NE(expected, nullptr) << def.name() << " has no " << first_key;
        EXPECT_TRUE(golden::SameBits(first[k], *expected))
            << golden::Describe(c, o) << " at " << threads << " threads, first Run:\n"
            << first[k].DebugString(12) << "\nTF: " << expected->DebugString(12);
        Tensor holder2;
        if (const Tensor* again = StoredTensor(def, absl::StrCat("second_", o), &holder2)) {
          EXPECT_TRUE(golden::SameBits(second[k], *again))
              << golden::Describe(c, o) << " at " << threads << " threads, second Run";
          ++checked["second"];
        } else if (!by_threads) {
          EXPECT_TRUE(golden::SameBits(second[k], first[k])) << def.name() << ": stateless";
        }
      }
      ++checked[def.op()];
    }
  }
  EXPECT_EQ(checked.size(), 21u);  // 20 ops and the second Runs
  EXPECT_GE(checked["second"], 3 * 60);
}

// TF's numbers (spec: seed 1, seed2 2): float32 RandomUniform [6], two Runs.
const uint32_t kUniformRun1[] = {0x3ed0133c, 0x3f5b8ba6, 0x3d62e6c0,
                                 0x3dafddd0, 0x3ed305cc, 0x3d160a40};
const uint32_t kUniformRun2[] = {0x3effb890, 0x3d80b5f0, 0x3eeb8dc0,
                                 0x3e4fab00, 0x3db583d0, 0x3f78fc54};

void ExpectBits(const Tensor& t, const uint32_t* bits) {
  ASSERT_EQ(t.NumElements(), 6);
  for (int i = 0; i < 6; ++i) {
    uint32_t got;
    std::memcpy(&got, &t.flat<float>()(i), 4);
    EXPECT_EQ(got, bits[i]) << "element " << i;
  }
}

TEST(RandomOpsTest, StreamContinuesAcrossFetchSetsAndRestartsPerSession) {
  Scope root = Scope::NewRootScope();
  auto attrs = ops::RandomUniform::Seed(1).Seed2(2);
  auto u = ops::RandomUniform(root, {6}, DT_FLOAT, attrs);
  auto twin = ops::RandomUniform(root, {6}, DT_FLOAT, attrs);  // its own stream
  auto doubled = ops::Mul(root, u, 2.0f);
  TF_ASSERT_OK(root.status());
  {
    ClientSession session(root);
    std::vector<Tensor> out;
    TF_ASSERT_OK(session.Run({u}, &out));
    ExpectBits(out[0], kUniformRun1);
    TF_ASSERT_OK(session.Run({doubled, twin}, &out));  // another plan: u's stream continues
    for (int i = 0; i < 6; ++i) {
      float run2;
      std::memcpy(&run2, &kUniformRun2[i], 4);
      EXPECT_EQ(out[0].flat<float>()(i), 2.0f * run2);
    }
    ExpectBits(out[1], kUniformRun1);
  }
  ClientSession fresh(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(fresh.Run({u}, &out));
  ExpectBits(out[0], kUniformRun1);
}

TEST(RandomOpsTest, FailedRunReservesNothing) {
  Scope root = Scope::NewRootScope();
  auto lo = ops::Placeholder(root, DT_INT32);
  auto r = ops::RandomUniformInt(root, {6}, lo, 17, ops::RandomUniformInt::Seed(1).Seed2(2));
  ClientSession session(root);
  std::vector<Tensor> out;
  const Status bad = session.Run({{lo, 17}}, {r}, &out);
  EXPECT_EQ(bad.code(), error::INVALID_ARGUMENT);
  EXPECT_TRUE(absl::StartsWith(bad.message(), "Need minval < maxval, got 17 >= 17")) << bad;
  TF_ASSERT_OK(session.Run({{lo, -5}}, {r}, &out));
  test::ExpectTensorEqual<int32_t>(out[0], test::AsTensor<int32_t>({0, 0, 1, 4, 12, 9}));
  TF_ASSERT_OK(session.Run({{lo, -5}}, {r}, &out));
  test::ExpectTensorEqual<int32_t>(out[0], test::AsTensor<int32_t>({-3, 14, 3, -1, 6, 1}));
}

// seed = seed2 = 0: random seeds, drawn once per kernel (a Run continues the stream; another
// session starts elsewhere).
TEST(RandomOpsTest, ZeroSeedsAreNondeterministic) {
  Scope root = Scope::NewRootScope();
  auto u = ops::RandomUniform(root, {64}, DT_FLOAT);
  std::vector<Tensor> a, b, c;
  {
    ClientSession session(root);
    TF_ASSERT_OK(session.Run({u}, &a));
    TF_ASSERT_OK(session.Run({u}, &b));
  }
  ClientSession other(root);
  TF_ASSERT_OK(other.Run({u}, &c));
  EXPECT_NE(a[0].tensor_data(), b[0].tensor_data());
  EXPECT_NE(a[0].tensor_data(), c[0].tensor_data());
}

TEST(RandomOpsTest, ShapeFunctionErrors) {
  {
    Scope root = Scope::NewRootScope();
    ops::RandomUniform(root, ops::Const(root, {{2, 3}}), DT_FLOAT);
    EXPECT_TRUE(absl::StartsWith(root.status().message(), "Shape must be rank 1 but is rank 2"))
        << root.status();
  }
  {
    Scope root = Scope::NewRootScope();
    ops::TruncatedNormal(root, ops::Const(root, {2, -3}), DT_FLOAT);
    EXPECT_TRUE(
        absl::StartsWith(root.status().message(), "Invalid value in tensor used for shape: -3"))
        << root.status();
  }
  {
    Scope root = Scope::NewRootScope();
    ops::RandomUniformInt(root, {2}, ops::Const(root, {1, 2}), 5);
    EXPECT_TRUE(absl::StartsWith(root.status().message(),
                                 "minval must be a scalar; got a tensor of shape [2]"))
        << root.status();
  }
  {
    Scope root = Scope::NewRootScope();
    ops::Multinomial(root, ops::Const(root, {{0.f, 1.f}}), -1);
    EXPECT_TRUE(
        absl::StartsWith(root.status().message(),
                         "Dimension size, given by scalar input 1, must be non-negative but is -1"))
        << root.status();
  }
  {
    Scope root = Scope::NewRootScope();
    auto shape = ops::Const(root, {3});
    auto seed = ops::Const(root, test::AsTensor<int64_t>({1, 2, 3}));
    Node* node;
    const Status s = NodeBuilder("sru", "StatelessRandomUniform")
                         .Input(shape.node())
                         .Input(seed.node())
                         .Finalize(root.graph(), &node);
    TF_ASSERT_OK(s) << s;  // the builder adds the node; the shape function runs in the scope
    root.UpdateStatus(root.DoShapeInference(node));
    EXPECT_TRUE(absl::StartsWith(root.status().message(), "Dimension must be 2 but is 3"))
        << root.status();
  }
}

TEST(RandomOpsTest, KernelErrorsHaveTensorFlowTexts) {
  {
    Scope root = Scope::NewRootScope();
    auto shape = ops::Placeholder(root, DT_INT32);
    auto u = ops::RandomNormal(root, shape, DT_FLOAT);
    ExpectError(root, {{shape, test::AsTensor<int32_t>({2, -3})}}, u, "Dimension -3 must be >= 0");
    ExpectError(root, {{shape, test::AsTensor<int32_t>({1, 2}, {1, 2})}}, u,
                "shape must be a vector of {int32,int64}, got shape [1,2]");
  }
  {
    Scope root = Scope::NewRootScope();
    auto shape = ops::Placeholder(root, DT_INT64);
    auto u = ops::RandomUniform(root, shape, DT_HALF);
    ExpectError(root, {{shape, test::AsTensor<int64_t>({int64_t{1} << 40, int64_t{1} << 40})}}, u,
                "Shape [1099511627776,1099511627776] would have more than 2**63 - 1 elements");
  }
  {
    Scope root = Scope::NewRootScope();
    auto lo = ops::Placeholder(root, DT_INT64);
    auto r = ops::RandomUniformInt(root, {2}, lo, int64_t{-5});
    ExpectError(root, {{lo, int64_t{5}}}, r, "Need minval < maxval, got 5 >= -5");
    ExpectError(root, {{lo, test::AsTensor<int64_t>({1, 2})}}, r,
                "minval must be 0-D, got shape [2]");
  }
  {
    Scope root = Scope::NewRootScope();
    auto logits = ops::Placeholder(root, DT_FLOAT);
    auto n = ops::Placeholder(root, DT_INT32);
    auto m = ops::Multinomial(root, logits, n);
    const Tensor row = test::AsTensor<float>({0.f, 1.f}, {1, 2});
    ExpectError(root, {{logits, test::AsTensor<float>({0.f, 1.f})}, {n, 2}}, m,
                "logits should be a matrix, got shape [2]");
    ExpectError(root, {{logits, row}, {n, test::AsTensor<int32_t>({1})}}, m,
                "num_samples should be a scalar, got shape [1]");
    ExpectError(root, {{logits, row}, {n, -1}}, m, "num_samples should be non-negative, got -1");
    ExpectError(root, {{logits, Tensor(DT_FLOAT, TensorShape({1, 0}))}, {n, 2}}, m,
                "num_classes should be positive, got 0");
  }
}

// The stateless ops through NodeBuilder (TF has no C++ wrappers for them).
Output Stateless(const Scope& root, const std::string& op, const std::vector<Output>& inputs,
                 DataType dtype) {
  NodeBuilder builder(root.GetUniqueNameForOp(op), op);
  for (const Output& in : inputs) builder.Input(in.node(), in.index());
  builder.Attr("dtype", dtype);
  Node* node = nullptr;
  root.UpdateStatus(builder.Finalize(root.graph(), &node));
  return Output(node, 0);
}

TEST(RandomOpsTest, StatelessKernelErrorsAndEmptyOutputs) {
  Scope root = Scope::NewRootScope();
  auto shape = ops::Placeholder(root, DT_INT32);
  auto seed = ops::Placeholder(root, DT_INT64);
  auto uniform = Stateless(root, "StatelessRandomUniform", {shape, seed}, DT_FLOAT);
  ExpectError(root,
              {{shape, test::AsTensor<int32_t>({2})}, {seed, test::AsTensor<int64_t>({1, 2, 3})}},
              uniform, "seed must have shape [2], not [3]");
  // The shape is checked before the seed.
  ExpectError(root, {{shape, test::AsTensor<int32_t>({-1})}, {seed, test::AsTensor<int64_t>({1})}},
              uniform, "Dimension -1 must be >= 0");
  auto bounded = Stateless(root, "StatelessRandomUniformInt",
                           {shape, seed, ops::Const(root, 5), ops::Const(root, 5)}, DT_INT32);
  ExpectError(root,
              {{shape, test::AsTensor<int32_t>({2})}, {seed, test::AsTensor<int64_t>({1, 2})}},
              bounded, "Need minval < maxval, got 5 >= 5");
  // An empty output returns before the bounds are looked at.
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(
      session.Run({{shape, test::AsTensor<int32_t>({0})}, {seed, test::AsTensor<int64_t>({1, 2})}},
                  {bounded}, &out));
  EXPECT_EQ(out[0].NumElements(), 0);
  auto useed = ops::Placeholder(root, DT_UINT32);
  auto full = Stateless(root, "StatelessRandomUniformFullInt", {shape, useed}, DT_UINT64);
  ExpectError(root,
              {{shape, test::AsTensor<int32_t>({2})}, {useed, test::AsTensor<uint32_t>({1, 2})}},
              full, "Invalid seed type: uint32");
}

// The key-and-counter forms: TF's texts and check order.
TEST(RandomOpsTest, StatelessV2KernelErrors) {
  Scope root = Scope::NewRootScope();
  auto shape = ops::Placeholder(root, DT_INT32);
  auto key = ops::Placeholder(root, DT_UINT64);
  auto counter = ops::Placeholder(root, DT_UINT64);
  auto alg = ops::Placeholder(root, DT_INT32);
  auto uniform = Stateless(root, "StatelessRandomUniformV2", {shape, key, counter, alg}, DT_FLOAT);
  auto bounded =
      Stateless(root, "StatelessRandomUniformIntV2",
                {shape, key, counter, alg, ops::Const(root, 5), ops::Const(root, 5)}, DT_INT32);
  const Tensor two = test::AsTensor<int32_t>({2});
  const Tensor one_key = test::AsTensor<uint64_t>({5});
  const Tensor counter2 = test::AsTensor<uint64_t>({1, 2});
  ExpectError(root, {{shape, two}, {key, one_key}, {counter, counter2}, {alg, two}}, uniform,
              "input 3 (0-based) must have shape [], not [1]");
  ExpectError(
      root, {{shape, two}, {key, test::AsTensor<uint64_t>({5, 6})}, {counter, counter2}, {alg, 1}},
      uniform, "key must have shape [1], not [2]. (Note that batched keys are not supported yet.)");
  ExpectError(root, {{shape, two}, {key, one_key}, {counter, counter2}, {alg, 9}}, uniform,
              "counter must be a vector with length at least 9; got shape: [2]. (Note that "
              "batched counters are not supported yet.)");
  ExpectError(root, {{shape, two}, {key, one_key}, {counter, counter2}, {alg, 2}}, uniform,
              "Unsupported algorithm id: 2");
  // Where TF would read a one-word counter past its end.
  ExpectError(root,
              {{shape, two}, {key, one_key}, {counter, test::AsTensor<uint64_t>({1})}, {alg, 1}},
              uniform, "counter must be a vector with length at least 2; got shape: [1]");
  // The bounds are checked before the algorithm.
  ExpectError(root, {{shape, two}, {key, one_key}, {counter, counter2}, {alg, 2}}, bounded,
              "Need minval < maxval, got 5 >= 5");
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run(
      {{shape, test::AsTensor<int32_t>({0})}, {key, one_key}, {counter, counter2}, {alg, 2}},
      {uniform}, &out));
  EXPECT_EQ(out[0].NumElements(), 0);
}

}  // namespace
}  // namespace tensorflow
