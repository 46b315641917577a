// Reference variables: VariableV2 (the C++ API's ops::Variable), Assign, AssignAdd, AssignSub
// and IsVariableInitialized, with TF 2.21's definitions and shape functions. Kernels:
// variable_kernels.cc; the variable itself: internal/legacy_var.h.
//
//   auto w = ops::Variable(root, {2, 2}, DT_FLOAT);
//   auto init = ops::Assign(root, w, ops::Const(root, {{1.f, 2.f}, {3.f, 4.f}}));
//   auto step = ops::AssignSub(root, w, ops::Const(root, 0.5f) * ...);
//   session.Run({}, {}, {init}, nullptr);   // then Run(..., {step}, ...) per step
#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// Output 0 is inputs 0 and 1 merged (TF's MergeBothInputsShapeFn).
Status MergeBothInputs(InferenceContext* c) {
  PartialTensorShape merged;
  TF_RETURN_IF_ERROR(InferenceContext::Merge(c->input(0), c->input(1), &merged));
  c->set_output(0, merged);
  return OkStatus();
}

}  // namespace

REGISTER_OP("VariableV2")
    .Output("ref: Ref(dtype)")
    .Attr("shape: shape")
    .Attr("dtype: type")
    .Attr("container: string = ''")
    .Attr("shared_name: string = ''")
    .SetIsStateful()
    .SetShapeFn([](InferenceContext* c) {
      PartialTensorShape shape;
      TF_RETURN_IF_ERROR(c->GetAttr("shape", &shape));
      c->set_output(0, shape);
      return OkStatus();
    })
    .Summary("Holds state in the form of a tensor that persists across steps.")
    .ArgDoc("shape", "The shape of the variable tensor.")
    .ArgDoc("dtype", "The type of elements in the variable tensor.")
    .ArgDoc("container",
            "If non-empty, this variable is placed in the given container.\n"
            "Otherwise, a default container is used.")
    .ArgDoc("shared_name",
            "If non-empty, this variable is named in the given bucket\n"
            "with this shared_name. Otherwise, the node name is used instead.")
    .ArgDoc("ref", "A reference to the variable tensor.")
    .CcHeader("state_ops")
    .CcName("Variable");

REGISTER_OP("Assign")
    .Input("ref: Ref(T)")
    .Input("value: T")
    .Output("output_ref: Ref(T)")
    .Attr("T: type")
    .Attr("validate_shape: bool = true")
    .Attr("use_locking: bool = true")
    .SetAllowsUninitializedInput()
    .SetShapeFn([](InferenceContext* c) {
      bool validate_shape;
      TF_RETURN_IF_ERROR(c->GetAttr("validate_shape", &validate_shape));
      if (validate_shape) return MergeBothInputs(c);
      c->set_output(0, c->input(1));
      return OkStatus();
    })
    .Summary("Update 'ref' by assigning 'value' to it.")
    .CcHeader("state_ops");

#define MINITF_ASSIGN_UPDATE(NAME, SUMMARY) \
  REGISTER_OP(NAME)                         \
      .Input("ref: Ref(T)")                 \
      .Input("value: T")                    \
      .Output("output_ref: Ref(T)")         \
      .Attr("T: numbertype")                \
      .Attr("use_locking: bool = false")    \
      .SetShapeFn(MergeBothInputs)          \
      .Summary(SUMMARY)                     \
      .CcHeader("state_ops")

MINITF_ASSIGN_UPDATE("AssignAdd", "Update 'ref' by adding 'value' to it.");
MINITF_ASSIGN_UPDATE("AssignSub", "Update 'ref' by subtracting 'value' from it.");

REGISTER_OP("IsVariableInitialized")
    .Input("ref: Ref(dtype)")
    .Output("is_initialized: bool")
    .Attr("dtype: type")
    .SetAllowsUninitializedInput()
    .SetShapeFn(shape_inference::ScalarShape)
    .Summary("Checks whether a tensor has been initialized.")
    .CcHeader("state_ops");

}  // namespace tensorflow
