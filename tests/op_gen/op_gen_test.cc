// The wrappers tools/op_gen writes for test_ops.cc, compiled and used as a TF user would:
// constructor shapes, Attrs defaults and setters landing in the NodeDef, outputs, aliases,
// renames, the hidden namespace. (Generated into the build tree by the CMake rule next door.)
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/ops/const_op.h"
#include "tensorflow/cc/ops/minitf_test_ops.h"
#include "tensorflow/cc/ops/minitf_test_ops_internal.h"
#include "tensorflow/core/framework/node_def_util.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

template <typename T>
T Attr(const Node* node, const char* name) {
  T value;
  TF_CHECK_OK(GetNodeAttr(node->attrs(), name, &value));
  return value;
}

TEST(OpGenTest, DefaultsInferredAndRequiredAttrsReachTheNode) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Const(root, {1.f, 2.f});
  auto op = ops::EveryAttr(root, x, {x, x}, {ops::Const(root, 3), ops::Const(root, true)},
                           /*num_parts=*/3, DT_INT64, /*ksize=*/{1, 2, 2, 1});
  TF_ASSERT_OK(root.status());
  Node* n = op.operation.node();
  EXPECT_EQ(n->name(), "EveryAttr");  // the class name, not the op's
  EXPECT_EQ(n->type_string(), "MinitfTestEveryAttr");
  EXPECT_EQ(Attr<DataType>(n, "T"), DT_FLOAT);
  EXPECT_EQ(Attr<int64_t>(n, "N"), 2);
  EXPECT_EQ(Attr<std::vector<DataType>>(n, "Tlist"), (std::vector<DataType>{DT_INT32, DT_BOOL}));
  EXPECT_EQ(Attr<int64_t>(n, "num_parts"), 3);
  EXPECT_EQ(Attr<DataType>(n, "out_type"), DT_INT64);
  EXPECT_EQ(Attr<std::vector<int64_t>>(n, "ksize"), (std::vector<int64_t>{1, 2, 2, 1}));
  EXPECT_EQ(Attr<std::vector<int64_t>>(n, "strides"), (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_EQ(Attr<std::string>(n, "padding"), "SAME");
  EXPECT_EQ(Attr<float>(n, "rate"), 0.25f);
  EXPECT_EQ(Attr<float>(n, "ceiling"), std::numeric_limits<float>::infinity());
  EXPECT_EQ(Attr<int64_t>(n, "offset"), -3);
  EXPECT_EQ(Attr<bool>(n, "flag"), true);
  EXPECT_EQ(Attr<std::vector<DataType>>(n, "dtypes"), (std::vector<DataType>{DT_INT32, DT_FLOAT}));
  EXPECT_EQ(Attr<PartialTensorShape>(n, "shape").DebugString(), "[2,3]");
  EXPECT_EQ(Attr<std::vector<std::string>>(n, "names"), (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(Attr<std::vector<int64_t>>(n, "none").empty());
  EXPECT_EQ(Attr<int64_t>(n, "default"), 7);
  // Outputs by the OpDef's names; several outputs mean no conversions, a list output is a list.
  EXPECT_EQ(op.y, Output(n, 0));
  ASSERT_EQ(op.parts.size(), 3u);
  EXPECT_EQ(op.parts[2], Output(n, 3));
  EXPECT_EQ(op.z, Output(n, 4));
  EXPECT_EQ(op.z.type(), DT_INT64);
}

TEST(OpGenTest, AttrsSettersChainAndStaticShortcutsStart) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Const(root, 1.0);
  ops::EveryAttrAlias op(root.WithOpName("e"), x, {x}, std::vector<Output>{}, 0, DT_FLOAT, {3},
                         ops::EveryAttr::Strides({5, 6})
                             .Padding("VALID")
                             .Rate(-1.5f)
                             .Offset(9)
                             .Flag(false)
                             .Dtypes({DT_BOOL})
                             .Shape(PartialTensorShape())
                             .Names({"c"})
                             .None({4})
                             .Default(11));
  TF_ASSERT_OK(root.status());
  Node* n = op.operation.node();
  EXPECT_EQ(Attr<DataType>(n, "T"), DT_DOUBLE);
  EXPECT_EQ(Attr<std::vector<int64_t>>(n, "strides"), (std::vector<int64_t>{5, 6}));
  EXPECT_EQ(Attr<std::string>(n, "padding"), "VALID");
  EXPECT_EQ(Attr<float>(n, "rate"), -1.5f);
  EXPECT_EQ(Attr<int64_t>(n, "offset"), 9);
  EXPECT_EQ(Attr<bool>(n, "flag"), false);
  EXPECT_EQ(Attr<std::vector<DataType>>(n, "dtypes"), (std::vector<DataType>{DT_BOOL}));
  EXPECT_TRUE(Attr<PartialTensorShape>(n, "shape").unknown_rank());
  EXPECT_EQ(Attr<std::vector<std::string>>(n, "names"), (std::vector<std::string>{"c"}));
  EXPECT_EQ(Attr<std::vector<int64_t>>(n, "none"), (std::vector<int64_t>{4}));
  EXPECT_EQ(Attr<int64_t>(n, "default"), 11);
  EXPECT_TRUE(op.parts.empty());
}

TEST(OpGenTest, ListOutputNoOutputAndHiddenOps) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Const(root, {1.f, 2.f});
  ops::MinitfTestSplit split(root, x, 4);
  TF_ASSERT_OK(root.status());
  ASSERT_EQ(split.output.size(), 4u);
  EXPECT_EQ(split[3], Output(split.operation.node(), 3));

  ops::MinitfTestSink sink(root, split[0]);
  const Operation as_operation = sink;  // an op without outputs converts to its Operation
  EXPECT_EQ(as_operation.node()->type_string(), "MinitfTestSink");

  ops::internal::MinitfTestHidden hidden(root, x);
  const Output out = hidden;  // one output: converts to Output (and Input)
  EXPECT_EQ(out.node()->name(), "MinitfTestHidden");
  EXPECT_EQ(hidden.node(), out.node());
  TF_EXPECT_OK(root.status());
}

TEST(OpGenTest, ErrorsGoOnTheScope) {
  Scope root = Scope::NewRootScope();
  auto f = ops::Const(root, 1.f);
  auto i = ops::Const(root, 1);
  ops::EveryAttr op(root, f, {i}, std::vector<Output>{}, 0, DT_FLOAT, {1});  // T: float vs int32
  EXPECT_FALSE(root.ok());
  EXPECT_EQ(op.operation.node(), nullptr);
}

}  // namespace
}  // namespace tensorflow
