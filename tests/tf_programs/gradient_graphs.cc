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
#include "tensorflow/cc/ops/array_ops_internal.h"
#include "tensorflow/cc/ops/manip_ops.h"
#include "tensorflow/cc/ops/nn_ops_internal.h"
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
    for (const char* attr : {"T",
                             "transpose_a",
                             "transpose_b",
                             "keep_dims",
                             "out_type",
                             "method",
                             "DstT",
                             "num_bits",
                             "narrow_range",
                             "grad_a",
                             "grad_b",
                             "Truncate",
                             "alpha",
                             "data_format",
                             "axis",
                             "N",
                             "num",
                             "Tmultiples",
                             "padding",
                             "strides",
                             "ksize",
                             "dilations",
                             "explicit_paddings",
                             "use_cudnn_on_gpu",
                             "adj_x",
                             "adj_y",
                             "Tout"}) {
      auto it = n->attr().find(attr);
      if (it == n->attr().end()) continue;
      std::cout << " " << attr << "=";
      if (it->second.value_case() == AttrValue::kB) std::cout << it->second.b();
      if (it->second.value_case() == AttrValue::kType)
        std::cout << DataTypeString(it->second.type());
      if (it->second.value_case() == AttrValue::kS) std::cout << it->second.s();
      if (it->second.value_case() == AttrValue::kI) std::cout << it->second.i();
      if (it->second.value_case() == AttrValue::kF) std::cout << it->second.f();
      if (it->second.value_case() == AttrValue::kList) {
        for (int k = 0; k < it->second.list().i_size(); ++k)
          std::cout << (k ? "," : "[") << it->second.list().i(k);
        std::cout << "]";
      }
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
  // The op library's gradients (TF's C++ ones): each unary op on x, binary ones broadcasting.
  using Unary = std::function<Output(const Scope&, const Output&)>;
  const std::vector<std::pair<std::string, Unary>> unary = {
      {"Exp", [](const Scope& r, const Output& x) -> Output { return ops::Exp(r, x); }},
      {"Expm1", [](const Scope& r, const Output& x) -> Output { return ops::Expm1(r, x); }},
      {"Log", [](const Scope& r, const Output& x) -> Output { return ops::Log(r, x); }},
      {"Log1p", [](const Scope& r, const Output& x) -> Output { return ops::Log1p(r, x); }},
      {"Sin", [](const Scope& r, const Output& x) -> Output { return ops::Sin(r, x); }},
      {"Cos", [](const Scope& r, const Output& x) -> Output { return ops::Cos(r, x); }},
      {"Tanh", [](const Scope& r, const Output& x) -> Output { return ops::Tanh(r, x); }},
      {"Sigmoid", [](const Scope& r, const Output& x) -> Output { return ops::Sigmoid(r, x); }},
      {"Rsqrt", [](const Scope& r, const Output& x) -> Output { return ops::Rsqrt(r, x); }},
      {"Reciprocal",
       [](const Scope& r, const Output& x) -> Output { return ops::Reciprocal(r, x); }},
      {"Abs", [](const Scope& r, const Output& x) -> Output { return ops::Abs(r, x); }},
      {"Sign", [](const Scope& r, const Output& x) -> Output { return ops::Sign(r, x); }},
      {"Floor", [](const Scope& r, const Output& x) -> Output { return ops::Floor(r, x); }},
      {"Relu", [](const Scope& r, const Output& x) -> Output { return ops::Relu(r, x); }},
      {"Relu6", [](const Scope& r, const Output& x) -> Output { return ops::Relu6(r, x); }},
      {"Elu", [](const Scope& r, const Output& x) -> Output { return ops::Elu(r, x); }},
      {"Selu", [](const Scope& r, const Output& x) -> Output { return ops::Selu(r, x); }},
      {"Softplus", [](const Scope& r, const Output& x) -> Output { return ops::Softplus(r, x); }},
      {"Softsign", [](const Scope& r, const Output& x) -> Output { return ops::Softsign(r, x); }},
      {"LeakyRelu",
       [](const Scope& r, const Output& x) -> Output {
         return ops::internal::LeakyRelu(r, x, ops::internal::LeakyRelu::Alpha(0.3f));
       }},
      {"L2Loss", [](const Scope& r, const Output& x) -> Output { return ops::L2Loss(r, x); }},
      {"Softmax", [](const Scope& r, const Output& x) -> Output { return ops::Softmax(r, x); }},
      {"LogSoftmax",
       [](const Scope& r, const Output& x) -> Output { return ops::LogSoftmax(r, x); }},
      {"Transpose",
       [](const Scope& r, const Output& x) -> Output {
         return ops::Transpose(r, x, {1, 0});
       }},
      {"ExpandDims",
       [](const Scope& r, const Output& x) -> Output { return ops::ExpandDims(r, x, 1); }},
      {"Squeeze",
       [](const Scope& r, const Output& x) -> Output {
         return ops::Squeeze(r, ops::ExpandDims(r, x, 0));
       }},
      {"Slice",
       [](const Scope& r, const Output& x) -> Output {
         return ops::Slice(r, x, {0, 1}, {2, 2});
       }},
      {"Pad",
       [](const Scope& r, const Output& x) -> Output {
         return ops::Pad(r, x, {{1, 0}, {0, 2}});
       }},
      {"Tile",
       [](const Scope& r, const Output& x) -> Output {
         return ops::Tile(r, x, {2, 1});
       }},
      {"BiasAdd NCHW",
       [](const Scope& r, const Output& x) -> Output {
         return ops::BiasAdd(r, x, {1.0f, 2.0f}, ops::BiasAdd::DataFormat("NCHW"));
       }},
  };
  for (const auto& [name, op] : unary) {
    Case(name, [op = op](const Scope& r) {
      auto x = F(r, "x", {2, 3});
      return std::make_pair(std::vector<Output>{op(r, x)}, std::vector<Output>{x});
    });
  }
  Case("Maximum/Minimum/SquaredDifference broadcast", [](const Scope& r) {
    auto x = F(r, "x", {2, 3}), y = F(r, "y", {3});
    auto z = ops::SquaredDifference(r, ops::Maximum(r, x, y), ops::Minimum(r, y, x));
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x, y});
  });
  Case("Where3/SelectV2", [](const Scope& r) {
    auto x = F(r, "x", {2, 3}), y = F(r, "y", {1, 3});
    auto c = ops::Const(r.WithOpName("c"), {true, false, true});
    auto w =
        ops::Where3(r, ops::Const(r.WithOpName("c2"), {{true, false, true}, {false, true, true}}),
                    x, ops::Neg(r, x));
    auto z = ops::SelectV2(r, c, w, y);
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x, y});
  });
  Case("Stack/Unstack/Concat", [](const Scope& r) {
    auto x = F(r, "x", {2, 3}), y = F(r, "y", {2, 3});
    auto s = ops::Stack(r, {x, y}, ops::Stack::Axis(1));
    auto u = ops::Unstack(r, s, 2, ops::Unstack::Axis(1));
    auto c = ops::Concat(r, {u.output[0], u.output[1], x}, 1);
    return std::make_pair(std::vector<Output>{c}, std::vector<Output>{x, y});
  });
  Case("Fill", [](const Scope& r) {
    auto v = F(r, "v", {});
    auto f = ops::Fill(r, {2, 3}, v);
    return std::make_pair(std::vector<Output>{f}, std::vector<Output>{v});
  });
  Case("SoftmaxCrossEntropyWithLogits", [](const Scope& r) {
    auto logits = F(r, "logits", {2, 3}), labels = F(r, "labels", {2, 3});
    auto xent = ops::SoftmaxCrossEntropyWithLogits(r, logits, labels);
    return std::make_pair(std::vector<Output>{xent.loss}, std::vector<Output>{logits, labels});
  });
  Case("StridedSlice with masks", [](const Scope& r) {
    auto x = F(r, "x", {2, 3, 4});
    auto y = ops::StridedSlice(
        r, x, {1, 0, 0, 1}, {2, 0, 0, 2}, {1, -2, 1, 1},
        ops::StridedSlice::BeginMask(2).EndMask(2).NewAxisMask(4).ShrinkAxisMask(8));
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x});
  });
  Case("Split/SplitV", [](const Scope& r) {
    auto x = F(r, "x", {2, 6});
    auto a = ops::Split(r, 1, x, 3);
    auto b = ops::SplitV(r, x, {1, -1}, 0, 2);
    auto z = ops::Add(r, ops::Add(r, a[0], a[2]), ops::Slice(r, b[1], {0, 0}, {1, 2}));
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x});
  });
  Case("Reverse/PadV2", [](const Scope& r) {
    auto x = F(r, "x", {2, 3});
    auto c = F(r, "c", {});
    auto y = ops::PadV2(r, ops::Reverse(r, x, {-1}), {{1, 0}, {0, 2}}, c);
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x, c});
  });
  Case("GatherV2 axis 1", [](const Scope& r) {
    auto x = F(r, "x", {2, 3, 4});
    auto y = ops::GatherV2(r, x, {{2, 0}, {2, 1}}, 1);
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x});
  });
  Case("GatherNd/ScatterNd", [](const Scope& r) {
    auto x = F(r, "x", {3, 4});
    auto g = ops::GatherNd(r, x, {{1, 2}, {0, 0}});
    auto y = ops::ScatterNd(r, {{1}, {0}}, ops::Reshape(r, g, {2, 1}), {3, 1});
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x});
  });
  Case("DynamicStitch", [](const Scope& r) {
    auto a = F(r, "a", {2, 2}), b = F(r, "b", {1, 2});
    auto y = ops::DynamicStitch(r, {Input({0, 2}), Input({1})}, {a, b});
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{a, b});
  });
  Case("UnsortedSegmentSum", [](const Scope& r) {
    auto x = F(r, "x", {4, 2});
    auto y = ops::UnsortedSegmentSum(r, x, {2, -1, 0, 2}, 3);
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x});
  });
  Case("ClipByValue/Cumsum", [](const Scope& r) {
    auto x = F(r, "x", {2, 3}), lo = F(r, "lo", {}), hi = F(r, "hi", {2, 3});
    auto c = ops::ClipByValue(r, x, lo, hi);
    auto y = ops::Cumsum(r, c, 1, ops::Cumsum::Reverse(true));
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x, lo, hi});
  });
  Case("Sum/Mean/Max/Prod", [](const Scope& r) {
    auto x = F(r, "x", {2, 3, 4});
    auto a = ops::Sum(r, x, {1});
    auto b = ops::Mean(r, x, {0, -1}, ops::Mean::KeepDims(true));
    auto c = ops::Max(r, x, {2});
    auto d = ops::Prod(r, x, {-2});
    return std::make_pair(std::vector<Output>{a, b, c, d}, std::vector<Output>{x});
  });
  Case("GatherV2 batch_dims 1", [](const Scope& r) {
    auto x = F(r, "x", {2, 3, 4});
    auto y = ops::GatherV2(r, x, {{2, 0}, {1, 1}}, 1, ops::GatherV2::BatchDims(1));
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x});
  });
  Case("Erf", [](const Scope& r) {
    auto x = F(r, "x", {3});
    auto y = ops::Erf(r, x);
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x});
  });
  Case("Pow broadcast", [](const Scope& r) {
    auto x = F(r, "x", {2, 3}), y = F(r, "y", {3});
    auto z = ops::Pow(r, x, y);
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x, y});
  });
  Case("unreachable input", [](const Scope& r) {
    auto x = F(r, "x", {2});
    auto y = F(r, "y", {2});
    auto z = F(r, "z", {2});
    auto w = ops::Mul(r, x, y);
    return std::make_pair(std::vector<Output>{w}, std::vector<Output>{z});
  });
  Case("Conv2D SAME stride 2", [](const Scope& r) {
    auto x = F(r, "x", {1, 5, 5, 2}), f = F(r, "f", {3, 3, 2, 4});
    auto y = ops::Conv2D(r, x, f, {1, 2, 2, 1}, "SAME");
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x, f});
  });
  Case("Conv2D NCHW dilated, no cudnn", [](const Scope& r) {
    auto x = F(r, "x", {1, 2, 9, 9}), f = F(r, "f", {3, 3, 2, 4});
    auto y =
        ops::Conv2D(r, x, f, {1, 1, 1, 1}, "VALID",
                    ops::Conv2D::DataFormat("NCHW").Dilations({1, 1, 2, 2}).UseCudnnOnGpu(false));
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x, f});
  });
  Case("Conv2DBackpropInput", [](const Scope& r) {
    auto f = F(r, "f", {3, 3, 2, 4}), g = F(r, "g", {1, 3, 3, 4});
    auto y = ops::Conv2DBackpropInput(
        r, ops::Const(r, {1, 5, 5, 2}), f, g, {1, 1, 1, 1}, "EXPLICIT",
        ops::Conv2DBackpropInput::ExplicitPaddings({0, 0, 1, 1, 1, 1, 0, 0}));
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{f, g});
  });
  Case("Conv2DBackpropFilter has no C++ gradient", [](const Scope& r) {
    auto x = F(r, "x", {1, 5, 5, 2}), g = F(r, "g", {1, 3, 3, 4});
    auto y = ops::Conv2DBackpropFilter(r, x, ops::Const(r, {3, 3, 2, 4}), g, {1, 1, 1, 1}, "VALID");
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x});
  });
  Case("MaxPool/AvgPool", [](const Scope& r) {
    auto x = F(r, "x", {2, 6, 6, 3});
    auto m = ops::MaxPool(r, x, {1, 3, 3, 1}, {1, 2, 2, 1}, "SAME");
    auto a = ops::AvgPool(r, m, {1, 2, 2, 1}, {1, 1, 1, 1}, "VALID");
    return std::make_pair(std::vector<Output>{a}, std::vector<Output>{x});
  });
  Case("MaxPoolGrad has no C++ gradient", [](const Scope& r) {
    auto x = F(r, "x", {1, 4, 4, 1}), y = F(r, "y", {1, 2, 2, 1}), g = F(r, "g", {1, 2, 2, 1});
    auto d = ops::internal::MaxPoolGrad(r, x, y, g, {1, 2, 2, 1}, {1, 2, 2, 1}, "VALID");
    return std::make_pair(std::vector<Output>{d}, std::vector<Output>{g});
  });
  for (int t = 0; t < 4; ++t) {
    Case("BatchMatMul adj_x=" + std::to_string(t & 1) + " adj_y=" + std::to_string(t >> 1),
         [t](const Scope& r) {
           auto x = F(r, "x", {2, 3, 3}), y = F(r, "y", {2, 3, 3});
           auto z = ops::BatchMatMul(r, x, y, ops::BatchMatMul::AdjX(t & 1).AdjY(t >> 1));
           return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x, y});
         });
  }
  Case("BatchMatMulV2 broadcast / BatchMatMulV3", [](const Scope& r) {
    auto x = F(r, "x", {2, 1, 3, 4}), y = F(r, "y", {3, 4, 2}), w = F(r, "w", {2, 5});
    auto z = ops::BatchMatMulV2(r, x, y, ops::BatchMatMulV2::AdjX(false));
    auto v = ops::BatchMatMulV3(r, z, w, DT_FLOAT);
    return std::make_pair(std::vector<Output>{v}, std::vector<Output>{x, y, w});
  });
  Case(
      "SoftmaxCrossEntropyWithLogits through its backprop output",
      [](const Scope& r) {
        auto x = F(r, "x", {2, 3}), l = F(r, "l", {2, 3});
        auto xent = ops::SoftmaxCrossEntropyWithLogits(r, x, l);
        return std::make_pair(std::vector<Output>{xent.loss, xent.backprop},
                              std::vector<Output>{x});
      },
      true);
  Case("Tan/Sinh/Cosh/Asinh/Acosh", [](const Scope& r) {
    auto x = F(r, "x", {2, 3});
    auto y = ops::Add(r, ops::Tan(r, x), ops::Sinh(r, ops::Cosh(r, x)));
    auto z = ops::Add(r, y, ops::Asinh(r, ops::Acosh(r, x)));
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x});
  });
  Case("Asin/Acos/Atan/Atanh/Atan2", [](const Scope& r) {
    auto x = F(r, "x", {2, 3}), y = F(r, "y", {2, 3});
    auto u = ops::Add(r, ops::Asin(r, x), ops::Acos(r, ops::Atan(r, x)));
    auto z = ops::Add(r, u, ops::Atan2(r, ops::Atanh(r, y), x));
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x, y});
  });
  Case("SegmentSum/UnsortedSegmentMax/UnsortedSegmentMin", [](const Scope& r) {
    auto x = F(r, "x", {4, 3});
    auto ids = ops::Const(r, {0, 0, 1, 3});
    auto u = ops::UnsortedSegmentMax(r, x, ids, 4);
    auto v = ops::UnsortedSegmentMin(r, ops::SegmentSum(r, x, ids), {1, -1, 0, 1}, 2);
    return std::make_pair(std::vector<Output>{u, v}, std::vector<Output>{x});
  });
  Case("Lgamma/Erfinv/Ndtri", [](const Scope& r) {
    auto x = F(r, "x", {2, 3});
    auto z = ops::Add(r, ops::Lgamma(r, x), ops::Erfinv(r, ops::Ndtri(r, x)));
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x});
  });
  Case("complex MatMul", [](const Scope& r) {
    auto x = ops::Placeholder(r.WithOpName("x"), DT_COMPLEX64,
                              ops::Placeholder::Shape(PartialTensorShape({2, 3})));
    auto y = ops::Placeholder(r.WithOpName("y"), DT_COMPLEX64,
                              ops::Placeholder::Shape(PartialTensorShape({3, 2})));
    auto z = ops::MatMul(r, x, y, ops::MatMul::TransposeA(false).TransposeB(false));
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x, y});
  });
  Case("ResizeNearestNeighbor/ResizeBilinear/ResizeBicubic", [](const Scope& r) {
    auto x = F(r, "x", {1, 4, 5, 2});
    auto a =
        ops::ResizeNearestNeighbor(r, x, {6, 7}, ops::ResizeNearestNeighbor::AlignCorners(true));
    auto b = ops::ResizeBilinear(r, x, {6, 7}, ops::ResizeBilinear::HalfPixelCenters(true));
    auto c = ops::ResizeBicubic(r, x, {6, 7});
    auto z = ops::Add(r, ops::Add(r, a, b), c);
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x});
  });
  Case("MaxPoolV2", [](const Scope& r) {
    auto x = F(r, "x", {1, 4, 5, 2});
    auto y = ops::MaxPoolV2(r, x, ops::Const(r, {1, 2, 2, 1}), ops::Const(r, {1, 1, 2, 1}), "SAME");
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x});
  });
  Case("FractionalMaxPool/FractionalAvgPool", [](const Scope& r) {
    auto x = F(r, "x", {1, 3, 7, 1});
    auto m = ops::FractionalMaxPool(
        r, x, {1, 1.2f, 1.9f, 1},
        ops::FractionalMaxPool::Deterministic(true).Overlapping(true).Seed(1).Seed2(2));
    auto a = ops::FractionalAvgPool(r, x, {1, 1.2f, 1.9f, 1},
                                    ops::FractionalAvgPool::Deterministic(true).Seed(3));
    auto z = ops::Add(r, m.output, a.output);
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x});
  });
  Case("LRN", [](const Scope& r) {
    auto x = F(r, "x", {1, 2, 2, 6});
    auto y = ops::LRN(r, x, ops::LRN::DepthRadius(2).Beta(0.75f));
    return std::make_pair(std::vector<Output>{y}, std::vector<Output>{x});
  });
  Case("MaxPool3D/AvgPool3D", [](const Scope& r) {
    auto x = F(r, "x", {1, 3, 4, 3, 2});
    auto m = ops::MaxPool3D(r, x, {1, 2, 2, 2, 1}, {1, 1, 2, 1, 1}, "SAME");
    auto a = ops::AvgPool3D(r, x, {1, 2, 2, 2, 1}, {1, 1, 2, 1, 1}, "SAME");
    return std::make_pair(std::vector<Output>{ops::Add(r, m, a)}, std::vector<Output>{x});
  });
  Case("RealDiv/DivNoNan broadcast", [](const Scope& r) {
    auto x = F(r, "x", {2, 3}), y = F(r, "y", {3});
    auto z = ops::DivNoNan(r, ops::RealDiv(r, x, y), y);
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x, y});
  });
  Case("Complex/Real/Imag/Angle", [](const Scope& r) {
    auto x = F(r, "x", {2, 3}), y = F(r, "y", {2, 3});
    auto c = ops::Complex(r, x, y);
    auto z = ops::Add(r, ops::Add(r, ops::Real(r, c), ops::Imag(r, c)), ops::Angle(r, c));
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x, y});
  });
  Case("MirrorPad/MirrorPadGrad/ReverseSequence/Roll", [](const Scope& r) {
    auto x = F(r, "x", {3, 4});
    auto p = ops::MirrorPad(r, x, {{1, 1}, {2, 0}}, "REFLECT");
    auto q = ops::internal::MirrorPadGrad(r, p, {{1, 1}, {2, 0}}, "SYMMETRIC");
    auto v = ops::ReverseSequence(r, q, ops::Const<int64_t>(r, {1, 3, 2}), 1);
    auto z = ops::Roll(r, v, {1, -2}, {0, 1});
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x});
  });
  Case("Diag/DiagPart/MatrixDiag/MatrixBandPart/CheckNumerics", [](const Scope& r) {
    auto x = F(r, "x", {2, 3});
    auto d = ops::DiagPart(r, ops::Diag(r, x));
    auto m = ops::MatrixBandPart(r, ops::MatrixDiag(r, d), ops::Const<int64_t>(r, 1),
                                 ops::Const<int64_t>(r, -1));
    auto z = ops::CheckNumerics(r, m, "bad");
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x});
  });
  Case("SpaceToBatch(ND)/BatchToSpace(ND)/SpaceToDepth/DepthToSpace", [](const Scope& r) {
    auto x = F(r, "x", {1, 4, 4, 2});
    auto a = ops::SpaceToBatchND(r, x, {2, 2}, {{0, 0}, {2, 2}});
    auto b = ops::BatchToSpace(r, a, {{0, 0}, {0, 0}}, 2);
    auto c = ops::SpaceToBatch(r, b, {{0, 0}, {0, 0}}, 2);
    auto d = ops::BatchToSpaceND(r, c, {2, 2}, {{0, 0}, {2, 2}});
    auto z = ops::DepthToSpace(r, ops::SpaceToDepth(r, d, 2), 2);
    return std::make_pair(std::vector<Output>{z}, std::vector<Output>{x});
  });
  Case("DynamicPartition", [](const Scope& r) {
    auto x = F(r, "x", {4, 2});
    auto parts = ops::DynamicPartition(r, x, {1, 0, 1, 1}, 2);
    return std::make_pair(parts.outputs, std::vector<Output>{x});
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
