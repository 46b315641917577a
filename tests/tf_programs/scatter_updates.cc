// Scatters into tensors and variables the way TF C++ programs write them: TensorScatterUpdate,
// TensorScatterAdd, TensorScatterSub, TensorScatterMin and TensorScatterMax on a constant,
// ScatterNdUpdate / ScatterNdAdd / ScatterNdSub on a reference variable and
// ResourceScatterNdUpdate / Add / Sub / Min / Max on a resource variable, a few steps each, and
// a bad index vector (its error, then the variable: the other updates landed). Run through
// NewSession + Create(GraphDef) by name; prints every value to 9 significant digits.
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

}  // namespace

int main() {
  Scope root = Scope::NewRootScope();
  auto x = ops::Const(root.WithOpName("x"),
                      {{1.5f, -2.f, 0.25f}, {3.f, 0.f, -1.f}, {-0.5f, 8.f, 2.f}, {4.f, -3.f, 1.f}});
  auto rows = ops::Const(root.WithOpName("rows"), {{3}, {1}, {3}});
  auto elems = ops::Const(root.WithOpName("elems"), {{0, 2}, {2, 1}});
  auto row_updates = ops::Const(root.WithOpName("row_updates"),
                                {{0.5f, 0.5f, 0.5f}, {-1.f, 2.f, -3.f}, {10.f, -10.f, 0.f}});
  auto elem_updates = ops::Const(root.WithOpName("elem_updates"), {7.f, -7.f});
  std::vector<std::string> fetches;
  ops::TensorScatterUpdate(root.WithOpName("update"), x, rows, row_updates);
  ops::TensorScatterAdd(root.WithOpName("add"), x, rows, row_updates);
  ops::TensorScatterSub(root.WithOpName("sub"), x, elems, elem_updates);
  ops::TensorScatterMin(root.WithOpName("min"), x, rows, row_updates);
  ops::TensorScatterMax(root.WithOpName("max"), x, elems, elem_updates);
  for (const char* name : {"update", "add", "sub", "min", "max"}) fetches.push_back(name);

  // A reference variable.
  auto var = ops::Variable(root.WithOpName("var"), {4, 3}, DT_FLOAT);
  ops::Assign(root.WithOpName("var_init"), var, x);
  ops::ScatterNdUpdate(root.WithOpName("var_update"), var, elems, elem_updates);
  ops::ScatterNdAdd(root.WithOpName("var_add"), var, rows, row_updates);
  ops::ScatterNdSub(root.WithOpName("var_sub"), var, elems, elem_updates);
  auto bad = ops::Const(root.WithOpName("bad"), {{1}, {9}, {0}});
  ops::ScatterNdAdd(root.WithOpName("var_bad"), var, bad, row_updates);
  ops::Identity(root.WithOpName("var_read"), var);

  // A resource variable.
  auto h =
      ops::VarHandleOp(root.WithOpName("h"), DT_FLOAT, {4, 3}, ops::VarHandleOp::SharedName("h"));
  ops::AssignVariableOp(root.WithOpName("h_init"), h, x);
  ops::ResourceScatterNdUpdate(root.WithOpName("h_update"), h, rows, row_updates);
  ops::ResourceScatterNdAdd(root.WithOpName("h_add"), h, elems, elem_updates);
  ops::ResourceScatterNdSub(root.WithOpName("h_sub"), h, rows, row_updates);
  ops::ResourceScatterNdMin(root.WithOpName("h_min"), h, elems, elem_updates);
  ops::ResourceScatterNdMax(root.WithOpName("h_max"), h, rows, row_updates);
  ops::ReadVariableOp(root.WithOpName("h_read"), h, DT_FLOAT);

  GraphDef graph;
  Check(root.ToGraphDef(&graph), "ToGraphDef");
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  Check(session->Create(graph), "Create");

  std::vector<Tensor> out;
  Check(session->Run({}, fetches, {}, &out), "Run(tensor scatters)");
  for (size_t i = 0; i < fetches.size(); ++i) Print(fetches[i], out[i]);

  Check(session->Run({}, {}, {"var_init"}, nullptr), "Run(var_init)");
  for (const char* step : {"var_update", "var_add", "var_sub", "var_add", "var_update"}) {
    Check(session->Run({}, {}, {step}, nullptr), step);
    Check(session->Run({}, {"var_read"}, {}, &out), "Run(var_read)");
    Print(step, out[0]);
  }
  const Status s = session->Run({}, {}, {"var_bad"}, nullptr);
  std::printf("var_bad: code %d, %s\n", static_cast<int>(s.code()),
              std::string(s.message()).substr(0, std::string(s.message()).find('\n')).c_str());
  Check(session->Run({}, {"var_read"}, {}, &out), "Run(var_read)");
  Print("after var_bad", out[0]);

  Check(session->Run({}, {}, {"h_init"}, nullptr), "Run(h_init)");
  for (const char* step : {"h_update", "h_add", "h_sub", "h_min", "h_max", "h_add"}) {
    Check(session->Run({}, {}, {step}, nullptr), step);
    Check(session->Run({}, {"h_read"}, {}, &out), "Run(h_read)");
    Print(step, out[0]);
  }
  return 0;
}
