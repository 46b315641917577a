// Gradients of ClipByValue and Cumsum, as TF's cc/gradients/math_grad.cc builds them.
#include "framework/errors.h"
#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/array_ops_internal.h"
#include "tensorflow/cc/ops/math_ops.h"

namespace tensorflow {
namespace ops {
namespace {

// The gradient goes to t where it was not clipped, else to the bound that clipped it (summed
// over the elements a scalar bound clipped). Ties count as not clipped.
Status ClipByValueGrad(const Scope& scope, const Operation& op,
                       const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  if (op.num_inputs() != 3) return errors::InvalidArgument("ClipByValue requires 3 arguments");
  if (grad_inputs.size() != 1) {
    return errors::InvalidArgument("ClipByValue grad requires 1 grad input");
  }
  Output x = op.input(0), lo = op.input(1), hi = op.input(2);
  Output s_x = Shape(scope, x);
  Output s_lo = Shape(scope, lo);
  Output s_hi = Shape(scope, hi);
  Output lo_mask = Less(scope, x, lo);
  Output hi_mask = Greater(scope, x, hi);
  auto r_lo = internal::BroadcastGradientArgs(scope, s_x, s_lo);
  auto r_hi = internal::BroadcastGradientArgs(scope, s_x, s_hi);
  const Output& grad = grad_inputs[0];
  Output zeros = ZerosLike(scope, grad);
  auto clipped = LogicalOr(scope, lo_mask, hi_mask);
  grad_outputs->push_back(Where3(scope, clipped, zeros, grad));
  auto to_lo = Where3(scope, lo_mask, grad, zeros);
  grad_outputs->push_back(Reshape(scope, Sum(scope, to_lo, r_lo.r1), s_lo));
  auto to_hi = Where3(scope, hi_mask, grad, zeros);
  grad_outputs->push_back(Reshape(scope, Sum(scope, to_hi, r_hi.r1), s_hi));
  return scope.status();
}
REGISTER_GRADIENT_OP("ClipByValue", ClipByValueGrad);

// The cumulative sum of the gradient in the other direction.
Status CumsumGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs) {
  if (op.num_inputs() != 2) return errors::InvalidArgument("Cumsum requires 2 arguments");
  if (grad_inputs.size() != 1) return errors::InvalidArgument("Cumsum grad requires 1 grad input");
  bool exclusive = false, reverse = false;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "exclusive", &exclusive));
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "reverse", &reverse));
  grad_outputs->push_back(
      Cumsum(scope, grad_inputs[0], op.input(1), Cumsum::Exclusive(exclusive).Reverse(!reverse)));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Cumsum", CumsumGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
