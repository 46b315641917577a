// The array family's data-movement ops through the C++ API: TF 2.21's error texts for bad
// inputs (checked against live TF). Values are checked against TF in cwise_golden_test.cc
// (tests/golden/array.pb).
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/manip_ops.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

void ExpectError(const Scope& root, const ClientSession::FeedType& feeds, const Output& fetch,
                 const std::string& text) {
  ClientSession session(root);
  std::vector<Tensor> out;
  const Status s = session.Run(feeds, {fetch}, &out);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT) << s;
  EXPECT_EQ(s.message().substr(0, text.size()), text) << s;
}

// Tile's output sizes are TF's wrapping int64 products: a negative one is TF's error, a
// product that wraps back to a small size is that size (texts and shapes from live TF 2.21).
TEST(ArrayTransformTest, TileSizesWrapAsTfs) {
  Scope root = Scope::NewRootScope();
  Output x = Placeholder(root, DT_DOUBLE);
  auto m = Placeholder(root, DT_INT64);
  const int64_t p62 = int64_t{1} << 62;
  ExpectError(root, {{x, Tensor(DT_DOUBLE, {2})}, {m, {int64_t{9200000000000000000}}}},
              Tile(root, x, m), "Expected a non-negative size, got -46744073709551616");
  ExpectError(root, {{x, Tensor(DT_DOUBLE, {3, 0})}, {m, {p62, int64_t{7}}}}, Tile(root, x, m),
              "Expected a non-negative size, got -4611686018427387904");
  ExpectError(root, {{x, Tensor(DT_DOUBLE, {2, 2})}, {m, {p62, p62}}}, Tile(root, x, m),
              "Expected a non-negative size, got -9223372036854775808");
  ClientSession session(root);
  std::vector<Tensor> out;
  Tensor four(DT_DOUBLE, {4});
  four.flat<double>().setConstant(1.5);
  TF_ASSERT_OK(session.Run({{x, four}, {m, {p62 + 1}}}, {Tile(root, x, m)}, &out));
  EXPECT_EQ(out[0].shape(), TensorShape({4}));
  EXPECT_EQ(out[0].flat<double>()(3), 1.5);
}

// An empty OneHot output whose other sizes are huge is returned at once (TF 2.21: shape
// (1048576, 2147483647, 0)); it once looped prefix * depth = 2^51 times writing nothing (the op
// fuzzer's 149 s timeout).
TEST(ArrayTransformTest, EmptyOneHotWithHugeSidesIsImmediate) {
  Scope root = Scope::NewRootScope();
  auto idx = Placeholder(root, DT_INT32);
  auto one_hot = OneHot(root, idx, 2147483647, std::string("a"), std::string("b"), OneHot::Axis(1));
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({{idx, Tensor(DT_INT32, {1 << 20, 0})}}, {one_hot}, &out));
  EXPECT_EQ(out[0].shape(), TensorShape({1 << 20, 2147483647, 0}));
  EXPECT_EQ(out[0].dtype(), DT_STRING);
}

// Roll of an empty tensor whose other sides are huge: its strides overflowed int64 (the op
// fuzzer's UBSan report); the result is the empty input.
TEST(ArrayTransformTest, RollOfAnEmptyTensorWithHugeSides) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_STRING);
  auto roll = Roll(root, x, {1}, {2});
  ClientSession session(root);
  std::vector<Tensor> out;
  const TensorShape empty({0, int64_t{1} << 32, int64_t{1} << 40});
  TF_ASSERT_OK(session.Run({{x, Tensor(DT_STRING, empty)}}, {roll}, &out));
  EXPECT_EQ(out[0].shape(), empty);
}

TEST(ArrayTransformTest, ErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  Output x = Placeholder(root, DT_FLOAT);
  Output y = Placeholder(root, DT_FLOAT);
  auto i = Placeholder(root, DT_INT32);
  auto j = Placeholder(root, DT_INT32);
  Tensor x234(DT_FLOAT, {2, 3, 4}), x235(DT_FLOAT, {2, 3, 5}), x23(DT_FLOAT, {2, 3});
  Tensor f2(DT_FLOAT, {2}), f3(DT_FLOAT, {3});
  ExpectError(root, {{x, x234}, {i, {0, 1}}}, Transpose(root, x, i),
              "transpose expects a vector of size 3. But input(1) is a vector of size 2");
  ExpectError(root, {{x, x234}, {i, {0, 1, 1}}}, Transpose(root, x, i),
              "2 is missing from {0,1,1}.");
  ExpectError(root, {{x, x234}, {i, {0, 1, 3}}}, Transpose(root, x, i),
              "3 is out of range [0 .. 3)");
  ExpectError(root, {{i, {0, 0, 1}}}, InvertPermutation(root, i), "0 is duplicated in the input.");
  ExpectError(root, {{i, {0, 3, 1}}}, InvertPermutation(root, i), "3 is not between 0 and 3");
  ExpectError(root, {{x, f2}, {y, f3}}, Stack(root, {x, y}),
              "Shapes of all inputs must match: values[0].shape = [2] != values[1].shape = [3]");
  ExpectError(root, {{x, x234}}, Unstack(root, x, 3).output[0],
              "Input shape axis 0 must equal 3, got shape [2,3,4]");
  ExpectError(root, {{x, x234}}, Squeeze(root, x, Squeeze::Axis({1})),
              "Can not squeeze dim[1], expected a dimension of 1, got 3");
  ExpectError(root, {{x, x234}, {y, x235}, {i, 1}}, Concat(root, {x, y}, i),
              "ConcatOp : Dimension 2 in both shapes must be equal: shape[0] = [2,3,4] vs. "
              "shape[1] = [2,3,5]");
  ExpectError(root, {{x, x234}, {y, x23}, {i, 1}}, Concat(root, {x, y}, i),
              "ConcatOp : Ranks of all input tensors should match: shape[0] = [2,3,4] vs. "
              "shape[1] = [2,3]");
  ExpectError(root, {{x, x234}, {y, x234}, {i, 3}}, Concat(root, {x, y}, i),
              "ConcatOp : Expected concatenating dimensions in the range [-3, 3), but got 3");
  // Scalars fed where shapes are unknown at graph time (found by tests/ops/op_fuzz_test.cc:
  // minitf once wrote both values into a one-element output).
  ExpectError(root, {{x, 1.f}, {y, 2.f}, {i, 0}}, Concat(root, {x, y}, i),
              "ConcatOp : Can't concatenate scalars (use tf.stack instead)");
  ExpectError(root, {{x, x234}, {i, {0, 0, 0}}, {j, {1, 4, 1}}}, Slice(root, x, i, j),
              "Expected size[1] in [0, 3], but got 4");
  ExpectError(root, {{x, x234}, {i, {0, 0}}, {j, {1, 1}}}, Slice(root, x, i, j),
              "Expected begin and size arguments to be 1-D tensors of size 3, but got shapes [2] "
              "and [2] instead.");
  ExpectError(root, {{x, x234}, {i, {0, -1, 0}}, {j, {1, 1, 1}}}, Slice(root, x, i, j),
              "Expected begin[1] in [0, 3], but got -1");
  Tensor p22(DT_INT32, {2, 2}), p32(DT_INT32, {3, 2});
  p32.flat<int32_t>().setZero();
  p32.flat<int32_t>()(4) = -1;
  ExpectError(root, {{x, x234}, {i, p22}}, Pad(root, x, i),
              "The first dimension of paddings must be the rank of inputs[2,2] [2,3,4]");
  ExpectError(root, {{x, x234}, {i, p32}}, Pad(root, x, i), "Paddings must be non-negative: -1 0");
  ExpectError(root, {{x, x23}, {i, {1, 2, 3}}}, Tile(root, x, i),
              "Expected multiples argument to be a vector of length 2 but got length 3");
  ExpectError(root, {{x, x23}, {i, {1, -1}}}, Tile(root, x, i),
              "Expected multiples[1] >= 0, but got -1");
  auto one = Const(root, 1.0f), zero = Const(root, 0.0f);
  ExpectError(root, {{i, {0, 2}}, {j, -1}}, OneHot(root, i, j, one, zero),
              "depth must be non-negative, got: -1");
  ExpectError(root, {{i, {0, 2}}, {j, 3}}, OneHot(root, i, j, one, zero, OneHot::Axis(3)),
              "Expected axis to be -1 or between [0, 2).  But received: 3");
  ExpectError(root, {{i, {0, 2}}, {j, 3}, {x, f2}}, OneHot(root, i, j, x, zero),
              "on_value must be a scalar, but got: [2]");
}

}  // namespace
}  // namespace tensorflow
