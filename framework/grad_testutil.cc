#include "framework/grad_testutil.h"

#include "framework/grad_op_registry.h"

namespace tensorflow {
namespace test {

Status CallGradFunction(const Scope& scope, const Operation& op,
                        const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  ops::GradFunc grad_fn;
  TF_RETURN_IF_ERROR(ops::GradOpRegistry::Global()->Lookup(op.node()->type_string(), &grad_fn));
  if (grad_fn == nullptr) {
    // A no-gradient op (REGISTER_NO_GRADIENT_OP): no gradient reaches any input. (TF calls
    // the null function and crashes.)
    grad_outputs->assign(op.num_inputs(), NoGradient());
    return scope.status();
  }
  TF_RETURN_IF_ERROR(grad_fn(scope, op, grad_inputs, grad_outputs));
  return scope.status();
}

}  // namespace test
}  // namespace tensorflow
