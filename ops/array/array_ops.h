// minitf: the array ops of the foundation — Placeholder, PlaceholderWithDefault, Identity —
// as classes shaped like TF's generated wrappers (tensorflow/cc/ops/array_ops.h).
//
//   auto x = ops::Placeholder(root, DT_FLOAT, ops::Placeholder::Shape({2, 3}));
//   auto d = ops::PlaceholderWithDefault(root, {1.f, 2.f}, PartialTensorShape({2}));
//   auto y = ops::Identity(root.WithOpName("y"), x);
//
// Each class has `operation` and one Output member named as TF names the op's output; a
// single-output op converts to Output and Input and has node().
#ifndef MINITF_OPS_ARRAY_ARRAY_OPS_H_
#define MINITF_OPS_ARRAY_ARRAY_OPS_H_

#include "framework/op_wrapper.h"

namespace tensorflow {
namespace ops {

// A value that must be fed when the graph runs. Feeding is checked against `dtype` and,
// when given, `shape`.
class Placeholder {
 public:
  struct Attrs {
    // The shape of the tensor; defaults to an unknown shape (anything may be fed).
    TF_MUST_USE_RESULT Attrs Shape(PartialTensorShape x) {
      Attrs ret = *this;
      ret.shape_ = x;
      return ret;
    }
    PartialTensorShape shape_ = ::tensorflow::PartialTensorShape() /* unknown */;
  };
  Placeholder(const ::tensorflow::Scope& scope, DataType dtype);
  Placeholder(const ::tensorflow::Scope& scope, DataType dtype, const Placeholder::Attrs& attrs);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }

  static Attrs Shape(PartialTensorShape x) { return Attrs().Shape(x); }

  Operation operation;
  ::tensorflow::Output output;
};

// Passes `input` through unless a value is fed; `shape` may be less specific than input's.
class PlaceholderWithDefault {
 public:
  PlaceholderWithDefault(const ::tensorflow::Scope& scope, ::tensorflow::Input input,
                         PartialTensorShape shape);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }

  Operation operation;
  ::tensorflow::Output output;
};

// The input, unchanged.
class Identity {
 public:
  Identity(const ::tensorflow::Scope& scope, ::tensorflow::Input input);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }

  Operation operation;
  ::tensorflow::Output output;
};

}  // namespace ops
}  // namespace tensorflow

#endif  // MINITF_OPS_ARRAY_ARRAY_OPS_H_
