// Optimizer update ops on reference variables, with TF 2.21's definitions and shape
// functions: ApplyGradientDescent, ApplyMomentum, ApplyAdam, ApplyRMSProp, ApplyAdagrad,
// ApplyAdadelta. Kernels:
// training_kernels.cc.
//
//   auto w = ops::Variable(root, {3}, DT_FLOAT);
//   auto step = ops::ApplyGradientDescent(root, w, ops::Const(root, 0.1f), grad_w);
#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// TF's training shape functions: the variable's shape merged with its slots' and the
// gradient's; the scalar inputs rank 0. `slots` and `grad` are input indices.
Status ApplyShape(InferenceContext* c, std::initializer_list<int> slots,
                  std::initializer_list<int> scalars, int grad) {
  PartialTensorShape s = c->input(0);
  for (int i : slots) {
    PartialTensorShape merged;
    TF_RETURN_IF_ERROR(InferenceContext::Merge(s, c->input(i), &merged));
    s = merged;
  }
  for (int i : scalars) TF_RETURN_IF_ERROR(c->WithRank(i, 0));
  PartialTensorShape merged;
  TF_RETURN_IF_ERROR(InferenceContext::Merge(s, c->input(grad), &merged));
  c->set_output(0, merged);
  return OkStatus();
}

}  // namespace

REGISTER_OP("ApplyGradientDescent")
    .Input("var: Ref(T)")
    .Input("alpha: T")
    .Input("delta: T")
    .Output("out: Ref(T)")
    .Attr("T: numbertype")
    .Attr("use_locking: bool = false")
    .SetShapeFn([](InferenceContext* c) { return ApplyShape(c, {}, {1}, 2); })
    .Summary("Update '*var' by subtracting 'alpha' * 'delta' from it.")
    .ArgDoc("var", "Should be from a Variable().")
    .ArgDoc("alpha", "Scaling factor. Must be a scalar.")
    .ArgDoc("delta", "The change.")
    .ArgDoc("use_locking",
            "If `True`, the subtraction will be protected by a lock;\n"
            "otherwise the behavior is undefined, but may exhibit less contention.")
    .ArgDoc("out", "Same as \"var\".")
    .CcHeader("training_ops");

REGISTER_OP("ApplyMomentum")
    .Input("var: Ref(T)")
    .Input("accum: Ref(T)")
    .Input("lr: T")
    .Input("grad: T")
    .Input("momentum: T")
    .Output("out: Ref(T)")
    .Attr("T: numbertype")
    .Attr("use_locking: bool = false")
    .Attr("use_nesterov: bool = false")
    .SetShapeFn([](InferenceContext* c) {
      return ApplyShape(c, {1}, {2, 4}, 3);
    })
    .Summary("Update '*var' according to the momentum scheme.")
    .ArgDoc("out", "Same as \"var\".")
    .CcHeader("training_ops");

REGISTER_OP("ApplyAdam")
    .Input("var: Ref(T)")
    .Input("m: Ref(T)")
    .Input("v: Ref(T)")
    .Input("beta1_power: T")
    .Input("beta2_power: T")
    .Input("lr: T")
    .Input("beta1: T")
    .Input("beta2: T")
    .Input("epsilon: T")
    .Input("grad: T")
    .Output("out: Ref(T)")
    .Attr("T: numbertype")
    .Attr("use_locking: bool = false")
    .Attr("use_nesterov: bool = false")
    .SetShapeFn([](InferenceContext* c) {
      return ApplyShape(c, {1, 2}, {3, 4, 5, 6, 7, 8}, 9);
    })
    .Summary("Update '*var' according to the Adam algorithm.")
    .ArgDoc("out", "Same as \"var\".")
    .CcHeader("training_ops");

REGISTER_OP("ApplyRMSProp")
    .Input("var: Ref(T)")
    .Input("ms: Ref(T)")
    .Input("mom: Ref(T)")
    .Input("lr: T")
    .Input("rho: T")
    .Input("momentum: T")
    .Input("epsilon: T")
    .Input("grad: T")
    .Output("out: Ref(T)")
    .Attr("T: numbertype")
    .Attr("use_locking: bool = false")
    .SetShapeFn([](InferenceContext* c) {
      return ApplyShape(c, {1, 2}, {3, 4, 5, 6}, 7);
    })
    .Summary("Update '*var' according to the RMSProp algorithm.")
    .ArgDoc("out", "Same as \"var\".")
    .CcHeader("training_ops");

REGISTER_OP("ApplyAdagrad")
    .Input("var: Ref(T)")
    .Input("accum: Ref(T)")
    .Input("lr: T")
    .Input("grad: T")
    .Output("out: Ref(T)")
    .Attr("T: numbertype")
    .Attr("use_locking: bool = false")
    .Attr("update_slots: bool = true")
    .SetShapeFn([](InferenceContext* c) { return ApplyShape(c, {1}, {2}, 3); })
    .Summary("Update '*var' according to the adagrad scheme.")
    .ArgDoc("out", "Same as \"var\".")
    .CcHeader("training_ops");

REGISTER_OP("ApplyAdadelta")
    .Input("var: Ref(T)")
    .Input("accum: Ref(T)")
    .Input("accum_update: Ref(T)")
    .Input("lr: T")
    .Input("rho: T")
    .Input("epsilon: T")
    .Input("grad: T")
    .Output("out: Ref(T)")
    .Attr("T: numbertype")
    .Attr("use_locking: bool = false")
    .SetShapeFn([](InferenceContext* c) {
      return ApplyShape(c, {1, 2}, {3, 4, 5}, 6);
    })
    .Summary("Update '*var' according to the adadelta scheme.")
    .ArgDoc("out", "Same as \"var\".")
    .CcHeader("training_ops");

}  // namespace tensorflow
