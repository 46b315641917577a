// ops::Const and literal typing, as TF's const_op_test.cc and TF_CPP_API.md §1.5-1.6 state.
#include "tensorflow/cc/ops/const_op.h"

#include "gtest/gtest.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/node_def_util.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

template <typename T>
void ExpectNodeEqual(const Node* n, gtl::ArraySlice<T> values, TensorShape shape) {
  EXPECT_TRUE(n->IsConstant());
  Tensor tensor;
  TF_EXPECT_OK(GetNodeAttr(n->attrs(), "value", &tensor));
  DataType dtype;
  TF_EXPECT_OK(GetNodeAttr(n->attrs(), "dtype", &dtype));
  EXPECT_EQ(tensor.dtype(), dtype);
  test::ExpectTensorEqual<T>(tensor, test::AsTensor(values, shape));
}

void ExpectTypeAndShape(const Node* n, DataType expected_dtype, TensorShape expected_shape) {
  EXPECT_TRUE(n->IsConstant());
  Tensor tensor;
  TF_EXPECT_OK(GetNodeAttr(n->attrs(), "value", &tensor));
  DataType dtype;
  TF_EXPECT_OK(GetNodeAttr(n->attrs(), "dtype", &dtype));
  EXPECT_EQ(dtype, expected_dtype);
  EXPECT_EQ(expected_shape, tensor.shape());
}

TEST(ConstOpTest, Basic) {
  Scope root = Scope::NewRootScope();
  auto c = ops::Const(root, 42.0f);
  TF_EXPECT_OK(root.status());
  EXPECT_EQ(c.op().output_type(0), DT_FLOAT);
  ExpectNodeEqual<float>(c.node(), {42.0f}, {});
}

TEST(ConstOpTest, MultiDim) {
  Scope root = Scope::NewRootScope();
  auto c = ops::Const(root, {{2.0}, {3.0}});
  TF_CHECK_OK(root.status());
  EXPECT_EQ(c.op().output_type(0), DT_DOUBLE);
  ExpectNodeEqual<double>(c.node(), {2.0, 3.0}, {2, 1});
}

TEST(ConstOpTest, Empty) {
  Scope root = Scope::NewRootScope();
  auto c1 = ops::Const(root, {});
  TF_CHECK_OK(root.status());
  ExpectTypeAndShape(c1.node(), DT_FLOAT, {0});
  auto c2 = ops::Const(root, {{}});
  TF_CHECK_OK(root.status());
  ExpectTypeAndShape(c2.node(), DT_FLOAT, {1, 0});
  auto c3 = ops::Const(root, {{{}, {}}});
  TF_CHECK_OK(root.status());
  ExpectTypeAndShape(c3.node(), DT_FLOAT, {1, 2, 0});
  auto c4 = ops::Const<int>(root, {{{}}});
  TF_CHECK_OK(root.status());
  ExpectTypeAndShape(c4.node(), DT_INT32, {1, 1, 0});
  ops::Const(root, {{}, {{}}});
  EXPECT_FALSE(root.status().ok());
}

TEST(ConstOpTest, WithExplicitShape) {
  Scope root = Scope::NewRootScope();
  auto c = ops::Const(root, 42.0, {2, 2});
  TF_CHECK_OK(root.status());
  EXPECT_EQ(c.op().output_type(0), DT_DOUBLE);
  ExpectNodeEqual<double>(c.node(), {42.0, 42.0, 42.0, 42.0}, {2, 2});

  auto d = ops::Const(root, {"1", "2", "3", "4", "5", "6"}, {2, 3});
  TF_CHECK_OK(root.status());
  EXPECT_EQ(d.op().output_type(0), DT_STRING);
  ExpectNodeEqual<tstring>(d.node(), {"1", "2", "3", "4", "5", "6"}, {2, 3});

  auto e = ops::Const(root, {1, 2, 3, 4, 5, 6}, {1, 3, 2, 1});
  TF_CHECK_OK(root.status());
  ExpectNodeEqual<int>(e.node(), {1, 2, 3, 4, 5, 6}, {1, 3, 2, 1});
}

TEST(ConstOpTest, ExplicitShapeCountMismatch) {
  Scope root = Scope::NewRootScope();
  ops::Const(root, {1, 2, 3}, {2, 2});
  EXPECT_EQ(root.status().code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(root.status().message(),
            "Cannot construct a tensor with 4 from an initializer list with 3 elements; "
            "NodeDef: {{node Const}}");
}

TEST(ConstOpTest, FromProto) {
  Scope root = Scope::NewRootScope();
  TensorProto proto;
  proto.set_dtype(DT_DOUBLE);
  TensorShape({2, 2}).AsProto(proto.mutable_tensor_shape());
  for (int i = 0; i < 4; ++i) proto.add_double_val(static_cast<double>(i));
  auto c = ops::ConstFromProto(root, proto);
  TF_CHECK_OK(root.status());
  EXPECT_EQ(c.op().output_type(0), DT_DOUBLE);
  ExpectNodeEqual<double>(c.node(), {0.0, 1.0, 2.0, 3.0}, {2, 2});
}

TEST(ConstOpTest, InvalidInitializer) {
  Scope root = Scope::NewRootScope();
  ops::Const(root, {{2.0}, {"df"}});
  EXPECT_EQ(root.status().code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(root.status().message(),
            "Initializer list components should all have the same type; NodeDef: "
            "{{node Const}}");
}

TEST(ConstOpTest, ShapeMismatchNamesTheNode) {
  Scope root = Scope::NewRootScope();
  ops::Const(root.WithOpName("ragged"), {{1, 2}, {3}});
  EXPECT_EQ(root.status().message(),
            "Initializer list components should all have the same shape; NodeDef: "
            "{{node ragged}}");
}

TEST(ConstOpTest, MixedDataTypes) {
  Scope root = Scope::NewRootScope();
  ops::Const(root, {1.0, "test"});
  EXPECT_FALSE(root.status().ok());
}

TEST(ConstOpTest, Names) {
  Scope root = Scope::NewRootScope();
  auto c = ops::Const(root, {{2.0}, {3.0}});
  EXPECT_EQ(c.node()->name(), "Const");
  auto c_1 = ops::Const(root, {{2.0}, {3.0}});
  EXPECT_EQ(c_1.node()->name(), "Const_1");
  auto x = ops::Const(root.WithOpName("x"), 1);
  EXPECT_EQ(x.node()->name(), "x");
  auto x_1 = ops::Const(root.WithOpName("x"), 1);
  EXPECT_EQ(x_1.node()->name(), "x_1");
  Scope child = root.NewSubScope("c");
  auto c_y = ops::Const(child.WithOpName("y"), 1);
  EXPECT_EQ(c_y.node()->name(), "c/y");
  auto c_y_1 = ops::Const(child.WithOpName("y"), 1);
  EXPECT_EQ(c_y_1.node()->name(), "c/y_1");
}

TEST(ConstOpTest, TemplatedConst) {
  Scope root = Scope::NewRootScope();
  auto c1 = ops::Const<int>(root, {1, 2});
  ExpectTypeAndShape(c1.node(), DT_INT32, {2});
  auto c2 = ops::Const<tstring>(root, {{"this"}, {"is"}, {"a"}, {"constant"}});
  ExpectTypeAndShape(c2.node(), DT_STRING, {4, 1});
  TF_EXPECT_OK(root.status());
}

TEST(ConstOpTest, TemplatedConstAddsCast) {
  Scope root = Scope::NewRootScope();
  auto a = ops::Const<float>(root, {{3, 2}, {-1, 0}});
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(a.node()->type_string(), "Cast");
  EXPECT_EQ(a.node()->name(), "Cast");
  EXPECT_EQ(a.type(), DT_FLOAT);
  EXPECT_EQ(a.node()->output_shape(0).DebugString(), "[2,2]");
  const Node* src;
  TF_ASSERT_OK(a.node()->input_node(0, &src));
  EXPECT_EQ(src->name(), "Const");
  ExpectNodeEqual<int>(src, {3, 2, -1, 0}, {2, 2});
  DataType src_t, dst_t;
  TF_EXPECT_OK(GetNodeAttr(a.node()->attrs(), "SrcT", &src_t));
  TF_EXPECT_OK(GetNodeAttr(a.node()->attrs(), "DstT", &dst_t));
  EXPECT_EQ(src_t, DT_INT32);
  EXPECT_EQ(dst_t, DT_FLOAT);
  // The quirk TF has: with an op name, both nodes take it.
  auto b = ops::Const<float>(root.WithOpName("a"), {1, 2});
  EXPECT_EQ(b.node()->name(), "a_1");
}

TEST(ConstOpTest, LiteralTyping) {
  Scope root = Scope::NewRootScope();
  EXPECT_EQ(ops::Const(root, 1).type(), DT_INT32);
  EXPECT_EQ(ops::Const(root, 1.0).type(), DT_DOUBLE);
  EXPECT_EQ(ops::Const(root, 1.0f).type(), DT_FLOAT);
  EXPECT_EQ(ops::Const(root, true).type(), DT_BOOL);
  EXPECT_EQ(ops::Const(root, int64_t{1}).type(), DT_INT64);
  EXPECT_EQ(ops::Const(root, uint8_t{1}).type(), DT_UINT8);
  EXPECT_EQ(ops::Const(root, int16_t{1}).type(), DT_INT16);
  EXPECT_EQ(ops::Const(root, int8_t{1}).type(), DT_INT8);
  EXPECT_EQ(ops::Const(root, uint16_t{1}).type(), DT_UINT16);
  EXPECT_EQ(ops::Const(root, uint32_t{1}).type(), DT_UINT32);
  EXPECT_EQ(ops::Const(root, uint64_t{1}).type(), DT_UINT64);
  EXPECT_EQ(ops::Const(root, "hello world!").type(), DT_STRING);
  EXPECT_EQ(ops::Const(root, std::string("s")).type(), DT_STRING);
  auto scalar = ops::Const(root, 41);
  auto vec = ops::Const(root, {41});  // the brace gotcha: shape [1], not a scalar
  EXPECT_EQ(scalar.node()->output_shape(0).DebugString(), "[]");
  EXPECT_EQ(vec.node()->output_shape(0).DebugString(), "[1]");
  auto cube = ops::Const(root, {{{1}, {2}, {3}}});
  EXPECT_EQ(cube.node()->output_shape(0).DebugString(), "[1,3,1]");
  auto filled = ops::Const(root, 10, {2, 2});
  ExpectNodeEqual<int>(filled.node(), {10, 10, 10, 10}, {2, 2});
  TF_EXPECT_OK(root.status());
}

TEST(ConstOpTest, ValueEncodingInNodeDef) {
  Scope root = Scope::NewRootScope();
  auto one = ops::Const(root, 42.0f);
  auto many = ops::Const(root, {1.0f, 2.0f});
  const AttrValue* v1 = one.node()->attrs().Find("value");
  const AttrValue* v2 = many.node()->attrs().Find("value");
  ASSERT_NE(v1, nullptr);
  ASSERT_NE(v2, nullptr);
  // One element: the typed field; more: raw tensor_content (TF's AsProtoField/Content rule).
  EXPECT_EQ(v1->tensor().float_val_size(), 1);
  EXPECT_EQ(v1->tensor().float_val(0), 42.0f);
  EXPECT_TRUE(v1->tensor().tensor_content().empty());
  EXPECT_EQ(v2->tensor().float_val_size(), 0);
  EXPECT_EQ(v2->tensor().tensor_content().size(), 8u);
}

TEST(InputTest, LiteralInputsBecomeConstSubScopes) {
  Scope root = Scope::NewRootScope();
  auto a = ops::Placeholder(root, DT_INT32);
  auto id = ops::Identity(root, {41});
  auto id2 = ops::Identity(root, 7);
  TF_ASSERT_OK(root.status());
  std::vector<std::string> names;
  for (const Node* n : root.graph()->op_nodes()) names.push_back(n->name());
  EXPECT_EQ(names, (std::vector<std::string>{"Placeholder", "Const/Const", "Identity",
                                             "Const_1/Const", "Identity_1"}));
  EXPECT_EQ(id.node()->output_shape(0).DebugString(), "[1]");
  EXPECT_EQ(id2.node()->output_shape(0).DebugString(), "[]");
}

TEST(InputTest, BadLiteralInputNamesTheConst) {
  Scope root = Scope::NewRootScope();
  auto id = ops::Identity(root, {{1, 2}, {3}});
  EXPECT_EQ(id.node(), nullptr);
  EXPECT_EQ(root.status().message(),
            "Initializer list components should all have the same shape; NodeDef: "
            "{{node Const/Const}}");
}

TEST(InputTest, TensorInput) {
  Scope root = Scope::NewRootScope();
  Tensor t(DT_FLOAT, TensorShape({2}));
  t.flat<float>().setConstant(1.5f);
  auto id = ops::Identity(root, t);
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(id.output.type(), DT_FLOAT);
  const Node* src;
  TF_ASSERT_OK(id.node()->input_node(0, &src));
  ExpectNodeEqual<float>(src, {1.5f, 1.5f}, {2});
}

TEST(InputTest, Accessors) {
  Scope root = Scope::NewRootScope();
  auto p = ops::Placeholder(root, DT_FLOAT);
  Input from_output(p);
  EXPECT_EQ(from_output.node(), p.node());
  EXPECT_EQ(from_output.index(), 0);
  Input literal(3);
  EXPECT_EQ(literal.node(), nullptr);
  EXPECT_EQ(literal.tensor().dtype(), DT_INT32);
  Input nested({{1, 2}, {3}});
  EXPECT_FALSE(nested.status().ok());
  Input named("x", 2, DT_FLOAT);
  EXPECT_EQ(named.node_name(), "x");
  EXPECT_EQ(named.index(), 2);
  EXPECT_EQ(named.data_type(), DT_FLOAT);
  Input::Initializer init({1.f, 2.f});
  TensorProto proto = init.AsTensorProto();
  EXPECT_EQ(proto.tensor_content().size(), 8u);
}

TEST(InputListTest, Forms) {
  Scope root = Scope::NewRootScope();
  auto a = ops::Placeholder(root, DT_FLOAT);
  auto b = ops::Placeholder(root, DT_FLOAT);
  OutputList outs = {a, b};
  InputList from_list(outs);
  InputList from_inputs({Input(a), Input(1.f)});
  InputList from_outputs({a.output, b.output});
  int n = 0;
  for (const Input& in : from_list) n += in.node() != nullptr;
  for (const Input& in : from_outputs) n += in.node() != nullptr;
  for (const Input& in : from_inputs) n += in.node() == nullptr;  // the literal
  EXPECT_EQ(n, 5);
  auto list = ops::AsNodeOutList(root, from_inputs);
  EXPECT_EQ(list.size(), 2u);
  EXPECT_EQ(list[1].node->name(), "Const/Const");
}

}  // namespace
}  // namespace tensorflow
