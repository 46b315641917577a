// Optimizer update ops on reference variables, with TF 2.21's definitions and shape
// functions: ApplyGradientDescent. Kernels: training_kernels.cc.
//
//   auto w = ops::Variable(root, {3}, DT_FLOAT);
//   auto step = ops::ApplyGradientDescent(root, w, ops::Const(root, 0.1f), grad_w);
#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

REGISTER_OP("ApplyGradientDescent")
    .Input("var: Ref(T)")
    .Input("alpha: T")
    .Input("delta: T")
    .Output("out: Ref(T)")
    .Attr("T: numbertype")
    .Attr("use_locking: bool = false")
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(c->WithRank(1, 0));  // alpha
      PartialTensorShape s;
      TF_RETURN_IF_ERROR(InferenceContext::Merge(c->input(0), c->input(2), &s));  // var, delta
      c->set_output(0, s);
      return OkStatus();
    })
    .Summary("Update '*var' by subtracting 'alpha' * 'delta' from it.")
    .ArgDoc("var", "Should be from a Variable().")
    .ArgDoc("alpha", "Scaling factor. Must be a scalar.")
    .ArgDoc("delta", "The change.")
    .ArgDoc("use_locking",
            "If `True`, the subtraction will be protected by a lock;\n"
            "otherwise the behavior is undefined, but may exhibit less contention.")
    .ArgDoc("out", "Same as \"var\".")
    .CcHeader("training_ops");

}  // namespace tensorflow
