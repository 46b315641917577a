// Builds a small graph the way a TensorFlow C++ program does and prints what TF prints:
// node names and ops, inputs (data, then ^control), a constant's value, the GraphDef version.
// It uses TF's API only, so it builds against TensorFlow too (the cross-check does that and
// compares the output line for line).
//
//        Const (2x2 float)       x (Placeholder float [?,2])
//             |                      |
//        Identity "a_copy"      Identity (under scope "layer")
//              \                    /
//               NoOp "done"  (control dependencies on both)
#include <iostream>

#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/node_def_util.h"
#include "tensorflow/core/framework/tensor.h"

using namespace tensorflow;  // NOLINT: as TF's own examples do

int main() {
  Scope root = Scope::NewRootScope();
  auto a = ops::Const(root, {{3.f, 2.f}, {-1.f, 0.f}});
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT, ops::Placeholder::Shape({-1, 2}));
  auto a_copy = ops::Identity(root.WithOpName("a_copy"), a);
  auto layer = root.NewSubScope("layer");
  auto y = ops::Identity(layer, x);
  auto done =
      ops::NoOp(root.WithOpName("done").WithControlDependencies({a_copy.operation, y.operation}));
  TF_CHECK_OK(root.status());

  GraphDef graph_def;
  TF_CHECK_OK(root.ToGraphDef(&graph_def));
  for (const NodeDef& n : graph_def.node()) {
    std::cout << n.name() << " = " << n.op() << "(";
    for (int i = 0; i < n.input_size(); ++i) std::cout << (i ? ", " : "") << n.input(i);
    std::cout << ")\n";
  }

  Tensor value;
  TF_CHECK_OK(GetNodeAttr(a.node()->attrs(), "value", &value));
  std::cout << value.DebugString() << "\n" << value.matrix<float>() << "\n";
  PartialTensorShape shape;
  TF_CHECK_OK(GetNodeAttr(x.node()->attrs(), "shape", &shape));
  std::cout << "x: " << DataTypeString(x.output.type()) << " " << shape.DebugString() << "\n";
  std::cout << "GraphDef: " << graph_def.node_size() << " nodes, producer "
            << graph_def.versions().producer() << "\n";
  return 0;
}
