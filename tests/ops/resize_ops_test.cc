// The resize ops through the C++ API: TF 2.21's error codes and texts for bad inputs, each
// recorded from live TF (eager raw ops, the same CPU kernels), in TF's order of checks. Values
// are checked against TF in cwise_golden_test.cc (tests/golden/resize.pb).
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/image_ops.h"
#include "tensorflow/cc/ops/image_ops_internal.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

using test_ops::ExpectError;

Tensor Image(const TensorShape& shape) {
  Tensor t(DT_FLOAT, shape);
  for (int64_t i = 0; i < t.NumElements(); ++i) t.flat<float>()(i) = static_cast<float>(i);
  return t;
}

TEST(ResizeOpsTest, ForwardErrorsAreTFs) {
  for (const char* op : {"ResizeNearestNeighbor", "ResizeBilinear", "ResizeBicubic"}) {
    SCOPED_TRACE(op);
    Scope root = Scope::NewRootScope();
    auto x = Placeholder(root, DT_FLOAT);
    auto size = Placeholder(root, DT_INT32);
    auto resize = [&](bool ac, bool hp) -> Output {
      const std::string name(op);
      if (name == "ResizeNearestNeighbor") {
        return ResizeNearestNeighbor(root, x, size,
                                     ResizeNearestNeighbor::AlignCorners(ac).HalfPixelCenters(hp));
      }
      if (name == "ResizeBilinear") {
        return ResizeBilinear(root, x, size, ResizeBilinear::AlignCorners(ac).HalfPixelCenters(hp));
      }
      return ResizeBicubic(root, x, size, ResizeBicubic::AlignCorners(ac).HalfPixelCenters(hp));
    };
    const Output plain = resize(false, false);
    const Tensor good = Image({1, 2, 2, 1});
    // Both centers set: checked before anything else (a bad rank here too).
    ExpectError(root, {{x, Image({2, 2, 1})}, {size, {3, 3}}}, resize(true, true),
                "If half_pixel_centers is True, align_corners must be False.");
    ExpectError(root, {{x, Image({2, 2, 1})}, {size, {3, 3}}}, plain,
                "input must be 4-dimensional[2,2,1]");
    ExpectError(root, {{x, Image({1, 2, 2, 1, 1})}, {size, {3, 3}}}, plain,
                "input must be 4-dimensional[1,2,2,1,1]");
    ExpectError(root, {{x, Image({0, 3, 3, 0})}, {size, {3, 3}}}, plain,
                "image must have at least one channel");
    ExpectError(root, {{x, Image({1, 0, 2, 1})}, {size, {3, 3}}}, plain,
                "input image must be of non-zero size");
    ExpectError(root, {{x, good}, {size, 3}}, plain, "shape_t must be 1-dimensional[]");
    ExpectError(root, {{x, good}, {size, test::AsTensor<int32_t>({3, 3}, {2, 1})}}, plain,
                "shape_t must be 1-dimensional[2,1]");
    ExpectError(root, {{x, good}, {size, {3, 3, 3}}}, plain, "shape_t must have two elements[3]");
    ExpectError(root, {{x, good}, {size, {0, 3}}}, plain, "output dimensions must be positive");
    ExpectError(root, {{x, good}, {size, {3, -1}}}, plain, "output dimensions must be positive");
    ExpectError(root, {{x, Image({4, 2, 2, 3})}, {size, {1 << 30, 1 << 30}}}, plain,
                "Encountered overflow when multiplying 4611686018427387904 with 3, result: "
                "-4611686018427387904");
    // An empty batch resizes to an empty batch.
    ClientSession session(root);
    std::vector<Tensor> out;
    TF_ASSERT_OK(session.Run({{x, Image({0, 3, 3, 1})}, {size, {3, 3}}}, {plain}, &out));
    EXPECT_EQ(out[0].shape(), TensorShape({0, 3, 3, 1}));
  }
}

TEST(ResizeOpsTest, GradientErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto g = Placeholder(root, DT_FLOAT);
  auto image = Placeholder(root, DT_FLOAT);
  auto size = Placeholder(root, DT_INT32);
  auto bilinear = ops::internal::ResizeBilinearGrad(root, g, image);
  ExpectError(root, {{g, Image({1, 2, 2, 1})}, {image, Image({1, 3, 3, 1})}},
              ops::internal::ResizeBicubicGrad(
                  root, g, image,
                  ops::internal::ResizeBicubicGrad::AlignCorners(true).HalfPixelCenters(true)),
              "If half_pixel_centers is True, align_corners must be False.");
  ExpectError(root, {{g, Image({2, 2, 1})}, {image, Image({1, 3, 3, 1})}}, bilinear,
              "input_grad must be 4-dimensional[2,2,1]");
  ExpectError(root, {{g, Image({1, 0, 2, 1})}, {image, Image({1, 3, 3, 1})}}, bilinear,
              "resized dimensions must be positive");
  ExpectError(root, {{g, Image({1, 2, 2, 1})}, {image, Image({3, 3, 1})}}, bilinear,
              "original_image must be 4-dimensional[3,3,1]");
  ExpectError(root, {{g, Image({1, 2, 2, 1})}, {image, Image({1, 3, 0, 1})}}, bilinear,
              "original dimensions must be positive");
  auto nearest = ops::internal::ResizeNearestNeighborGrad(root, g, size);
  ExpectError(root, {{g, Image({2, 2, 1})}, {size, {3, 3}}}, nearest,
              "input must be 4-dimensional[2,2,1]");
  ExpectError(root, {{g, Image({1, 2, 2, 1})}, {size, {3, 3, 3}}}, nearest,
              "shape_t must have two elements[3]");
  ExpectError(root, {{g, Image({1, 2, 2, 1})}, {size, {0, 3}}}, nearest,
              "shape_t's elements must be positive");
}

// The gradient ops' output sizes come from an original image that may be empty, or from a size
// input: past int64, TF's overflow text (ResizeNearestNeighborGrad) or an error where TF aborts
// (ResizeBilinearGrad).
TEST(ResizeOpsTest, GradientSizesPastInt64AreErrors) {
  Scope root = Scope::NewRootScope();
  auto g = Placeholder(root, DT_FLOAT);
  auto image = Placeholder(root, DT_FLOAT);
  auto size = Placeholder(root, DT_INT32);
  Tensor ones(DT_FLOAT, TensorShape({1, 1, 1, 4}));
  ones.flat<float>().setConstant(1.0f);
  ExpectError(root,
              {{g, ones}, {image, Tensor(DT_FLOAT, TensorShape({1, 2147483646, 2147483646, 0}))}},
              ops::internal::ResizeBilinearGrad(root, g, image),
              "Encountered overflow when multiplying 4611686009837453316 with 4, result: "
              "-34359738352");
  ExpectError(root, {{g, ones}, {size, {2147483647, 2147483647}}},
              ops::internal::ResizeNearestNeighborGrad(root, g, size),
              "Encountered overflow when multiplying 4611686014132420609 with 4, result: "
              "-17179869180");
}

// ScaleAndTranslate and its gradient op: TF 2.21's texts (recorded from live TF) in its order of
// checks; a scale so small that TF's span size wraps negative (TF aborts) is an InvalidArgument.
TEST(ResizeOpsTest, ScaleAndTranslateErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  auto size = Placeholder(root, DT_INT32);
  auto scale = Placeholder(root, DT_FLOAT);
  auto shift = Placeholder(root, DT_FLOAT);
  auto y = ScaleAndTranslate(root, x, size, scale, shift);
  const Tensor good = Image({1, 2, 2, 1});
  auto feeds = [&](const Tensor& image, const Tensor& sz, const Tensor& sc, const Tensor& tr) {
    return ClientSession::FeedType{{x, image}, {size, sz}, {scale, sc}, {shift, tr}};
  };
  const Tensor sz = test::AsTensor<int32_t>({3, 3}), one = test::AsTensor<float>({1.f, 1.f}),
               zero = test::AsTensor<float>({0.f, 0.f});
  ExpectError(root, feeds(Image({2, 2, 1}), sz, one, zero), y,
              "input must be 4-dimensional[2,2,1]");
  ExpectError(root, feeds(good, test::AsTensor<int32_t>({3, 3}, {1, 2}), one, zero), y,
              "output_shape_t must be 1-dimensional[1,2]");
  ExpectError(root, feeds(good, test::AsTensor<int32_t>({3, 3, 3}), one, zero), y,
              "output_shape_t must have two elements[3]");
  ExpectError(root, feeds(good, test::AsTensor<int32_t>({0, 3}), one, zero), y,
              "output dimensions must be positive");
  ExpectError(root, feeds(Image({1, 2, 2, 0}), sz, one, zero), y,
              "image must have at least one channel");
  ExpectError(root, feeds(Image({1, 0, 2, 1}), sz, one, zero), y,
              "input image must be of non-zero size");
  ExpectError(root, feeds(good, sz, test::AsTensor<float>({0.f, 1.f}), zero), y,
              "Scale must be greater than zero.");
  ExpectError(root, feeds(good, sz, test::AsTensor<float>({NAN, 1.f}), zero), y,
              "Scale must be greater than zero.");
  // A denormal scale: TF's kernels run with denormals flushed to zero.
  ExpectError(root, feeds(good, sz, test::AsTensor<float>({1e-39f, 1.f}), zero), y,
              "Scale must be greater than zero.");
  ExpectError(root, feeds(good, sz, test::AsTensor<float>({1.f, 1.f, 1.f}), zero), y,
              "t must have two elements[3]");
  ExpectError(root, feeds(good, sz, test::AsTensor<float>({1.f, 1.f}, {1, 2}), zero), y,
              "t must be 1-dimensional[1,2]");
  ExpectError(root, feeds(good, sz, one, test::AsTensor<float>({0.f})), y,
              "t must have two elements[1]");
  ExpectError(root, feeds(good, sz, test::AsTensor<float>({2e-9f, 1.f}), zero), y,
              "ScaleAndTranslate: the kernel's span size -1294967295 for scale 2e-09 is negative");
  ExpectError(
      root, feeds(good, sz, one, zero),
      ScaleAndTranslate(root, x, size, scale, shift, ScaleAndTranslate::KernelType("cubic")),
      "Unrecognized kernel type: cubic");
  // An empty batch scales to an empty batch.
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run(feeds(Image({0, 2, 2, 1}), sz, one, zero), {y}, &out));
  EXPECT_EQ(out[0].shape(), TensorShape({0, 3, 3, 1}));

  auto g = Placeholder(root, DT_FLOAT);
  auto grad = ops::internal::ScaleAndTranslateGrad(root, g, x, scale, shift);
  auto grad_feeds = [&](const Tensor& grads, const Tensor& image, const Tensor& sc) {
    return ClientSession::FeedType{{g, grads}, {x, image}, {scale, sc}, {shift, zero}};
  };
  ExpectError(root, grad_feeds(Image({3, 3, 1}), good, one), grad,
              "input_grad must be 4-dimensional[3,3,1]");
  ExpectError(root, grad_feeds(Image({1, 3, 3, 1}), Image({2, 2, 1}), one), grad,
              "original_image must be 4-dimensional[2,2,1]");
  ExpectError(root, grad_feeds(Image({1, 3, 3, 1}), good, test::AsTensor<float>({1.f, -1.f})), grad,
              "Scale must be greater than zero.");
  ExpectError(root, grad_feeds(Image({1, 3, 3, 1}), good, test::AsTensor<float>({1.f, 1.f, 1.f})),
              grad, "t must have two elements[3]");
  // An empty gradient (or an original image of zero size) gives zeros (or nothing), computed
  // without spans of the sizes it claims.
  TF_ASSERT_OK(
      session.Run(grad_feeds(Image({1, 0, 3, 1}), Image({1, 3, 2, 1}), one), {grad}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({0, 0, 0, 0, 0, 0}, {1, 3, 2, 1}));
  TF_ASSERT_OK(session.Run(
      grad_feeds(Image({1, 3, 3, 0}), Tensor(DT_FLOAT, TensorShape({1, 1 << 30, 1 << 30, 0})), one),
      {grad}, &out));
  EXPECT_EQ(out[0].shape(), TensorShape({1, 1 << 30, 1 << 30, 0}));
}

}  // namespace
}  // namespace tensorflow
