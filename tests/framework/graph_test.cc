// Graph, Node, Edge, NodeBuilder, GetNodeAttr and GraphDef import/export.
#include "tensorflow/core/graph/graph.h"

#include "framework/graph_constructor.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/node_def_util.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/graph/node_builder.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

TEST(GraphTest, StartsWithSourceAndSink) {
  Graph g(OpRegistry::Global());
  EXPECT_EQ(g.num_nodes(), 2);
  EXPECT_EQ(g.num_op_nodes(), 0);
  EXPECT_EQ(g.num_edges(), 1);
  EXPECT_TRUE(g.source_node()->IsSource());
  EXPECT_TRUE(g.sink_node()->IsSink());
  EXPECT_EQ(g.source_node()->name(), "_SOURCE");
  EXPECT_EQ(g.versions().producer(), TF_GRAPH_DEF_VERSION);
  GraphDef def;
  g.ToGraphDef(&def);
  EXPECT_EQ(def.node_size(), 0);
  EXPECT_TRUE(def.has_library());  // always present, as TF writes it
  EXPECT_EQ(def.versions().producer(), 2474);
}

TEST(GraphTest, NodesEdgesAndRemoval) {
  Graph g(OpRegistry::Global());
  Node *a, *b, *c;
  TF_ASSERT_OK(NodeBuilder("a", "Placeholder").Attr("dtype", DT_FLOAT).Finalize(&g, &a));
  TF_ASSERT_OK(NodeBuilder("b", "Identity").Input(a).Finalize(&g, &b));
  TF_ASSERT_OK(NodeBuilder("c", "NoOp").ControlInput(b).ControlInput(a).Finalize(&g, &c));
  EXPECT_EQ(g.num_op_nodes(), 3);
  EXPECT_EQ(b->num_inputs(), 1);
  EXPECT_EQ(b->input_type(0), DT_FLOAT);
  EXPECT_EQ(b->output_types().size(), 1u);
  const Edge* e;
  TF_ASSERT_OK(b->input_edge(0, &e));
  EXPECT_EQ(e->src(), a);
  EXPECT_FALSE(e->IsControlEdge());
  EXPECT_EQ(a->out_edges().size(), 2u);
  EXPECT_EQ(c->in_nodes().size(), 2u);
  EXPECT_EQ(g.AddControlEdge(a, c), nullptr);  // duplicate is not added
  std::vector<const Edge*> inputs;
  TF_ASSERT_OK(b->input_edges(&inputs));
  EXPECT_EQ(inputs.size(), 1u);
  EXPECT_FALSE(b->input_edge(1, &e).ok());
  GraphDef def;
  g.ToGraphDef(&def);
  EXPECT_EQ(def.node(2).input(0), "^a");
  EXPECT_EQ(def.node(2).input(1), "^b");
  g.RemoveNode(b);
  EXPECT_EQ(g.FindNodeId(3), nullptr);
  EXPECT_EQ(g.num_op_nodes(), 2);
  EXPECT_EQ(g.num_node_ids(), 5);
  g.ToGraphDef(&def);
  EXPECT_EQ(def.node_size(), 2);
  EXPECT_EQ(def.node(1).input_size(), 1);
  GraphDef tail;
  g.ToGraphDefSubRange(&tail, 4);
  ASSERT_EQ(tail.node_size(), 1);
  EXPECT_EQ(tail.node(0).name(), "c");
  EXPECT_EQ(g.NewName("x"), "x/_0");
}

TEST(NodeBuilderTest, InfersTypeAttrsAndAddsDefaults) {
  Graph g(OpRegistry::Global());
  Node *p, *id;
  TF_ASSERT_OK(NodeBuilder("p", "Placeholder").Attr("dtype", DT_INT64).Finalize(&g, &p));
  TF_ASSERT_OK(NodeBuilder("id", "Identity").Input(p).Finalize(&g, &id));
  DataType t;
  TF_ASSERT_OK(GetNodeAttr(id->attrs(), "T", &t));
  EXPECT_EQ(t, DT_INT64);
  EXPECT_TRUE(HasNodeAttr(p->def(), "shape"));  // default filled in
}

TEST(NodeBuilderTest, ErrorsUseTFsWordingAndNameTheNode) {
  Graph g(OpRegistry::Global());
  Node *p, *n;
  TF_ASSERT_OK(NodeBuilder("p", "Placeholder").Attr("dtype", DT_FLOAT).Finalize(&g, &p));

  Status s = NodeBuilder("x", "Identity").Input(p).Attr("T", DT_INT32).Finalize(&g, &n);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(s.message(),
            "Inconsistent values for attr 'T' DT_FLOAT vs. DT_INT32 while building NodeDef "
            "'x' using Op<name=Identity; signature=input:T -> output:T; attr=T:type>");

  s = NodeBuilder("y", "Placeholder").Finalize(&g, &n);
  EXPECT_EQ(s.message(),
            "NodeDef missing attr 'dtype' from Op<name=Placeholder; signature= -> "
            "output:dtype; attr=dtype:type; attr=shape:shape,default=<unknown>>; NodeDef: "
            "{{node y}}");

  s = NodeBuilder("z", "Placeholder").Attr("dtype", DT_FLOAT).Attr("bogus", 1).Finalize(&g, &n);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_NE(s.message().find("NodeDef mentions attr 'bogus' not in Op<name=Placeholder"),
            absl::string_view::npos);
  EXPECT_NE(s.message().find("{{node z}}"), absl::string_view::npos);

  s = NodeBuilder("w", "Placeholder").Attr("dtype", 3.5f).Finalize(&g, &n);
  EXPECT_NE(s.message().find("AttrValue had value with type 'float' when 'type' expected\n\t for "
                             "attr 'dtype'; NodeDef: {{node w}}"),
            absl::string_view::npos);

  s = NodeBuilder("u", "NoSuchOp").Finalize(&g, &n);
  EXPECT_EQ(s.code(), error::NOT_FOUND);
  EXPECT_NE(s.message().find("Op type not registered 'NoSuchOp'"), absl::string_view::npos);

  s = NodeBuilder("v", "Identity").Input(p, 3).Finalize(&g, &n);
  EXPECT_NE(s.message().find("Connecting to invalid output 3 of source node p"),
            absl::string_view::npos);

  s = NodeBuilder("v", "Identity").Finalize(&g, &n);
  EXPECT_NE(s.message().find("0 inputs specified of 1 inputs in Op"), absl::string_view::npos);

  Graph other(OpRegistry::Global());
  s = NodeBuilder("v", "Identity").Input(p).Finalize(&other, &n);
  EXPECT_NE(s.message().find("is not in this graph"), absl::string_view::npos);
  EXPECT_EQ(g.num_op_nodes(), 1);  // nothing was added by the failures
  EXPECT_EQ(other.num_op_nodes(), 0);
}

TEST(GetNodeAttrTest, EveryKind) {
  NodeDef def;
  def.set_name("n");
  AddNodeAttr("s", "hello", &def);
  AddNodeAttr("i", int64_t{7}, &def);
  AddNodeAttr("f", 1.5f, &def);
  AddNodeAttr("b", true, &def);
  AddNodeAttr("t", DT_HALF, &def);
  AddNodeAttr("shape", PartialTensorShape({-1, 2}), &def);
  AddNodeAttr("fshape", TensorShape({3}), &def);
  AddNodeAttr("tensor", test::AsTensor<int32_t>({1, 2}), &def);
  AddNodeAttr("ls", std::vector<std::string>{"a", "b"}, &def);
  AddNodeAttr("li", std::vector<int64_t>{1, 2, 3}, &def);
  AddNodeAttr("lf", std::vector<float>{0.5f}, &def);
  AddNodeAttr("lb", std::vector<bool>{true, false}, &def);
  AddNodeAttr("lt", std::vector<DataType>{DT_FLOAT, DT_INT32}, &def);
  AddNodeAttr("lshape", std::vector<TensorShape>{TensorShape({1}), TensorShape({})}, &def);
  AddNodeAttr("ltensor", std::vector<Tensor>{Tensor(1.f)}, &def);
  AddNodeAttr("empty", std::vector<int64_t>{}, &def);
  AttrSlice attrs(def);

  std::string s;
  TF_EXPECT_OK(GetNodeAttr(attrs, "s", &s));
  EXPECT_EQ(s, "hello");
  int64_t i;
  TF_EXPECT_OK(GetNodeAttr(attrs, "i", &i));
  EXPECT_EQ(i, 7);
  int32_t i32;
  TF_EXPECT_OK(GetNodeAttr(attrs, "i", &i32));
  EXPECT_EQ(i32, 7);
  float f;
  TF_EXPECT_OK(GetNodeAttr(attrs, "f", &f));
  EXPECT_EQ(f, 1.5f);
  bool b;
  TF_EXPECT_OK(GetNodeAttr(attrs, "b", &b));
  EXPECT_TRUE(b);
  DataType t;
  TF_EXPECT_OK(GetNodeAttr(attrs, "t", &t));
  EXPECT_EQ(t, DT_HALF);
  PartialTensorShape ps;
  TF_EXPECT_OK(GetNodeAttr(attrs, "shape", &ps));
  EXPECT_EQ(ps.DebugString(), "[?,2]");
  TensorShape ts;
  TF_EXPECT_OK(GetNodeAttr(attrs, "fshape", &ts));
  EXPECT_EQ(ts.DebugString(), "[3]");
  EXPECT_FALSE(GetNodeAttr(attrs, "shape", &ts).ok());  // unknown dim is not a TensorShape
  TensorShapeProto tsp;
  TF_EXPECT_OK(GetNodeAttr(attrs, "shape", &tsp));
  Tensor tensor;
  TF_EXPECT_OK(GetNodeAttr(attrs, "tensor", &tensor));
  test::ExpectTensorEqual<int32_t>(tensor, test::AsTensor<int32_t>({1, 2}));
  const TensorProto* tp;
  TF_EXPECT_OK(GetNodeAttr(attrs, "tensor", &tp));
  EXPECT_EQ(tp->dtype(), DT_INT32);
  std::vector<std::string> ls;
  TF_EXPECT_OK(GetNodeAttr(attrs, "ls", &ls));
  EXPECT_EQ(ls, (std::vector<std::string>{"a", "b"}));
  std::vector<int64_t> li;
  TF_EXPECT_OK(GetNodeAttr(attrs, "li", &li));
  EXPECT_EQ(li, (std::vector<int64_t>{1, 2, 3}));
  std::vector<int32_t> li32;
  TF_EXPECT_OK(GetNodeAttr(attrs, "li", &li32));
  EXPECT_EQ(li32.size(), 3u);
  std::vector<float> lf;
  TF_EXPECT_OK(GetNodeAttr(attrs, "lf", &lf));
  EXPECT_EQ(lf, std::vector<float>{0.5f});
  std::vector<bool> lb;
  TF_EXPECT_OK(GetNodeAttr(attrs, "lb", &lb));
  EXPECT_EQ(lb, (std::vector<bool>{true, false}));
  DataTypeVector lt;
  TF_EXPECT_OK(GetNodeAttr(attrs, "lt", &lt));
  EXPECT_EQ(lt.size(), 2u);
  std::vector<TensorShape> lshape;
  TF_EXPECT_OK(GetNodeAttr(attrs, "lshape", &lshape));
  EXPECT_EQ(lshape[1].dims(), 0);
  std::vector<PartialTensorShape> lpshape;
  TF_EXPECT_OK(GetNodeAttr(attrs, "lshape", &lpshape));
  std::vector<Tensor> ltensor;
  TF_EXPECT_OK(GetNodeAttr(attrs, "ltensor", &ltensor));
  EXPECT_EQ(ltensor[0].scalar<float>()(), 1.f);
  std::vector<int64_t> empty;
  TF_EXPECT_OK(GetNodeAttr(attrs, "empty", &empty));  // an empty list fits any list type
  std::vector<std::string> empty_s;
  TF_EXPECT_OK(GetNodeAttr(attrs, "empty", &empty_s));

  Status missing = GetNodeAttr(attrs, "nope", &i);
  EXPECT_EQ(missing.code(), error::NOT_FOUND);
  EXPECT_NE(missing.message().find("No attr named 'nope' in NodeDef"), absl::string_view::npos);
  Status wrong = GetNodeAttr(attrs, "s", &i);
  EXPECT_EQ(wrong.code(), error::INVALID_ARGUMENT);
  EXPECT_NE(wrong.message().find("AttrValue had value with type 'string' when 'int' expected"),
            absl::string_view::npos);
  EXPECT_TRUE(TryGetNodeAttr(attrs, "i", &i));
  EXPECT_FALSE(TryGetNodeAttr(attrs, "s", &i));
}

TEST(GraphConstructorTest, ImportsAnyOrderAndRejectsBadGraphs) {
  GraphDef def;
  NodeDef* id = def.add_node();
  id->set_name("id");
  id->set_op("Identity");
  id->add_input("p");
  id->add_input("^c");
  AddNodeAttr("T", DT_FLOAT, id);
  NodeDef* p = def.add_node();
  p->set_name("p");
  p->set_op("Placeholder");
  AddNodeAttr("dtype", DT_FLOAT, p);
  NodeDef* c = def.add_node();
  c->set_name("c");
  c->set_op("Const");
  AddNodeAttr("dtype", DT_INT32, c);
  AddNodeAttr("value", Tensor(5), c);
  Graph g(OpRegistry::Global());
  TF_ASSERT_OK(ConvertGraphDefToGraph(GraphConstructorOptions(), def, &g));
  EXPECT_EQ(g.num_op_nodes(), 3);
  EXPECT_EQ(g.FindNodeId(4)->output_shape(0).DebugString(), "[]");

  GraphDef bad = def;
  bad.mutable_node(0)->set_input(0, "missing");
  Graph g2(OpRegistry::Global());
  Status s = ConvertGraphDefToGraph(GraphConstructorOptions(), bad, &g2);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(g2.num_op_nodes(), 0);

  GraphDef cycle;
  NodeDef* x = cycle.add_node();
  x->set_name("x");
  x->set_op("Identity");
  x->add_input("y");
  AddNodeAttr("T", DT_FLOAT, x);
  NodeDef* y = cycle.add_node();
  y->set_name("y");
  y->set_op("Identity");
  y->add_input("x");
  AddNodeAttr("T", DT_FLOAT, y);
  EXPECT_EQ(ConvertGraphDefToGraph(GraphConstructorOptions(), cycle, &g2).message(),
            "2 nodes in a cycle");  // TF's text

  GraphDef mistyped = def;
  AddNodeAttr("T", DT_INT32, mistyped.mutable_node(0));
  EXPECT_NE(ConvertGraphDefToGraph(GraphConstructorOptions(), mistyped, &g2)
                .message()
                .find("incompatible with expected int32"),
            absl::string_view::npos);
}

}  // namespace
}  // namespace tensorflow

namespace tensorflow {
namespace {

// TF 2.21's Node::def() after building lists the inputs: data inputs by index, then control
// inputs in the order given (y below: {"x", "^x"}, read from TF).
TEST(NodeDefInputs, BuiltNodesCarryTheirInputs) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT);
  auto y = ops::Identity(root.WithOpName("y").WithControlDependencies(x.output), x);
  auto split = ops::Split(root.WithOpName("s"), 0, ops::Const(root, {1.f, 2.f}), 2);
  auto sum = ops::AddN(root.WithOpName("n"), std::vector<Output>{split[1], split[0], y});
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(
      std::vector<std::string>(y.node()->def().input().begin(), y.node()->def().input().end()),
      (std::vector<std::string>{"x", "^x"}));
  EXPECT_EQ(
      std::vector<std::string>(sum.node()->def().input().begin(), sum.node()->def().input().end()),
      (std::vector<std::string>{"s:1", "s", "y"}));
  // A control edge added later shows up too, and goes away with the edge.
  const Edge* e = root.graph()->AddControlEdge(split[0].node(), y.node());
  EXPECT_EQ(y.node()->def().input_size(), 3);
  EXPECT_EQ(y.node()->def().input(2), "^s");
  root.graph()->RemoveEdge(e);
  EXPECT_EQ(y.node()->def().input_size(), 2);
}

}  // namespace
}  // namespace tensorflow
