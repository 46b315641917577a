// A small convolutional classifier in TF's C++ API, trained on a generated dataset: 8x8
// one-channel images of a horizontal bar, a vertical bar, a diagonal or a dot, each at a random
// place with noise. AddSymbolicGradients builds the backward graph (Conv2DBackpropInput and
// Conv2DBackpropFilter, MaxPoolGrad, BiasAddGrad, the MatMul products); the parameters live in
// host tensors and are fed each step, updated by plain SGD.
//
//   images [32,8,8,1] -> Conv2D 3x3x1x8 SAME -> BiasAdd -> Relu -> MaxPool 2x2
//          -> Reshape [32,128] -> MatMul 128x4 -> BiasAdd -> logits
//   loss = mean(SparseSoftmaxCrossEntropyWithLogits(logits, labels))
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor.h"

using namespace tensorflow;  // NOLINT: as TF's own examples do

constexpr int kBatch = 32, kSize = 8, kFilters = 8, kClasses = 4;

// A reproducible generator (the same numbers on every machine).
struct Lcg {
  uint64_t state;
  float Uniform() {  // [0, 1)
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<float>(state >> 40) / static_cast<float>(1 << 24);
  }
  int Below(int n) { return static_cast<int>(Uniform() * static_cast<float>(n)); }
};

// One batch: class k's shape drawn at a random place, plus noise.
void MakeBatch(Lcg* rng, Tensor* images, Tensor* labels) {
  auto img = images->tensor<float, 4>();
  auto lab = labels->vec<int32_t>();
  for (int b = 0; b < kBatch; ++b) {
    const int k = b % kClasses;
    lab(b) = k;
    for (int i = 0; i < kSize; ++i) {
      for (int j = 0; j < kSize; ++j) img(b, i, j, 0) = 0.3f * (rng->Uniform() - 0.5f);
    }
    const int r = 1 + rng->Below(kSize - 4), c = 1 + rng->Below(kSize - 4);
    for (int t = 0; t < 3; ++t) {
      if (k == 0) img(b, r, c + t, 0) += 1.f;      // horizontal bar
      if (k == 1) img(b, r + t, c, 0) += 1.f;      // vertical bar
      if (k == 2) img(b, r + t, c + t, 0) += 1.f;  // diagonal
    }
    if (k == 3) img(b, r + 1, c + 1, 0) += 1.5f;  // dot
  }
}

Tensor Random(Lcg* rng, const TensorShape& shape, float scale) {
  Tensor t(DT_FLOAT, shape);
  for (int64_t i = 0; i < t.NumElements(); ++i)
    t.flat<float>()(i) = scale * (rng->Uniform() - 0.5f);
  return t;
}

int main() {
  Scope root = Scope::NewRootScope();
  auto images = ops::Placeholder(root.WithOpName("images"), DT_FLOAT,
                                 ops::Placeholder::Shape({kBatch, kSize, kSize, 1}));
  auto labels =
      ops::Placeholder(root.WithOpName("labels"), DT_INT32, ops::Placeholder::Shape({kBatch}));
  auto filter = ops::Placeholder(root.WithOpName("filter"), DT_FLOAT);
  auto conv_bias = ops::Placeholder(root.WithOpName("conv_bias"), DT_FLOAT);
  auto weights = ops::Placeholder(root.WithOpName("weights"), DT_FLOAT);
  auto bias = ops::Placeholder(root.WithOpName("bias"), DT_FLOAT);

  auto conv = ops::Conv2D(root.WithOpName("conv"), images, filter, {1, 1, 1, 1}, "SAME");
  auto relu = ops::Relu(root.WithOpName("relu"), ops::BiasAdd(root, conv, conv_bias));
  auto pool = ops::MaxPool(root.WithOpName("pool"), relu, {1, 2, 2, 1}, {1, 2, 2, 1}, "VALID");
  auto flat = ops::Reshape(root.WithOpName("flat"), pool, {kBatch, 16 * kFilters});
  auto logits = ops::BiasAdd(root.WithOpName("logits"), ops::MatMul(root, flat, weights), bias);
  auto xent = ops::SparseSoftmaxCrossEntropyWithLogits(root.WithOpName("xent"), logits, labels);
  auto loss = ops::Mean(root.WithOpName("loss"), xent.loss, {0});
  auto correct =
      ops::Equal(root, ops::ArgMax(root, logits, 1, ops::ArgMax::OutputType(DT_INT32)), labels);
  auto accuracy = ops::Mean(root.WithOpName("accuracy"), ops::Cast(root, correct, DT_FLOAT), {0});

  std::vector<Output> grads;
  TF_CHECK_OK(AddSymbolicGradients(root, {loss}, {filter, conv_bias, weights, bias}, &grads));

  Lcg rng{20261204};
  std::vector<Tensor> params = {
      Random(&rng, {3, 3, 1, kFilters}, 0.6f), Random(&rng, {kFilters}, 0.f),
      Random(&rng, {16 * kFilters, kClasses}, 0.2f), Random(&rng, {kClasses}, 0.f)};
  Tensor image_data(DT_FLOAT, {kBatch, kSize, kSize, 1}), label_data(DT_INT32, {kBatch});

  ClientSession session(root);
  std::vector<Tensor> out;
  const float learning_rate = 0.5f;
  float first_loss = 0, last_loss = 0, first_accuracy = 0, last_accuracy = 0;
  for (int step = 0; step <= 200; ++step) {
    MakeBatch(&rng, &image_data, &label_data);
    TF_CHECK_OK(session.Run({{images, image_data},
                             {labels, label_data},
                             {filter, params[0]},
                             {conv_bias, params[1]},
                             {weights, params[2]},
                             {bias, params[3]}},
                            {loss, accuracy, grads[0], grads[1], grads[2], grads[3]}, &out));
    last_loss = out[0].scalar<float>()();
    last_accuracy = out[1].scalar<float>()();
    if (step == 0) first_loss = last_loss, first_accuracy = last_accuracy;
    if (step % 40 == 0) {
      std::printf("step %3d  loss %.4f  accuracy %.3f\n", step, last_loss, last_accuracy);
    }
    for (int p = 0; p < 4; ++p) params[p].flat<float>() -= learning_rate * out[2 + p].flat<float>();
  }
  std::printf("loss fell %.3gx (%.3g -> %.3g)\n", first_loss / last_loss, first_loss, last_loss);
  std::printf("accuracy rose %.3f -> %.3f\n", first_accuracy, last_accuracy);
  return 0;
}
