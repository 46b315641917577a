// Placeholder, PlaceholderWithDefault, Identity, NoOp: wrapper shape, attrs, shapes, errors.
#include "tensorflow/cc/ops/array_ops.h"

#include "gtest/gtest.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/node_def_util.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

TEST(PlaceholderTest, DefaultsAndAttrs) {
  Scope root = Scope::NewRootScope();
  auto p = ops::Placeholder(root, DT_INT32);
  auto q = ops::Placeholder(root, DT_FLOAT, ops::Placeholder::Shape({2, -1}));
  auto r = ops::Placeholder(root, DT_FLOAT, ops::Placeholder::Attrs().Shape(TensorShape()));
  // `{}` is a default PartialTensorShape, i.e. unknown rank (as in TF).
  auto u = ops::Placeholder(root, DT_FLOAT, ops::Placeholder::Shape({}));
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(p.node()->name(), "Placeholder");
  EXPECT_EQ(q.node()->name(), "Placeholder_1");
  EXPECT_EQ(p.output.type(), DT_INT32);
  EXPECT_EQ(p.operation.node(), p.node());
  PartialTensorShape shape;
  TF_ASSERT_OK(GetNodeAttr(p.node()->attrs(), "shape", &shape));
  EXPECT_TRUE(shape.unknown_rank());  // the default attr is filled in
  EXPECT_TRUE(p.node()->attrs().Find("shape")->shape().unknown_rank());
  EXPECT_EQ(q.node()->output_shape(0).DebugString(), "[2,?]");
  EXPECT_EQ(r.node()->output_shape(0).DebugString(), "[]");
  EXPECT_EQ(u.node()->output_shape(0).DebugString(), "<unknown>");
  EXPECT_EQ(p.node()->output_shape(0).DebugString(), "<unknown>");
  Output as_output = q;
  Input as_input = q;
  EXPECT_EQ(as_output.node(), as_input.node());
}

TEST(PlaceholderWithDefaultTest, ShapeAndCompatibility) {
  Scope root = Scope::NewRootScope();
  auto d = ops::PlaceholderWithDefault(root, {1.f, 2.f}, PartialTensorShape({-1}));
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(d.output.type(), DT_FLOAT);
  EXPECT_EQ(d.node()->output_shape(0).DebugString(), "[?]");
  DataType dtype;
  TF_ASSERT_OK(GetNodeAttr(d.node()->attrs(), "dtype", &dtype));
  EXPECT_EQ(dtype, DT_FLOAT);

  ops::PlaceholderWithDefault(root.WithOpName("bad"), {1.f, 2.f}, PartialTensorShape({3}));
  EXPECT_EQ(root.status().code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(root.status().message(),
            "Dimension 0 in both shapes must be equal, but are 2 and 3. Shapes are [2] and "
            "[3]. for '{{node bad}} = PlaceholderWithDefault[dtype=DT_FLOAT, shape=[3]]"
            "(Const_1/Const)' with input shapes: [2].");
}

TEST(IdentityTest, TypeAndShapePassThrough) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root, DT_HALF, ops::Placeholder::Shape({3, 4}));
  auto y = ops::Identity(root.WithOpName("y"), x);
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(y.output.type(), DT_HALF);
  EXPECT_EQ(y.node()->output_shape(0).DebugString(), "[3,4]");
  DataType t;
  TF_ASSERT_OK(GetNodeAttr(y.node()->attrs(), "T", &t));
  EXPECT_EQ(t, DT_HALF);
  EXPECT_EQ(y.operation.input(0), x.output);
  EXPECT_EQ(y.operation.num_inputs(), 1);
  EXPECT_EQ(y.operation.input_type(0), DT_HALF);
  EXPECT_TRUE(y.node()->IsIdentity());
}

TEST(NoOpTest, ConvertsToOperation) {
  Scope root = Scope::NewRootScope();
  Operation op = ops::NoOp(root);
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(op.node()->name(), "NoOp");
  EXPECT_EQ(op.num_outputs(), 0);
  EXPECT_TRUE(op.node()->IsNoOp());
}

TEST(OutputTest, NamesHashesAndEquality) {
  Scope root = Scope::NewRootScope();
  auto a = ops::Placeholder(root.WithOpName("a"), DT_FLOAT);
  auto b = ops::Placeholder(root.WithOpName("b"), DT_FLOAT);
  Output a0 = a;
  EXPECT_EQ(a0.name(), "a:0");
  EXPECT_EQ(a0, Output(a.node(), 0));
  EXPECT_FALSE(a0 == Output(b.node(), 0));
  EXPECT_EQ(OutputHash()(a0), OutputHash()(Output(a.node(), 0)));
  EXPECT_NE(a0.hash(), Output(b.node(), 0).hash());
  std::unordered_map<Output, int, OutputHash> m;
  m[a] = 1;
  m[b] = 2;
  EXPECT_EQ(m[Output(a.node())], 1);
  EXPECT_EQ(Output().node(), nullptr);
}

}  // namespace
}  // namespace tensorflow
