// minitf: calling one op's registered gradient function directly, as TF's gradient tests do
// (tensorflow/cc/gradients/grad_testutil.h):
//
//   std::vector<Output> grads;
//   TF_ASSERT_OK(test::CallGradFunction(scope, Operation(y.node()), {dy}, &grads));
#ifndef MINITF_FRAMEWORK_GRAD_TESTUTIL_H_
#define MINITF_FRAMEWORK_GRAD_TESTUTIL_H_

#include <vector>

#include "framework/ops.h"
#include "framework/scope.h"
#include "framework/status.h"

namespace tensorflow {
namespace test {

// Adds the gradient of `op` to `scope`'s graph: one output per input of `op` in
// `grad_outputs`; all NoGradient for an op registered without one. NotFound when the op has
// no gradient registration; the scope's status when building failed.
Status CallGradFunction(const Scope& scope, const Operation& op,
                        const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs);

}  // namespace test
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_GRAD_TESTUTIL_H_
