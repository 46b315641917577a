// Scope naming, status and attribute behaviour, as TF's scope_test.cc asserts it.
#include "tensorflow/cc/framework/scope.h"

#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/node_def_util.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

TEST(ScopeTest, BasicNames) {
  Scope root = Scope::NewRootScope();
  EXPECT_EQ(root.GetUniqueNameForOp("add"), "add");
  EXPECT_EQ(root.GetUniqueNameForOp("add"), "add_1");
  EXPECT_EQ(root.GetUniqueNameForOp("add"), "add_2");
  EXPECT_EQ(root.GetUniqueNameForOp("mul"), "mul");
}

TEST(ScopeTest, OpAndScopeNameCollision) {
  Scope root = Scope::NewRootScope();
  EXPECT_EQ(root.GetUniqueNameForOp("foo"), "foo");
  EXPECT_EQ(root.GetUniqueNameForOp("foo"), "foo_1");
  EXPECT_EQ(root.GetUniqueNameForOp("foo_1"), "foo_1_1");
  EXPECT_EQ(root.GetUniqueNameForOp("foo_2"), "foo_2");
  EXPECT_EQ(root.GetUniqueNameForOp("foo"), "foo_3");
  EXPECT_EQ(root.GetUniqueNameForOp("foo_2"), "foo_2_1");
}

TEST(ScopeTest, HierarchicalNames) {
  Scope root = Scope::NewRootScope();
  Scope child = root.NewSubScope("child");
  EXPECT_EQ(child.GetUniqueNameForOp("add"), "child/add");
  EXPECT_EQ(child.GetUniqueNameForOp("add"), "child/add_1");
  EXPECT_EQ(child.GetUniqueNameForOp("mul"), "child/mul");

  Scope child_1 = root.NewSubScope("child");
  EXPECT_EQ(child_1.GetUniqueNameForOp("add"), "child_1/add");
  EXPECT_EQ(child_1.GetUniqueNameForOp("add"), "child_1/add_1");
  EXPECT_EQ(child_1.GetUniqueNameForOp("mul"), "child_1/mul");

  Scope c_c = root.NewSubScope("c").NewSubScope("c");
  EXPECT_EQ(c_c.GetUniqueNameForOp("add"), "c/c/add");

  Scope c_1 = root.NewSubScope("c");
  Scope c_1_c = c_1.NewSubScope("c");
  EXPECT_EQ(c_1_c.GetUniqueNameForOp("add"), "c_1/c/add");
  Scope c_1_c_1 = c_1.NewSubScope("c");
  EXPECT_EQ(c_1_c_1.GetUniqueNameForOp("add"), "c_1/c_1/add");

  EXPECT_EQ(root.NewSubScope("").NewSubScope("").GetUniqueNameForOp("d"), "d");
  EXPECT_EQ(root.NewSubScope("").GetUniqueNameForOp("d"), "d_1");
  EXPECT_EQ(root.GetUniqueNameForOp("d"), "d_2");
}

TEST(ScopeTest, ScopeAndOpNames) {
  Scope root = Scope::NewRootScope();
  Scope child = root.NewSubScope("child");
  EXPECT_EQ(child.GetUniqueNameForOp("add"), "child/add");
  EXPECT_EQ(root.GetUniqueNameForOp("child"), "child_1");
  EXPECT_EQ(root.NewSubScope("child").GetUniqueNameForOp("p"), "child_2/p");
}

std::string LastOp(const Scope& scope) { return scope.GetUniqueNameForOp("Last"); }

std::vector<std::string> AnotherCompositeOp(const Scope& scope) {
  auto cop = scope.GetCompositeOpScopes("another_cop");
  const std::string c1 = cop.child.GetUniqueNameForOp("c1");
  const std::string c2 = cop.child.GetUniqueNameForOp("mul");
  return {c1, c2, LastOp(cop.last)};
}

std::vector<std::string> LinearOp(const Scope& scope) {
  auto cop = scope.GetCompositeOpScopes("linear");
  Scope linear = cop.child;
  const std::string mul = linear.GetUniqueNameForOp("mul");
  const std::string bias_add = linear.GetUniqueNameForOp("bias_add");
  auto inner = AnotherCompositeOp(cop.last);
  return {mul, bias_add, inner[0], inner[1], inner[2]};
}

TEST(ScopeTest, CompositeOp) {
  Scope root = Scope::NewRootScope();
  EXPECT_EQ(LinearOp(root), (std::vector<std::string>{"linear/mul", "linear/bias_add", "linear/c1",
                                                      "linear/mul_1", "linear"}));
  EXPECT_EQ(root.GetUniqueNameForOp("linear"), "linear_1");
  EXPECT_EQ(LinearOp(root),
            (std::vector<std::string>{"linear_2/mul", "linear_2/bias_add", "linear_2/c1",
                                      "linear_2/mul_1", "linear_2"}));
  EXPECT_EQ(LinearOp(root.WithOpName("c")),
            (std::vector<std::string>{"c/mul", "c/bias_add", "c/c1", "c/mul_1", "c"}));
  TF_EXPECT_OK(root.status());
}

TEST(ScopeTest, CompositeOpNeedsAName) {
  Scope root = Scope::NewRootScope();
  root.GetCompositeOpScopes("");
  EXPECT_EQ(root.status().code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(root.status().message(), "Cannot create composite op scopes with empty name");
}

TEST(ScopeTest, SingleUseScope) {
  Scope root = Scope::NewRootScope();
  auto cop = root.GetCompositeOpScopes("cop");
  EXPECT_EQ(cop.last.GetUniqueNameForOp("foo"), "cop");
  cop.last.GetUniqueNameForOp("foo");
  EXPECT_FALSE(cop.last.ok());
  EXPECT_EQ(root.status().message(), "Cannot get a unique name in this scope");
}

TEST(ScopeTest, SingleUseScopeRejectsOpName) {
  Scope root = Scope::NewRootScope();
  auto cop = root.GetCompositeOpScopes("cop");
  cop.last.WithOpName("x");
  EXPECT_EQ(root.status().message(), "Cannot set op name x on this scope");
}

TEST(ScopeTest, ControlDeps) {
  Scope root = Scope::NewRootScope();
  Scope c = root.WithControlDependencies({Operation(), Operation()});
  EXPECT_EQ(c.control_deps().size(), 2u);
  Scope c_c = c.WithControlDependencies({Operation()});
  EXPECT_EQ(c_c.control_deps().size(), 3u);
  EXPECT_EQ(c_c.WithNoControlDependencies().control_deps().size(), 0u);
  EXPECT_EQ(root.control_deps().size(), 0u);  // With* never changes the original
}

TEST(ScopeTest, ControlDepsBecomeControlEdges) {
  Scope root = Scope::NewRootScope();
  auto a = ops::Const(root.WithOpName("a"), 1);
  auto b = ops::Const(root.WithOpName("b"), 2);
  auto n = ops::NoOp(root.WithOpName("n").WithControlDependencies({b.op(), a.op()}));
  auto m = ops::Identity(root.WithOpName("m").WithControlDependencies(a), b);
  TF_ASSERT_OK(root.status());
  int controls = 0;
  for (const Edge* e : n.operation.node()->in_edges()) controls += e->IsControlEdge();
  EXPECT_EQ(controls, 2);
  GraphDef def;
  TF_ASSERT_OK(root.ToGraphDef(&def));
  ASSERT_EQ(def.node_size(), 4);
  EXPECT_EQ(def.node(2).name(), "n");
  ASSERT_EQ(def.node(2).input_size(), 2);
  EXPECT_EQ(def.node(2).input(0), "^a");  // sorted by name
  EXPECT_EQ(def.node(2).input(1), "^b");
  ASSERT_EQ(def.node(3).input_size(), 2);
  EXPECT_EQ(def.node(3).input(0), "b");  // data inputs first
  EXPECT_EQ(def.node(3).input(1), "^a");
}

TEST(ScopeTest, CreateOutputWithIdentity) {
  Scope root = Scope::NewRootScope();
  Output a = ops::Placeholder(root.WithOpName("a"), DT_FLOAT);
  Output id;
  TF_ASSERT_OK(CreateOutputWithScope("Identity", {a}, root.WithOpName("id"), &id));
  EXPECT_EQ(id.node()->name(), "id");
  EXPECT_EQ(id.node()->type_string(), "Identity");
  EXPECT_EQ(id.type(), DT_FLOAT);
}

TEST(ScopeTest, FirstErrorSticksAndLaterOpsDoNothing) {
  Scope root = Scope::NewRootScope();
  root.UpdateStatus(errors::InvalidArgument("first"));
  root.UpdateStatus(errors::Internal("second"));
  EXPECT_EQ(root.status().message(), "first");
  const int before = root.graph()->num_nodes();
  auto c = ops::Const(root, 1);
  auto id = ops::Identity(root, c);
  EXPECT_EQ(root.graph()->num_nodes(), before);
  EXPECT_EQ(c.node(), nullptr);
  EXPECT_EQ(id.node(), nullptr);
  GraphDef def;
  EXPECT_EQ(root.ToGraphDef(&def).message(), "first");
}

TEST(ScopeTest, StatusIsSharedByDerivedScopes) {
  Scope root = Scope::NewRootScope();
  Scope child = root.NewSubScope("child").WithDevice("/cpu:0");
  child.UpdateStatus(errors::NotFound("x"));
  EXPECT_FALSE(root.ok());
  EXPECT_TRUE(errors::IsNotFound(root.status()));
}

TEST(ScopeDeathTest, ExitOnError) {
  Scope root = Scope::NewRootScope().ExitOnError();
  EXPECT_DEATH(root.UpdateStatus(errors::InvalidArgument("fatal here")), "fatal here");
}

TEST(ScopeTest, KernelLabel) {
  Scope root = Scope::NewRootScope();
  auto c = ops::Const(root.WithKernelLabel("ConstWithKernelLabel"), 1.0f);
  TF_ASSERT_OK(root.status());
  const AttrValue* label = c.node()->attrs().Find("_kernel");
  ASSERT_NE(label, nullptr);
  EXPECT_EQ(label->s(), "ConstWithKernelLabel");
}

TEST(ScopeTest, Colocation) {
  Scope root = Scope::NewRootScope();
  auto c1 = ops::Const(root.WithOpName("c1"), 1);
  auto c2 = ops::Const(root.WithOpName("c2").ColocateWith(c1), 2);
  std::vector<std::string> groups;
  TF_ASSERT_OK(GetNodeAttr(c2.op().node()->attrs(), "_class", &groups));
  EXPECT_EQ(groups, std::vector<std::string>{"loc:@c1"});

  auto c3 = ops::Const(root.WithOpName("c3").ColocateWith(c2), 3);
  TF_ASSERT_OK(GetNodeAttr(c3.op().node()->attrs(), "_class", &groups));
  EXPECT_EQ(groups, std::vector<std::string>{"loc:@c1"});  // transitive

  auto a = ops::Const(root.WithOpName("a"), 4);
  auto c4 = ops::Const(root.WithOpName("c4").ColocateWith(a), 5);
  auto c5 = ops::Const(root.WithOpName("c5").ColocateWith(c3).ColocateWith(c4), 6);
  TF_ASSERT_OK(GetNodeAttr(c5.op().node()->attrs(), "_class", &groups));
  EXPECT_EQ(groups, (std::vector<std::string>{"loc:@a", "loc:@c1"}));  // sorted

  Scope cleared = root.ColocateWith(c3).ClearColocation();
  auto c6 = ops::Const(cleared.WithOpName("c6"), 7);
  EXPECT_EQ(c6.node()->attrs().Find("_class"), nullptr);
  TF_EXPECT_OK(root.status());
}

TEST(ScopeTest, DeviceAndXlaCluster) {
  Scope root = Scope::NewRootScope();
  auto c = ops::Const(root.WithDevice("/cpu:0").WithXlaCluster("cluster0"), 1);
  auto d = ops::Const(root.WithAssignedDevice("/job:localhost/device:CPU:0"), 1);
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(c.node()->requested_device(), "/cpu:0");
  EXPECT_EQ(c.node()->def().device(), "/cpu:0");
  EXPECT_EQ(c.node()->attrs().Find("_XlaCluster")->s(), "cluster0");
  EXPECT_EQ(d.node()->assigned_device_name(), "/job:localhost/device:CPU:0");
  GraphDef def;
  TF_ASSERT_OK(root.ToGraphDef(&def));
  EXPECT_EQ(def.node(1).device(), "/job:localhost/device:CPU:0");  // assigned wins
}

TEST(ScopeTest, InvalidNodeNameIsAnError) {
  Scope root = Scope::NewRootScope();
  ops::Const(root.WithOpName("bad name"), 1);
  EXPECT_EQ(root.status().code(), error::INVALID_ARGUMENT);
  EXPECT_NE(root.status().message().find("'bad name'"), absl::string_view::npos);
}

TEST(ScopeTest, DisabledShapeInference) {
  Scope root = Scope::DisabledShapeInferenceScope();
  auto c = ops::Const(root, {1, 2, 3});
  TF_ASSERT_OK(root.status());
  EXPECT_TRUE(c.node()->output_shape(0).unknown_rank());
  Scope normal = Scope::NewRootScope();
  auto d = ops::Const(normal, {1, 2, 3});
  EXPECT_EQ(d.node()->output_shape(0).DebugString(), "[3]");
  TF_EXPECT_OK(normal.DoShapeInference(d.node()));
}

TEST(ScopeTest, ToGraphRoundTrip) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT, ops::Placeholder::Shape({2}));
  auto y = ops::Identity(root.WithOpName("y"), x);
  auto done = ops::NoOp(root.WithOpName("done").WithControlDependencies({y.operation}));
  Graph copy(OpRegistry::Global());
  TF_ASSERT_OK(root.ToGraph(&copy));
  GraphDef a, b;
  TF_ASSERT_OK(root.ToGraphDef(&a));
  copy.ToGraphDef(&b);
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(a, b));
  EXPECT_EQ(copy.FindNodeId(3)->output_shape(0).DebugString(), "[2]");
}

TEST(ScopeTest, NewInternalScopeSharesCallerState) {
  Graph graph(OpRegistry::Global());
  Status status;
  Scope s = NewInternalScope(&graph, &status, nullptr);
  auto c = ops::Const(s.WithOpName("k"), 1);
  EXPECT_EQ(graph.num_op_nodes(), 1);
  Scope s2 = NewInternalScope(&graph, &status, nullptr);
  EXPECT_EQ(s2.GetUniqueNameForOp("k"), "k_1");  // existing names are taken
  s.UpdateStatus(errors::Aborted("stop"));
  EXPECT_TRUE(errors::IsAborted(status));
}

}  // namespace
}  // namespace tensorflow
