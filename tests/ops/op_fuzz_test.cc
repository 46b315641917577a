// Every registered op, built from its OpDef with random attrs (edge values among them) and fed
// random tensors (random ranks, sizes, dtypes the op allows, NaN/inf/huge/negative values;
// tests/fuzz/op_case_maker.h, shared with the libFuzzer harness tests/fuzz/op_fuzzer.cc),
// run in a Session: each Run must end in a Status — never a crash, an abort or a hang
// (ASan/UBSan run this too). Seeded (MINITF_OP_FUZZ_SEED); MINITF_OP_FUZZ_ROUNDS sets the
// trials per op (default 12). Ops that touch files or need references/resources are left out.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tensorflow/core/framework/op.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/public/session.h"
#include "tests/fuzz/op_case_maker.h"

namespace tensorflow {
namespace {

int EnvInt(const char* name, int fallback) {
  const char* env = std::getenv(name);
  return env != nullptr && std::atoi(env) > 0 ? std::atoi(env) : fallback;
}

TEST(OpFuzz, EveryOpEndsInAStatus) {
  tensor_stats::SetLimit(int64_t{256} << 20);
  const int rounds = EnvInt("MINITF_OP_FUZZ_ROUNDS", 12);
  std::mt19937 rng(static_cast<unsigned>(EnvInt("MINITF_OP_FUZZ_SEED", 20261205)));
  fuzzing::OpCaseMaker fuzzer([&rng] { return static_cast<uint64_t>(rng()); });
  int ops_tried = 0, runs = 0, ok_runs = 0;
  std::vector<std::string> names = OpRegistry::Global()->ListOpNames();
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    if (fuzzing::kOpsTouchingFiles.count(name) != 0) continue;
    const OpDef* op_def = nullptr;
    TF_ASSERT_OK(OpRegistry::Global()->LookUpOpDef(name, &op_def));
    bool tried = false;
    for (int r = 0; r < rounds; ++r) {
      GraphDef graph;
      std::vector<std::pair<std::string, Tensor>> feeds;
      int num_outputs = 0;
      if (!fuzzer.Make(*op_def, &graph, &feeds, &num_outputs)) continue;
      tried = true;
      if (std::getenv("MINITF_OP_FUZZ_TRACE") != nullptr) {
        std::fprintf(stderr, "%s round %d\n%s\n", name.c_str(), r, graph.DebugString().c_str());
        for (const auto& [feed, value] : feeds) {
          std::fprintf(stderr, "feed %s = %s\n", feed.c_str(), value.DebugString(8).c_str());
        }
      }
      try {
        bool ran = false;
        const Status s = fuzzing::RunOpCase(graph, feeds, num_outputs, &ran);
        runs += ran;
        ok_runs += ran && s.ok();
      } catch (const std::exception& e) {
        ADD_FAILURE() << name << " round " << r << ": " << e.what() << "\n" << graph.DebugString();
      }
    }
    ops_tried += tried;
  }
  tensor_stats::SetLimit(0);
  EXPECT_GT(ops_tried, 150);
  EXPECT_GT(ok_runs, 0);
  std::printf("op fuzz: %d ops, %d runs (%d OK)\n", ops_tried, runs, ok_runs);
}

}  // namespace
}  // namespace tensorflow
