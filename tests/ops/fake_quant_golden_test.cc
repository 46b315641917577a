// The FakeQuant family against TensorFlow 2.21's own outputs (tests/golden/fake_quant.pb,
// written by generate_fake_quant.py with live TF): every num_bits 2..16 with and without
// narrow_range, random and edge inputs, empty and rank-0 tensors, odd ranges.
//   - elementwise outputs: the same bits as TF;
//   - d_min / d_max sums: at least as close to the float64 sum as TF's, and the same bits at
//     1, 2 and 4 threads.
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/node_def_util.h"
#include "tensorflow/core/graph/node_builder.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

GraphDef LoadGolden(const std::string& file) {
  std::ifstream in(std::string(MINITF_GOLDEN_DIR) + "/" + file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  GraphDef def;
  CHECK(def.ParseFromString(ss.str())) << "cannot read golden file " << file;
  return def;
}

// The large case's inputs, by the formula generate_fake_quant.py uses.
void LcgInputs(int64_t n, Tensor* g, Tensor* x) {
  *g = Tensor(DT_FLOAT, TensorShape({n}));
  *x = Tensor(DT_FLOAT, TensorShape({n}));
  for (int64_t i = 0; i < n; ++i) {
    const uint64_t u = static_cast<uint64_t>(i);
    const uint32_t hx = static_cast<uint32_t>(u * 2654435761ull);
    const uint32_t hg = static_cast<uint32_t>(u * 2246822519ull + 374761393ull);
    x->flat<float>()(i) = static_cast<float>(hx >> 8) * std::ldexp(1.0f, -20) - 8.0f;
    g->flat<float>()(i) = static_cast<float>(hg >> 8) * std::ldexp(1.0f, -21) - 4.0f;
  }
}

uint64_t Fnv1a64(const Tensor& t) {
  uint64_t h = 0xcbf29ce484222325ull;
  absl::string_view bytes = t.tensor_data();
  for (unsigned char b : bytes) h = (h ^ b) * 0x100000001b3ull;
  return h;
}

struct Case {
  const NodeDef* def;
  std::vector<Output> outputs;
};

// One graph with every case: Consts for the inputs, then the op.
std::vector<Case> BuildAll(const Scope& root, const GraphDef& golden) {
  std::vector<Case> cases;
  for (const NodeDef& def : golden.node()) {
    Case c{&def, {}};
    std::vector<NodeBuilder::NodeOut> inputs;
    int64_t lcg = 0;
    TryGetNodeAttr(AttrSlice(def), "lcg_count", &lcg);
    Tensor lcg_g, lcg_x;
    if (lcg > 0) LcgInputs(lcg, &lcg_g, &lcg_x);
    for (int j = 0;; ++j) {
      Tensor t;
      if (lcg > 0 && j < 2) {
        t = j == 0 ? lcg_g : lcg_x;
      } else if (!GetNodeAttr(AttrSlice(def), absl::StrCat("input_", j), &t).ok()) {
        break;
      }
      inputs.push_back(ops::AsNodeOut(root, Input(t)));
    }
    NodeBuilder builder(root.GetUniqueNameForOp(def.name()), def.op());
    for (const auto& in : inputs) builder.Input(in);
    for (const auto& kv : def.attr()) {
      const std::string& k = kv.first;
      if (absl::StartsWith(k, "input_") || absl::StartsWith(k, "expected_") ||
          absl::StartsWith(k, "exact_") || k == "lcg_count") {
        continue;
      }
      builder.Attr(k, kv.second);
    }
    Node* node;
    TF_CHECK_OK(builder.Finalize(root.graph(), &node));
    for (int o = 0; o < node->num_outputs(); ++o) c.outputs.push_back(Output(node, o));
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<Tensor> RunAll(const Scope& root, const std::vector<Case>& cases, int threads) {
  std::vector<Output> fetches;
  for (const Case& c : cases) fetches.insert(fetches.end(), c.outputs.begin(), c.outputs.end());
  SessionOptions options;
  options.config.set_intra_op_parallelism_threads(threads);
  options.config.set_inter_op_parallelism_threads(threads);
  ClientSession session(root, options);
  std::vector<Tensor> out;
  TF_CHECK_OK(session.Run(fetches, &out));
  return out;
}

bool SameBits(const Tensor& a, const Tensor& b) {
  return a.dtype() == b.dtype() && a.shape() == b.shape() && a.tensor_data() == b.tensor_data();
}

TEST(FakeQuantGoldenTest, MatchesTensorFlow) {
  const GraphDef golden = LoadGolden("fake_quant.pb");
  ASSERT_GT(golden.node_size(), 1000);
  Scope root = Scope::NewRootScope();
  const std::vector<Case> cases = BuildAll(root, golden);
  TF_ASSERT_OK(root.status());
  const std::vector<Tensor> one = RunAll(root, cases, 1);
  const std::vector<Tensor> two = RunAll(root, cases, 2);
  const std::vector<Tensor> four = RunAll(root, cases, 4);
  size_t k = 0;
  int elementwise = 0, sums = 0, failures = 0;
  for (const Case& c : cases) {
    const AttrSlice attrs(*c.def);
    for (size_t o = 0; o < c.outputs.size(); ++o, ++k) {
      const std::string where = absl::StrCat(c.def->name(), " ", c.def->op(), " output ", o,
                                             " (", attrs.SummarizeNode().substr(0, 200), ")");
      ASSERT_TRUE(SameBits(one[k], two[k]) && SameBits(one[k], four[k]))
          << where << ": differs between thread counts";
      int64_t hash;
      if (GetNodeAttr(attrs, absl::StrCat("expected_", o, "_fnv1a64"), &hash).ok()) {
        EXPECT_EQ(Fnv1a64(one[k]), static_cast<uint64_t>(hash)) << where;
        ++elementwise;
        continue;
      }
      Tensor expected, exact;
      TF_ASSERT_OK(GetNodeAttr(attrs, absl::StrCat("expected_", o), &expected));
      if (!GetNodeAttr(attrs, absl::StrCat("exact_", o), &exact).ok()) {
        ++elementwise;
        if (!SameBits(one[k], expected)) {
          ++failures;
          ADD_FAILURE() << where << ":\n  minitf " << one[k].SummarizeValue(30)
                        << "\n  TF     " << expected.SummarizeValue(30);
        }
        continue;
      }
      ++sums;
      ASSERT_EQ(one[k].shape(), expected.shape()) << where;
      auto mine = one[k].flat<float>();
      auto tf = expected.flat<float>();
      auto ref = exact.flat<double>();
      for (int64_t i = 0; i < mine.size(); ++i) {
        if (mine(i) == tf(i)) continue;  // TF's own value (infinities included)
        if (std::isnan(tf(i)) || std::isnan(ref(i))) {
          EXPECT_TRUE(std::isnan(mine(i))) << where << " [" << i << "]";
          continue;
        }
        const double my_err = std::fabs(static_cast<double>(mine(i)) - ref(i));
        const double tf_err = std::fabs(static_cast<double>(tf(i)) - ref(i));
        const double ulp = std::fabs(std::nextafter(mine(i), INFINITY) - mine(i));
        EXPECT_LE(my_err, std::max(tf_err, 0.5 * ulp)) << where << " [" << i << "]: minitf "
                                                       << mine(i) << ", TF " << tf(i)
                                                       << ", exact " << ref(i);
      }
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(elementwise, 3000);
  EXPECT_GT(sums, 500);
}

}  // namespace
}  // namespace tensorflow
