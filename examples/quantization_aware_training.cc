// Quantization-aware training in TF's C++ API, written the TF way: a linear layer whose
// weights are fake-quantized to 4 bits, with the weights and the quantization range (min, max)
// held in Variables, the weights initialized by TruncatedNormal, and one train op that applies
// Adam to all three — AddSymbolicGradients reaches min and max through FakeQuantWithMinMaxVars
// (its gradient is FakeQuantWithMinMaxVarsGradient).
//
//   y = x * FakeQuant(w, min, max)        loss = mean((y - target)^2)
//
// Each step is one session.Run of the train op; Adam's bias corrections (beta1^t, beta2^t)
// are Variables the train op advances after the updates, as TF's Python Adam keeps them. At
// the end SaveV2 writes a TF checkpoint and RestoreV2 loads it into a fresh session.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
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

// Adam's two slots for a variable of `shape` (zeros), their initializers added to `inits`.
std::vector<Output> AdamSlots(const Scope& scope, const TensorShape& shape,
                              std::vector<Output>* inits) {
  std::vector<Output> slots;
  for (const char* name : {"m", "v"}) {
    auto slot = ops::Variable(scope.WithOpName(name), shape, DT_FLOAT);
    inits->push_back(ops::Assign(scope, slot, ops::Const(scope, 0.f, shape)));
    slots.push_back(slot);
  }
  return slots;
}

int main() {
  Scope root = Scope::NewRootScope();

  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT, ops::Placeholder::Shape({64, 4}));
  auto target = ops::Placeholder(root.WithOpName("target"), DT_FLOAT);
  auto w = ops::Variable(root.WithOpName("w"), {4, 2}, DT_FLOAT);
  auto qmin = ops::Variable(root.WithOpName("qmin"), {}, DT_FLOAT);
  auto qmax = ops::Variable(root.WithOpName("qmax"), {}, DT_FLOAT);
  std::vector<Output> inits = {
      ops::Assign(root, w,
                  ops::Multiply(root,
                                ops::TruncatedNormal(root.WithOpName("w_init"), {4, 2}, DT_FLOAT,
                                                     ops::TruncatedNormal::Seed(7).Seed2(1)),
                                0.1f)),
      ops::Assign(root, qmin, -0.1f), ops::Assign(root, qmax, 0.1f)};

  auto wq = ops::FakeQuantWithMinMaxVars(root.WithOpName("wq"), w, qmin, qmax,
                                         ops::FakeQuantWithMinMaxVars::NumBits(4));
  auto y = ops::MatMul(root.WithOpName("y"), x, wq);
  auto loss =
      ops::Mean(root.WithOpName("loss"), ops::Square(root, ops::Sub(root, y, target)), {0, 1});

  std::vector<Output> grads;
  TF_CHECK_OK(AddSymbolicGradients(root, {loss}, {w, qmin, qmax}, &grads));

  // Adam: lr 0.02, beta1 0.9, beta2 0.999, epsilon 1e-7.
  Scope adam = root.NewSubScope("adam");
  auto beta1_power = ops::Variable(adam.WithOpName("beta1_power"), {}, DT_FLOAT);
  auto beta2_power = ops::Variable(adam.WithOpName("beta2_power"), {}, DT_FLOAT);
  inits.push_back(ops::Assign(adam, beta1_power, 0.9f));
  inits.push_back(ops::Assign(adam, beta2_power, 0.999f));
  std::vector<Operation> updates;
  const std::vector<Output> vars = {w, qmin, qmax};
  const std::vector<TensorShape> shapes = {{4, 2}, {}, {}};
  for (size_t i = 0; i < vars.size(); ++i) {
    const std::vector<Output> slots = AdamSlots(adam, shapes[i], &inits);
    updates.push_back(Operation(ops::ApplyAdam(adam, vars[i], slots[0], slots[1], beta1_power,
                                               beta2_power, 0.02f, 0.9f, 0.999f, 1e-7f, grads[i])
                                    .node()));
  }
  Scope after = adam.WithControlDependencies(updates);
  auto next_beta1 = ops::Assign(after, beta1_power, ops::Multiply(after, beta1_power, 0.9f));
  auto next_beta2 = ops::Assign(after, beta2_power, ops::Multiply(after, beta2_power, 0.999f));
  auto train = ops::NoOp(root.WithOpName("train").WithControlDependencies(
      {Operation(next_beta1.node()), Operation(next_beta2.node())}));
  std::vector<Operation> init_ops;
  for (const Output& i : inits) init_ops.push_back(Operation(i.node()));
  auto init = ops::NoOp(root.WithOpName("init").WithControlDependencies(init_ops));
  TF_CHECK_OK(root.status());

  Tensor x_data(DT_FLOAT, TensorShape({64, 4})), target_data(DT_FLOAT, TensorShape({64, 2}));
  MakeData(&x_data, &target_data);

  ClientSession session(root);
  std::vector<Tensor> out;
  TF_CHECK_OK(session.Run({}, {}, {init}, nullptr));
  float first_loss = 0, last_loss = 0;
  for (int step = 0; step <= 300; ++step) {
    TF_CHECK_OK(session.Run({{x, x_data}, {target, target_data}}, {loss}, {train}, &out));
    last_loss = out[0].scalar<float>()();
    if (step == 0) first_loss = last_loss;
    if (step % 50 == 0) {
      std::vector<Tensor> range;
      TF_CHECK_OK(session.Run({qmin, qmax}, &range));
      std::printf("step %3d  loss %.6f  range [%.4f, %.4f]\n", step, last_loss,
                  range[0].scalar<float>()(), range[1].scalar<float>()());
    }
  }
  TF_CHECK_OK(session.Run({w, qmin, qmax}, &out));
  std::printf("learned w (quantized to 4 bits in [%.4f, %.4f]):\n", out[1].scalar<float>()(),
              out[2].scalar<float>()());
  std::printf("%s\n", out[0].SummarizeValue(8).c_str());
  std::printf("loss fell %.3gx (%.3g -> %.3g)\n", first_loss / last_loss, first_loss, last_loss);

  // Save the trained variables as a TF V2 checkpoint (which TF's tf.train.load_checkpoint
  // reads), then restore them into a fresh session: the same loss, bit for bit.
  const std::string prefix =
      (std::filesystem::temp_directory_path() / "quantization_aware_training").string();
  auto names = ops::Const(root, {"w", "qmin", "qmax"});
  auto slices = ops::Const(root, {"", "", ""});
  auto save = ops::SaveV2(root.WithOpName("save"), prefix, names, slices,
                          std::vector<Output>{w, qmin, qmax});
  auto restored = ops::RestoreV2(root.WithOpName("restore"), prefix, names, slices,
                                 {DT_FLOAT, DT_FLOAT, DT_FLOAT});
  auto restore =
      ops::NoOp(root.WithOpName("restore_all")
                    .WithControlDependencies(
                        {Operation(ops::Assign(root, w, restored.tensors[0]).node()),
                         Operation(ops::Assign(root, qmin, restored.tensors[1]).node()),
                         Operation(ops::Assign(root, qmax, restored.tensors[2]).node())}));
  TF_CHECK_OK(root.status());
  TF_CHECK_OK(session.Run({{x, x_data}, {target, target_data}}, {loss}, {save.operation}, &out));
  const float trained = out[0].scalar<float>()();
  ClientSession fresh(root);
  TF_CHECK_OK(fresh.Run({}, {}, {restore}, nullptr));
  TF_CHECK_OK(fresh.Run({{x, x_data}, {target, target_data}}, {loss}, &out));
  const float again = out[0].scalar<float>()();
  std::printf("checkpoint %s: restored loss %.9g, trained loss %.9g\n", prefix.c_str(), again,
              trained);
  return again == trained ? 0 : 1;
}
