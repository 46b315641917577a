// Quantization-aware training in TF's C++ API: a linear layer whose weights are
// fake-quantized to 4 bits, trained by gradient descent. The quantization range (min, max)
// is learned together with the weights: AddSymbolicGradients reaches them through
// FakeQuantWithMinMaxVars (its gradient is FakeQuantWithMinMaxVarsGradient).
//
//   y = x * FakeQuant(w, min, max)        loss = mean((y - target)^2)
//
// The parameters live in host tensors and are fed each step; the update is plain SGD.
#include <cmath>
#include <cstdio>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor.h"

using namespace tensorflow;  // NOLINT: as TF's own examples do

// A deterministic "dataset": 64 samples of 4 features, targets from hidden weights.
void MakeData(Tensor* x, Tensor* target) {
  const float hidden[4][2] = {{0.8f, -1.2f}, {-0.5f, 0.3f}, {1.5f, 0.9f}, {-0.2f, -0.7f}};
  auto xs = x->matrix<float>();
  auto ts = target->matrix<float>();
  for (int i = 0; i < 64; ++i) {
    for (int f = 0; f < 4; ++f) xs(i, f) = std::sin(0.37f * i + 1.3f * f);
    for (int o = 0; o < 2; ++o) {
      ts(i, o) = 0;
      for (int f = 0; f < 4; ++f) ts(i, o) += xs(i, f) * hidden[f][o];
    }
  }
}

int main() {
  Scope root = Scope::NewRootScope();

  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT, ops::Placeholder::Shape({64, 4}));
  auto target = ops::Placeholder(root.WithOpName("target"), DT_FLOAT);
  auto w = ops::Placeholder(root.WithOpName("w"), DT_FLOAT, ops::Placeholder::Shape({4, 2}));
  auto qmin = ops::Placeholder(root.WithOpName("qmin"), DT_FLOAT, ops::Placeholder::Shape({}));
  auto qmax = ops::Placeholder(root.WithOpName("qmax"), DT_FLOAT, ops::Placeholder::Shape({}));

  auto wq = ops::FakeQuantWithMinMaxVars(root.WithOpName("wq"), w, qmin, qmax,
                                         ops::FakeQuantWithMinMaxVars::NumBits(4));
  auto y = ops::MatMul(root.WithOpName("y"), x, wq);
  auto loss =
      ops::Mean(root.WithOpName("loss"), ops::Square(root, ops::Sub(root, y, target)), {0, 1});

  std::vector<Output> grads;
  TF_CHECK_OK(AddSymbolicGradients(root, {loss}, {w, qmin, qmax}, &grads));

  Tensor x_data(DT_FLOAT, TensorShape({64, 4})), target_data(DT_FLOAT, TensorShape({64, 2}));
  MakeData(&x_data, &target_data);
  Tensor w_data(DT_FLOAT, TensorShape({4, 2}));
  w_data.flat<float>().setConstant(0.05f);
  Tensor min_data(DT_FLOAT, TensorShape({})), max_data(DT_FLOAT, TensorShape({}));
  min_data.scalar<float>()() = -0.1f;
  max_data.scalar<float>()() = 0.1f;

  ClientSession session(root);
  std::vector<Tensor> out;
  const float learning_rate = 0.1f;
  float first_loss = 0, last_loss = 0;
  for (int step = 0; step <= 300; ++step) {
    TF_CHECK_OK(session.Run(
        {{x, x_data}, {target, target_data}, {w, w_data}, {qmin, min_data}, {qmax, max_data}},
        {loss, grads[0], grads[1], grads[2]}, &out));
    last_loss = out[0].scalar<float>()();
    if (step == 0) first_loss = last_loss;
    if (step % 50 == 0) {
      std::printf("step %3d  loss %.6f  range [%.4f, %.4f]\n", step, last_loss,
                  min_data.scalar<float>()(), max_data.scalar<float>()());
    }
    w_data.flat<float>() -= learning_rate * out[1].flat<float>();
    min_data.scalar<float>()() -= learning_rate * out[2].scalar<float>()();
    max_data.scalar<float>()() -= learning_rate * out[3].scalar<float>()();
  }
  std::printf("learned w (quantized to 4 bits in [%.4f, %.4f]):\n", min_data.scalar<float>()(),
              max_data.scalar<float>()());
  std::printf("%s\n", w_data.SummarizeValue(8).c_str());
  std::printf("loss fell %.3gx (%.3g -> %.3g)\n", first_loss / last_loss, first_loss, last_loss);
  return 0;
}
