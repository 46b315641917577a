// minitf: ops::Cast (tensorflow/cc/ops/math_ops.h). Converts `x` to `DstT`.
//
//   auto f = ops::Cast(root, ints, DT_FLOAT);
//
// Const<T> builds Cast nodes; the kernel is in cast_op.cc, the gradient in math_grad.cc.
#ifndef MINITF_OPS_MATH_CAST_OP_H_
#define MINITF_OPS_MATH_CAST_OP_H_

#include "framework/op_wrapper.h"

namespace tensorflow {
namespace ops {

class Cast {
 public:
  struct Attrs {
    // Truncate instead of round when narrowing floats. Defaults to false.
    TF_MUST_USE_RESULT Attrs Truncate(bool x) {
      Attrs ret = *this;
      ret.Truncate_ = x;
      return ret;
    }
    bool Truncate_ = false;
  };
  Cast(const ::tensorflow::Scope& scope, ::tensorflow::Input x, DataType DstT);
  Cast(const ::tensorflow::Scope& scope, ::tensorflow::Input x, DataType DstT,
       const Cast::Attrs& attrs);
  operator ::tensorflow::Output() const { return y; }
  operator ::tensorflow::Input() const { return y; }
  ::tensorflow::Node* node() const { return y.node(); }

  static Attrs Truncate(bool x) { return Attrs().Truncate(x); }

  Operation operation;
  ::tensorflow::Output y;
};

}  // namespace ops
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_CAST_OP_H_
