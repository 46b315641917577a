// Runs golden cases written by tests/golden/generate_*.py (a GraphDef container: one NodeDef
// per case with the op, its attrs, `input_<i>` tensors and TF's `expected_<i>` outputs; an op
// whose one input is a list gets them all as that list, a list among other inputs as many as
// the case's number attr says). All
// cases go into one graph, run at 1, 2 and 4 threads; outputs must have the same bits at
// every thread count. The test decides how to compare with TF's values. A reference input
// (an optimizer's variable and slots) is a Variable assigned the stored value; such a case's
// outputs are its reference inputs' values after the op ran.
#ifndef MINITF_TESTS_OPS_GOLDEN_HARNESS_H_
#define MINITF_TESTS_OPS_GOLDEN_HARNESS_H_

#include <algorithm>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/node_def_util.h"
#include "tensorflow/core/framework/op.h"
#include "tensorflow/core/graph/node_builder.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/tensor_bits.h"

namespace tensorflow {
namespace golden {

inline GraphDef Load(const std::string& file) {
  std::ifstream in(std::string(MINITF_GOLDEN_DIR) + "/" + file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  GraphDef def;
  CHECK(def.ParseFromString(ss.str())) << "cannot read golden file " << file;
  return def;
}

inline bool IsDataAttr(const std::string& k) {
  return absl::StartsWith(k, "input_") || absl::StartsWith(k, "expected_") ||
         absl::StartsWith(k, "exact_") || absl::StartsWith(k, "second_") ||
         absl::StartsWith(k, "threads") || k == "lcg_count";
}

struct Case {
  const NodeDef* def;
  std::vector<Output> outputs;
};

// Input j of a case; `extra` may supply inputs the file does not store (returns true).
typedef std::function<bool(const NodeDef&, int, Tensor*)> ExtraInputs;

inline std::vector<Case> BuildAll(const Scope& root, const GraphDef& golden,
                                  const ExtraInputs& extra = nullptr) {
  std::vector<Case> cases;
  for (const NodeDef& def : golden.node()) {
    Case c{&def, {}};
    NodeBuilder builder(root.GetUniqueNameForOp(def.name()), def.op());
    const OpDef* op_def = nullptr;
    TF_CHECK_OK(OpRegistry::Global()->LookUpOpDef(def.op(), &op_def));
    std::vector<NodeBuilder::NodeOut> inputs;
    std::vector<Output> refs;  // reference inputs, to read after the op
    for (int j = 0;; ++j) {
      Tensor t;
      if (!(extra && extra(def, j, &t)) &&
          !GetNodeAttr(AttrSlice(def), absl::StrCat("input_", j), &t).ok()) {
        break;
      }
      if (j < op_def->input_arg_size() && op_def->input_arg(j).is_ref()) {
        auto var = ops::Variable(root, t.shape(), t.dtype());
        refs.push_back(ops::Assign(root, var, t));
        inputs.push_back(ops::AsNodeOut(root, refs.back()));
        continue;
      }
      inputs.push_back(ops::AsNodeOut(root, Input(t)));
    }
    // An op whose one input is a list (AddN) takes every stored input as that list; a list
    // among other inputs (ConcatV2) takes as many as the case's number attr (N) says.
    if (op_def->input_arg_size() == 1 && !op_def->input_arg(0).number_attr().empty()) {
      builder.Input(inputs);
    } else {
      size_t next = 0;
      for (const auto& arg : op_def->input_arg()) {
        const auto count = def.attr().find(arg.number_attr());
        if (!arg.number_attr().empty() && count != def.attr().end()) {
          const size_t n = static_cast<size_t>(count->second.i());
          CHECK_LE(next + n, inputs.size()) << def.name() << ": too few inputs";
          builder.Input(
              std::vector<NodeBuilder::NodeOut>(inputs.begin() + next, inputs.begin() + next + n));
          next += n;
        } else if (next < inputs.size()) {
          builder.Input(inputs[next++]);
        }
      }
    }
    for (const auto& kv : def.attr()) {
      if (!IsDataAttr(kv.first)) builder.Attr(kv.first, kv.second);
    }
    Node* node;
    TF_CHECK_OK(builder.Finalize(root.graph(), &node));
    for (const Output& ref : refs) {
      c.outputs.push_back(ops::Identity(root.WithControlDependencies({Operation(node)}), ref));
    }
    for (int o = 0; refs.empty() && o < node->num_outputs(); ++o) {
      c.outputs.push_back(Output(node, o));
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

inline std::vector<Tensor> RunAll(const Scope& root, const std::vector<Case>& cases, int threads) {
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

using test::SameBits;  // tests/tensor_bits.h

// Runs every case at 1, 2 and 4 threads (asserting identical bits) and calls
// check(case, output index, minitf's tensor) for the 1-thread results.
inline void RunAndCheck(const GraphDef& golden, const ExtraInputs& extra,
                        const std::function<void(const Case&, int, const Tensor&)>& check) {
  Scope root = Scope::NewRootScope();
  const std::vector<Case> cases = BuildAll(root, golden, extra);
  TF_CHECK_OK(root.status());
  const std::vector<Tensor> one = RunAll(root, cases, 1);
  const std::vector<Tensor> two = RunAll(root, cases, 2);
  const std::vector<Tensor> four = RunAll(root, cases, 4);
  size_t k = 0;
  for (const Case& c : cases) {
    for (size_t o = 0; o < c.outputs.size(); ++o, ++k) {
      ASSERT_TRUE(SameBits(one[k], two[k]) && SameBits(one[k], four[k]))
          << c.def->name() << " " << c.def->op() << " output " << o
          << ": differs between thread counts";
      check(c, static_cast<int>(o), one[k]);
    }
  }
}

// "case12 CropAndResize output 0 (method=\"nearest\", ...)" for failure messages.
inline std::string Describe(const Case& c, int o) {
  std::vector<std::string> attrs;
  for (const auto& kv : c.def->attr()) {
    if (!IsDataAttr(kv.first)) attrs.push_back(kv.first + "=" + SummarizeAttrValue(kv.second));
  }
  std::sort(attrs.begin(), attrs.end());
  return absl::StrCat(c.def->name(), " ", c.def->op(), " output ", o, " (",
                      absl::StrJoin(attrs, ", "), ")");
}

}  // namespace golden
}  // namespace tensorflow

#endif  // MINITF_TESTS_OPS_GOLDEN_HARNESS_H_
