// TopK (TopKV2) and the NonMaxSuppression ops through the C++ API: TF 2.21's error codes and
// texts from kernels and shape functions (recorded from live TF), inferred shapes, and a few
// selections spelled out. Values against TF: cwise_golden_test.cc (tests/golden/detection.pb).
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

// The shape inferred for `o` at graph construction.
std::string ShapeOf(const Output& o) { return o.node()->output_shape(o.index()).DebugString(); }

using test_ops::ExpectError;
using test_ops::ExpectShapeError;

TEST(TopKTest, TiesGoToTheLowerIndex) {
  Scope root = Scope::NewRootScope();
  auto x = Const(root, {{1.f, 3.f, 3.f, 2.f, 5.f}, {0.f, 0.f, 0.f, 0.f, 0.f}});
  auto top = TopK(root, x, 3);
  auto unsorted = TopK(root, x, 3, TopK::Sorted(false).IndexType(DT_INT64));
  EXPECT_EQ(top.values.node()->type_string(), "TopKV2");
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({top.values, top.indices, unsorted.values, unsorted.indices}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({5, 3, 3, 0, 0, 0}, {2, 3}));
  test::ExpectTensorEqual<int32_t>(out[1], test::AsTensor<int32_t>({4, 1, 2, 0, 1, 2}, {2, 3}));
  // TF's heap order for sorted=false.
  test::ExpectTensorEqual<float>(out[2], test::AsTensor<float>({3, 3, 5, 0, 0, 0}, {2, 3}));
  test::ExpectTensorEqual<int64_t>(out[3], test::AsTensor<int64_t>({2, 1, 4, 2, 1, 0}, {2, 3}));
}

TEST(TopKTest, ErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  auto k = Placeholder(root, DT_INT32);
  auto top = TopK(root, x, k);
  const Tensor row = test::AsTensor<float>({1, 3, 3, 2, 5}, {1, 5});
  ExpectError(root, {{x, row}, {k, -1}}, top.values, "Need k >= 0, got -1");
  ExpectError(root, {{x, row}, {k, 6}}, top.values,
              "input must have at least k columns. Had 5, needed 6");
  ExpectError(root, {{x, row}, {k, {2}}}, top.values, "k must be scalar, got shape [1]");
  ExpectError(root, {{x, 1.f}, {k, 1}}, top.values, "input must be >= 1-D, got shape []");
  auto top16 = TopK(root, x, k, TopK::IndexType(DT_INT16));
  ExpectError(root, {{x, Tensor(DT_FLOAT, {1, 40000})}, {k, 3}}, top16.indices,
              "Second dimension of flattened input must be <= 32767, got 40000");
  ExpectError(root, {{x, Tensor(DT_FLOAT, {40000, 1})}, {k, 1}}, top16.indices,
              "First dimension of flattened input must be <= 32767, got 40000");
  // A 64-bit k keeps its low 32 bits, as TF reads it: 2^33 is 0.
  auto k64 = Placeholder(root, DT_INT64);
  auto top64 = TopK(root, x, k64);
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({{x, row}, {k64, int64_t{1} << 33}}, {top64.values}, &out));
  EXPECT_EQ(out[0].shape(), TensorShape({1, 0}));
}

TEST(TopKTest, ShapeFunctionIsTFs) {
  ExpectShapeError(
      [](const Scope& s) {
        TopK(s, Const(s, {{1.f, 2.f}}), 3);
      },
      "input must have last dimension >= k = 3 but is 2");
  ExpectShapeError([](const Scope& s) { TopK(s, Const(s, 1.f), 1); },
                   "Shape must be at least rank 1 but is rank 0");
  ExpectShapeError([](const Scope& s) { TopK(s, Const(s, {1.f}), {1}); },
                   "Input must be scalar but has rank 1");
  ExpectShapeError([](const Scope& s) { TopK(s, Const(s, {1.f}), -1); },
                   "Dimension size, given by scalar input 1, must be non-negative but is -1");
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT, Placeholder::Shape({-1, 4, 9}));
  auto top = TopK(root, x, 2);
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(ShapeOf(top.indices), "[?,4,2]");
}

// No gradient for TopKV2 in TF's C++ registry (its Python has one): TF's NotFound.
TEST(TopKTest, NoGradientAsInTF) {
  Scope root = Scope::NewRootScope();
  auto x = Const(root, {{1.f, 2.f, 3.f}});
  auto top = TopK(root, x, 2);
  std::vector<Output> grads;
  const Status s = AddSymbolicGradients(root, {top.values}, {x}, &grads);
  EXPECT_EQ(s.code(), error::NOT_FOUND) << s;
}

// Three boxes: 0 and 1 overlap with IOU 1/1.1, 2 is apart.
Tensor Boxes() { return test::AsTensor<float>({0, 0, 1, 1, 0, 0, 1.1f, 1, 2, 2, 3, 3}, {3, 4}); }
Tensor Scores() { return test::AsTensor<float>({0.9f, 0.8f, 0.7f}); }

TEST(NonMaxSuppressionTest, SelectsAsTF) {
  Scope root = Scope::NewRootScope();
  auto v3 = NonMaxSuppressionV3(root, Boxes(), Scores(), 3, 0.5f, 0.0f);
  auto v4 = NonMaxSuppressionV4(root, Boxes(), Scores(), 5, 0.5f, 0.0f,
                                NonMaxSuppressionV4::PadToMaxOutputSize(true));
  auto v5 = NonMaxSuppressionV5(root, Boxes(), Scores(), 3, 1.0f, 0.0f, 0.5f);
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(ShapeOf(v4.selected_indices), "[5]");
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({v3, v4.selected_indices, v4.valid_outputs, v5.selected_indices,
                            v5.selected_scores, v5.valid_outputs},
                           &out));
  test::ExpectTensorEqual<int32_t>(out[0], test::AsTensor<int32_t>({0, 2}));
  test::ExpectTensorEqual<int32_t>(out[1], test::AsTensor<int32_t>({0, 2, 0, 0, 0}));
  EXPECT_EQ(out[2].scalar<int32_t>()(), 2);
  // Soft NMS keeps box 1 with a decayed score.
  test::ExpectTensorEqual<int32_t>(out[3], test::AsTensor<int32_t>({0, 2, 1}));
  EXPECT_EQ(out[5].scalar<int32_t>()(), 3);
  EXPECT_LT(out[4].flat<float>()(2), 0.8f);
}

TEST(NonMaxSuppressionTest, ErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto b = Placeholder(root, DT_FLOAT);
  auto s = Placeholder(root, DT_FLOAT);
  auto m = Placeholder(root, DT_INT32);
  auto iou = Placeholder(root, DT_FLOAT);
  auto st = Placeholder(root, DT_FLOAT);
  auto sigma = Placeholder(root, DT_FLOAT);
  auto v3 = NonMaxSuppressionV3(root, b, s, m, iou, st);
  auto v4 = NonMaxSuppressionV4(root, b, s, m, iou, st);
  auto v5 = NonMaxSuppressionV5(root, b, s, m, iou, st, sigma);
  auto v2 = NonMaxSuppressionV2(root, b, s, m, iou);
  auto v1 = NonMaxSuppression(root, b, s, m, NonMaxSuppression::IouThreshold(1.5f));
  auto feeds = [&](Tensor boxes, Tensor scores, Tensor max_out, Tensor iou_t, Tensor score_t) {
    return ClientSession::FeedType{{b, boxes},   {s, scores},   {m, max_out},
                                   {iou, iou_t}, {st, score_t}, {sigma, 0.5f}};
  };
  const Tensor good_b = Boxes(), good_s = Scores(), two = test::AsScalar<int32_t>(2);
  const Tensor half = test::AsScalar<float>(0.5f), zero = test::AsScalar<float>(0.f);
  ExpectError(root, feeds(good_b, good_s, two, test::AsScalar<float>(1.5f), zero), v3,
              "iou_threshold must be in [0, 1]");
  ExpectError(root, feeds(good_b, good_s, two, test::AsScalar<float>(-0.5f), zero),
              v4.selected_indices, "iou_threshold must be in [0, 1]");
  ExpectError(root, feeds(good_b, good_s, two, test::AsScalar<float>(NAN), zero), v2,
              "iou_threshold must be in [0, 1]");
  ExpectError(root, feeds(good_b, good_s, two, half, zero), v1, "iou_threshold must be in [0, 1]");
  ExpectError(root, feeds(good_b, good_s, test::AsTensor<int32_t>({2}), half, zero), v3,
              "max_output_size must be 0-D, got shape [1] (Shape must be rank 0 but is rank 1)");
  ExpectError(root, feeds(good_b, good_s, test::AsTensor<int32_t>({2}), half, zero),
              v4.selected_indices, "max_output_size must be 0-D, got shape [1]");
  ExpectError(root, feeds(good_b, good_s, two, test::AsTensor<float>({0.5f}), zero), v3,
              "iou_threshold must be 0-D, got shape [1] (Shape must be rank 0 but is rank 1)");
  ExpectError(root, feeds(good_b, good_s, two, half, test::AsTensor<float>({0.f})), v3,
              "score_threshold must be 0-D, got shape [1]");
  ExpectError(root, feeds(good_b, good_s, test::AsScalar<int32_t>(-1), half, zero), v3,
              "output size must be non-negative");
  ExpectError(
      root,
      feeds(test::AsTensor<float>({0, 0, 1, 0, 0, 1, 2, 2, 3}, {3, 3}), good_s, two, half, zero),
      v3, "boxes must have 4 columns (Dimension must be 4 but is 3)");
  ExpectError(root, feeds(test::AsTensor<float>({0, 0, 1, 1}), good_s, two, half, zero), v3,
              "boxes must be 2-D[4] (Shape must be rank 2 but is rank 1)");
  ExpectError(root, feeds(good_b, test::AsTensor<float>({0.9f, 0.8f}), two, half, zero), v3,
              "scores has incompatible shape (Dimensions must be equal, but are 3 and 2)");
  ExpectError(root,
              feeds(good_b, test::AsTensor<float>({0.9f, 0.8f, 0.7f}, {1, 3}), two, half, zero), v3,
              "scores must be 1-D[1,3] (Shape must be rank 1 but is rank 2)");
  auto with_sigma = [&](float v) {
    auto f = feeds(good_b, good_s, two, half, zero);
    f.erase(sigma);
    f.emplace(sigma, v);
    return f;
  };
  ExpectError(root, with_sigma(-1.f), v5.selected_indices, "soft_nms_sigma_val must be >= 0");
}

TEST(NonMaxSuppressionTest, ShapeFunctionIsTFs) {
  ExpectShapeError(
      [](const Scope& s) {
        NonMaxSuppressionV3(s, Const(s, {1.f, 2.f, 3.f, 4.f}), Const(s, {1.f}), 1, 0.5f, 0.f);
      },
      "Shape must be rank 2 but is rank 1");
  ExpectShapeError(
      [](const Scope& s) {
        NonMaxSuppressionV3(s, Const(s, {{1.f, 2.f, 3.f, 4.f}}), Const(s, {1.f, 2.f}), 1, 0.5f,
                            0.f);
      },
      "Dimensions must be equal, but are 1 and 2");
  ExpectShapeError(
      [](const Scope& s) {
        NonMaxSuppressionV3(s, Const(s, {{1.f, 2.f, 3.f}}), Const(s, {1.f}), 1, 0.5f, 0.f);
      },
      "Dimension must be 4 but is 3");
  ExpectShapeError(
      [](const Scope& s) {
        NonMaxSuppressionV5(s, Const(s, {{1.f, 2.f, 3.f, 4.f}}), Const(s, {1.f}), {1}, 0.5f, 0.f,
                            0.f);
      },
      "Shape must be rank 0 but is rank 1");
}

// CombinedNonMaxSuppression's and NonMaxSuppressionWithOverlaps' kernel texts, recorded from
// TF 2.21 in its order of checks; a 2-D scores (TF aborts reading its third dimension) is an
// error.
TEST(NmsTest, CombinedAndOverlapsErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto boxes = Placeholder(root, DT_FLOAT);
  auto scores = Placeholder(root, DT_FLOAT);
  auto per_class = Placeholder(root, DT_INT32);
  auto total = Placeholder(root, DT_INT32);
  auto iou = Placeholder(root, DT_FLOAT);
  auto score = Placeholder(root, DT_FLOAT);
  auto combined = CombinedNonMaxSuppression(root, boxes, scores, per_class, total, iou, score);
  const Tensor b(DT_FLOAT, TensorShape({2, 5, 1, 4})), s(DT_FLOAT, TensorShape({2, 5, 3}));
  auto feeds = [&](const Tensor& bx, const Tensor& sc, const Tensor& pc, const Tensor& tt,
                   const Tensor& io, const Tensor& st) {
    return ClientSession::FeedType{{boxes, bx}, {scores, sc}, {per_class, pc},
                                   {total, tt}, {iou, io},    {score, st}};
  };
  const Tensor two(2), four(4), half(0.5f), tenth(0.1f);
  ExpectError(root, feeds(b, Tensor(DT_FLOAT, TensorShape({3, 5, 3})), two, four, half, tenth),
              combined.nmsed_boxes, "boxes and scores must have same batch size");
  ExpectError(root, feeds(b, s, test::AsTensor<int32_t>({2}), four, half, tenth),
              combined.nmsed_boxes, "max_size_per_class must be 0-D, got shape [1]");
  ExpectError(root, feeds(b, s, Tensor(0), four, half, tenth), combined.nmsed_boxes,
              "max_size_per_class must be positive");
  ExpectError(root, feeds(b, s, two, test::AsTensor<int32_t>({4}), half, tenth),
              combined.nmsed_boxes, "max_total_size must be 0-D, got shape [1]");
  ExpectError(root, feeds(b, s, two, Tensor(0), half, tenth), combined.nmsed_boxes,
              "max_total_size must be > 0");
  ExpectError(root, feeds(b, s, two, four, test::AsTensor<float>({0.5f}), tenth),
              combined.nmsed_boxes, "iou_threshold must be 0-D, got shape [1]");
  ExpectError(root, feeds(b, s, two, four, half, test::AsTensor<float>({0.1f})),
              combined.nmsed_boxes, "score_threshold must be 0-D, got shape [1]");
  ExpectError(root, feeds(b, s, two, four, Tensor(2.0f), tenth), combined.nmsed_boxes,
              "iou_threshold must be in [0, 1]");
  ExpectError(root, feeds(Tensor(DT_FLOAT, TensorShape({2, 5, 4})), s, two, four, half, tenth),
              combined.nmsed_boxes, "boxes must be 4-D[2,5,4]");
  ExpectError(root, feeds(Tensor(DT_FLOAT, TensorShape({2, 5, 2, 4})), s, two, four, half, tenth),
              combined.nmsed_boxes, "third dimension of boxes must be either 1 or num classes");
  ExpectError(root, feeds(Tensor(DT_FLOAT, TensorShape({2, 5, 1, 3})), s, two, four, half, tenth),
              combined.nmsed_boxes, "boxes must have 4 columns");
  ExpectError(root, feeds(b, Tensor(DT_FLOAT, TensorShape({2, 6, 3})), two, four, half, tenth),
              combined.nmsed_boxes, "scores has incompatible shape");
  ExpectError(root, feeds(b, Tensor(DT_FLOAT, TensorShape({2, 5})), two, four, half, tenth),
              combined.nmsed_boxes, "scores must be 3-D[2,5]");

  auto overlaps = Placeholder(root, DT_FLOAT);
  auto max_out = Placeholder(root, DT_INT32);
  auto with_overlaps = NonMaxSuppressionWithOverlaps(root, overlaps, scores, max_out, iou, score);
  const Tensor o(DT_FLOAT, TensorShape({3, 3})), sc = test::AsTensor<float>({1, 2, 3});
  auto ofeeds = [&](const Tensor& ov, const Tensor& scr, const Tensor& mo, const Tensor& th,
                    const Tensor& st) {
    return ClientSession::FeedType{
        {overlaps, ov}, {scores, scr}, {max_out, mo}, {iou, th}, {score, st}};
  };
  ExpectError(root, ofeeds(o, sc, test::AsTensor<int32_t>({2}), half, tenth), with_overlaps,
              "max_output_size must be 0-D, got shape [1]");
  ExpectError(root, ofeeds(o, sc, two, test::AsTensor<float>({0.5f}), tenth), with_overlaps,
              "overlap_threshold must be 0-D, got shape [1]");
  ExpectError(root, ofeeds(o, sc, two, half, test::AsTensor<float>({0.1f})), with_overlaps,
              "score_threshold must be 0-D, got shape [1]");
  ExpectError(root, ofeeds(Tensor(DT_FLOAT, TensorShape({3})), sc, two, half, tenth), with_overlaps,
              "overlaps must be 2-D[3]");
  ExpectError(root, ofeeds(Tensor(DT_FLOAT, TensorShape({3, 2})), sc, two, half, tenth),
              with_overlaps, "overlaps must be square[3,2]");
  ExpectError(root, ofeeds(o, test::AsTensor<float>({1, 2}), two, half, tenth), with_overlaps,
              "scores has incompatible shape (Dimensions must be equal, but are 3 and 2)");
  ExpectError(root, ofeeds(o, Tensor(DT_FLOAT, TensorShape({3, 1})), two, half, tenth),
              with_overlaps, "scores must be 1-D[3,1] (Shape must be rank 1 but is rank 2)");
  ExpectError(root, ofeeds(o, sc, Tensor(-1), half, tenth), with_overlaps,
              "output size must be non-negative");
}

}  // namespace
}  // namespace tensorflow
