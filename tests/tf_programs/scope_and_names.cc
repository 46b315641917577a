// Prints every node of a graph built with many Scope features: names, ops, inputs, device and
// attrs (summarized). Built against TensorFlow and against minitf, the output must match.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/attr_value_util.h"
#include "tensorflow/core/framework/graph.pb.h"

using namespace tensorflow;  // NOLINT

Output Composite(const Scope& scope, Input x) {
  auto cop = scope.GetCompositeOpScopes("composite");
  auto inner = ops::Identity(cop.child, x);
  auto inner2 = ops::Identity(cop.child.WithOpName("named"), inner);
  return ops::Identity(cop.last, inner2);
}

void Print(const GraphDef& def) {
  for (const NodeDef& n : def.node()) {
    std::cout << n.name() << " = " << n.op() << "(";
    for (int i = 0; i < n.input_size(); ++i) std::cout << (i ? ", " : "") << n.input(i);
    std::cout << ")";
    if (!n.device().empty()) std::cout << " @" << n.device();
    std::vector<std::string> keys;
    for (const auto& kv : n.attr()) keys.push_back(kv.first);
    std::sort(keys.begin(), keys.end());
    for (const auto& k : keys)
      std::cout << "\n    " << k << "=" << SummarizeAttrValue(n.attr().at(k));
    std::cout << "\n";
  }
}

int main() {
  Scope root = Scope::NewRootScope();
  auto c = ops::Const(root, {{1, 2}, {3, 4}});
  auto c1 = ops::Const(root, 2.5);
  auto c2 = ops::Const(root.WithOpName("c2"), 1.5f);
  auto c2b = ops::Const(root.WithOpName("c2"), true);
  auto s = ops::Const(root, {"a", "bc"});
  auto e = ops::Const(root, {{}, {}});
  auto f = ops::Const(root, 7, {3});
  auto g = ops::Const<float>(root, {1, 2});
  auto h = ops::Const<int64_t>(root.WithOpName("h"), {{5}});
  Scope sub = root.NewSubScope("sub");
  auto p = ops::Placeholder(sub, DT_HALF, ops::Placeholder::Shape({-1, 3}));
  auto q = ops::Placeholder(sub.NewSubScope("inner").WithDevice("/cpu:0"), DT_STRING);
  auto id = ops::Identity(sub, {1.f, 2.f});
  auto id2 = ops::Identity(sub.WithOpName("sub"), p);
  auto sub2 = root.NewSubScope("sub");
  auto id3 = ops::Identity(sub2, id);
  auto pwd = ops::PlaceholderWithDefault(root, {{1, 2}}, PartialTensorShape({-1, 2}));
  auto comp = Composite(root, c);
  auto comp2 = Composite(root.WithOpName("layer0"), c);
  auto coloc = ops::Identity(root.WithOpName("coloc").ColocateWith(c1), c1);
  auto coloc2 = ops::Identity(root.ColocateWith(coloc).ColocateWith(c2.op()), c1);
  auto label = ops::Identity(root.WithKernelLabel("special"), c1);
  auto deps = ops::NoOp(root.WithControlDependencies({id3.operation, c.op(), label.operation}));
  auto after = ops::Identity(root.WithControlDependencies(comp).WithNoControlDependencies(), c);
  auto cast = ops::Cast(root, c, DT_FLOAT);
  auto cast2 = ops::Cast(root, c1, DT_INT32, ops::Cast::Truncate(true));
  std::cout << "unique: " << root.GetUniqueNameForOp("Identity") << " "
            << sub.GetUniqueNameForOp("Placeholder") << "\n";
  std::cout << "status: " << root.status().ok() << "\n";
  GraphDef def;
  if (!root.ToGraphDef(&def).ok()) return 1;
  Print(def);
  std::cout << "outputs: " << c.name() << " " << comp.name() << " " << pwd.output.name() << " "
            << DataTypeString(g.type()) << " " << DataTypeString(h.type()) << "\n";
  return 0;
}
