// The math family's complex-number ops (TF 2.21's signatures and summaries): Complex builds
// complex numbers from real and imaginary parts (broadcasting); Real, Imag, Angle and
// ComplexAbs take them apart. Kernels: complex_kernels.cc; gradients: complex_grad.cc.
#include "framework/bcast.h"
#include "framework/op.h"

namespace tensorflow {
namespace {

using shape_inference::InferenceContext;

Status BroadcastShape(InferenceContext* c) {
  PartialTensorShape out;
  TF_RETURN_IF_ERROR(BroadcastPartialShapes(c->input(0), c->input(1), &out));
  c->set_output(0, out);
  return OkStatus();
}

}  // namespace

REGISTER_OP("Complex")
    .Input("real: T")
    .Input("imag: T")
    .Output("out: Tout")
    .Attr("T: {float, double} = DT_FLOAT")
    .Attr("Tout: {complex64, complex128} = DT_COMPLEX64")
    .SetShapeFn(BroadcastShape)
    .Summary("Converts two real numbers to a complex number.")
    .CcHeader("math_ops");

#define MINITF_COMPLEX_PART(NAME, IN, OUT, SUMMARY)      \
  REGISTER_OP(NAME)                                      \
      .Input(IN ": T")                                   \
      .Output(OUT ": Tout")                              \
      .Attr("T: {complex64, complex128} = DT_COMPLEX64") \
      .Attr("Tout: {float, double} = DT_FLOAT")          \
      .SetShapeFn(shape_inference::UnchangedShape)       \
      .Summary(SUMMARY)                                  \
      .CcHeader("math_ops")

MINITF_COMPLEX_PART("Real", "input", "output", "Returns the real part of a complex number.");
MINITF_COMPLEX_PART("Imag", "input", "output", "Returns the imaginary part of a complex number.");
MINITF_COMPLEX_PART("Angle", "input", "output", "Returns the argument of a complex number.");
MINITF_COMPLEX_PART("ComplexAbs", "x", "y", "Computes the complex absolute value of a tensor.");

}  // namespace tensorflow
