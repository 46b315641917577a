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

}  // namespace
}  // namespace tensorflow
