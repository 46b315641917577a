// minitf internal: the helpers TF's C++ math gradients share (cc/gradients/math_grad.cc), so
// that every gradient file of the math family builds TF's graph pieces the same way.
#ifndef MINITF_OPS_MATH_INTERNAL_GRAD_HELPERS_H_
#define MINITF_OPS_MATH_INTERNAL_GRAD_HELPERS_H_

#include <vector>

#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/array_ops_internal.h"
#include "tensorflow/cc/ops/math_ops.h"

namespace tensorflow {
namespace ops {
namespace grad_helpers {

// The gradients of a broadcasting binary op from its per-element ones: each summed over the
// dimensions its operand was stretched along, then shaped like the operand.
inline Status BinaryGradCommon(const Scope& scope, const Operation& op,
                               std::vector<Output>* grad_outputs, const Output& gx_1,
                               const Output& gx_2) {
  auto sx_1 = Shape(scope, op.input(0));
  auto sx_2 = Shape(scope, op.input(1));
  auto rx = internal::BroadcastGradientArgs(scope, sx_1, sx_2);
  auto dx_1 = Reshape(scope, Sum(scope, gx_1, rx.r0), sx_1);
  auto dx_2 = Reshape(scope, Sum(scope, gx_2, rx.r1), sx_2);
  grad_outputs->push_back(dx_1);
  grad_outputs->push_back(dx_2);
  return scope.status();
}

// conj(out) for complex tensors, out itself otherwise (TF's ConjugateHelper): complex
// gradients are conjugated, as TF defines them.
inline Output ConjugateHelper(const Scope& scope, const Output& out) {
  return DataTypeIsComplex(out.type()) ? Output(Conj(scope, out)) : out;
}

}  // namespace grad_helpers
}  // namespace ops
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_GRAD_HELPERS_H_
