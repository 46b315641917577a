// Builds gradient graphs with AddSymbolicGradients and prints them node by node (name, op,
// inputs, the attrs that shape the math) and the statuses of failing calls. Built against
// TensorFlow and minitf, the output must match: minitf's gradient graphs are TF's.
#include <algorithm>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/graph.pb.h"

using namespace tensorflow;  // NOLINT

void PrintGraph(const Scope& root) {
  GraphDef def;
  Status s = root.ToGraphDef(&def);
  if (!s.ok()) {
    std::cout << "  graph error: " << s.message() << "\n";
    return;
  }
  std::vector<const NodeDef*> nodes;
  for (const NodeDef& n : def.node()) nodes.push_back(&n);
  std::sort(nodes.begin(), nodes.end(),
            [](const NodeDef* a, const NodeDef* b) { return a->name() < b->name(); });
  for (const NodeDef* n : nodes) {
    std::cout << "  " << n->name() << " = " << n->op() << "(";
    for (int i = 0; i < n->input_size(); ++i) std::cout << (i ? ", " : "") << n->input(i);
    std::cout << ")";
    for (const char* attr : {"T", "transpose_a", "transpose_b", "keep_dims", "out_type", "method",
                             "DstT", "num_bits", "narrow_range", "grad_a", "grad_b", "Truncate"}) {
      auto it = n->attr().find(attr);
      if (it == n->attr().end()) continue;
      std::cout << " " << attr << "=";
      if (it->second.value_case() == AttrValue::kB) std::cout << it->second.b();
      if (it->second.value_case() == AttrValue::kType)
        std::cout << DataTypeString(it->second.type());
      if (it->second.value_case() == AttrValue::kS) std::cout << it->second.s();
      if (it->second.value_case() == AttrValue::kI) std::cout << it->second.i();
    }
    std::cout << "\n";
  }
}

void PrintGrads(const std::vector<Output>& grads) {
  std::cout << "  grads:";
  for (const Output& g : grads) {
    std::cout << " " << (g.node() == nullptr ? std::string("NoGradient") : g.name());
  }
  std::cout << "\n";
}

// `build` makes the forward graph and returns {outputs, inputs}; gradients are seeded with
// OnesLike unless `seeded` (then a Const of ones per output is passed as grad_inputs).
using Builder = std::function<std::pair<std::vector<Output>, std::vector<Output>>(const Scope&)>;
void Case(const std::string& what, const Builder& build, bool seeded = false) {
  std::cout << what << "\n";
  Scope root = Scope::NewRootScope();
  auto [ys, xs] = build(root);
  std::vector<Output> grads;
  Status s;
  if (seeded) {
    std::vector<Output> dys;
    for (size_t i = 0; i < ys.size(); ++i)
      dys.push_back(ops::OnesLike(root.WithOpName("dy"), ys[i]));
    s = AddSymbolicGradients(root, ys, xs, dys, &grads);
  } else {
    s = AddSymbolicGradients(root, ys, xs, &grads);
  }
  if (!s.ok()) {
    std::cout << "  status " << static_cast<int>(s.code()) << ": " << s.message() << "\n";
    return;
  }
  PrintGrads(grads);
  PrintGraph(root);
}

Output F(const Scope& s, const char* name, PartialTensorShape shape) {
  return ops::Placeholder(s.WithOpName(name), DT_FLOAT, ops::Placeholder::Shape(shape));
}

int main() {
  for (int t = 0; t < 4; ++t) {
    Case(
        "MatMul ta=" + std::to_string(t & 1) + " tb=" + std::to_string(t >> 1),
        [t](const Scope& r) {
          auto x = F(r, "x", {3, 3}), y = F(r, "y", {3, 3});
          auto z = ops::MatMul(r, x, y, ops::MatMul::TransposeA(t & 1).TransposeB(t >> 1));
          return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x, y});
        },
        true);
  }
  Case("Add/Sub/Mul/Div broadcast", [](const Scope& r) {
    auto x = F(r, "x", {2, 3}), y = F(r, "y", {3});
    auto a = ops::Add(r, x, y);
    auto b = ops::Sub(r, a, y);
    auto c = ops::Mul(r, b, x);
    auto d = ops::Div(r, c, y);
    auto e = ops::AddV2(r, d, x);
    return std::make_pair(std::vector<Output>{e}, std::vector<Output>{x, y});
  });
  Case("Neg/Square/Sqrt", [](const Scope& r) {
    auto x = F(r, "x", {4});
    auto y = ops::Sqrt(r, ops::Square(r, ops::Neg(r, x)));
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x});
  });
  Case("two paths sum with AddN", [](const Scope& r) {
    auto x = F(r, "x", {2});
    auto y = ops::Square(r, x);
    auto z = ops::Neg(r, x);
    auto w = ops::Add(r, y, z);
    return std::make_pair(std::vector<Output>{w}, std::vector<Output>{x});
  });
  Case("DependentOutputs", [](const Scope& r) {
    auto x = F(r, "x", {});
    auto y0 = ops::Square(r, x);
    auto y1 = ops::Square(r, y0);
    auto y2 = ops::Square(r, y1);
    return std::make_pair(std::vector<Output>{y0, y2}, std::vector<Output>{x});
  });
  Case("Identity/Cast/Reshape/AddN", [](const Scope& r) {
    auto x = F(r, "x", {2, 3});
    auto i = ops::Identity(r, x);
    auto c = ops::Cast(r, ops::Cast(r, i, DT_DOUBLE), DT_FLOAT);
    Output s = ops::Reshape(r, c, {3, 2});
    Output s2 = ops::Reshape(r, x, {3, 2});
    auto n = ops::AddN(r, OutputList{s, s, s2});
    return std::make_pair(std::vector<Output>{n}, std::vector<Output>{x});
  });
  Case("StopGradient", [](const Scope& r) {
    auto x = F(r, "x", {2});
    auto y = ops::StopGradient(r, ops::Square(r, x));
    auto z = ops::Mul(r, y, x);
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x});
  });
  Case("CropAndResize", [](const Scope& r) {
    auto image = F(r, "image", {1, 4, 4, 2});
    auto boxes = F(r, "boxes", {3, 4});
    auto box_ind = ops::Const(r.WithOpName("box_ind"), {0, 0, 0});
    auto crops = ops::CropAndResize(r, image, boxes, box_ind, {3, 3});
    return std::make_pair(std::vector<Output>{crops}, std::vector<Output>{image, boxes});
  });
  Case("CropAndResize nearest", [](const Scope& r) {
    auto image = F(r, "image", {1, 4, 4, 2});
    auto boxes = F(r, "boxes", {3, 4});
    auto crops = ops::CropAndResize(r, image, boxes, {0, 0, 0}, {3, 3},
                                    ops::CropAndResize::Method("nearest"));
    return std::make_pair(std::vector<Output>{crops}, std::vector<Output>{boxes});
  });
  Case("unreachable input", [](const Scope& r) {
    auto x = F(r, "x", {2});
    auto y = F(r, "y", {2});
    auto z = F(r, "z", {2});
    auto w = ops::Mul(r, x, y);
    return std::make_pair(std::vector<Output>{w}, std::vector<Output>{z});
  });
  Case(
      "grad count mismatch",
      [](const Scope& r) {
        auto x = F(r, "x", {2});
        auto y = ops::Square(r, x);
        return std::make_pair(std::vector<Output>{y, y}, std::vector<Output>{x});
      },
      false);
  return 0;
}
