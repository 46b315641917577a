// The array family's slicing and indexing ops (and the segment reductions) through the C++ API:
// TF 2.21's error codes and texts for bad inputs, from the kernels (fed placeholders) and from
// the shape functions (constant inputs, at graph construction), each checked against live TF.
// Values are checked against TF in cwise_golden_test.cc (tests/golden/indexing.pb).
#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

using test_ops::ExpectShapeError;

void ExpectError(const Scope& root, const ClientSession::FeedType& feeds, const Output& fetch,
                 const std::string& text, error::Code code = error::INVALID_ARGUMENT) {
  TF_ASSERT_OK(root.status());
  ClientSession session(root);
  std::vector<Tensor> out;
  const Status s = session.Run(feeds, {fetch}, &out);
  EXPECT_EQ(s.code(), code) << s;
  EXPECT_EQ(s.message().substr(0, text.size()), text) << s;
}

Tensor Iota(TensorShape shape) {
  Tensor t(DT_FLOAT, shape);
  for (int64_t i = 0; i < t.NumElements(); ++i) t.flat<float>()(i) = static_cast<float>(i);
  return t;
}

TEST(ArrayIndexingTest, StridedSliceErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  Output x = Placeholder(root, DT_FLOAT);
  auto b = Placeholder(root, DT_INT32), e = Placeholder(root, DT_INT32),
       st = Placeholder(root, DT_INT32);
  const Tensor x234 = Iota({2, 3, 4});
  ExpectError(root, {{x, x234}, {b, {0, 0}}, {e, {1, 1, 1}}, {st, {1, 1, 1}}},
              StridedSlice(root, x, b, e, st),
              "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [2], "
              "[3], and [3] instead.");
  ExpectError(root, {{x, x234}, {b, {0, 0}}, {e, {1, 1}}, {st, {1, 0}}},
              StridedSlice(root, x, b, e, st), "strides[1] must be non-zero");
  ExpectError(root, {{x, x234}, {b, {5}}, {e, {6}}, {st, {1}}},
              StridedSlice(root, x, b, e, st, StridedSlice::ShrinkAxisMask(1)),
              "slice index 5 of dimension 0 out of bounds.");
  ExpectError(root, {{x, x234}, {b, {-3}}, {e, {-2}}, {st, {1}}},
              StridedSlice(root, x, b, e, st, StridedSlice::ShrinkAxisMask(1)),
              "slice index -1 of dimension 0 out of bounds.");
  ExpectError(root, {{x, x234}, {b, {0}}, {e, {1}}, {st, {-1}}},
              StridedSlice(root, x, b, e, st, StridedSlice::ShrinkAxisMask(1)),
              "only stride 1 allowed on non-range indexing.");
  ExpectError(root, {{x, x234}, {b, {0, 0}}, {e, {1, 1}}, {st, {1, 1}}},
              StridedSlice(root, x, b, e, st, StridedSlice::EllipsisMask(3)),
              "Multiple ellipses in slice spec not allowed");
  ExpectError(root, {{x, x234}, {b, {0, 0, 0, 0}}, {e, {1, 1, 1, 1}}, {st, {1, 1, 1, 1}}},
              StridedSlice(root, x, b, e, st),
              "Index out of range using input dim 3; input has only 3 dims");
  ExpectError(root, {{x, Tensor(1.0f)}, {b, {0}}, {e, {1}}, {st, {1}}},
              StridedSlice(root, x, b, e, st), "Attempting to slice scalar input.");
  ExpectError(root,
              {{x, Tensor(DT_FLOAT, TensorShape(std::vector<int64_t>(9, 1)))},
               {b, {0}},
               {e, {1}},
               {st, {2}}},
              StridedSlice(root, x, b, e, st), "Unhandled input dimensions 9",
              error::UNIMPLEMENTED);
  auto shape = Placeholder(root, DT_INT32);
  Output dy = Placeholder(root, DT_FLOAT);
  ExpectError(root, {{shape, {4}}, {b, {1}}, {e, {3}}, {st, {1}}, {dy, Iota({3})}},
              StridedSliceGrad(root, shape, b, e, st, dy), "shape of dy was [3] instead of [2]");
  ExpectError(root, {{shape, {-2, 3}}, {b, {0}}, {e, {1}}, {st, {1}}, {dy, Iota({1, 3})}},
              StridedSliceGrad(root, shape, b, e, st, dy), "Dimension -2 must be >= 0");
  ExpectError(root, {{shape, Tensor(2)}, {b, {0}}, {e, {1}}, {st, {1}}, {dy, Iota({1})}},
              StridedSliceGrad(root, shape, b, e, st, dy),
              "shape must be 1-D, got shape.shape = []");
  // The shape function: the same checks on constant specs, and the spec lengths merged.
  ExpectShapeError(
      [](const Scope& s) {
        StridedSlice(s, Const(s, Iota({2, 3, 4})), {0, 0}, {1, 1, 1}, {1, 1, 1});
      },
      "Dimension 0 in both shapes must be equal, but are 2 and 3. Shapes are [2] and [3].");
  ExpectShapeError(
      [](const Scope& s) {
        StridedSlice(s, Const(s, Iota({2, 3})), {0}, {1}, {0});
      },
      "strides[0] must be non-zero");
  ExpectShapeError(
      [](const Scope& s) {
        StridedSliceGrad(s, Const(s, {-2}), {0}, {1}, {1}, Const(s, Iota({1})));
      },
      "Invalid value in tensor used for shape: -2");
}

TEST(ArrayIndexingTest, SplitReversePadErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  Output x = Placeholder(root, DT_FLOAT);
  auto axis = Placeholder(root, DT_INT32), sizes = Placeholder(root, DT_INT32);
  const Tensor x234 = Iota({2, 3, 4});
  ExpectError(root, {{x, x234}, {axis, 1}}, Split(root, axis, x, 2)[0],
              "Number of ways to split should evenly divide the split dimension, but got "
              "split_dim 1 (size = 3) and num_split 2");
  ExpectError(root, {{x, x234}, {axis, -4}}, Split(root, axis, x, 1)[0],
              "-input rank(-3) <= split_dim < input rank (3), but got -4");
  ExpectError(root, {{x, x234}, {axis, {1}}}, Split(root, axis, x, 3)[0],
              "split_dim must be a scalar but has rank 1");
  ExpectError(root, {{x, x234}, {sizes, {-1, -1}}, {axis, 2}}, SplitV(root, x, sizes, axis, 2)[0],
              "There can only be one -1 in the input.");
  ExpectError(root, {{x, x234}, {sizes, {1, 2}}, {axis, 2}}, SplitV(root, x, sizes, axis, 2)[0],
              "Determined shape must either match input shape along split_dim exactly if fully "
              "specified, or be less than the size of the input along split_dim if not fully "
              "specified.  Got: 3");
  ExpectError(root, {{x, x234}, {sizes, {-2, 6}}, {axis, 2}}, SplitV(root, x, sizes, axis, 2)[0],
              "Split size at index 0 must be >= 0. Got: -2");
  ExpectError(root, {{x, x234}, {sizes, {1, 3}}, {axis, 2}}, SplitV(root, x, sizes, axis, 3)[0],
              "size of the split_tensor must be 1-D and have the same elements as outputs got 1 "
              "-D and 2 elements");
  ExpectError(root, {{x, x234}, {sizes, {3}}, {axis, 2}}, SplitV(root, x, sizes, axis, 1)[0],
              "If there is only one output, it must have the same size as the input. Input size: "
              "4 output size: 3");
  ExpectError(root, {{x, x234}, {axis, {1, -2}}}, Reverse(root, x, axis),
              "axis 1 specified more than once.");
  ExpectError(root, {{x, x234}, {axis, {3}}}, Reverse(root, x, axis),
              "'axis'[0] = 3 is out of valid range [0, 2");
  ExpectError(root, {{x, x234}, {axis, 0}}, Reverse(root, x, axis),
              "'dims' must be 1-dimension, not 0");
  auto pads = Placeholder(root, DT_INT32);
  Output value = Placeholder(root, DT_FLOAT);
  Tensor p23(DT_INT32, {2, 3}), p22(DT_INT32, {2, 2});
  p23.flat<int32_t>().setZero();
  p22.flat<int32_t>().setZero();
  ExpectError(root, {{x, Iota({2, 3})}, {pads, p23}, {value, Tensor(0.0f)}},
              PadV2(root, x, pads, value), "paddings must be a matrix with 2 columns: [2,3]");
  ExpectError(root, {{x, Iota({2, 3})}, {pads, p22}, {value, Iota({1})}},
              PadV2(root, x, pads, value), "constant_values must be a scalar. Found: [1]");
  // Shape functions.
  ExpectShapeError(
      [](const Scope& s) {
        Split(s, 1, Const(s, Iota({2, 3})), 2);
      },
      "Dimension size must be evenly divisible by 2 but is 3\n\tNumber of ways to "
      "split should evenly divide the split dimension");
  ExpectShapeError(
      [](const Scope& s) {
        Split(s, 3, Const(s, Iota({2, 3, 4})), 1);
      },
      "Dimension size, given by scalar input 3 must be in range [-3, 3)");
  ExpectShapeError(
      [](const Scope& s) {
        SplitV(s, Const(s, Iota({2, 3, 4})), {1, 2}, 2, 2);
      },
      "can't split axis of size 4 into pieces of size [1,2]");
  ExpectShapeError(
      [](const Scope& s) {
        SplitV(s, Const(s, Iota({2, 3, 4})), {5, -1}, 2, 2);
      },
      "Split size at index 1 must be >= 0. Got: -1");
  ExpectShapeError(
      [](const Scope& s) {
        Reverse(s, Const(s, Iota({2, 3})), {1, -1});
      },
      "axis 1 specified more than once.");
  ExpectShapeError(
      [](const Scope& s) {
        PadV2(s, Const(s, Iota({2, 3})), {{-1, 0}, {0, 0}}, 0.0f);
      },
      "Paddings must be non-negative");
  ExpectShapeError(
      [](const Scope& s) {
        PadV2(s, Const(s, Iota({2, 3})), {{0, 0, 0}}, 0.0f);
      },
      "Dimension must be 2 but is 3");
}

TEST(ArrayIndexingTest, GatherScatterErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  Output x = Placeholder(root, DT_FLOAT);
  auto i = Placeholder(root, DT_INT64);
  auto axis = Placeholder(root, DT_INT32);
  const Tensor x34 = Iota({3, 4}), x234 = Iota({2, 3, 4});
  ExpectError(root, {{x, x34}, {i, test::AsTensor<int64_t>({0, 3})}}, Gather(root, x, i),
              "indices[1] = 3 is not in [0, 3)");
  ExpectError(root, {{x, x34}, {i, test::AsTensor<int64_t>({0, 1, 5, 0}, {2, 2})}},
              Gather(root, x, i), "indices[1,0] = 5 is not in [0, 3)");
  ExpectError(root, {{x, Tensor(1.0f)}, {i, test::AsTensor<int64_t>({0})}}, Gather(root, x, i),
              "params must be at least 1 dimensional");
  ExpectError(root, {{x, x234}, {i, test::AsTensor<int64_t>({0})}, {axis, 3}},
              GatherV2(root, x, i, axis), "Shape must be at least rank 4 but is rank 3");
  ExpectError(root, {{x, x234}, {i, test::AsTensor<int64_t>({0, 1, 1, 0}, {2, 2})}, {axis, 0}},
              GatherV2(root, x, i, axis, GatherV2::BatchDims(1)),
              "batch_dims (1) must be less than or equal to axis (0).");
  ExpectError(root, {{x, x234}, {i, test::AsTensor<int64_t>({0, 1}, {2})}, {axis, 2}},
              GatherV2(root, x, i, axis, GatherV2::BatchDims(2)),
              "Expected batch_dims in the range [-1, 1], but got 2");
  ExpectError(root, {{x, x234}, {i, test::AsTensor<int64_t>({0, 1, 0}, {3, 1})}, {axis, 1}},
              GatherV2(root, x, i, axis, GatherV2::BatchDims(1)),
              "params.shape[0]: 2 should be equal to indices.shape[0]: 3");
  ExpectError(root, {{x, x34}, {i, test::AsTensor<int64_t>({0, 0, 7, 0, 9, 9}, {3, 2})}},
              GatherNd(root, x, i),
              "indices[2] = [9, 9] does not index into param shape [3,4], node name: GatherNd");
  ExpectError(root, {{x, x34}, {i, test::AsTensor<int64_t>({0, 0, 0}, {1, 3})}},
              GatherNd(root, x, i),
              "index innermost dimension length must be <= params rank; saw: 3 vs. 2");
  ExpectError(root, {{x, Iota({0, 4})}, {i, test::AsTensor<int64_t>({0}, {1, 1})}},
              GatherNd(root, x, i),
              "Requested more than 0 entries, but params is empty.  Params shape: [0,4]");
  auto j = Placeholder(root, DT_INT32);
  auto shape = Placeholder(root, DT_INT32);
  ExpectError(root, {{j, test::AsTensor<int32_t>({5, 1, 7}, {3, 1})}, {x, Iota({3})}, {shape, {4}}},
              ScatterNd(root, j, x, shape), "indices[2] = [7] does not index into shape [4]");
  ExpectError(root, {{j, test::AsTensor<int32_t>({0, 1}, {2, 1})}, {x, Iota({3})}, {shape, {4}}},
              ScatterNd(root, j, x, shape),
              "Dimensions [0,1) of indices[shape=[2,1]] must match dimensions [0,1) of "
              "updates[shape=[3]]");
  ExpectError(root, {{j, test::AsTensor<int32_t>({0}, {1, 1})}, {x, Iota({1, 2})}, {shape, {2, 3}}},
              ScatterNd(root, j, x, shape),
              "Dimensions [1,2) of input[shape=[2,3]] must match dimensions [1,2) of "
              "updates[shape=[1,2]]");
  ExpectError(root, {{j, Tensor(1)}, {x, Iota({1})}, {shape, {4}}}, ScatterNd(root, j, x, shape),
              "Indices shape must have rank at least one. Found:[]");
  ExpectError(root, {{j, test::AsTensor<int32_t>({0}, {1, 1})}, {x, Iota({1})}, {shape, {-4}}},
              ScatterNd(root, j, x, shape), "Dimension -4 must be >= 0");
  ExpectError(root, {{x, Tensor(1.0f)}}, Where(root, Cast(root, x, DT_BOOL)),
              "WhereOp : Unhandled input dimensions: 0");
  // Shape functions.
  ExpectShapeError(
      [](const Scope& s) {
        GatherV2(s, Const(s, Iota({2, 3, 4})), {0}, 3);
      },
      "Shape must be at least rank 4 but is rank 3");
  ExpectShapeError(
      [](const Scope& s) {
        GatherNd(s, Const(s, Iota({3, 4})), {{0, 0, 0}});
      },
      "indices.shape[-1] must be <= params.rank, but saw indices shape: [1,3] and "
      "params shape: [3,4]");
  ExpectShapeError(
      [](const Scope& s) {
        ScatterNd(s, Const(s, {{0}, {1}}), Const(s, Iota({3})), {4});
      },
      "Dimensions [0,1) of indices[shape=[2,1]] = [2] must match dimensions [0,1) of "
      "updates[shape=[3]] = [3]: Dimension 0 in both shapes must be equal, but are 2 and 3. "
      "Shapes are [2] and [3].");
  ExpectShapeError([](const Scope& s) { ScatterNd(s, Const(s, {{0}}), Const(s, Iota({1})), {-4}); },
                   "Invalid value in tensor used for shape: -4");
}

TEST(ArrayIndexingTest, StitchSegmentBitcastErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  Output x = Placeholder(root, DT_FLOAT), y = Placeholder(root, DT_FLOAT);
  auto i = Placeholder(root, DT_INT32), j = Placeholder(root, DT_INT32);
  ExpectError(root, {{i, {0, -1}}, {x, Iota({2})}}, DynamicStitch(root, {Input(i)}, {Input(x)}),
              "indices[1] is out of range");
  ExpectError(root, {{i, {0, 1}}, {x, Iota({3})}}, DynamicStitch(root, {Input(i)}, {Input(x)}),
              "data[0].shape = [3] does not start with indices[0].shape = [2]");
  ExpectError(root, {{i, {0}}, {j, {1}}, {x, Iota({1, 2})}, {y, Iota({1, 3})}},
              DynamicStitch(root, {Input(i), Input(j)}, {Input(x), Input(y)}),
              "Need data[0].shape[1:] = data[1].shape[1:], got data[0].shape = [1,2], "
              "data[1].shape = [1,3], indices[0].shape = [1], indices[1].shape = [1]");
  auto n = Placeholder(root, DT_INT32);
  ExpectError(root, {{x, Iota({3, 2})}, {i, {0, 7, 9}}, {n, 2}}, UnsortedSegmentSum(root, x, i, n),
              "segment_ids[1] = 7 is out of range [0, 2)");
  ExpectError(root, {{x, Iota({3, 2})}, {i, {0, 1}}, {n, 2}}, UnsortedSegmentSum(root, x, i, n),
              "data.shape = [3,2] does not start with segment_ids.shape = [2]");
  ExpectError(root, {{x, Iota({3, 2})}, {i, {0, 1, 1}}, {n, -1}}, UnsortedSegmentSum(root, x, i, n),
              "Input num_segments == -1 must not be negative.");
  ExpectError(root, {{x, Iota({3, 2})}, {i, {0, 1, 1}}, {n, {1}}},
              UnsortedSegmentSum(root, x, i, n), "num_segments should be a scalar, not shape [1]");
  auto bytes = Placeholder(root, DT_UINT8);
  ExpectError(root, {{bytes, Tensor(DT_UINT8, {3})}}, Bitcast(root, bytes, DT_FLOAT),
              "Cannot bitcast from 4 to 1");
  // Shape functions.
  ExpectShapeError(
      [](const Scope& s) {
        DynamicStitch(s, {Input({0, 1})}, {Input(Const(s, Iota({3})))});
      },
      "Dimensions must be equal, but are 3 and 2");
  ExpectShapeError(
      [](const Scope& s) {
        UnsortedSegmentSum(s, Const(s, Iota({3, 2})), {0, 1, 1}, -1);
      },
      "Dimension size, given by scalar input 2, must be non-negative but is -1");
  ExpectShapeError(
      [](const Scope& s) {
        Bitcast(s, Const(s, Tensor(DT_UINT8, {2, 3})), DT_FLOAT);
      },
      "Cannot bitcast from 4 to 1 due to shape. 3 does not match 4");
}

// The segment reductions' kernel and shape errors, texts recorded from live TF 2.21 (eager raw
// ops; graph-mode shape functions).
TEST(ArrayIndexingTest, SegmentReductionErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  Output x = Placeholder(root, DT_FLOAT);
  auto i = Placeholder(root, DT_INT32), n = Placeholder(root, DT_INT32);
  ExpectError(root, {{x, 1.0f}, {i, {0}}}, SegmentSum(root, x, i), "input must be at least rank 1");
  ExpectError(root, {{x, Iota({2})}, {i, test::AsTensor<int32_t>({0, 1}, {1, 2})}},
              SegmentMax(root, x, i), "segment_ids should be a vector.");
  ExpectError(root, {{x, Iota({3, 2})}, {i, {0, 1}}}, SegmentMean(root, x, i),
              "segment_ids should be the same size as dimension 0 of input.");
  ExpectError(root, {{x, Iota({2, 2})}, {i, {1, 0}}}, SegmentProd(root, x, i),
              "segment ids are not increasing");
  ExpectError(root, {{x, Iota({3})}, {i, {0, 1, 0}}}, SegmentMin(root, x, i),
              "segment ids are not increasing");
  ExpectError(root, {{x, Iota({2})}, {i, {-1, 0}}}, SegmentSum(root, x, i),
              "Segment id -1 out of range [0, 1), possibly because 'segment_ids' input is not "
              "sorted.");
  ExpectError(root, {{x, Iota({2})}, {i, {0, -1}}}, SegmentSum(root, x, i),
              "segment ids must be >= 0");
  ExpectError(root, {{x, Iota({2})}, {i, {-3, -3}}}, SegmentSum(root, x, i),
              "segment ids must be >= 0");
  ExpectError(root, {{x, Iota({3, 2})}, {i, {0, 7, 1}}, {n, 2}}, UnsortedSegmentMax(root, x, i, n),
              "segment_ids[1] = 7 is out of range [0, 2)");
  ExpectError(root, {{x, Iota({2, 2})}, {i, test::AsTensor<int32_t>({0, 1, 1, 5}, {2, 2})}, {n, 2}},
              UnsortedSegmentMin(root, x, i, n), "segment_ids[1,1] = 5 is out of range [0, 2)");
  ExpectError(root, {{x, Iota({1, 2})}, {i, {0}}, {n, 0}}, UnsortedSegmentSum(root, x, i, n),
              "segment_ids[0] = 0 is out of range [0, 0)");
  ExpectError(root, {{x, Iota({3, 2})}, {i, {0, 1}}, {n, 2}}, UnsortedSegmentProd(root, x, i, n),
              "data.shape = [3,2] does not start with segment_ids.shape = [2]");
  ExpectError(root, {{x, Iota({3, 2})}, {i, {0, 1, 1}}, {n, -1}}, UnsortedSegmentMax(root, x, i, n),
              "Input num_segments == -1 must not be negative.");
  // Shape functions: data's leading dimensions are merged with the ids' before num_segments
  // is read.
  ExpectShapeError([](const Scope& s) { SegmentSum(s, Const(s, 1.0f), {0}); },
                   "Shape must be at least rank 1 but is rank 0");
  ExpectShapeError(
      [](const Scope& s) {
        SegmentMax(s, Const(s, Iota({2})), {{0, 1}});
      },
      "Shape must be rank 1 but is rank 2");
  ExpectShapeError(
      [](const Scope& s) {
        UnsortedSegmentMax(s, Const(s, Iota({5, 3})), {0, 1, 1, 0}, -1);
      },
      "Dimensions must be equal, but are 5 and 4");
  ExpectShapeError(
      [](const Scope& s) {
        UnsortedSegmentMin(s, Const(s, Iota({5})), {{0}, {1}}, 2);
      },
      "Shape must be at least rank 2 but is rank 1");
}

// Extreme values that make TF's own arithmetic overflow: minitf answers with an error.
TEST(ArrayIndexingTest, ExtremeValuesAreErrorsNotOverflows) {
  Scope root = Scope::NewRootScope();
  Output x = Placeholder(root, DT_FLOAT);
  auto b = Placeholder(root, DT_INT64), e = Placeholder(root, DT_INT64),
       st = Placeholder(root, DT_INT64);
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  const Tensor x234 = Iota({2, 3, 4});
  ExpectError(root,
              {{x, x234},
               {b, test::AsTensor<int64_t>({kMax})},
               {e, test::AsTensor<int64_t>({kMax})},
               {st, test::AsTensor<int64_t>({1})}},
              StridedSlice(root, x, b, e, st, StridedSlice::ShrinkAxisMask(1)),
              "slice index 9223372036854775807 of dimension 0 out of bounds.");
  auto axis = Placeholder(root, DT_INT64);
  ExpectError(root, {{x, x234}, {b, test::AsTensor<int64_t>({0})}, {axis, Tensor(kMin)}},
              GatherV2(root, x, b, axis), "Shape must be at least rank 9223372036854775807");
  auto sizes = Placeholder(root, DT_INT64);
  auto dim = Placeholder(root, DT_INT32);
  ExpectError(root, {{x, Iota({0})}, {sizes, test::AsTensor<int64_t>({kMax, kMax, 2})}, {dim, 0}},
              SplitV(root, x, sizes, dim, 3)[0], "Split size at index 0 is 9223372036854775807");
  auto pads = Placeholder(root, DT_INT64);
  ExpectError(root, {{x, Iota({2})}, {pads, test::AsTensor<int64_t>({kMax, 1}, {1, 2})}},
              Pad(root, x, pads), "Paddings 9223372036854775807 1 overflow dimension 0");
}

// ScatterNdNonAliasingAdd: TF 2.21's texts (recorded from live TF's kernel) in its order.
TEST(ArrayIndexingTest, ScatterNdNonAliasingAddErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  auto i = Placeholder(root, DT_INT32);
  auto u = Placeholder(root, DT_FLOAT);
  auto add = ScatterNdNonAliasingAdd(root, x, i, u);
  const Tensor x42 = Iota({4, 2});
  ExpectError(root, {{x, Tensor(1.0f)}, {i, test::AsTensor<int32_t>({1}, {1, 1})}, {u, Iota({1})}},
              add, "Output must be at least 1-D, got shape: []");
  ExpectError(root, {{x, x42}, {i, test::AsTensor<int32_t>({1, 4}, {2, 1})}, {u, Iota({2, 2})}},
              add, "indices[1] = [4] does not index into shape [4,2]");
  ExpectError(root, {{x, x42}, {i, test::AsTensor<int32_t>({-1, 7}, {2, 1})}, {u, Iota({2, 2})}},
              add, "indices[1] = [7] does not index into shape [4,2]");
  ExpectError(root, {{x, x42}, {i, test::AsTensor<int32_t>({9, 1})}, {u, Iota({2, 2})}}, add,
              "indices = [9] does not index into shape [4,2]");
  ExpectError(root, {{x, x42}, {i, test::AsTensor<int32_t>({1, 2}, {2, 1})}, {u, Iota({3, 2})}},
              add,
              "Dimensions [0,1) of indices[shape=[2,1]] = 2 must match dimensions [0,1) of "
              "updates[shape=[3,2]] = 3");
  ExpectError(root, {{x, x42}, {i, test::AsTensor<int32_t>({1, 2}, {2, 1})}, {u, Iota({2, 3})}},
              add,
              "Dimensions [1,2) of input[shape=[4,2]] must match dimensions [1,2) of "
              "updates[shape=[2,3]]");
  ExpectError(root, {{x, x42}, {i, test::AsTensor<int32_t>({1, 1, 1}, {1, 3})}, {u, Iota({1})}},
              add,
              "Dimensions [3,2) of input[shape=[4,2]] must match dimensions [3,1) of "
              "updates[shape=[1]]");
  ExpectError(
      root,
      {{x, x42}, {i, test::AsTensor<int32_t>({0, 0, 0, 0, 0, 0}, {2, 3, 1})}, {u, Iota({2, 2, 2})}},
      add,
      "Dimensions [0,2) of indices[shape=[2,3,1]] must match dimensions [0,2) of "
      "updates[shape=[2,2,2]]");
  ExpectError(root,
              {{x, Iota({0, 2})}, {i, test::AsTensor<int32_t>({0}, {1, 1})}, {u, Iota({1, 2})}},
              add, "Indices and updates specified for empty output.  indices shape: [1,1]");
  ExpectError(root, {{x, x42}, {i, Tensor(DT_INT32, {2, 0})}, {u, Iota({2, 4, 2})}}, add,
              "Indices and updates specified for empty output.  indices shape: [2,0]");
  ExpectError(
      root,
      {{x, Iota({1, 1, 1, 1, 1, 1, 1, 1, 1})}, {i, Tensor(DT_INT32, {0, 8})}, {u, Iota({0, 1})}},
      add,
      "Only indices.shape[-1] values between 1 and 5 are currently supported.  "
      "Requested rank: 8");
  // TF reads a dimension of the scalar from memory here; minitf names none.
  ExpectError(root, {{x, x42}, {i, Tensor(1)}, {u, Iota({2})}}, add,
              "Dimensions [0,1) of indices[shape=[]] must match dimensions [0,1) of "
              "updates[shape=[2]]");
  ExpectError(
      root, {{x, x42}, {i, test::AsTensor<int32_t>({1}, {1, 1})}, {u, Iota({1, 2})}},
      ScatterNdNonAliasingAdd(root, x, i, u, ScatterNdNonAliasingAdd::BadIndicesPolicy("FOO")),
      "Unknown bad indices handling attribute: FOO");
}

}  // namespace
}  // namespace tensorflow
