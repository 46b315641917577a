// minitf: the shape-level array ops (tensorflow/cc/ops/array_ops.h): OnesLike, ZerosLike,
// Reshape, Shape, Size, StopGradient, BroadcastTo, and internal::BroadcastGradientArgs (what
// the gradients of broadcasting ops use).
//
//   auto flat = ops::Reshape(root, x, {-1});
//   auto s = ops::Shape(root, x, ops::Shape::OutType(DT_INT64));
#ifndef MINITF_OPS_ARRAY_SHAPE_OPS_H_
#define MINITF_OPS_ARRAY_SHAPE_OPS_H_

#include "framework/op_wrapper.h"

namespace tensorflow {
namespace ops {

// A tensor of ones with the shape and type of x.
class OnesLike {
 public:
  OnesLike(const ::tensorflow::Scope& scope, ::tensorflow::Input x);
  operator ::tensorflow::Output() const { return y; }
  operator ::tensorflow::Input() const { return y; }
  ::tensorflow::Node* node() const { return y.node(); }

  Operation operation;
  ::tensorflow::Output y;
};


// A tensor of zeros with the shape and type of x.
class ZerosLike {
 public:
  ZerosLike(const ::tensorflow::Scope& scope, ::tensorflow::Input x);
  operator ::tensorflow::Output() const { return y; }
  operator ::tensorflow::Input() const { return y; }
  ::tensorflow::Node* node() const { return y.node(); }

  Operation operation;
  ::tensorflow::Output y;
};


// `tensor` with the shape `shape` (one entry may be -1: inferred).
class Reshape {
 public:
  Reshape(const ::tensorflow::Scope& scope, ::tensorflow::Input tensor, ::tensorflow::Input shape);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }

  Operation operation;
  ::tensorflow::Output output;
};


// The shape of `input` as a 1-D integer tensor.
class Shape {
 public:
  struct Attrs {
    // DT_INT32 or DT_INT64. Defaults to DT_INT32.
    TF_MUST_USE_RESULT Attrs OutType(DataType x) {
      Attrs ret = *this;
      ret.out_type_ = x;
      return ret;
    }
    DataType out_type_ = DT_INT32;
  };
  Shape(const ::tensorflow::Scope& scope, ::tensorflow::Input input);
  Shape(const ::tensorflow::Scope& scope, ::tensorflow::Input input,
      const Shape::Attrs& attrs);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }

  static Attrs OutType(DataType x) { return Attrs().OutType(x); }

  Operation operation;
  ::tensorflow::Output output;
};


// The number of elements of `input` as an integer scalar.
class Size {
 public:
  struct Attrs {
    // DT_INT32 or DT_INT64. Defaults to DT_INT32.
    TF_MUST_USE_RESULT Attrs OutType(DataType x) {
      Attrs ret = *this;
      ret.out_type_ = x;
      return ret;
    }
    DataType out_type_ = DT_INT32;
  };
  Size(const ::tensorflow::Scope& scope, ::tensorflow::Input input);
  Size(const ::tensorflow::Scope& scope, ::tensorflow::Input input,
      const Size::Attrs& attrs);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }

  static Attrs OutType(DataType x) { return Attrs().OutType(x); }

  Operation operation;
  ::tensorflow::Output output;
};


// The input, unchanged; gradients do not flow through it.
class StopGradient {
 public:
  StopGradient(const ::tensorflow::Scope& scope, ::tensorflow::Input input);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }

  Operation operation;
  ::tensorflow::Output output;
};


// `input` broadcast to `shape` (TF's broadcasting rules).
class BroadcastTo {
 public:
  BroadcastTo(const ::tensorflow::Scope& scope, ::tensorflow::Input input, ::tensorflow::Input shape);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }

  Operation operation;
  ::tensorflow::Output output;
};


namespace internal {

// For the shapes s0 and s1 of two broadcast operands, the output dimensions each operand's
// gradient is summed over (tensorflow/cc/ops/array_ops_internal.h).
class BroadcastGradientArgs {
 public:
  BroadcastGradientArgs(const ::tensorflow::Scope& scope, ::tensorflow::Input s0,
                        ::tensorflow::Input s1);

  Operation operation;
  ::tensorflow::Output r0;
  ::tensorflow::Output r1;
};

}  // namespace internal
}  // namespace ops
}  // namespace tensorflow

#endif  // MINITF_OPS_ARRAY_SHAPE_OPS_H_
