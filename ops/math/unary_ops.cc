// The math family's unary elementwise ops (TF 2.21's signatures and summaries): Abs,
// Sign, rounding, reciprocals, exponentials and logarithms, trigonometric and the activation-like
// Tanh and Sigmoid, Erf, and the gradient ops their gradients use (ReciprocalGrad, RsqrtGrad,
// TanhGrad, SigmoidGrad). Kernels: unary_kernels.cc; gradients: unary_grad.cc.
#include "framework/op.h"

namespace tensorflow {
namespace {

// TF's type sets for these ops (core/ops/math_ops.cc): UNARY_REAL, UNARY_COMPLEX, UNARY.
#define MINITF_REAL "{bfloat16, half, float, double}"
#define MINITF_FLOAT_COMPLEX "{bfloat16, half, float, double, complex64, complex128}"
#define MINITF_SIGNED \
  "{bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128}"

#define MINITF_UNARY(NAME, TYPES, SUMMARY)         \
  REGISTER_OP(NAME)                                \
      .Input("x: T")                               \
      .Output("y: T")                              \
      .Attr("T: " TYPES)                           \
      .SetShapeFn(shape_inference::UnchangedShape) \
      .Summary(SUMMARY)                            \
      .CcHeader("math_ops")

// y = f(x)'s gradient op: z = dy * f'(x), written in terms of y.
#define MINITF_UNARY_GRAD(NAME, SUMMARY)           \
  REGISTER_OP(NAME)                                \
      .Input("y: T")                               \
      .Input("dy: T")                              \
      .Output("z: T")                              \
      .Attr("T: " MINITF_FLOAT_COMPLEX)            \
      .SetShapeFn(shape_inference::UnchangedShape) \
      .Summary(SUMMARY)                            \
      .CcHeader("math_ops")                        \
      .CcHidden()

}  // namespace

MINITF_UNARY("Abs", "{bfloat16, half, float, double, int8, int16, int32, int64}",
             "Computes the absolute value of a tensor.");
MINITF_UNARY("Sign", MINITF_SIGNED, "Returns an element-wise indication of the sign of a number.");
MINITF_UNARY("Floor", MINITF_REAL, "Returns element-wise largest integer not greater than x.");
MINITF_UNARY("Ceil", MINITF_REAL, "Returns element-wise smallest integer not less than x.");
MINITF_UNARY("Round", MINITF_SIGNED,
             "Rounds the values of a tensor to the nearest integer, element-wise.");
MINITF_UNARY("Reciprocal", MINITF_SIGNED, "Computes the reciprocal of x element-wise.");
MINITF_UNARY("Rsqrt", MINITF_FLOAT_COMPLEX,
             "Computes reciprocal of square root of x element-wise.");
MINITF_UNARY("Exp", MINITF_FLOAT_COMPLEX,
             "Computes exponential of x element-wise.  \\\\(y = e^x\\\\).");
MINITF_UNARY("Expm1", MINITF_FLOAT_COMPLEX, "Computes `exp(x) - 1` element-wise.");
MINITF_UNARY("Log", MINITF_FLOAT_COMPLEX, "Computes natural logarithm of x element-wise.");
MINITF_UNARY("Log1p", MINITF_FLOAT_COMPLEX, "Computes natural logarithm of (1 + x) element-wise.");
MINITF_UNARY("Sin", MINITF_FLOAT_COMPLEX, "Computes sine of x element-wise.");
MINITF_UNARY("Cos", MINITF_FLOAT_COMPLEX, "Computes cos of x element-wise.");
MINITF_UNARY("Tanh", MINITF_FLOAT_COMPLEX, "Computes hyperbolic tangent of `x` element-wise.");
MINITF_UNARY("Erf", MINITF_REAL, "Computes the Gauss error function of `x` element-wise.");
MINITF_UNARY("Tan", MINITF_FLOAT_COMPLEX, "Computes tan of x element-wise.");
MINITF_UNARY("Sinh", MINITF_FLOAT_COMPLEX, "Computes hyperbolic sine of x element-wise.");
MINITF_UNARY("Cosh", MINITF_FLOAT_COMPLEX, "Computes hyperbolic cosine of x element-wise.");
MINITF_UNARY("Asinh", MINITF_FLOAT_COMPLEX, "Computes inverse hyperbolic sine of x element-wise.");
MINITF_UNARY("Acosh", MINITF_FLOAT_COMPLEX,
             "Computes inverse hyperbolic cosine of x element-wise.");
MINITF_UNARY("Asin", MINITF_FLOAT_COMPLEX,
             "Computes the trignometric inverse sine of x element-wise.");
MINITF_UNARY("Acos", MINITF_FLOAT_COMPLEX, "Computes acos of x element-wise.");
MINITF_UNARY("Atan", MINITF_FLOAT_COMPLEX,
             "Computes the trignometric inverse tangent of x element-wise.");
MINITF_UNARY("Atanh", MINITF_FLOAT_COMPLEX,
             "Computes inverse hyperbolic tangent of x element-wise.");
MINITF_UNARY("Lgamma", MINITF_REAL,
             "Computes the log of the absolute value of `Gamma(x)` element-wise.");
MINITF_UNARY("Digamma", MINITF_REAL,
             "Computes Psi, the derivative of Lgamma (the log of the absolute value of");
MINITF_UNARY("Erfinv", MINITF_REAL, "Computes the inverse of the Gauss error function of `x`.");
MINITF_UNARY("Ndtri", MINITF_REAL, "Computes the inverse of the standard normal CDF of `x`.");
MINITF_UNARY("Sigmoid", MINITF_FLOAT_COMPLEX, "Computes sigmoid of `x` element-wise.");

MINITF_UNARY_GRAD("ReciprocalGrad", "Computes the gradient for the inverse of `x` wrt its input.");
MINITF_UNARY_GRAD("RsqrtGrad", "Computes the gradient for the rsqrt of `x` wrt its input.");
MINITF_UNARY_GRAD("TanhGrad", "Computes the gradient for the tanh of `x` wrt its input.");
MINITF_UNARY_GRAD("SigmoidGrad", "Computes the gradient of the sigmoid of `x` wrt its input.");

}  // namespace tensorflow
