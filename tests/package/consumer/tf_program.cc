// A TensorFlow C++ program using Scope, Const, Placeholder, Identity, NoOp, Tensor and TF's
// core Session, with TF's include paths only: it must compile unchanged against minitf.
#include <iostream>
#include <vector>

#include "tensorflow/cc/framework/ops.h"
#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/op.h"
#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/framework/tensor_shape.h"
#include "tensorflow/core/lib/core/status.h"
#include "tensorflow/core/platform/logging.h"
#include "tensorflow/core/public/session.h"

int main() {
  using namespace tensorflow;       // NOLINT
  using namespace tensorflow::ops;  // NOLINT
  Scope root = Scope::NewRootScope();
  auto a = Const(root, {{3.f, 2.f}, {-1.f, 0.f}});
  auto p = Placeholder(root, DT_FLOAT, Placeholder::Shape({2, 2}));
  auto x = Placeholder(root.WithOpName("x"), DT_INT32);
  auto y = Identity(root.WithOpName("y"), a);
  auto z = Identity(root, {1, 2, 3});
  auto done = NoOp(root.WithOpName("done").WithControlDependencies({y.operation, z.operation}));
  TF_CHECK_OK(root.status());

  Tensor t(DT_FLOAT, TensorShape({2, 2}));
  t.flat<float>().setZero();
  t.matrix<float>()(1, 1) = 4.f;
  LOG(INFO) << t.DebugString();

  GraphDef def;
  TF_CHECK_OK(root.ToGraphDef(&def));
  std::cout << "nodes:";
  for (const auto& n : def.node()) std::cout << " " << n.name();
  std::cout << "\n";
  std::cout << "registered:";
  for (const char* name :
       {"Cast", "Const", "Identity", "NoOp", "Placeholder", "PlaceholderWithDefault"}) {
    const OpDef* op_def = nullptr;
    if (OpRegistry::Global()->LookUpOpDef(name, &op_def).ok()) std::cout << " " << op_def->name();
  }
  std::cout << "\n" << t.SummarizeValue(4) << "\n";
  std::cout << "shape: " << y.node()->def().attr().at("T").type() << " "
            << PartialTensorShape({-1, 2}).DebugString() << "\n";

  // The same GraphDef in TF's core Session, fetched by name.
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  TF_CHECK_OK(session->Create(def));
  std::vector<Tensor> out;
  TF_CHECK_OK(session->Run({}, {"y:0"}, {}, &out));
  std::cout << "session:";
  for (int i = 0; i < 4; ++i) std::cout << " " << out[0].flat<float>()(i);
  std::cout << "\n";
  return 0;
}
