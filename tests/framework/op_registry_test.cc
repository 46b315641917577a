// The op registry: the spec language, attr validation at node-build time, and a check that
// every registered op is complete (shape function, summary).
#include "tensorflow/core/framework/op.h"

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/core/framework/op_kernel.h"
#include "tensorflow/core/graph/node_builder.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

REGISTER_OP("MinitfTestRanged")
    .Input("x: T")
    .Input("rest: N * T")
    .Output("y: T")
    .Attr("T: {float, double} = DT_FLOAT")
    .Attr("N: int >= 1")
    .Attr("num_bits: int >= 2 = 8")
    .Attr("method: {'bilinear', 'nearest'} = 'bilinear'")
    .Attr("scale: float = -6")
    .Attr("sizes: list(int) = [1, 2]")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Test op for the registry.");

TEST(OpRegistryTest, SpecLanguageBuildsTheOpDef) {
  const OpDef* def;
  TF_ASSERT_OK(OpRegistry::Global()->LookUpOpDef("MinitfTestRanged", &def));
  ASSERT_EQ(def->input_arg_size(), 2);
  EXPECT_EQ(def->input_arg(0).type_attr(), "T");
  EXPECT_EQ(def->input_arg(1).number_attr(), "N");
  EXPECT_EQ(def->input_arg(1).type_attr(), "T");
  const OpDef::AttrDef* t = FindAttr("T", *def);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->type(), "type");
  EXPECT_EQ(t->allowed_values().list().type_size(), 2);
  EXPECT_EQ(t->default_value().type(), DT_FLOAT);
  const OpDef::AttrDef* bits = FindAttr("num_bits", *def);
  EXPECT_TRUE(bits->has_minimum());
  EXPECT_EQ(bits->minimum(), 2);
  EXPECT_EQ(bits->default_value().i(), 8);
  EXPECT_EQ(FindAttr("method", *def)->allowed_values().list().s(1), "nearest");
  EXPECT_EQ(FindAttr("scale", *def)->default_value().f(), -6.f);
  EXPECT_EQ(FindAttr("sizes", *def)->default_value().list().i_size(), 2);
  EXPECT_EQ(def->summary(), "Test op for the registry.");
}

class RangedTest : public ::testing::Test {
 protected:
  void SetUp() override {
    TF_ASSERT_OK(NodeBuilder("x", "Placeholder").Attr("dtype", DT_FLOAT).Finalize(&g_, &x_));
    TF_ASSERT_OK(NodeBuilder("i", "Placeholder").Attr("dtype", DT_INT32).Finalize(&g_, &i_));
  }
  Status Build(NodeBuilder b) {
    Node* n;
    return b.Finalize(&g_, &n);
  }
  Graph g_{OpRegistry::Global()};
  Node* x_;
  Node* i_;
};

TEST_F(RangedTest, ValidNodeGetsInferredAndDefaultAttrs) {
  Node* n;
  TF_ASSERT_OK(NodeBuilder("ok", "MinitfTestRanged")
                   .Input(x_)
                   .Input(std::vector<NodeBuilder::NodeOut>{x_, x_})
                   .Finalize(&g_, &n));
  int64_t count;
  TF_ASSERT_OK(GetNodeAttr(n->attrs(), "N", &count));
  EXPECT_EQ(count, 2);
  EXPECT_EQ(n->num_inputs(), 3);
  EXPECT_TRUE(HasNodeAttr(n->def(), "method"));
}

TEST_F(RangedTest, AttrsAreCheckedWhenTheNodeIsBuilt) {
  Status s = Build(NodeBuilder("a", "MinitfTestRanged")
                       .Input(x_)
                       .Input(std::vector<NodeBuilder::NodeOut>{x_})
                       .Attr("num_bits", 1));
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(s.message().substr(0, 47), "Value for attr 'num_bits' of 1 must be at least");
  EXPECT_NE(s.message().find("{{node a}}"), absl::string_view::npos);

  s = Build(NodeBuilder("b", "MinitfTestRanged")
                .Input(x_)
                .Input(std::vector<NodeBuilder::NodeOut>{x_})
                .Attr("method", "bicubic"));
  EXPECT_NE(s.message().find("Value for attr 'method' of \"bicubic\" is not in the list of "
                             "allowed values: \"bilinear\", \"nearest\""),
            absl::string_view::npos);

  s = Build(
      NodeBuilder("c", "MinitfTestRanged").Input(i_).Input(std::vector<NodeBuilder::NodeOut>{i_}));
  EXPECT_NE(s.message().find("Value for attr 'T' of int32 is not in the list of allowed "
                             "values: float, double"),
            absl::string_view::npos);

  s = Build(
      NodeBuilder("d", "MinitfTestRanged").Input(x_).Input(std::vector<NodeBuilder::NodeOut>{i_}));
  EXPECT_NE(s.message().find("Inconsistent values for attr 'T' DT_FLOAT vs. DT_INT32 while "
                             "building NodeDef 'd'"),
            absl::string_view::npos);

  s = Build(NodeBuilder("e", "MinitfTestRanged").Input(x_).Input(x_));
  EXPECT_NE(s.message().find("Single tensor passed to 'rest', expected list"),
            absl::string_view::npos);

  s = Build(
      NodeBuilder("f", "MinitfTestRanged").Input(x_).Input(std::vector<NodeBuilder::NodeOut>{}));
  EXPECT_NE(s.message().find("Value for attr 'N' of 0 must be at least minimum 1"),
            absl::string_view::npos);
}

TEST(OpRegistryTest, DuplicateRegistrationIsAnError) {
  OpRegistrationData data;
  data.op_def.set_name("Identity");
  EXPECT_EQ(OpRegistry::Global()->Register(data).code(), error::ALREADY_EXISTS);
}

TEST(OpRegistryTest, SpecErrorsAreReported) {
  OpRegistrationData data;
  EXPECT_FALSE(OpDefBuilder("Bad")
                   .Attr("x: notatype")
                   .SetShapeFn(shape_inference::NoOutputs)
                   .Finalize(&data)
                   .ok());
  EXPECT_FALSE(OpDefBuilder("Bad")
                   .Input("x: Unknown")
                   .SetShapeFn(shape_inference::NoOutputs)
                   .Finalize(&data)
                   .ok());
  EXPECT_FALSE(OpDefBuilder("Bad").Output("y: float").Finalize(&data).ok());  // no shape fn
}

// The completeness of every registered op is checked by tests/ops/op_completeness_test.cc.

}  // namespace
}  // namespace tensorflow
