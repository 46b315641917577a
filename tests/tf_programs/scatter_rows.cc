// The row scatters into variables the way TF C++ programs write them: ScatterUpdate,
// ScatterAdd, ScatterSub, ScatterMul, ScatterDiv, ScatterMin and ScatterMax on a reference
// variable (rows picked by a vector of indices, by a matrix of them, and one scalar update for
// every picked row), ResourceScatterUpdate / Add / Sub / Mul / Div / Min / Max on a resource
// variable, a few steps each, and a bad index (its error, then the variable: the updates before
// it landed). Run through NewSession + Create(GraphDef) by name; prints every value to 9
// significant digits.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

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

void Print(const std::string& name, const Tensor& t) {
  std::printf("%s %s:", name.c_str(), t.shape().DebugString().c_str());
  auto flat = t.flat<float>();
  for (int64_t i = 0; i < flat.size(); ++i) std::printf(" %.9g", flat(i));
  std::printf("\n");
}

std::string FirstLine(const Status& s) {
  const std::string message(s.message());
  return message.substr(0, message.find('\n'));
}

}  // namespace

int main() {
  Scope root = Scope::NewRootScope();
  auto x = ops::Const(root.WithOpName("x"),
                      {{1.5f, -2.f, 0.25f}, {3.f, 0.f, -1.f}, {-0.5f, 8.f, 2.f}, {4.f, -3.f, 1.f}});
  auto rows = ops::Const(root.WithOpName("rows"), {3, 1, 3});
  auto grid = ops::Const(root.WithOpName("grid"), {{0, 2}, {2, 1}});
  auto row_updates = ops::Const(root.WithOpName("row_updates"),
                                {{0.5f, 0.5f, 0.5f}, {-1.f, 2.f, -3.f}, {10.f, -10.f, 0.25f}});
  auto grid_updates =
      ops::Const(root.WithOpName("grid_updates"),
                 {{{7.f, -7.f, 0.5f}, {1.f, 2.f, 3.f}}, {{-4.f, 0.125f, 6.f}, {2.f, -2.f, 9.f}}});
  auto scale = ops::Const(root.WithOpName("scale"), 1.5f);

  // A reference variable.
  auto var = ops::Variable(root.WithOpName("var"), {4, 3}, DT_FLOAT);
  ops::Assign(root.WithOpName("var_init"), var, x);
  ops::ScatterUpdate(root.WithOpName("var_update"), var, grid, grid_updates);
  ops::ScatterAdd(root.WithOpName("var_add"), var, rows, row_updates,
                  ops::ScatterAdd::UseLocking(true));
  ops::ScatterSub(root.WithOpName("var_sub"), var, grid, grid_updates);
  ops::ScatterMul(root.WithOpName("var_mul"), var, rows, scale);
  ops::ScatterDiv(root.WithOpName("var_div"), var, grid, grid_updates);
  ops::ScatterMin(root.WithOpName("var_min"), var, rows, row_updates);
  ops::ScatterMax(root.WithOpName("var_max"), var, grid, grid_updates);
  auto bad = ops::Const(root.WithOpName("bad"), {1, 9, 0});
  ops::ScatterAdd(root.WithOpName("var_bad"), var, bad, row_updates);
  ops::Identity(root.WithOpName("var_read"), var);

  // A resource variable.
  auto h =
      ops::VarHandleOp(root.WithOpName("h"), DT_FLOAT, {4, 3}, ops::VarHandleOp::SharedName("h"));
  ops::AssignVariableOp(root.WithOpName("h_init"), h, x);
  ops::ResourceScatterUpdate(root.WithOpName("h_update"), h, rows, row_updates);
  ops::ResourceScatterAdd(root.WithOpName("h_add"), h, grid, grid_updates);
  ops::ResourceScatterSub(root.WithOpName("h_sub"), h, rows, scale);
  ops::ResourceScatterMul(root.WithOpName("h_mul"), h, grid, grid_updates);
  ops::ResourceScatterDiv(root.WithOpName("h_div"), h, rows, row_updates);
  ops::ResourceScatterMin(root.WithOpName("h_min"), h, grid, grid_updates);
  ops::ResourceScatterMax(root.WithOpName("h_max"), h, rows, scale);
  ops::ResourceScatterAdd(root.WithOpName("h_bad"), h, bad, row_updates);
  ops::ReadVariableOp(root.WithOpName("h_read"), h, DT_FLOAT);

  GraphDef graph;
  Check(root.ToGraphDef(&graph), "ToGraphDef");
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  Check(session->Create(graph), "Create");

  std::vector<Tensor> out;
  for (const char* prefix : {"var", "h"}) {
    const std::string p = prefix;
    const std::string read = p + "_read";
    Check(session->Run({}, {}, {p + "_init"}, nullptr), "Run(init)");
    for (const char* form : {"update", "add", "sub", "mul", "div", "min", "max", "add", "div"}) {
      const std::string step = p + "_" + form;
      Check(session->Run({}, {}, {step}, nullptr), step.c_str());
      Check(session->Run({}, {read}, {}, &out), "Run(read)");
      Print(step, out[0]);
    }
    const Status s = session->Run({}, {}, {p + "_bad"}, nullptr);
    std::printf("%s_bad: code %d, %s\n", prefix, static_cast<int>(s.code()), FirstLine(s).c_str());
    Check(session->Run({}, {read}, {}, &out), "Run(read)");
    Print("after " + p + "_bad", out[0]);
  }
  return 0;
}
