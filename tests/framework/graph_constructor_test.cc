// ImportGraphDef into a graph that already holds nodes: prefix, input_map, control
// dependencies, return tensors and nodes, skip_mapped_nodes, and errors that leave the graph
// unchanged. Expected names, edges and texts are what TF 2.21's ImportGraphDef gives for the
// same calls (a TF program run against the wheel).
#include "tensorflow/core/common_runtime/graph_constructor.h"

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/public/session.h"
#include "tests/graph_def_text.h"

namespace tensorflow {
namespace {

using test::kMulGraph;
using test::ParseGraphDef;

// "name <- src:out src:out ..." for every op node, in id order (TF's _SOURCE control edges
// to nodes without inputs are left out: minitf's graph does not add them).
std::vector<std::string> Edges(const Graph& g) {
  std::vector<std::string> lines;
  for (const Node* n : g.op_nodes()) {
    std::string line = n->name() + " <-";
    for (const Edge* e : n->in_edges()) {
      if (e->src()->IsSource()) continue;
      absl::StrAppend(&line, " ", e->src()->name(), ":", e->src_output());
    }
    lines.push_back(line);
  }
  return lines;
}

void ExpectError(const Status& s, const std::string& message) {
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
  EXPECT_EQ(s.message(), message);
}

TEST(ImportGraphDef, PrefixInputMapControlDependenciesAndResults) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT);
  auto imp = ops::NoOp(root.WithOpName("imp"));
  Graph* g = root.graph();
  ImportGraphDefOptions opts;
  opts.prefix = "im";
  opts.input_map[{"p", 0}] = {"x", 0};
  opts.input_map[{"zz", 0}] = {"x", 0};
  opts.input_map[{"b", 3}] = {"x", 0};
  opts.return_tensors = {{"b", 0}, {"p", 0}};
  opts.return_nodes = {"a"};
  opts.control_dependencies = {"imp"};
  ImportGraphDefResults results;
  TF_ASSERT_OK(ImportGraphDef(opts, ParseGraphDef(kMulGraph), g, nullptr, &results));
  ASSERT_EQ(results.return_tensors.size(), 2u);
  EXPECT_EQ(results.return_tensors[0].first->name(), "im/b");
  EXPECT_EQ(results.return_tensors[0].second, 0);
  EXPECT_EQ(results.return_tensors[1].first->name(), "x");  // mapped
  ASSERT_EQ(results.return_nodes.size(), 1u);
  EXPECT_EQ(results.return_nodes[0]->name(), "im/a");
  ASSERT_EQ(results.missing_unused_input_map_keys.size(), 2u);
  EXPECT_EQ(results.missing_unused_input_map_keys[0].ToString(), "b:3");
  EXPECT_EQ(results.missing_unused_input_map_keys[1].ToString(), "zz:0");
  EXPECT_EQ(Edges(*g), (std::vector<std::string>{"x <-", "imp <-", "im/a <- imp:-1",
                                                 "im/p <- imp:-1", "im/b <- im/a:0 x:0"}));
  // The imported graph runs: im/b = 2 * x.
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({{x, 4.0f}}, {Output(results.return_tensors[0].first, 0)}, &out));
  test::ExpectTensorEqual<float>(out[0], Tensor(8.0f));
}

TEST(ImportGraphDef, SkipMappedNodes) {
  Graph g(OpRegistry::Global());
  TF_ASSERT_OK(
      ImportGraphDef({}, ParseGraphDef(R"(node { name: "x" op: "Placeholder" attr { key: "dtype"
                                           value { type: DT_FLOAT } } })"),
                     &g, nullptr));
  ImportGraphDefOptions opts;
  opts.prefix = "q";
  opts.skip_mapped_nodes = true;
  opts.input_map[{"p", 0}] = {"x", 0};
  opts.return_tensors = {{"p", 0}};
  ImportGraphDefResults results;
  TF_ASSERT_OK(ImportGraphDef(opts, ParseGraphDef(kMulGraph), &g, nullptr, &results));
  EXPECT_EQ(Edges(g), (std::vector<std::string>{"x <-", "q/a <-", "q/b <- q/a:0 x:0"}));
  ASSERT_EQ(results.return_tensors.size(), 1u);
  EXPECT_EQ(results.return_tensors[0].first->name(), "x");
}

TEST(ImportGraphDef, ErrorsLeaveTheGraphUnchanged) {
  Graph g(OpRegistry::Global());
  TF_ASSERT_OK(
      ImportGraphDef({}, ParseGraphDef(R"(node { name: "x" op: "Placeholder" attr { key: "dtype"
                                           value { type: DT_FLOAT } } }
                                           node { name: "imp" op: "NoOp" })"),
                     &g, nullptr));
  const std::vector<std::string> before = Edges(g);
  ImportGraphDefResults results;
  ExpectError(ImportGraphDef({}, ParseGraphDef(R"(node { name: "x" op: "NoOp" })"), &g, nullptr),
              "Node name 'x' already exists in the Graph");
  {
    ImportGraphDefOptions o;
    o.input_map[{"p", 0}] = {"nope", 0};
    ExpectError(ImportGraphDef(o, ParseGraphDef(kMulGraph), &g, nullptr),
                "node 'nope' in input_map does not exist in graph (input_map entry: "
                "p:0->nope:0)");
  }
  {
    ImportGraphDefOptions o;
    o.prefix = "q";
    o.return_tensors = {{"zz", 0}};
    ExpectError(ImportGraphDef(o, ParseGraphDef(kMulGraph), &g, nullptr),
                "results argument to ImportGraphDef() must be non-null if opts.return_tensors "
                "is non-empty");
    ExpectError(ImportGraphDef(o, ParseGraphDef(kMulGraph), &g, nullptr, &results),
                "Requested return tensor 'zz:0' not found in graph def");
    o.return_tensors = {{"b", 4}};
    ExpectError(ImportGraphDef(o, ParseGraphDef(kMulGraph), &g, nullptr, &results),
                "Invalid return output 4 of node 'b', which has 1 output(s)");
    o.return_tensors.clear();
    o.return_nodes = {"zz"};
    ExpectError(ImportGraphDef(o, ParseGraphDef(kMulGraph), &g, nullptr, &results),
                "Requested return node 'zz' not found in graph def");
  }
  {
    ImportGraphDefOptions o;
    o.prefix = "q";
    o.control_dependencies = {"zz"};
    ExpectError(ImportGraphDef(o, ParseGraphDef(kMulGraph), &g, nullptr),
                "node 'zz' in control_dependencies does not exist in graph");
  }
  {
    ImportGraphDefOptions o;
    o.prefix = "q";
    ExpectError(ImportGraphDef(o, ParseGraphDef(R"(node { name: "d" op: "Neg" input: "x" attr {
                                             key: "T" value { type: DT_FLOAT } } })"),
                               &g, nullptr),
                "Node 'd': Unknown input node 'x'");
    o.input_map[{"p", 0}] = {"imp", -1};
    ExpectError(ImportGraphDef(o, ParseGraphDef(kMulGraph), &g, nullptr),
                "input_map entry p:0->^imp between control edge and non-control edge");
    o.input_map[{"p", 0}] = {"x", 4};
    ExpectError(ImportGraphDef(o, ParseGraphDef(kMulGraph), &g, nullptr),
                "Node 'b': Connecting to invalid output 4 of source node x which has 1 outputs.");
  }
  {
    // A shape error comes after the nodes were added; they are taken out again.
    ImportGraphDefOptions o;
    o.prefix = "r2";
    ExpectError(
        ImportGraphDef(o, ParseGraphDef(R"(
          node { name: "c" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
                 attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape {
                 dim { size: 2 } } float_val: 2 float_val: 3 } } } }
          node { name: "m" op: "MatMul" input: "c" input: "c"
                 attr { key: "T" value { type: DT_FLOAT } } })"),
                       &g, nullptr),
        "Shape must be rank 2 but is rank 1 for '{{node r2/m}} = MatMul[T=DT_FLOAT, "
        "grad_a=false, grad_b=false, transpose_a=false, transpose_b=false](r2/c, r2/c)' with "
        "input shapes: [2], [2].");
  }
  EXPECT_EQ(Edges(g), before);
}

// GraphDefs are untrusted: sizes they claim are checked before anything is sized from them
// (reliability issue, "found already": these once wrapped, or allocated gigabytes).
TEST(ImportGraphDef, ClaimedSizesAreCheckedBeforeAllocating) {
  Graph g(OpRegistry::Global());
  // AddN's N of 2^32 + 2 once wrapped to 2 and imported; 2^31 - 1 once reserved 8 GB.
  for (const char* n : {"4294967298", "2147483647"}) {
    Status s = ImportGraphDef(
        {},
        ParseGraphDef(absl::StrCat(R"(node { name: "s" op: "AddN" input: "a" input: "a"
            attr { key: "N" value { i: )",
                                   n, R"( } } attr { key: "T" value { type: DT_FLOAT } } }
            node { name: "a" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } })")),
        &g, nullptr);
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << n << ": " << s;
    EXPECT_NE(s.message().find("N = "), std::string::npos) << s;
  }
  // A Const whose shape claims 2^40 elements with 4 bytes of content, and one claiming 2^60
  // filled from a single value: the import succeeds, as TF's does (the value is parsed when
  // the kernel is made), and the Run is InvalidArgument, nothing allocated from the claim.
  for (const char* value : {R"(tensor_content: "\000\000\000\000")", "float_val: 1"}) {
    for (const char* dim : {"1099511627776", "1152921504606846976"}) {
      std::unique_ptr<Session> session(NewSession(SessionOptions()));
      TF_ASSERT_OK(session->Create(ParseGraphDef(absl::StrCat(R"(node { name: "c" op: "Const"
              attr { key: "dtype" value { type: DT_FLOAT } }
              attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: )",
                                                              dim, " } } ", value, " } } } }"))));
      std::vector<Tensor> out;
      Status s = session->Run({}, {"c:0"}, {}, &out);
      EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << value << " " << dim << ": " << s;
    }
  }
  EXPECT_EQ(g.num_op_nodes(), 0);
}

}  // namespace
}  // namespace tensorflow
