// Box refinement in TF's C++ API, written the TF way: a box held in a Variable is moved by Adam
// until its CropAndResize crop matches a target patch; each step is one session.Run of the
// train op. AddSymbolicGradients reaches the box through CropAndResize (its box gradient is
// CropAndResizeGradBoxes).
//
//   crop = CropAndResize(image, box, [16, 16])      loss = mean((crop - target)^2)
//
// The target is the crop of a hidden box; the box starts off to one side and smaller, jittered
// by a TruncatedNormal draw.
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
  auto target = ops::Placeholder(root.WithOpName("target"), DT_FLOAT);
  auto box = ops::Variable(root.WithOpName("box"), {1, 4}, DT_FLOAT);
  auto jitter = ops::TruncatedNormal(root.WithOpName("jitter"), {1, 4}, DT_FLOAT,
                                     ops::TruncatedNormal::Seed(3).Seed2(4));
  auto start = ops::Const(root, {{0.3f, 0.28f, 0.62f, 0.6f}});
  auto init_box = ops::Assign(root.WithOpName("init_box"), box,
                              ops::Add(root, start, ops::Multiply(root, jitter, 0.005f)));

  auto crop = ops::CropAndResize(root.WithOpName("crop"), image, box, {0}, {16, 16});
  auto loss = ops::Mean(root.WithOpName("loss"), ops::Square(root, ops::Sub(root, crop, target)),
                        {0, 1, 2, 3});
  std::vector<Output> grads;
  TF_CHECK_OK(AddSymbolicGradients(root, {loss}, {box}, &grads));

  // Adam (lr 0.004; constant bias corrections) with its two slots.
  auto m = ops::Variable(root.WithOpName("box/m"), {1, 4}, DT_FLOAT);
  auto v = ops::Variable(root.WithOpName("box/v"), {1, 4}, DT_FLOAT);
  auto zeros = ops::Const(root, 0.f, TensorShape({1, 4}));
  auto init = ops::NoOp(root.WithOpName("init").WithControlDependencies(
      {Operation(init_box.node()), Operation(ops::Assign(root, m, zeros).node()),
       Operation(ops::Assign(root, v, zeros).node())}));
  auto train = ops::ApplyAdam(root.WithOpName("train"), box, m, v, 0.9f, 0.999f, 0.004f, 0.9f,
                              0.999f, 1e-7f, grads[0]);
  TF_CHECK_OK(root.status());

  // The target patch: the crop of the hidden box (y1, x1, y2, x2 in [0, 1] image units).
  Tensor hidden(DT_FLOAT, TensorShape({1, 4}));
  hidden.flat<float>().setValues({0.25f, 0.2f, 0.65f, 0.6f});
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_CHECK_OK(session.Run({{box, hidden}}, {crop}, &out));  // a fed box: the variable is unused
  const Tensor target_data = out[0];

  TF_CHECK_OK(session.Run({}, {}, {init}, nullptr));
  float first_loss = 0, last_loss = 0;
  for (int step = 0; step <= 200; ++step) {
    TF_CHECK_OK(session.Run({{target, target_data}}, {loss}, {train.operation}, &out));
    last_loss = out[0].scalar<float>()();
    if (step == 0) first_loss = last_loss;
    if (step % 25 == 0) {
      std::vector<Tensor> now;
      TF_CHECK_OK(session.Run({box}, &now));
      std::printf("step %3d  loss %.3g  box %s\n", step, last_loss,
                  now[0].SummarizeValue(4).c_str());
    }
  }
  std::printf("hidden box %s\n", hidden.SummarizeValue(4).c_str());
  std::printf("loss fell %.3gx (%.3g -> %.3g)\n", first_loss / last_loss, first_loss, last_loss);
  return 0;
}
