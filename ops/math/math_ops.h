// minitf: the math ops a training loop needs, as classes shaped like TF's generated wrappers
// (tensorflow/cc/ops/math_ops.h): Add, AddV2, Subtract (Sub), Multiply (Mul), Div,
// Negate (Neg), Square, Sqrt, Conj, Sum (ReduceSum), Mean (ReduceMean), AddN, MatMul; Cast is in
// cast_op.h.
//
//   auto y = ops::MatMul(root, x, w, ops::MatMul::TransposeB(true));
//   auto loss = ops::Mean(root, ops::Square(root, ops::Sub(root, y, target)), {0, 1});
//
// Binary ops broadcast as TF does (shapes aligned at the right; a dimension of 1 stretches).
// Every op here has a gradient (math_grad.cc).
#ifndef MINITF_OPS_MATH_MATH_OPS_H_
#define MINITF_OPS_MATH_MATH_OPS_H_

#include "framework/op_wrapper.h"
#include "ops/math/cast_op.h"

namespace tensorflow {
namespace ops {

// x + y, with broadcasting (also defined for strings: concatenation).
class Add {
 public:
  Add(const ::tensorflow::Scope& scope, ::tensorflow::Input x, ::tensorflow::Input y);
  operator ::tensorflow::Output() const { return z; }
  operator ::tensorflow::Input() const { return z; }
  ::tensorflow::Node* node() const { return z.node(); }

  Operation operation;
  ::tensorflow::Output z;
};


// x + y, with broadcasting.
class AddV2 {
 public:
  AddV2(const ::tensorflow::Scope& scope, ::tensorflow::Input x, ::tensorflow::Input y);
  operator ::tensorflow::Output() const { return z; }
  operator ::tensorflow::Input() const { return z; }
  ::tensorflow::Node* node() const { return z.node(); }

  Operation operation;
  ::tensorflow::Output z;
};


// x - y, with broadcasting.
class Subtract {
 public:
  Subtract(const ::tensorflow::Scope& scope, ::tensorflow::Input x, ::tensorflow::Input y);
  operator ::tensorflow::Output() const { return z; }
  operator ::tensorflow::Input() const { return z; }
  ::tensorflow::Node* node() const { return z.node(); }

  Operation operation;
  ::tensorflow::Output z;
};
typedef Subtract Sub;


// x * y, with broadcasting.
class Multiply {
 public:
  Multiply(const ::tensorflow::Scope& scope, ::tensorflow::Input x, ::tensorflow::Input y);
  operator ::tensorflow::Output() const { return z; }
  operator ::tensorflow::Input() const { return z; }
  ::tensorflow::Node* node() const { return z.node(); }

  Operation operation;
  ::tensorflow::Output z;
};
typedef Multiply Mul;


// x / y, with broadcasting (integers: truncating; division by zero is an error).
class Div {
 public:
  Div(const ::tensorflow::Scope& scope, ::tensorflow::Input x, ::tensorflow::Input y);
  operator ::tensorflow::Output() const { return z; }
  operator ::tensorflow::Input() const { return z; }
  ::tensorflow::Node* node() const { return z.node(); }

  Operation operation;
  ::tensorflow::Output z;
};


// -x, elementwise.
class Negate {
 public:
  Negate(const ::tensorflow::Scope& scope, ::tensorflow::Input x);
  operator ::tensorflow::Output() const { return y; }
  operator ::tensorflow::Input() const { return y; }
  ::tensorflow::Node* node() const { return y.node(); }

  Operation operation;
  ::tensorflow::Output y;
};
typedef Negate Neg;


// x * x, elementwise.
class Square {
 public:
  Square(const ::tensorflow::Scope& scope, ::tensorflow::Input x);
  operator ::tensorflow::Output() const { return y; }
  operator ::tensorflow::Input() const { return y; }
  ::tensorflow::Node* node() const { return y.node(); }

  Operation operation;
  ::tensorflow::Output y;
};


// sqrt(x), elementwise.
class Sqrt {
 public:
  Sqrt(const ::tensorflow::Scope& scope, ::tensorflow::Input x);
  operator ::tensorflow::Output() const { return y; }
  operator ::tensorflow::Input() const { return y; }
  ::tensorflow::Node* node() const { return y.node(); }

  Operation operation;
  ::tensorflow::Output y;
};


// The sum of `input` along the dimensions in `axis` (scalar or 1-D, negative counts
// from the end).
class Sum {
 public:
  struct Attrs {
    // If true, retains reduced dimensions with length 1. Defaults to false.
    TF_MUST_USE_RESULT Attrs KeepDims(bool x) {
      Attrs ret = *this;
      ret.keep_dims_ = x;
      return ret;
    }
    bool keep_dims_ = false;
  };
  Sum(const ::tensorflow::Scope& scope, ::tensorflow::Input input, ::tensorflow::Input axis);
  Sum(const ::tensorflow::Scope& scope, ::tensorflow::Input input, ::tensorflow::Input axis,
      const Sum::Attrs& attrs);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }

  static Attrs KeepDims(bool x) { return Attrs().KeepDims(x); }

  Operation operation;
  ::tensorflow::Output output;
};
typedef Sum ReduceSum;


// The mean of `input` along the dimensions in `axis`.
class Mean {
 public:
  struct Attrs {
    // If true, retains reduced dimensions with length 1. Defaults to false.
    TF_MUST_USE_RESULT Attrs KeepDims(bool x) {
      Attrs ret = *this;
      ret.keep_dims_ = x;
      return ret;
    }
    bool keep_dims_ = false;
  };
  Mean(const ::tensorflow::Scope& scope, ::tensorflow::Input input, ::tensorflow::Input axis);
  Mean(const ::tensorflow::Scope& scope, ::tensorflow::Input input, ::tensorflow::Input axis,
      const Mean::Attrs& attrs);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }

  static Attrs KeepDims(bool x) { return Attrs().KeepDims(x); }

  Operation operation;
  ::tensorflow::Output output;
};
typedef Mean ReduceMean;


// The matrix product a * b (each optionally transposed).
class MatMul {
 public:
  struct Attrs {
    // If true, a is transposed before multiplication. Defaults to false.
    TF_MUST_USE_RESULT Attrs TransposeA(bool x) {
      Attrs ret = *this;
      ret.transpose_a_ = x;
      return ret;
    }
    // If true, b is transposed before multiplication. Defaults to false.
    TF_MUST_USE_RESULT Attrs TransposeB(bool x) {
      Attrs ret = *this;
      ret.transpose_b_ = x;
      return ret;
    }
    // Marks a gradient MatMul (no effect on the result). Defaults to false.
    TF_MUST_USE_RESULT Attrs GradA(bool x) {
      Attrs ret = *this;
      ret.grad_a_ = x;
      return ret;
    }
    // Marks a gradient MatMul (no effect on the result). Defaults to false.
    TF_MUST_USE_RESULT Attrs GradB(bool x) {
      Attrs ret = *this;
      ret.grad_b_ = x;
      return ret;
    }
    bool transpose_a_ = false;
    bool transpose_b_ = false;
    bool grad_a_ = false;
    bool grad_b_ = false;
  };
  MatMul(const ::tensorflow::Scope& scope, ::tensorflow::Input a, ::tensorflow::Input b);
  MatMul(const ::tensorflow::Scope& scope, ::tensorflow::Input a, ::tensorflow::Input b,
      const MatMul::Attrs& attrs);
  operator ::tensorflow::Output() const { return product; }
  operator ::tensorflow::Input() const { return product; }
  ::tensorflow::Node* node() const { return product.node(); }

  static Attrs TransposeA(bool x) { return Attrs().TransposeA(x); }
  static Attrs TransposeB(bool x) { return Attrs().TransposeB(x); }
  static Attrs GradA(bool x) { return Attrs().GradA(x); }
  static Attrs GradB(bool x) { return Attrs().GradB(x); }

  Operation operation;
  ::tensorflow::Output product;
};


// The complex conjugate of `input`, elementwise (complex types only).
class Conj {
 public:
  Conj(const ::tensorflow::Scope& scope, ::tensorflow::Input input);
  operator ::tensorflow::Output() const { return output; }
  operator ::tensorflow::Input() const { return output; }
  ::tensorflow::Node* node() const { return output.node(); }

  Operation operation;
  ::tensorflow::Output output;
};

// The elementwise sum of N tensors of one shape and type, added left to right.
class AddN {
 public:
  AddN(const ::tensorflow::Scope& scope, ::tensorflow::InputList inputs);
  operator ::tensorflow::Output() const { return sum; }
  operator ::tensorflow::Input() const { return sum; }
  ::tensorflow::Node* node() const { return sum.node(); }

  Operation operation;
  ::tensorflow::Output sum;
};

namespace internal {

// The gradient of Sqrt: dy * 0.5 / y, from y = sqrt(x) (tensorflow/cc/ops/math_ops_internal.h).
class SqrtGrad {
 public:
  SqrtGrad(const ::tensorflow::Scope& scope, ::tensorflow::Input y, ::tensorflow::Input dy);
  operator ::tensorflow::Output() const { return z; }
  operator ::tensorflow::Input() const { return z; }
  ::tensorflow::Node* node() const { return z.node(); }

  Operation operation;
  ::tensorflow::Output z;
};

}  // namespace internal
}  // namespace ops
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_MATH_OPS_H_
