// CropAndResize family: TF's published vectors (SEED_OPS.md §C.4), the gradient properties
// TF's tests rely on, shape functions (§C.6), and the errors that replace TF's crashes.
#include <cmath>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

using ops::CropAndResize;
using ops::CropAndResizeGradBoxes;
using ops::CropAndResizeGradImage;

Tensor Run1(const Scope& root, Output o) {
  TF_CHECK_OK(root.status());
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_CHECK_OK(session.Run({o}, &out));
  return out[0];
}

template <typename T>
Tensor Image(std::vector<T> values, std::initializer_list<int64_t> shape) {
  return test::AsTensor<T>(values, TensorShape(shape));
}

template <typename T>
void CheckAllTypes2x2To1x1() {
  Scope root = Scope::NewRootScope();
  auto image = Image<T>({1, 2, 3, 4}, {1, 2, 2, 1});
  auto bilinear = CropAndResize(root, image, {{0.f, 0.f, 1.f, 1.f}}, {0}, {1, 1});
  auto nearest = CropAndResize(root, image, {{0.f, 0.f, 1.f, 1.f}}, {0}, {1, 1},
                               CropAndResize::Method("nearest"));
  test::ExpectTensorEqual<float>(Run1(root, bilinear), test::AsTensor<float>({2.5f}, {1, 1, 1, 1}));
  test::ExpectTensorEqual<float>(Run1(root, nearest), test::AsTensor<float>({4.f}, {1, 1, 1, 1}));
}

TEST(CropAndResizeTest, TwoByTwoToOneByOneForEveryType) {
  CheckAllTypes2x2To1x1<float>();
  CheckAllTypes2x2To1x1<double>();
  CheckAllTypes2x2To1x1<uint8_t>();
  CheckAllTypes2x2To1x1<uint16_t>();
  CheckAllTypes2x2To1x1<int8_t>();
  CheckAllTypes2x2To1x1<int16_t>();
  CheckAllTypes2x2To1x1<int32_t>();
  CheckAllTypes2x2To1x1<int64_t>();
}

TEST(CropAndResizeTest, PublishedVectors) {
  Scope root = Scope::NewRootScope();
  auto img2 = Image<float>({1, 2, 3, 4}, {1, 2, 2, 1});
  auto img3 = Image<float>({1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 3, 3, 1});
  auto nn = CropAndResize::Method("nearest");
  // clang-format off
  std::vector<std::pair<Output, Tensor>> cases = {
      {CropAndResize(root, img2, {{1.f, 1.f, 0.f, 0.f}}, {0}, {1, 1}), test::AsTensor<float>({2.5f}, {1, 1, 1, 1})},
      {CropAndResize(root, img2, {{1.f, 1.f, 0.f, 0.f}}, {0}, {1, 1}, nn), test::AsTensor<float>({4.f}, {1, 1, 1, 1})},
      {CropAndResize(root, img2, {{0.f, 0.f, 1.f, 1.f}}, {0}, {3, 3}),
       test::AsTensor<float>({1, 1.5f, 2, 2, 2.5f, 3, 3, 3.5f, 4}, {1, 3, 3, 1})},
      {CropAndResize(root, img2, {{0.f, 0.f, 1.f, 1.f}}, {0}, {3, 3}, nn),
       test::AsTensor<float>({1, 2, 2, 3, 4, 4, 3, 4, 4}, {1, 3, 3, 1})},
      {CropAndResize(root, img2, {{1.f, 1.f, 0.f, 0.f}}, {0}, {3, 3}),
       test::AsTensor<float>({4, 3.5f, 3, 3, 2.5f, 2, 2, 1.5f, 1}, {1, 3, 3, 1})},
      {CropAndResize(root, img2, {{1.f, 1.f, 0.f, 0.f}}, {0}, {3, 3}, nn),
       test::AsTensor<float>({4, 4, 3, 4, 4, 3, 2, 2, 1}, {1, 3, 3, 1})},
      {CropAndResize(root, img3, {{0.f, 0.f, 1.f, 1.f}, {0.f, 0.f, 0.5f, 0.5f}}, {0, 0}, {2, 2}),
       test::AsTensor<float>({1, 3, 7, 9, 1, 2, 4, 5}, {2, 2, 2, 1})},
      {CropAndResize(root, img3, {{0.f, 0.f, 1.f, 1.f}, {0.f, 0.f, 0.5f, 0.5f}}, {0, 0}, {2, 2}, nn),
       test::AsTensor<float>({1, 3, 7, 9, 1, 2, 4, 5}, {2, 2, 2, 1})},
      {CropAndResize(root, img3, {{1.f, 1.f, 0.f, 0.f}, {0.5f, 0.5f, 0.f, 0.f}}, {0, 0}, {2, 2}),
       test::AsTensor<float>({9, 7, 3, 1, 5, 4, 2, 1}, {2, 2, 2, 1})},
      {CropAndResize(root, img2, {{-1.f, -1.f, 1.f, 1.f}}, {0}, {3, 3},
                     CropAndResize::ExtrapolationValue(-1)),
       test::AsTensor<float>({-1, -1, -1, -1, 1, 2, -1, 3, 4}, {1, 3, 3, 1})},
      {CropAndResize(root, img2, Tensor(DT_FLOAT, TensorShape({0, 4})),
                     Tensor(DT_INT32, TensorShape({0})), {3, 3}),
       Tensor(DT_FLOAT, TensorShape({0, 3, 3, 1}))},
  };
  // clang-format on
  for (const auto& c : cases) test::ExpectTensorEqual<float>(Run1(root, c.first), c.second);
}

TEST(CropAndResizeTest, WithSharding) {
  // A 999x999 image whose value is the column index, two 500x500 crops: exact rows.
  Scope root = Scope::NewRootScope();
  Tensor image(DT_FLOAT, TensorShape({1, 999, 999, 1}));
  auto flat = image.flat<float>();
  for (int64_t i = 0; i < flat.size(); ++i) flat(i) = static_cast<float>(i % 999);
  auto crops = CropAndResize(root, image, {{0.f, 0.f, 0.5f, 0.5f}, {0.5f, 0.5f, 1.f, 1.f}}, {0, 0},
                             {500, 500});
  Tensor out = Run1(root, crops);
  auto o = out.tensor<float, 4>();
  for (int y : {0, 123, 499}) {
    for (int x = 0; x < 500; ++x) {
      ASSERT_EQ(o(0, y, x, 0), static_cast<float>(x));
      ASSERT_EQ(o(1, y, x, 0), static_cast<float>(x + 499));
    }
  }
}

TEST(CropAndResizeTest, GradImageOverAMillionRowsAtEveryThreadCount) {
  // 1.1 million output rows: past the row weighting, GradImage splits its rows evenly. A
  // full-height box cropped to 2x1 samples rows 0 and H-1 exactly (lerps 0): the two
  // gradients land on those pixels, every other pixel stays 0.
  const int64_t height = 1100000;
  Scope root = Scope::NewRootScope();
  auto gi = CropAndResizeGradImage(root, test::AsTensor<float>({1, 2}, {1, 2, 1, 1}),
                                   {{0.f, 0.f, 1.f, 1.f}}, {0}, {1, static_cast<int>(height), 1, 1},
                                   DT_FLOAT);
  for (int threads : {1, 2, 3}) {
    SessionOptions options;
    options.config.set_intra_op_parallelism_threads(threads);
    ClientSession session(root, options);
    std::vector<Tensor> out;
    TF_ASSERT_OK(session.Run({gi}, &out));
    auto v = out[0].flat<float>();
    ASSERT_EQ(v.size(), height);
    EXPECT_EQ(v(0), 1.f);
    EXPECT_EQ(v(height - 1), 2.f);
    int64_t nonzero = 0;
    for (int64_t i = 0; i < v.size(); ++i) nonzero += v(i) != 0.f;
    EXPECT_EQ(nonzero, 2);
  }
}

TEST(CropAndResizeTest, GradientProperties) {
  Scope root = Scope::NewRootScope();
  Tensor image = Image<float>({1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 3, 3, 1});
  Tensor ones(DT_FLOAT, TensorShape({1, 2, 2, 1}));
  ones.flat<float>().setConstant(1.f);
  // Samples on grid points: the box gradient is exactly zero (SEED_OPS.md §B).
  auto aligned = CropAndResizeGradBoxes(root, ones, image, {{0.f, 0.f, 1.f, 1.f}}, {0});
  test::ExpectTensorEqual<float>(Run1(root, aligned), test::AsTensor<float>({0, 0, 0, 0}, {1, 4}));
  // Height 1: no y gradient.
  Tensor row = Image<float>({1, 2, 3}, {1, 1, 3, 1});
  auto flat = CropAndResizeGradBoxes(root, ones, row, {{0.1f, 0.2f, 0.7f, 0.9f}}, {0});
  Tensor fb = Run1(root, flat);
  EXPECT_EQ(fb.matrix<float>()(0, 0), 0.f);
  EXPECT_EQ(fb.matrix<float>()(0, 2), 0.f);
  EXPECT_NE(fb.matrix<float>()(0, 1), 0.f);
  // GradImage of a full-image box at the corners puts each gradient on its pixel.
  auto gi = CropAndResizeGradImage(root, test::AsTensor<float>({1, 2, 3, 4}, {1, 2, 2, 1}),
                                   {{0.f, 0.f, 1.f, 1.f}}, {0}, {1, 3, 3, 1}, DT_FLOAT);
  test::ExpectTensorEqual<float>(Run1(root, gi),
                                 test::AsTensor<float>({1, 0, 2, 0, 0, 0, 3, 0, 4}, {1, 3, 3, 1}));
  auto gi_shape = gi.node()->output_shape(0).DebugString();
  EXPECT_EQ(gi_shape, "[1,3,3,1]");
}

Status BuildStatus(const std::function<void(const Scope&)>& build) {
  Scope root = Scope::NewRootScope();
  build(root);
  return root.status();
}

TEST(CropAndResizeErrorTest, ShapeFunctionsAndAttrs) {
  auto has = [](const Status& s, const char* text) {
    return s.code() == error::INVALID_ARGUMENT && s.message().find(text) != absl::string_view::npos;
  };
  Tensor five(DT_FLOAT, TensorShape({1, 2, 3, 4, 5}));
  five.flat<float>().setZero();
  EXPECT_TRUE(has(BuildStatus([&](const Scope& r) {
                    CropAndResize(r, five, {{0.f, 0.f, 1.f, 1.f}}, {0}, {1, 1});
                  }),
                  "Shape must be rank 4 but is rank 5"));
  Tensor img(DT_FLOAT, TensorShape({1, 2, 2, 1}));
  img.flat<float>().setZero();
  EXPECT_TRUE(has(BuildStatus([&](const Scope& r) {
                    CropAndResize(r, img, {{0.f, 0.f, 1.f}}, {0}, {1, 1});
                  }),
                  "Dimension must be 4 but is 3"));
  EXPECT_TRUE(
      has(BuildStatus([&](const Scope& r) {
            CropAndResize(r, img, {{0.f, 0.f, 1.f, 1.f}, {0.f, 0.f, 1.f, 1.f}}, {0}, {1, 1});
          }),
          "Dimensions must be equal, but are 2 and 1"));
  EXPECT_TRUE(has(BuildStatus([&](const Scope& r) {
                    CropAndResize(r, img, {{0.f, 0.f, 1.f, 1.f}}, {0}, {1});
                  }),
                  "Dimension must be 2 but is 1"));
  EXPECT_TRUE(has(BuildStatus([&](const Scope& r) {
                    CropAndResizeGradImage(r, img, {{0.f, 0.f, 1.f, 1.f}}, {0}, {{1, 2}}, DT_FLOAT);
                  }),
                  "Shape must be rank 1 but is rank 2"));
  EXPECT_TRUE(has(BuildStatus([&](const Scope& r) {
                    CropAndResize(r, img, {{0.f, 0.f, 1.f, 1.f}}, {0}, {1, 1},
                                  CropAndResize::Method("bicubic"));
                  }),
                  "Value for attr 'method' of \"bicubic\" is not in the list of allowed values"));
  EXPECT_TRUE(has(BuildStatus([&](const Scope& r) {
                    CropAndResizeGradBoxes(r, img, img, {{0.f, 0.f, 1.f, 1.f}}, {0},
                                           CropAndResizeGradBoxes::Method("nearest"));
                  }),
                  "allowed values: \"bilinear\""));
  EXPECT_TRUE(
      has(BuildStatus([&](const Scope& r) {
            CropAndResizeGradImage(r, img, {{0.f, 0.f, 1.f, 1.f}}, {0}, {1, 2, 2, 1}, DT_INT32);
          }),
          "Value for attr 'T' of int32 is not in the list of allowed values: float, half, double"));
  Scope root = Scope::NewRootScope();
  auto crops =
      CropAndResize(root, ops::Placeholder(root, DT_UINT8), {{0.f, 0.f, 1.f, 1.f}}, {0}, {20, 30});
  EXPECT_EQ(crops.node()->output_shape(0).DebugString(), "[1,20,30,?]");
}

TEST(CropAndResizeErrorTest, KernelChecksReplaceTFsCrashes) {
  Scope root = Scope::NewRootScope();
  auto image = ops::Placeholder(root.WithOpName("image"), DT_FLOAT);
  auto boxes = ops::Placeholder(root.WithOpName("boxes"), DT_FLOAT);
  auto ind = ops::Placeholder(root.WithOpName("ind"), DT_INT32);
  auto size = ops::Placeholder(root.WithOpName("size"), DT_INT32);
  auto grads = ops::Placeholder(root.WithOpName("grads"), DT_FLOAT);
  auto isize = ops::Placeholder(root.WithOpName("isize"), DT_INT32);
  auto fwd = CropAndResize(root.WithOpName("fwd"), image, boxes, ind, size);
  auto gb = CropAndResizeGradBoxes(root.WithOpName("gb"), grads, image, boxes, ind);
  auto gi = CropAndResizeGradImage(root.WithOpName("gi"), grads, boxes, ind, isize, DT_FLOAT);
  TF_ASSERT_OK(root.status());
  ClientSession session(root);
  Tensor img(DT_FLOAT, TensorShape({1, 2, 2, 1}));
  img.flat<float>().setConstant(1.f);
  Tensor g(DT_FLOAT, TensorShape({1, 2, 2, 1}));
  g.flat<float>().setConstant(1.f);
  const Tensor box = test::AsTensor<float>({0, 0, 1, 1}, {1, 4});
  const Tensor nan_box = test::AsTensor<float>({0, NAN, 1, 1}, {1, 4});
  const Tensor inf_box = test::AsTensor<float>({0, 0, INFINITY, 1}, {1, 4});
  const Tensor empty_boxes(DT_FLOAT, TensorShape({0}));  // wrong rank, zero elements
  const Tensor empty_ind(DT_INT32, TensorShape({0, 1}));
  std::vector<Tensor> out;
  auto expect = [&](ClientSession::FeedType feeds, Output fetch, error::Code code,
                    const std::string& message) {
    Status s = session.Run(feeds, {fetch}, &out);
    EXPECT_EQ(s.code(), code) << s.message();
    EXPECT_EQ(s.message().substr(0, message.size()), message) << s.message();
    EXPECT_NE(s.message().find("{{node " + fetch.node()->name() + "}}"), absl::string_view::npos);
  };
  const auto bad = error::INVALID_ARGUMENT;
  const std::string not_finite = "Boxes contains at least one element that is not finite";
  expect({{image, img}, {boxes, nan_box}, {ind, {0}}, {size, {2, 2}}}, fwd, bad, not_finite);
  expect({{grads, g}, {image, img}, {boxes, nan_box}, {ind, {0}}}, gb, bad, not_finite);
  expect({{grads, g}, {boxes, inf_box}, {ind, {0}}, {isize, {1, 2, 2, 1}}}, gi, bad, not_finite);
  expect({{grads, g}, {image, img}, {boxes, box}, {ind, {1}}}, gb, error::OUT_OF_RANGE,
         "box_index has values outside [0, batch_size)");
  expect({{grads, g}, {boxes, box}, {ind, {-1}}, {isize, {1, 2, 2, 1}}}, gi, error::OUT_OF_RANGE,
         "box_index has values outside [0, batch_size)");
  expect({{image, img}, {boxes, box}, {ind, {3}}, {size, {2, 2}}}, fwd, error::OUT_OF_RANGE,
         "box_index has values outside [0, batch_size)");
  // Wrong ranks hidden by empty tensors (TF skips its checks there, then aborts).
  Tensor g0(DT_FLOAT, TensorShape({0, 2, 2, 1}));
  expect(
      {{grads, g0}, {image, img}, {boxes, empty_boxes}, {ind, Tensor(DT_INT32, TensorShape({0}))}},
      gb, bad, "boxes must be 2-D[0]");
  expect({{grads, g0},
          {boxes, Tensor(DT_FLOAT, TensorShape({0, 4}))},
          {ind, empty_ind},
          {isize, {1, 2, 2, 1}}},
         gi, bad, "box_index must be 1-D[0,1]");
  // Absurd sizes are refused before anything is allocated.
  expect({{image, img}, {boxes, box}, {ind, {0}}, {size, {2000000000, 2000000000}}}, fwd, bad,
         "Output shape [1,2000000000,2000000000,1] is too large");
  expect({{grads, g}, {boxes, box}, {ind, {0}}, {isize, {1, 2000000000, 2000000000, 1}}}, gi, bad,
         "Output shape [1,2000000000,2000000000,1] is too large");
  expect({{image, img}, {boxes, box}, {ind, {0}}, {size, {0, 2}}}, fwd, bad,
         "crop dimensions must be positive");
  expect(
      {{image, Tensor(DT_FLOAT, TensorShape({2, 2, 1}))}, {boxes, box}, {ind, {0}}, {size, {2, 2}}},
      fwd, bad, "input image must be 4-D[2,2,1]");
  expect(
      {{grads, g}, {image, Tensor(DT_FLOAT, TensorShape({1, 2, 2, 3}))}, {boxes, box}, {ind, {0}}},
      gb, bad, "image, grads depth differ");
  expect({{image, img}, {boxes, box}, {ind, {0, 0}}, {size, {2, 2}}}, fwd, bad,
         "box_index has incompatible shape");
  // And the session still works.
  TF_EXPECT_OK(session.Run({{grads, g}, {image, img}, {boxes, box}, {ind, {0}}}, {gb}, &out));
}

// Images wider or taller than 2^24 pixels: the float sample coordinate W - 1 rounds up to W and
// passes TF's float test `in_x > W - 1`, so TF indexes one pixel past the image (reading the
// next image's first pixel, or writing past its gradient output). minitf samples the last
// pixel, which is where the box's real-valued coordinate W - 1 lies. (Reliability issue,
// "found already".)
TEST(CropAndResizeErrorTest, SamplesPastTwoToThe24StayInTheImage) {
  constexpr int kWide = 16777220;  // W - 1 = 16777219 rounds to 16777220 in float
  Scope root = Scope::NewRootScope();
  Tensor image(DT_UINT8, TensorShape({2, 1, kWide, 1}));
  auto px = image.flat<uint8>();
  px.setConstant(1);
  px(kWide - 1) = 7;  // image 0's last pixel
  px(kWide) = 9;      // image 1's first pixel, one past image 0
  for (const char* method : {"bilinear", "nearest"}) {
    auto crop = CropAndResize(root, image, {{0.f, 1.f, 0.f, 1.f}}, {0}, {1, 1},
                              CropAndResize::Method(method));
    test::ExpectTensorEqual<float>(Run1(root, crop), test::AsTensor<float>({7.f}, {1, 1, 1, 1}));
  }

  // The gradient w.r.t. the image of a sample at row H - 1 lands on row H - 1, not past it.
  for (const char* method : {"bilinear", "nearest"}) {
    auto grad = CropAndResizeGradImage(root, test::AsTensor<float>({1.f}, {1, 1, 1, 1}),
                                       {{1.f, 0.f, 1.f, 0.f}}, {0}, {1, kWide, 1, 1}, DT_FLOAT,
                                       CropAndResizeGradImage::Method(method));
    Tensor out = Run1(root, grad);
    ASSERT_EQ(out.NumElements(), kWide);
    auto g = out.flat<float>();
    EXPECT_EQ(g(kWide - 1), 1.f) << method;
    EXPECT_EQ(g(kWide - 2), 0.f) << method;
  }

  // And the gradient w.r.t. the boxes reads only pixels inside the image.
  Tensor tall(DT_FLOAT, TensorShape({1, kWide, 1, 1}));
  tall.flat<float>().setConstant(2.f);
  auto gb = CropAndResizeGradBoxes(root, test::AsTensor<float>({1.f}, {1, 1, 1, 1}), tall,
                                   {{1.f, 0.f, 1.f, 0.f}}, {0});
  Tensor d_box = Run1(root, gb);
  auto d = d_box.flat<float>();
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(std::isfinite(d(i))) << i;
}

// Finite box corners whose difference overflows make the first sample coordinate 0 * inf = NaN,
// which TF's [0, H-1] test lets through to the index INT_MIN (the graph_def fuzzer's UBSan
// report). minitf counts a NaN coordinate as outside the image, like inf: extrapolation values
// forward, no gradient.
TEST(CropAndResizeErrorTest, NanSampleCoordinatesAreOutside) {
  Scope root = Scope::NewRootScope();
  const Tensor image = test::AsTensor<float>({1, 2, 3, 4}, {1, 2, 2, 1});
  const Tensor boxes = test::AsTensor<float>({-3e38f, 0.f, 3e38f, 1.f}, {1, 4});
  for (const char* method : {"bilinear", "nearest"}) {
    auto crop = CropAndResize(root, image, boxes, {0}, {2, 2},
                              CropAndResize::Method(method).ExtrapolationValue(-1.f));
    test::ExpectTensorEqual<float>(Run1(root, crop),
                                   test::AsTensor<float>({-1, -1, -1, -1}, {1, 2, 2, 1}));
    auto grad =
        CropAndResizeGradImage(root, test::AsTensor<float>({1, 1, 1, 1}, {1, 2, 2, 1}), boxes, {0},
                               {1, 2, 2, 1}, DT_FLOAT, CropAndResizeGradImage::Method(method));
    test::ExpectTensorEqual<float>(Run1(root, grad),
                                   test::AsTensor<float>({0, 0, 0, 0}, {1, 2, 2, 1}));
  }
  auto gb = CropAndResizeGradBoxes(root, test::AsTensor<float>({1, 1, 1, 1}, {1, 2, 2, 1}), image,
                                   boxes, {0});
  test::ExpectTensorEqual<float>(Run1(root, gb), test::AsTensor<float>({0, 0, 0, 0}, {1, 4}));
}

}  // namespace
}  // namespace tensorflow
