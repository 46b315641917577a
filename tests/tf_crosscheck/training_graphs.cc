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
#include "tensorflow/cc/ops/resource_variable_ops.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tests/tf_crosscheck/case_writer.h"

namespace tensorflow {
namespace {

constexpr int kSteps = 100;

// A variable of shape [3, 4]: a VariableV2 (Assign initializes it) or, for the resource form,
// a VarHandleOp (AssignVariableOp initializes it; ReadVariableOp reads it).
struct Var {
  Output handle;  // what the optimizer op takes
  Output value;   // what the model reads
};

Var MakeVar(const Scope& s, const std::string& name, bool resource, const Input& init,
            std::vector<Operation>* inits) {
  if (!resource) {
    auto v = ops::Variable(s.WithOpName(name), {3, 4}, DT_FLOAT);
    inits->push_back(Operation(ops::Assign(s, v, init).node()));
    return {v, v};
  }
  auto h =
      ops::VarHandleOp(s.WithOpName(name), DT_FLOAT, {3, 4}, ops::VarHandleOp::SharedName(name));
  inits->push_back(ops::AssignVariableOp(s, h, init).operation);
  return {h, ops::ReadVariableOp(s, h, DT_FLOAT)};
}

// Slots start at `fill` (Adagrad's accumulator must not start at zero).
Output Slot(const Scope& s, bool resource, float fill, std::vector<Operation>* inits) {
  static int count = 0;
  return MakeVar(s, "slot" + std::to_string(count++), resource, ops::Fill(s, {3, 4}, fill), inits)
      .handle;
}

// One update of `optimizer` (either form) for `var` with gradient `grad`.
Operation Apply(const Scope& s, const std::string& optimizer, bool r, const Output& var,
                const Output& grad, std::vector<Operation>* inits) {
  auto op = [](const Output& o) { return Operation(o.node()); };
  if (optimizer == "gradient_descent") {
    return r ? ops::ResourceApplyGradientDescent(s, var, 0.05f, grad).operation
             : op(ops::ApplyGradientDescent(s, var, 0.05f, grad));
  }
  if (optimizer == "momentum" || optimizer == "nesterov") {
    const bool nesterov = optimizer == "nesterov";
    auto accum = Slot(s, r, 0.f, inits);
    return r ? ops::ResourceApplyMomentum(s, var, accum, 0.05f, grad, 0.9f,
                                          ops::ResourceApplyMomentum::UseNesterov(nesterov))
                   .operation
             : op(ops::ApplyMomentum(s, var, accum, 0.05f, grad, 0.9f,
                                     ops::ApplyMomentum::UseNesterov(nesterov)));
  }
  if (optimizer == "adam") {
    auto m = Slot(s, r, 0.f, inits), v = Slot(s, r, 0.f, inits);
    return r ? ops::ResourceApplyAdam(s, var, m, v, 0.9f, 0.999f, 0.01f, 0.9f, 0.999f, 1e-7f, grad)
                   .operation
             : op(ops::ApplyAdam(s, var, m, v, 0.9f, 0.999f, 0.01f, 0.9f, 0.999f, 1e-7f, grad));
  }
  if (optimizer == "rmsprop") {
    auto ms = Slot(s, r, 0.f, inits), mom = Slot(s, r, 0.f, inits);
    return r ? ops::ResourceApplyRMSProp(s, var, ms, mom, 0.01f, 0.9f, 0.5f, 1e-7f, grad).operation
             : op(ops::ApplyRMSProp(s, var, ms, mom, 0.01f, 0.9f, 0.5f, 1e-7f, grad));
  }
  if (optimizer == "adagrad") {
    auto accum = Slot(s, r, 0.1f, inits);
    return r ? ops::ResourceApplyAdagrad(s, var, accum, 0.05f, grad).operation
             : op(ops::ApplyAdagrad(s, var, accum, 0.05f, grad));
  }
  auto accum = Slot(s, r, 0.f, inits), update = Slot(s, r, 0.f, inits);
  return r ? ops::ResourceApplyAdadelta(s, var, accum, update, 1.0f, 0.95f, 1e-6f, grad).operation
           : op(ops::ApplyAdadelta(s, var, accum, update, 1.0f, 0.95f, 1e-6f, grad));
}

void TrainingCase(const std::string& dir, const std::string& optimizer, bool resource, int seed2) {
  Scope root = Scope::NewRootScope();
  CaseWriter w(dir, std::string(resource ? "train_resource_" : "train_") + optimizer);
  auto x = ops::Const(root.WithOpName("x"),
                      Filled<float>(DT_FLOAT, {3, 4}, [](int64_t i) { return 0.25f * i - 1.f; }));
  auto y = ops::Const(root.WithOpName("y"),
                      Filled<float>(DT_FLOAT, {3, 4}, [](int64_t i) { return 0.5f - 0.125f * i; }));
  std::vector<Operation> inits;
  Var w_var = MakeVar(
      root, "w", resource,
      ops::TruncatedNormal(root, {3, 4}, DT_FLOAT, ops::TruncatedNormal::Seed(7).Seed2(seed2)),
      &inits);
  Var b_var = MakeVar(
      root, "b", resource,
      ops::Mul(root,
               ops::RandomUniform(root, {3, 4}, DT_FLOAT, ops::RandomUniform::Seed(8).Seed2(seed2)),
               0.1f),
      &inits);
  // A new draw every step: the label noise continues the node's stream across Runs.
  auto noise = ops::RandomNormal(root.WithOpName("noise"), {3, 4}, DT_FLOAT,
                                 ops::RandomNormal::Seed(9).Seed2(seed2));
  auto target = ops::Add(root, y, ops::Mul(root, noise, 0.01f));
  auto error = ops::Sub(root, ops::Add(root, ops::Mul(root, w_var.value, x), b_var.value), target);
  auto loss = ops::Square(root.WithOpName("loss"), error);
  std::vector<Output> grads;
  TF_CHECK_OK(AddSymbolicGradients(root, {loss}, {w_var.handle, b_var.handle}, &grads));
  std::vector<Operation> updates = {
      Apply(root, optimizer, resource, w_var.handle, grads[0], &inits),
      Apply(root, optimizer, resource, b_var.handle, grads[1], &inits)};
  auto init = ops::NoOp(root.WithOpName("init").WithControlDependencies(inits));
  auto train = ops::NoOp(root.WithOpName("train").WithControlDependencies(updates));
  auto read = [&](const char* name, const Var& v) {
    return resource ? Output(ops::ReadVariableOp(root.WithOpName(name), v.handle, DT_FLOAT))
                    : Output(ops::Identity(root.WithOpName(name), v.value));
  };
  const Output w_value = read("w_value", w_var), b_value = read("b_value", b_var);
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
    for (bool resource : {false, true}) TrainingCase(dir, optimizer, resource, seed2++);
  }
}

}  // namespace tensorflow
