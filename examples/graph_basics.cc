// Builds a small graph the way a TensorFlow C++ program does and prints what TF would:
// node names, inferred shapes, a constant's value and the GraphDef.
//
//        a (Const 2x2 float)   x (Placeholder float [?,2])
//             |                      |
//        Identity "a_copy"      Identity (under scope "layer")
//              \                    /
//               NoOp "done"  (control dependencies on both)
#include <iostream>

#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor.h"

using namespace tensorflow;  // NOLINT: as TF's own examples do

int main() {
  Scope root = Scope::NewRootScope();
  auto a = ops::Const(root, {{3.f, 2.f}, {-1.f, 0.f}});
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT,
                            ops::Placeholder::Shape({-1, 2}));
  auto a_copy = ops::Identity(root.WithOpName("a_copy"), a);
  auto layer = root.NewSubScope("layer");
  auto y = ops::Identity(layer, x);
  auto done = ops::NoOp(root.WithOpName("done").WithControlDependencies(
      {a_copy.operation, y.operation}));
  TF_CHECK_OK(root.status());

  for (const Node* n : root.graph()->op_nodes()) {
    std::cout << n->name() << " = " << n->type_string() << " -> "
              << (n->num_outputs() > 0 ? n->output_shape(0).DebugString() : "(none)") << "\n";
  }

  Tensor value;
  TF_CHECK_OK(GetNodeAttr(a.node()->attrs(), "value", &value));
  std::cout << value.DebugString() << "\n";
  std::cout << value.matrix<float>() << "\n";

  GraphDef graph_def;
  TF_CHECK_OK(root.ToGraphDef(&graph_def));
  std::cout << "GraphDef: " << graph_def.node_size() << " nodes, producer "
            << graph_def.versions().producer() << ", done inputs:";
  for (const auto& in : graph_def.node(graph_def.node_size() - 1).input()) std::cout << " " << in;
  std::cout << "\n";
  return 0;
}
