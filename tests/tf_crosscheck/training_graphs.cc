// Training programs as TF C++ users write them — Variables initialized by TruncatedNormal and
// RandomUniform, a stateful RandomUniform drawn every step, gradients from
// AddSymbolicGradients, one optimizer update per variable grouped into a train op — run 100
// steps by minitf's ClientSession. TF must import the graph, run the same sequence (init once,
// train 100 times) and fetch the same bits: the optimizers' arithmetic, the random streams'
// continuation across Runs and the variables' state. The model is elementwise (no sums whose
// order could differ), so every bit is the optimizers' and the random ops'.
#include <string>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tests/tf_crosscheck/case_writer.h"

namespace tensorflow {
namespace {

constexpr int kSteps = 100;

// Slots start at `fill` (Adagrad's accumulator must not start at zero).
Output Slot(const Scope& s, float fill, std::vector<Output>* inits) {
  auto slot = ops::Variable(s, {3, 4}, DT_FLOAT);
  inits->push_back(ops::Assign(s, slot, ops::Fill(s, {3, 4}, fill)));
  return slot;
}

// One update op of `optimizer` for `var` with gradient `grad`.
Output Apply(const Scope& s, const std::string& optimizer, const Output& var, const Output& grad,
             std::vector<Output>* inits) {
  if (optimizer == "gradient_descent") return ops::ApplyGradientDescent(s, var, 0.05f, grad);
  if (optimizer == "momentum" || optimizer == "nesterov") {
    return ops::ApplyMomentum(s, var, Slot(s, 0.f, inits), 0.05f, grad, 0.9f,
                              ops::ApplyMomentum::UseNesterov(optimizer == "nesterov"));
  }
  if (optimizer == "adam") {
    return ops::ApplyAdam(s, var, Slot(s, 0.f, inits), Slot(s, 0.f, inits), 0.9f, 0.999f, 0.01f,
                          0.9f, 0.999f, 1e-7f, grad);
  }
  if (optimizer == "rmsprop") {
    return ops::ApplyRMSProp(s, var, Slot(s, 0.f, inits), Slot(s, 0.f, inits), 0.01f, 0.9f, 0.5f,
                             1e-7f, grad);
  }
  if (optimizer == "adagrad") {
    return ops::ApplyAdagrad(s, var, Slot(s, 0.1f, inits), 0.05f, grad);
  }
  return ops::ApplyAdadelta(s, var, Slot(s, 0.f, inits), Slot(s, 0.f, inits), 1.0f, 0.95f, 1e-6f,
                            grad);
}

void TrainingCase(const std::string& dir, const std::string& optimizer, int seed2) {
  Scope root = Scope::NewRootScope();
  CaseWriter w(dir, "train_" + optimizer);
  auto x = ops::Const(root.WithOpName("x"),
                      Filled<float>(DT_FLOAT, {3, 4}, [](int64_t i) { return 0.25f * i - 1.f; }));
  auto y = ops::Const(root.WithOpName("y"),
                      Filled<float>(DT_FLOAT, {3, 4}, [](int64_t i) { return 0.5f - 0.125f * i; }));
  auto w_var = ops::Variable(root.WithOpName("w"), {3, 4}, DT_FLOAT);
  auto b_var = ops::Variable(root.WithOpName("b"), {3, 4}, DT_FLOAT);
  std::vector<Output> inits = {
      ops::Assign(
          root, w_var,
          ops::TruncatedNormal(root, {3, 4}, DT_FLOAT, ops::TruncatedNormal::Seed(7).Seed2(seed2))),
      ops::Assign(root, b_var,
                  ops::Mul(root,
                           ops::RandomUniform(root, {3, 4}, DT_FLOAT,
                                              ops::RandomUniform::Seed(8).Seed2(seed2)),
                           0.1f))};
  // A new draw every step: the label noise continues the node's stream across Runs.
  auto noise = ops::RandomNormal(root.WithOpName("noise"), {3, 4}, DT_FLOAT,
                                 ops::RandomNormal::Seed(9).Seed2(seed2));
  auto target = ops::Add(root, y, ops::Mul(root, noise, 0.01f));
  auto error = ops::Sub(root, ops::Add(root, ops::Mul(root, w_var, x), b_var), target);
  auto loss = ops::Square(root.WithOpName("loss"), error);
  std::vector<Output> grads;
  TF_CHECK_OK(AddSymbolicGradients(root, {loss}, {w_var, b_var}, &grads));
  std::vector<Operation> updates = {
      Operation(Apply(root, optimizer, w_var, grads[0], &inits).node()),
      Operation(Apply(root, optimizer, b_var, grads[1], &inits).node())};
  std::vector<Operation> init_ops;
  for (const Output& i : inits) init_ops.push_back(Operation(i.node()));
  auto init = ops::NoOp(root.WithOpName("init").WithControlDependencies(init_ops));
  auto train = ops::NoOp(root.WithOpName("train").WithControlDependencies(updates));
  auto w_value = ops::Identity(root.WithOpName("w_value"), w_var);
  auto b_value = ops::Identity(root.WithOpName("b_value"), b_var);
  TF_CHECK_OK(root.status());

  ClientSession session(root);
  TF_CHECK_OK(session.Run({}, {}, {init}, nullptr));
  for (int step = 0; step < kSteps; ++step) TF_CHECK_OK(session.Run({}, {}, {train}, nullptr));
  std::vector<Tensor> out;
  TF_CHECK_OK(session.Run({w_value, b_value}, &out));
  w.Run(init, 1);
  w.Run(train, kSteps);
  w.Fetch(w_value, out[0]);
  w.Fetch(b_value, out[1]);
  w.Write(root);
}

}  // namespace

void TrainingCases(const std::string& dir) {
  int seed2 = 1;
  for (const char* optimizer :
       {"gradient_descent", "momentum", "nesterov", "adam", "rmsprop", "adagrad", "adadelta"}) {
    TrainingCase(dir, optimizer, seed2++);
  }
}

}  // namespace tensorflow
