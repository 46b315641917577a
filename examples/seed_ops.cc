// The two ops minitf exists for, in the steps a TF C++ training program takes:
//
// 1. Quantization-aware training: weights w go through FakeQuantWithMinMaxVars(w, min, max);
//    given dL/dq, FakeQuantWithMinMaxVarsGradient gives dL/dw and the learned range's
//    dL/dmin and dL/dmax; one gradient-descent step moves min and max.
//
// 2. Box regression: CropAndResize crops a box out of an image; given dL/dcrop,
//    CropAndResizeGradBoxes gives dL/dbox, and one step moves the box.
#include <cstdio>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/framework/tensor_util.h"

using namespace tensorflow;  // NOLINT: as TF's own examples do

int main() {
  Scope root = Scope::NewRootScope();
  ClientSession session(root);
  std::vector<Tensor> out;

  // ---- 1. One quantization-aware step ------------------------------------------------------
  auto w = ops::Placeholder(root.WithOpName("w"), DT_FLOAT);
  auto upstream = ops::Placeholder(root.WithOpName("dq"), DT_FLOAT);
  auto qmin = ops::Placeholder(root.WithOpName("qmin"), DT_FLOAT);
  auto qmax = ops::Placeholder(root.WithOpName("qmax"), DT_FLOAT);
  auto q =
      ops::FakeQuantWithMinMaxVars(root, w, qmin, qmax, ops::FakeQuantWithMinMaxVars::NumBits(4));
  auto grad = ops::FakeQuantWithMinMaxVarsGradient(
      root, upstream, w, qmin, qmax, ops::FakeQuantWithMinMaxVarsGradient::NumBits(4));
  TF_CHECK_OK(root.status());

  Tensor weights(DT_FLOAT, TensorShape({6}));
  weights.flat<float>().setValues({-1.3f, -0.42f, 0.05f, 0.37f, 0.81f, 1.6f});
  float min = -1.0f, max = 1.0f;
  // First the forward pass, then dL/dq for L = 0.5 * ||q - target||^2 with target 0.
  TF_CHECK_OK(session.Run({{w, weights}, {qmin, min}, {qmax, max}}, {q}, &out));
  std::printf("quantized w: %s\n", out[0].SummarizeValue(10).c_str());
  Tensor dq = out[0];
  TF_CHECK_OK(session.Run({{w, weights}, {upstream, dq}, {qmin, min}, {qmax, max}},
                          {grad.backprops_wrt_input, grad.backprop_wrt_min, grad.backprop_wrt_max},
                          &out));
  std::printf("d_w: %s\n", out[0].SummarizeValue(10).c_str());
  std::printf("d_min: %s  d_max: %s\n", out[1].SummarizeValue(1).c_str(),
              out[2].SummarizeValue(1).c_str());
  const float lr = 0.5f;
  min -= lr * out[1].scalar<float>()();
  max -= lr * out[2].scalar<float>()();
  std::printf("range after one step: [%g, %g]\n", min, max);

  // ---- 2. One box-regression step ----------------------------------------------------------
  Tensor image(DT_FLOAT, TensorShape({1, 8, 8, 1}));
  auto pixels = image.tensor<float, 4>();
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) pixels(0, y, x, 0) = static_cast<float>(y * 8 + x) / 63.0f;
  }
  auto img = ops::Placeholder(root.WithOpName("image"), DT_FLOAT);
  auto box = ops::Placeholder(root.WithOpName("box"), DT_FLOAT);
  auto crop = ops::CropAndResize(root, img, box, {0}, {4, 4});
  auto dcrop = ops::Placeholder(root.WithOpName("dcrop"), DT_FLOAT);
  auto dbox = ops::CropAndResizeGradBoxes(root, dcrop, img, box, {0});
  TF_CHECK_OK(root.status());

  Tensor boxes(DT_FLOAT, TensorShape({1, 4}));
  boxes.flat<float>().setValues({0.1f, 0.2f, 0.6f, 0.7f});
  TF_CHECK_OK(session.Run({{img, image}, {box, boxes}}, {crop}, &out));
  Eigen::Tensor<float, 0, Eigen::RowMajor> mean = out[0].flat<float>().mean();
  std::printf("crop mean: %g\n", mean());
  // L = 0.5 * ||crop - 0.5||^2: dL/dcrop = crop - 0.5 (a deep copy: `out` shares buffers).
  Tensor residual = tensor::DeepCopy(out[0]);
  for (int64_t i = 0; i < residual.NumElements(); ++i) residual.flat<float>()(i) -= 0.5f;
  TF_CHECK_OK(session.Run({{img, image}, {box, boxes}, {dcrop, residual}}, {dbox}, &out));
  std::printf("d_box: %s\n", out[0].SummarizeValue(4).c_str());
  return 0;
}
