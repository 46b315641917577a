// TensorShape and PartialTensorShape (TF_CPP_API.md §1.9).
#include "tensorflow/core/framework/tensor_shape.h"

#include "gtest/gtest.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

TEST(TensorShapeTest, Basics) {
  TensorShape s({2, 3});
  EXPECT_EQ(s.dims(), 2);
  EXPECT_EQ(s.dim_size(1), 3);
  EXPECT_EQ(s.num_elements(), 6);
  EXPECT_EQ(s.DebugString(), "[2,3]");
  EXPECT_EQ(TensorShape().DebugString(), "[]");
  EXPECT_EQ(TensorShape().num_elements(), 1);
  EXPECT_EQ(TensorShape({}).dims(), 0);
  s.AddDim(4);
  s.InsertDim(0, 5);
  EXPECT_EQ(s.DebugString(), "[5,2,3,4]");
  s.set_dim(1, 7);
  s.RemoveDim(0);
  EXPECT_EQ(s.DebugString(), "[7,3,4]");
  s.RemoveLastDims(2);
  EXPECT_EQ(s.DebugString(), "[7]");
  TensorShape t({7});
  EXPECT_EQ(s, t);
  EXPECT_NE(s, TensorShape({8}));
  int64_t product = 1;
  for (auto d : TensorShape({2, 5})) product *= d.size;
  EXPECT_EQ(product, 10);
  auto dsizes = TensorShape({2, 5}).AsEigenDSizes<2>();
  EXPECT_EQ(dsizes[1], 5);
}

TEST(TensorShapeTest, ProtoRoundTripAndValidation) {
  TensorShapeProto proto;
  TensorShape({4, 1}).AsProto(&proto);
  ASSERT_EQ(proto.dim_size(), 2);
  EXPECT_EQ(proto.dim(0).size(), 4);
  EXPECT_EQ(TensorShape(proto).DebugString(), "[4,1]");
  proto.mutable_dim(0)->set_size(-1);
  EXPECT_FALSE(TensorShape::IsValid(proto));
  EXPECT_TRUE(PartialTensorShape::IsValid(proto));
  TensorShape out;
  EXPECT_EQ(TensorShape::BuildTensorShape({2, -3}, &out).code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(TensorShape::BuildTensorShape({int64_t{1} << 40, int64_t{1} << 40}, &out).code(),
            error::INVALID_ARGUMENT);
  TF_EXPECT_OK(TensorShape::BuildTensorShape({3, 0}, &out));
  EXPECT_EQ(out.num_elements(), 0);
  TensorShapeProto unknown;
  unknown.set_unknown_rank(true);
  EXPECT_FALSE(TensorShape::IsValid(unknown));
  EXPECT_TRUE(PartialTensorShape::IsValid(unknown));
}

TEST(TensorShapeTest, Utils) {
  EXPECT_TRUE(TensorShapeUtils::IsScalar(TensorShape({})));
  EXPECT_TRUE(TensorShapeUtils::IsVector(TensorShape({3})));
  EXPECT_TRUE(TensorShapeUtils::IsMatrix(TensorShape({3, 2})));
  EXPECT_TRUE(TensorShapeUtils::IsSquareMatrix(TensorShape({2, 2})));
  EXPECT_TRUE(TensorShapeUtils::IsMatrixOrHigher(TensorShape({1, 2, 3})));
  TensorShape made;
  TF_EXPECT_OK(TensorShapeUtils::MakeShape(std::vector<int32_t>{1, 2}, &made));
  EXPECT_EQ(made.DebugString(), "[1,2]");
  EXPECT_EQ(TensorShapeUtils::ShapeListString({TensorShape({1}), TensorShape({})}), "[1], []");
  EXPECT_TRUE(TensorShapeUtils::StartsWith(TensorShape({2, 3, 4}), TensorShape({2, 3})));
  EXPECT_TRUE(TensorShapeUtils::EndsWith(TensorShape({2, 3, 4}), TensorShape({4})));
}

TEST(PartialTensorShapeTest, UnknownsAndDebugString) {
  PartialTensorShape unknown;
  EXPECT_TRUE(unknown.unknown_rank());
  EXPECT_EQ(unknown.dims(), -1);
  EXPECT_EQ(unknown.num_elements(), -1);
  EXPECT_EQ(unknown.DebugString(), "<unknown>");
  PartialTensorShape p({-1, 3});
  EXPECT_EQ(p.DebugString(), "[?,3]");
  EXPECT_FALSE(p.IsFullyDefined());
  EXPECT_EQ(p.num_elements(), -1);
  EXPECT_EQ(p.dim_size(0), -1);
  TensorShape full;
  EXPECT_FALSE(p.AsTensorShape(&full));
  EXPECT_TRUE(PartialTensorShape({2, 3}).AsTensorShape(&full));
  EXPECT_EQ(full.DebugString(), "[2,3]");
  PartialTensorShape from_full = TensorShape({5});
  EXPECT_EQ(from_full.DebugString(), "[5]");
  TensorShapeProto proto = unknown.AsProto();
  EXPECT_TRUE(proto.unknown_rank());
  EXPECT_EQ(PartialTensorShape::DebugString(proto), "<unknown>");
}

TEST(PartialTensorShapeTest, CompatibilityAndMerge) {
  PartialTensorShape a({-1, 3}), b({2, -1}), c({2, 4}), u;
  EXPECT_TRUE(a.IsCompatibleWith(b));
  EXPECT_FALSE(a.IsCompatibleWith(c));
  EXPECT_TRUE(a.IsCompatibleWith(u));
  EXPECT_FALSE(a.IsCompatibleWith(PartialTensorShape({3})));
  PartialTensorShape m;
  TF_ASSERT_OK(a.MergeWith(b, &m));
  EXPECT_EQ(m.DebugString(), "[2,3]");
  TF_ASSERT_OK(u.MergeWith(a, &m));
  EXPECT_EQ(m.DebugString(), "[?,3]");
  EXPECT_EQ(a.MergeWith(c, &m).code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(a.MergeWith(PartialTensorShape({1}), &m).code(), error::INVALID_ARGUMENT);
  EXPECT_TRUE(a.IsIdenticalTo(PartialTensorShape({-1, 3})));
  EXPECT_FALSE(a.IsIdenticalTo(PartialTensorShape({2, 3})));
  EXPECT_EQ(a.Concatenate(5).DebugString(), "[?,3,5]");
  EXPECT_EQ(a.Concatenate(b).DebugString(), "[?,3,2,?]");
  EXPECT_TRUE(a.Concatenate(u).unknown_rank());
  PartialTensorShape bad;
  EXPECT_FALSE(PartialTensorShape::BuildPartialTensorShape({-2}, &bad).ok());
}

TEST(TensorShapeDeathTest, InvalidSizesCheckFail) {
  EXPECT_DEATH(TensorShape({-1}), "non-negative");
  EXPECT_DEATH(TensorShape({2}).dim_size(3), "Check failed");
}

}  // namespace
}  // namespace tensorflow
