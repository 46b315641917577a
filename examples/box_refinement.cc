// Box refinement in TF's C++ API: a box is moved by gradient descent until its
// CropAndResize crop matches a target patch. AddSymbolicGradients reaches the box through
// CropAndResize (its box gradient is CropAndResizeGradBoxes).
//
//   crop = CropAndResize(image, box, [16, 16])      loss = mean((crop - target)^2)
//
// The target is the crop of a hidden box; the box starts off to one side and smaller.
#include <cmath>
#include <cstdio>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor.h"

using namespace tensorflow;  // NOLINT: as TF's own examples do

// A smooth 64x64 single-channel image: two blobs on a gentle ramp.
Tensor MakeImage() {
  Tensor image(DT_FLOAT, TensorShape({1, 64, 64, 1}));
  auto px = image.tensor<float, 4>();
  for (int y = 0; y < 64; ++y) {
    for (int x = 0; x < 64; ++x) {
      const float a = std::exp(-((x - 24.f) * (x - 24.f) + (y - 30.f) * (y - 30.f)) / 120.f);
      const float b = std::exp(-((x - 44.f) * (x - 44.f) + (y - 20.f) * (y - 20.f)) / 60.f);
      px(0, y, x, 0) = a + 0.7f * b + 0.004f * (x + y);
    }
  }
  return image;
}

int main() {
  Scope root = Scope::NewRootScope();
  const Tensor image_data = MakeImage();
  auto image = ops::Const(root.WithOpName("image"), Input::Initializer(image_data));
  auto box = ops::Placeholder(root.WithOpName("box"), DT_FLOAT, ops::Placeholder::Shape({1, 4}));
  auto target = ops::Placeholder(root.WithOpName("target"), DT_FLOAT);

  auto crop = ops::CropAndResize(root.WithOpName("crop"), image, box, {0}, {16, 16});
  auto loss = ops::Mean(root.WithOpName("loss"), ops::Square(root, ops::Sub(root, crop, target)),
                        {0, 1, 2, 3});
  std::vector<Output> grads;
  TF_CHECK_OK(AddSymbolicGradients(root, {loss}, {box}, &grads));

  ClientSession session(root);
  std::vector<Tensor> out;
  // The target patch: the crop of the hidden box (y1, x1, y2, x2 in [0, 1] image units).
  Tensor hidden(DT_FLOAT, TensorShape({1, 4}));
  hidden.flat<float>().setValues({0.25f, 0.2f, 0.65f, 0.6f});
  TF_CHECK_OK(session.Run({{box, hidden}}, {crop}, &out));
  const Tensor target_data = out[0];

  Tensor box_data(DT_FLOAT, TensorShape({1, 4}));
  box_data.flat<float>().setValues({0.3f, 0.28f, 0.62f, 0.6f});
  const float learning_rate = 0.02f;
  float first_loss = 0, last_loss = 0;
  for (int step = 0; step <= 200; ++step) {
    TF_CHECK_OK(session.Run({{box, box_data}, {target, target_data}}, {loss, grads[0]}, &out));
    last_loss = out[0].scalar<float>()();
    if (step == 0) first_loss = last_loss;
    if (step % 25 == 0) {
      std::printf("step %3d  loss %.3g  box %s\n", step, last_loss,
                  box_data.SummarizeValue(4).c_str());
    }
    box_data.flat<float>() -= learning_rate * out[1].flat<float>();
  }
  std::printf("hidden box %s\n", hidden.SummarizeValue(4).c_str());
  std::printf("loss fell %.3gx (%.3g -> %.3g)\n", first_loss / last_loss, first_loss, last_loss);
  return 0;
}
