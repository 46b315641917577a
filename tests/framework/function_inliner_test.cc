// Inlining PartitionedCall / StatefulPartitionedCall nodes of a GraphDef (the graphs TF 2
// saves call their bodies through the function library). Expected values are the arithmetic
// the function bodies spell out.
#include "framework/function_inliner.h"

#include "gtest/gtest.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/public/session.h"
#include "tests/graph_def_text.h"

namespace tensorflow {
namespace {

using test::ParseGraphDef;

// mul(x, y) = x * y (its Mul's output arg is "z"); twice(x) = mul(x, x) + x, calling mul.
const char kLibrary[] = R"(
library {
  function {
    signature { name: "mul" input_arg { name: "x" type: DT_FLOAT }
                input_arg { name: "y" type: DT_FLOAT } output_arg { name: "out" type: DT_FLOAT } }
    node_def { name: "m" op: "Mul" input: "x" input: "y" attr { key: "T" value { type: DT_FLOAT } } }
    ret { key: "out" value: "m:z:0" }
  }
  function {
    signature { name: "twice" input_arg { name: "x" type: DT_FLOAT }
                output_arg { name: "sq" type: DT_FLOAT } output_arg { name: "sum" type: DT_FLOAT } }
    node_def { name: "call" op: "StatefulPartitionedCall" input: "x" input: "x"
               attr { key: "f" value { func { name: "mul" } } } }
    node_def { name: "add" op: "AddV2" input: "call:output:0" input: "x"
               attr { key: "T" value { type: DT_FLOAT } } }
    ret { key: "sq" value: "call:output:0" }
    ret { key: "sum" value: "add:z:0" }
  }
  function {
    signature { name: "loop" input_arg { name: "x" type: DT_FLOAT }
                output_arg { name: "y" type: DT_FLOAT } }
    node_def { name: "again" op: "PartitionedCall" input: "x"
               attr { key: "f" value { func { name: "loop" } } } }
    ret { key: "y" value: "again:output:0" }
  }
})";

const char kGraph[] = R"(
node { name: "p" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
node { name: "c" op: "StatefulPartitionedCall" input: "p"
       attr { key: "f" value { func { name: "twice" } } } }
node { name: "neg" op: "Neg" input: "c:1" attr { key: "T" value { type: DT_FLOAT } } }
node { name: "unused" op: "PartitionedCall" input: "p"
       attr { key: "f" value { func { name: "missing" } } } }
)";

TEST(FunctionInliner, InlinesNestedCallsAndKeepsTheCallsNames) {
  GraphDef graph = ParseGraphDef(std::string(kGraph) + kLibrary);
  // Pruned to what "neg" and "c:0" need: the unused call (to a missing function) goes.
  TF_ASSERT_OK(InlineFunctionCalls({"neg", "c:0"}, &graph));
  EXPECT_EQ(graph.library().function_size(), 0);
  for (const NodeDef& n : graph.node()) {
    EXPECT_NE(n.op(), "StatefulPartitionedCall") << n.name();
    EXPECT_NE(n.name(), "unused");
  }
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  TF_ASSERT_OK(session->Create(graph));
  std::vector<Tensor> out;
  TF_ASSERT_OK(session->Run({{"p", Tensor(3.0f)}}, {"c:0", "c:1", "neg", "c/call"}, {}, &out));
  test::ExpectTensorEqual<float>(out[0], Tensor(9.0f));   // 3 * 3
  test::ExpectTensorEqual<float>(out[1], Tensor(12.0f));  // 3 * 3 + 3
  test::ExpectTensorEqual<float>(out[2], Tensor(-12.0f));
  test::ExpectTensorEqual<float>(out[3], Tensor(9.0f));  // the nested call's own outputs
}

TEST(FunctionInliner, BadCallsAreErrorsNamingTheNode) {
  auto inline_error = [](const std::string& graph_text, const std::vector<std::string>& roots) {
    GraphDef graph = ParseGraphDef(graph_text + kLibrary);
    return InlineFunctionCalls(roots, &graph);
  };
  Status s = inline_error(kGraph, {});  // keeps "unused"
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(),
            "Node 'unused' calls function 'missing', which is not in the graph's function "
            "library");
  s = inline_error(R"(node { name: "p" op: "Placeholder" attr { key: "dtype" value { type:
                      DT_FLOAT } } }
                      node { name: "c" op: "PartitionedCall" input: "p" input: "p"
                      attr { key: "f" value { func { name: "twice" } } } })",
                   {});
  EXPECT_EQ(s.message(), "Node 'c' passes 2 inputs to function 'twice', which takes 1");
  s = inline_error(R"(node { name: "p" op: "Placeholder" attr { key: "dtype" value { type:
                      DT_FLOAT } } }
                      node { name: "c" op: "PartitionedCall" input: "p"
                      attr { key: "f" value { func { name: "loop" } } } })",
                   {});
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "Function calls nest more than 64 deep (a function that calls itself?)");
  s = inline_error(R"(node { name: "c" op: "PartitionedCall" })", {});
  EXPECT_EQ(s.message(), "Node 'c' (PartitionedCall) has no function attr 'f'");
}

}  // namespace
}  // namespace tensorflow
