// The concurrency soak: one ClientSession, 8 threads each running a long mix of Runs —
// successes with different fetch sets and inputs, kernel errors, bad feeds, variable updates
// — checked against the same Runs made serially beforehand. Every result must equal the
// serial one bit for bit, every error the serial error; the live tensor bytes after a second
// round equal those after the first (nothing accumulates); the variable ends at the number of
// updates; the session still works at the end. MINITF_SOAK_RUNS sets the Runs per thread
// (default 300 in the test suite; docs/reliability.md records the full 10,000).
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/resource_variable_ops.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

int RunsPerThread() {
  const char* env = std::getenv("MINITF_SOAK_RUNS");
  return env != nullptr && std::atoi(env) > 0 ? std::atoi(env) : 300;
}

int64_t ResidentBytes() {
  std::ifstream statm("/proc/self/statm");
  int64_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * 4096;
}

// What one Run returned: its status text, or its outputs' bytes.
std::string Outcome(const Status& s, const std::vector<Tensor>& out) {
  if (!s.ok()) return s.ToString();
  std::string bytes;
  for (const Tensor& t : out) bytes += t.DebugString(-1) + ";";
  return bytes;
}

TEST(Soak, ConcurrentMixedRunsEqualSerialRuns) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT);
  auto idx = ops::Placeholder(root.WithOpName("idx"), DT_INT32);
  std::vector<Output> fetches = {
      ops::Add(root, ops::Mul(root, x, 2.f), 1.f),
      ops::Sum(root, x, 0),
      ops::Sqrt(root, x),
      ops::Reshape(root, x, {3}),      // an error unless x has 3 elements
      ops::GatherV2(root, x, idx, 0),  // an error when idx is out of range
      ops::MatMul(root, ops::Reshape(root, x, {-1, 1}), ops::Reshape(root, x, {1, -1})),
  };
  auto var = ops::VarHandleOp(root, DT_FLOAT, TensorShape({}));
  auto init = ops::AssignVariableOp(root, var, 0.f);
  auto bump = ops::AssignAddVariableOp(root, var, 1.f);
  auto read = ops::ReadVariableOp(root, var, DT_FLOAT);
  TF_ASSERT_OK(root.status());

  // The Runs' ingredients: inputs (some of them bad feeds) and fetch subsets.
  std::vector<Tensor> inputs;
  for (int n : {3, 5, 16, 1}) {
    Tensor t(DT_FLOAT, TensorShape({n}));
    for (int i = 0; i < n; ++i) t.flat<float>()(i) = static_cast<float>(i * 7 % 11) - 3.5f;
    inputs.push_back(t);
  }
  inputs.push_back(test::AsTensor<int32>({1, 2, 3}));  // wrong dtype for x
  const std::vector<int32> indices = {0, 2, 9};
  std::vector<std::vector<int>> subsets = {{0}, {1, 2}, {3}, {4}, {0, 5}, {2, 4, 1}, {5, 3, 0}};

  struct Case {
    int input, subset, index;
  };
  auto run = [&](ClientSession& session, const Case& c, std::vector<Tensor>* out) {
    std::vector<Output> f;
    for (int k : subsets[c.subset]) f.push_back(fetches[k]);
    return session.Run({{x, inputs[c.input]}, {idx, indices[c.index]}}, f, out);
  };
  const int cases = static_cast<int>(inputs.size() * subsets.size() * indices.size());
  auto case_of = [&](int k) {
    return Case{k % static_cast<int>(inputs.size()),
                k / static_cast<int>(inputs.size()) % static_cast<int>(subsets.size()),
                k / static_cast<int>(inputs.size() * subsets.size())};
  };

  // Serially, on a session of its own.
  std::vector<std::string> expected(cases);
  {
    SessionOptions one;
    one.config.set_inter_op_parallelism_threads(1);
    one.config.set_intra_op_parallelism_threads(1);
    ClientSession serial(root, one);
    int errors = 0;
    for (int k = 0; k < cases; ++k) {
      std::vector<Tensor> out;
      Status s = run(serial, case_of(k), &out);
      errors += !s.ok();
      expected[k] = Outcome(s, out);
    }
    ASSERT_GT(errors, cases / 4);  // the mix has many errors, and many successes
    ASSERT_LT(errors, cases * 3 / 4);
  }

  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({}, {}, {init}, &out));
  const int per_thread = RunsPerThread();
  std::atomic<int> bumps{0}, mismatches{0};
  auto round = [&](unsigned seed) {
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < 8; ++t) {
      threads.emplace_back([&, t] {
        std::mt19937 rng(seed * 100 + t);
        std::vector<Tensor> got;
        for (int i = 0; i < per_thread; ++i) {
          if (rng() % 8 == 0) {
            TF_CHECK_OK(session.Run({}, {}, {bump}, &got));
            ++bumps;
            continue;
          }
          const int k = static_cast<int>(rng() % cases);
          Status s = run(session, case_of(k), &got);
          if (Outcome(s, got) != expected[k]) ++mismatches;
        }
      });
    }
    for (auto& th : threads) th.join();
  };
  round(1);
  const int64_t live_after_first = tensor_stats::LiveBytes();
  const int64_t rss_after_first = ResidentBytes();
  round(2);
  const int64_t live_after_second = tensor_stats::LiveBytes();
  const int64_t rss_after_second = ResidentBytes();
  EXPECT_EQ(mismatches.load(), 0);
  EXPECT_EQ(live_after_second, live_after_first);
  std::printf(
      "soak: 2 rounds x 8 threads x %d Runs; live tensor bytes %lld -> %lld; RSS %lld -> "
      "%lld KiB\n",
      per_thread, static_cast<long long>(live_after_first),
      static_cast<long long>(live_after_second), static_cast<long long>(rss_after_first >> 10),
      static_cast<long long>(rss_after_second >> 10));

  // The variable saw every update, and the session still works.
  TF_ASSERT_OK(session.Run({read}, &out));
  EXPECT_EQ(out[0].scalar<float>()(), static_cast<float>(bumps.load()));
  TF_ASSERT_OK(session.Run({{x, inputs[0]}, {idx, indices[0]}}, {fetches[0]}, &out));
  EXPECT_EQ(Outcome(OkStatus(), out), expected[0]);
}

}  // namespace
}  // namespace tensorflow
