// minitf: symbolic gradients (TF's tensorflow/cc/framework/gradients.h).
//
//   std::vector<Output> grads;
//   TF_CHECK_OK(AddSymbolicGradients(root, {loss}, {w, b}, &grads));   // d loss / d w, d b
//
// Walks back from `outputs` to `inputs`, calling each op's registered gradient function
// (grad_op_registry.h) and summing the gradients that reach one tensor with AddN. New nodes
// are built in `scope`, with TF's default names (OnesLike, MatMul_1, AddN, ...).
#ifndef MINITF_FRAMEWORK_GRADIENTS_H_
#define MINITF_FRAMEWORK_GRADIENTS_H_

#include <vector>

#include "framework/grad_op_registry.h"
#include "framework/ops.h"
#include "framework/scope.h"
#include "framework/status.h"

namespace tensorflow {

// Adds the gradients of `outputs` with respect to `inputs`, given the gradients flowing into
// `outputs` (`grad_inputs`, one per output). `grad_outputs[i]` is the gradient for
// inputs[i], or NoGradient() when none reaches it. Errors: InvalidArgument when the counts
// differ or an input cannot be reached from the outputs; NotFound for an op without a
// registered gradient.
Status AddSymbolicGradients(const Scope& scope, const std::vector<Output>& outputs,
                            const std::vector<Output>& inputs,
                            const std::vector<Output>& grad_inputs,
                            std::vector<Output>* grad_outputs);

// The same, seeding each output's gradient with OnesLike(output).
Status AddSymbolicGradients(const Scope& scope, const std::vector<Output>& outputs,
                            const std::vector<Output>& inputs, std::vector<Output>* grad_outputs);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_GRADIENTS_H_
