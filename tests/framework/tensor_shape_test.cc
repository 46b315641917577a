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
  // A TensorShape reads unknown_rank as TF's does: ignored (a scalar, or the listed dims).
  EXPECT_TRUE(TensorShape::IsValid(unknown));
  EXPECT_EQ(TensorShape(unknown), TensorShape());
  EXPECT_TRUE(PartialTensorShape::IsValid(unknown));
  EXPECT_TRUE(PartialTensorShape(unknown).unknown_rank());
  unknown.add_dim()->set_size(7);
  EXPECT_EQ(TensorShape(unknown), TensorShape({7}));
  EXPECT_FALSE(PartialTensorShape::IsValid(unknown));
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
  EXPECT_EQ(TensorShapeUtils::ShapeListString({TensorShape({1}), TensorShape({})}), "[[1], []]");
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

// TF's *WithStatus members: TF's codes and texts instead of CHECK failures.
TEST(TensorShapeTest, WithStatusMembersAreTFs) {
  TensorShape s({2, 3, 4, 5});
  auto expect = [](const Status& st, error::Code code, const std::string& text) {
    EXPECT_EQ(st.code(), code) << st;
    EXPECT_EQ(st.message(), text) << st;
  };
  expect(s.RemoveDimWithStatus(-1), error::INTERNAL,
         "Expected dimension index to be non-negative, got -1");
  expect(s.RemoveLastDimsWithStatus(5), error::INTERNAL,
         "Expected dimension index to be at most 4 got 5");
  expect(s.RemoveDimRangeWithStatus(-6, 2), error::INTERNAL,
         "Start index must be non-negative, got -1");
  expect(s.RemoveDimRangeWithStatus(5, 2), error::INTERNAL,
         "Start index must be less than 4, got 5");
  expect(s.RemoveDimRangeWithStatus(0, -6), error::INTERNAL,
         "End index must be non-negative, got -1");
  expect(s.RemoveDimRangeWithStatus(0, 5), error::INTERNAL, "End index must be less than 4, got 5");
  EXPECT_EQ(s.DebugString(), "[2,3,4,5]");          // failed calls change nothing
  TF_EXPECT_OK(s.RemoveDimRangeWithStatus(3, 1));   // empty range: no change
  TF_EXPECT_OK(s.RemoveDimRangeWithStatus(1, -2));  // [1, 3)
  EXPECT_EQ(s.DebugString(), "[2,5]");
  EXPECT_EQ(s.num_elements(), 10);
  TF_EXPECT_OK(s.RemoveLastDimsWithStatus(1));
  TF_EXPECT_OK(s.RemoveDimWithStatus(0));
  EXPECT_EQ(s.DebugString(), "[]");
  EXPECT_EQ(s.num_elements(), 1);

  TensorShape t({3});
  TF_EXPECT_OK(t.AppendShapeWithStatus(TensorShape({4, 0})));
  EXPECT_EQ(t.DebugString(), "[3,4,0]");
  TensorShape big({int64_t{1} << 62});
  // TF's message shows the product read as signed (its MultiplyWithoutOverflow), or -1 when
  // even the unsigned product overflows.
  expect(big.AppendShapeWithStatus(TensorShape({2, 3})), error::INVALID_ARGUMENT,
         "Encountered overflow when multiplying 4611686018427387904 with 2, result: "
         "-9223372036854775808");
  expect(TensorShape({int64_t{1} << 62}).AppendShapeWithStatus(TensorShape({5})),
         error::INVALID_ARGUMENT,
         "Encountered overflow when multiplying 4611686018427387904 with 5, result: -1");
  expect(t.InsertDimWithStatus(-1, 2), error::INTERNAL,
         "The insertion index must be non-negative, got -1");
  expect(t.InsertDimWithStatus(4, 2), error::INTERNAL,
         "The insertion index must be at most 3 got 4");
  expect(t.InsertDimWithStatus(0, -2), error::INVALID_ARGUMENT,
         "Expected a non-negative size, got -2");
  expect(t.SetDimWithStatus(-1, 2), error::INVALID_ARGUMENT, "Index must be non-negative, got -1");
  expect(t.SetDimWithStatus(3, 2), error::INVALID_ARGUMENT, "Index must be less than 3, got 3");
  expect(t.SetDimWithStatus(0, -2), error::INVALID_ARGUMENT,
         "Expected a non-negative size, got -2");

  Eigen::DSizes<Eigen::DenseIndex, 2> d2;
  expect(t.AsEigenDSizesWithStatus<2>(&d2), error::INTERNAL,
         "Asking for tensor of 2 dimensions from a tensor of 3 dimensions");
  expect(t.AsEigenDSizesWithPaddingWithStatus<2>(&d2), error::INTERNAL,
         "Asking for tensor of at most 2 dimensions from a tensor of 3 dimensions");
  Eigen::DSizes<Eigen::DenseIndex, 5> d5;
  TF_EXPECT_OK(t.AsEigenDSizesWithPaddingWithStatus<5>(&d5));
  EXPECT_EQ(d5[0], 3);
  EXPECT_EQ(d5[1], 4);
  EXPECT_EQ(d5[2], 0);
  EXPECT_EQ(d5[3], 1);
  EXPECT_EQ(d5[4], 1);
  Eigen::DSizes<Eigen::DenseIndex, 3> d3;
  TF_EXPECT_OK(t.AsEigenDSizesWithStatus<3>(&d3));
  EXPECT_EQ(d3[1], 4);

  int64_t n = 0;
  TF_EXPECT_OK(TensorShapeUtils::NumElements({2, 3, 7}, &n));
  EXPECT_EQ(n, 42);
  TF_EXPECT_OK(TensorShapeUtils::NumElements({}, &n));
  EXPECT_EQ(n, 1);
  expect(TensorShapeUtils::NumElements({int64_t{1} << 40, int64_t{1} << 40}, &n),
         error::INVALID_ARGUMENT,
         "Can't compute total size of shape [1099511627776,1099511627776]; product would "
         "overflow int64");
  expect(TensorShapeUtils::NumElements({2, -1}, &n), error::INVALID_ARGUMENT,
         "Can't compute total size of shape [2,-1]; product would overflow int64");

  PartialTensorShape p({-1, 2}), out;
  TF_EXPECT_OK(p.ConcatenateWithStatus(3, &out));
  EXPECT_EQ(out.DebugString(), "[?,2,3]");
  TF_EXPECT_OK(p.ConcatenateWithStatus(PartialTensorShape({4, -1}), &out));
  EXPECT_EQ(out.DebugString(), "[?,2,4,?]");
  TF_EXPECT_OK(p.ConcatenateWithStatus(PartialTensorShape(), &out));
  EXPECT_TRUE(out.unknown_rank());
}

TEST(TensorShapeDeathTest, InvalidSizesCheckFail) {
  EXPECT_DEATH(TensorShape({-1}), "non-negative");
  EXPECT_DEATH(TensorShape({2}).dim_size(3), "Check failed");
}

}  // namespace
}  // namespace tensorflow
