// Trains small models the way TF C++ programs do: variables with TruncatedNormal / RandomUniform
// initializers, gradients from AddSymbolicGradients, Apply* / ResourceApply* update ops, a
// RandomNormal noise input per step, and one Session::Run of the train op per step, all run
// through NewSession + Create(GraphDef) by name. Prints losses and final weights to 5
// significant digits: minitf's float sums (in double, thread-count independent) and its MatMul
// kernel are within rounding of TF's, not bit-identical (docs/design.md), so 100 steps drift
// by a few ulps; the random streams and optimizer updates are TF's to the bit.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/resource_variable_ops.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/public/session.h"

using namespace tensorflow;  // NOLINT

namespace {

void Check(const Status& s, const char* what) {
  if (!s.ok()) {
    std::printf("%s failed: %s\n", what, std::string(s.message()).c_str());
    std::exit(1);
  }
}

void PrintTensor(const char* name, const Tensor& t) {
  std::printf("  %s:", name);
  auto flat = t.flat<float>();
  for (int64_t i = 0; i < flat.size(); ++i) std::printf(" %.4e", flat(i));
  std::printf("\n");
}

// The model: logits = x W + b, loss = mean((logits - y + noise)^2).
struct Model {
  Output x, y, noise;
};

Model Inputs(const Scope& root) {
  Model m;
  m.x = ops::Const(root.WithOpName("x"), {{0.5f, -1.0f, 2.0f, 0.25f},
                                          {1.5f, 0.0f, -0.5f, 1.0f},
                                          {-2.0f, 1.0f, 0.75f, -0.25f},
                                          {0.1f, 0.2f, 0.3f, 0.4f},
                                          {1.0f, 1.0f, -1.0f, -1.0f}});
  m.y = ops::Const(root.WithOpName("y"), {{1.0f, 0.0f, 0.0f},
                                          {0.0f, 1.0f, 0.0f},
                                          {0.0f, 0.0f, 1.0f},
                                          {1.0f, 0.0f, 0.0f},
                                          {0.0f, 1.0f, 0.0f}});
  m.noise = ops::RandomNormal(root.WithOpName("noise"), ops::Const(root, {5, 3}), DT_FLOAT,
                              ops::RandomNormal::Seed(3).Seed2(11));
  return m;
}

Output Loss(const Scope& root, const Model& m, Input w, Input b) {
  auto logits = ops::Add(root, ops::MatMul(root, m.x, w), b);
  auto diff = ops::Add(root, ops::Sub(root, logits, m.y), ops::Mul(root, m.noise, 0.01f));
  return ops::Mean(root.WithOpName("loss"), ops::Square(root, diff), {0, 1});
}

void Train(const char* title, const Scope& root, const std::vector<std::string>& fetch_at_end) {
  GraphDef def;
  Check(root.ToGraphDef(&def), "ToGraphDef");
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  Check(session->Create(def), "Create");
  Check(session->Run({}, {}, {"init"}, nullptr), "init");
  std::printf("%s\n", title);
  std::vector<Tensor> out;
  for (int step = 0; step < 100; ++step) {
    Check(session->Run({}, {"loss"}, {"train"}, &out), "train step");
    if (step % 20 == 0 || step == 99)
      std::printf("  step %d loss %.4e\n", step, out[0].scalar<float>()());
  }
  Check(session->Run({}, fetch_at_end, {}, &out), "final fetch");
  for (size_t i = 0; i < out.size(); ++i) PrintTensor(fetch_at_end[i].c_str(), out[i]);
  Check(session->Close(), "Close");
}

// Ref variables (VariableV2 + Assign) and one of the Apply* optimizers.
template <typename MakeUpdates>
void TrainRef(const char* title, MakeUpdates make_updates) {
  Scope root = Scope::NewRootScope();
  Model m = Inputs(root);
  auto w = ops::Variable(root.WithOpName("w"), {4, 3}, DT_FLOAT);
  auto b = ops::Variable(root.WithOpName("b"), {3}, DT_FLOAT);
  auto w_init =
      ops::Assign(root, w,
                  ops::Multiply(root,
                                ops::TruncatedNormal(root, ops::Const(root, {4, 3}), DT_FLOAT,
                                                     ops::TruncatedNormal::Seed(1).Seed2(2)),
                                0.5f));
  auto b_init = ops::Assign(
      root, b,
      ops::RandomUniform(root, ops::Const(root, {3}), DT_FLOAT, ops::RandomUniform::Seed(5)));
  auto loss = Loss(root, m, w, b);
  std::vector<Output> grads;
  Check(AddSymbolicGradients(root, {loss}, {w, b}, &grads), "AddSymbolicGradients");
  std::vector<Operation> init_ops = {w_init.operation, b_init.operation};
  std::vector<Output> updates = make_updates(root, w, b, grads, &init_ops);
  ops::NoOp(root.WithOpName("init").WithControlDependencies(init_ops));
  std::vector<Operation> update_ops;
  for (const Output& u : updates) update_ops.push_back(u.op());
  ops::NoOp(root.WithOpName("train").WithControlDependencies(update_ops));
  Train(title, root, {"w", "b"});
}

// A slot variable (optimizer state) assigned `value` by the init op.
Output Slot(const Scope& root, const char* name, const PartialTensorShape& shape, Input value,
            std::vector<Operation>* init_ops) {
  auto v = ops::Variable(root.WithOpName(name), shape, DT_FLOAT);
  init_ops->push_back(ops::Assign(root, v, value).operation);
  return v;
}

}  // namespace

int main() {
  TrainRef("gradient descent", [](const Scope& root, Output w, Output b,
                                  const std::vector<Output>& g, std::vector<Operation>*) {
    return std::vector<Output>{ops::ApplyGradientDescent(root, w, 0.1f, g[0]),
                               ops::ApplyGradientDescent(root, b, 0.1f, g[1])};
  });
  TrainRef("nesterov momentum", [](const Scope& root, Output w, Output b,
                                   const std::vector<Output>& g, std::vector<Operation>* init) {
    auto mw = Slot(root, "mw", {4, 3}, ops::ZerosLike(root, w), init);  // zeros like the variable
    auto mb = Slot(root, "mb", {3}, ops::Const(root, 0.0f, {3}), init);
    auto nesterov = ops::ApplyMomentum::UseNesterov(true);
    return std::vector<Output>{ops::ApplyMomentum(root, w, mw, 0.05f, g[0], 0.9f, nesterov),
                               ops::ApplyMomentum(root, b, mb, 0.05f, g[1], 0.9f, nesterov)};
  });
  TrainRef("adam", [](const Scope& root, Output w, Output b, const std::vector<Output>& g,
                      std::vector<Operation>* init) {
    auto zeros_w = ops::Const(root, 0.0f, {4, 3});
    auto zeros_b = ops::Const(root, 0.0f, {3});
    auto m_w = Slot(root, "m_w", {4, 3}, zeros_w, init);
    auto v_w = Slot(root, "v_w", {4, 3}, zeros_w, init);
    auto m_b = Slot(root, "m_b", {3}, zeros_b, init);
    auto v_b = Slot(root, "v_b", {3}, zeros_b, init);
    // Fixed bias-correction powers (a real program keeps them in variables too).
    return std::vector<Output>{
        ops::ApplyAdam(root, w, m_w, v_w, 0.9f, 0.999f, 0.01f, 0.9f, 0.999f, 1e-7f, g[0]),
        ops::ApplyAdam(root, b, m_b, v_b, 0.9f, 0.999f, 0.01f, 0.9f, 0.999f, 1e-7f, g[1])};
  });

  // Resource variables, as TF 2.x graphs hold them.
  {
    Scope root = Scope::NewRootScope();
    Model m = Inputs(root);
    auto w = ops::VarHandleOp(root.WithOpName("w_handle"), DT_FLOAT, {4, 3},
                              ops::VarHandleOp::SharedName("w"));
    auto w_init = ops::AssignVariableOp(root, w,
                                        ops::RandomUniform(root, ops::Const(root, {4, 3}), DT_FLOAT,
                                                           ops::RandomUniform::Seed(9).Seed2(4)));
    auto w_read = ops::ReadVariableOp(root.WithOpName("w"), w, DT_FLOAT);
    auto ms = ops::VarHandleOp(root, DT_FLOAT, {4, 3}, ops::VarHandleOp::SharedName("ms"));
    auto mom = ops::VarHandleOp(root, DT_FLOAT, {4, 3}, ops::VarHandleOp::SharedName("mom"));
    auto ms_init = ops::AssignVariableOp(root, ms, ops::Const(root, 0.1f, {4, 3}));
    auto mom_init = ops::AssignVariableOp(root, mom, ops::Const(root, 0.0f, {4, 3}));
    auto b = ops::Const(root, {0.1f, -0.1f, 0.0f});
    auto loss = Loss(root, m, w_read, b);
    std::vector<Output> grads;
    Check(AddSymbolicGradients(root, {loss}, {w_read}, &grads), "AddSymbolicGradients");
    auto update = ops::ResourceApplyRMSProp(root, w, ms, mom, 0.01f, 0.9f, 0.5f, 1e-7f, grads[0]);
    ops::NoOp(root.WithOpName("init").WithControlDependencies(
        std::vector<Operation>{w_init, ms_init, mom_init}));
    ops::NoOp(root.WithOpName("train").WithControlDependencies({update.operation}));
    Train("resource rmsprop", root, {"w"});
  }
  return 0;
}
