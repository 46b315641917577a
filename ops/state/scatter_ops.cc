// The row scatters into variables, with TF 2.21's definitions: ScatterUpdate, ScatterAdd,
// ScatterSub, ScatterMul, ScatterDiv, ScatterMin and ScatterMax on reference variables
// (state_ops.h), ResourceScatter{Update,Add,Sub,Mul,Div,Min,Max} on resource variables
// (resource_variable_ops.h). Each index picks a row (the first dimension) of the variable;
// `updates` has shape indices.shape + var.shape[1:], or is a scalar applied to every picked
// row. Kernels: scatter_kernels.cc. TF's Python marks them not differentiable.
//
//   auto v = ops::Variable(root, {4, 2}, DT_FLOAT);
//   auto add = ops::ScatterAdd(root, v, {3, 0}, {{1.f, 2.f}, {3.f, 4.f}});  // rows 3 and 0
#include "framework/op.h"
#include "ops/state/internal/handle_shape.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// TF's ScatterUpdateShape: updates, unless a scalar, must merge with indices.shape +
// var.shape[1:] (the variable's shape from a resource's handle data, unknown without it); a
// reference form's output is the variable's shape.
Status ScatterUpdateShape(InferenceContext* c) {
  PartialTensorShape var_shape = c->input(0);
  if (c->num_outputs() == 0) TF_RETURN_IF_ERROR(state_internal::VariableHandleShape(c, &var_shape));
  // var.shape[1:] (TF's Subshape(var, 1): empty for a scalar, unknown for an unknown rank).
  PartialTensorShape row_shape;
  if (!var_shape.unknown_rank()) {
    row_shape = PartialTensorShape({});
    for (int d = 1; d < var_shape.dims(); ++d)
      row_shape = row_shape.Concatenate(var_shape.dim_size(d));
  }
  const PartialTensorShape& updates = c->input(2);
  if (updates.unknown_rank() || updates.dims() != 0) {
    PartialTensorShape merged;
    TF_RETURN_IF_ERROR(
        InferenceContext::Merge(updates, c->input(1).Concatenate(row_shape), &merged));
  }
  if (c->num_outputs() > 0) c->set_output(0, var_shape);
  return OkStatus();
}

}  // namespace

#define MINITF_SCATTER_REF(NAME, TYPES, LOCKING, SUMMARY)                          \
  REGISTER_OP(NAME)                                                                \
      .Input("ref: Ref(T)")                                                        \
      .Input("indices: Tindices")                                                  \
      .Input("updates: T")                                                         \
      .Output("output_ref: Ref(T)")                                                \
      .Attr("T: " TYPES)                                                           \
      .Attr("Tindices: {int32, int64}")                                            \
      .Attr("use_locking: bool = " LOCKING)                                        \
      .SetShapeFn(ScatterUpdateShape)                                              \
      .Summary(SUMMARY)                                                            \
      .ArgDoc("ref", "Should be from a `Variable` node.")                          \
      .ArgDoc("indices", "A tensor of indices into the first dimension of `ref`.") \
      .CcHeader("state_ops")

MINITF_SCATTER_REF("ScatterUpdate", "type", "true",
                   "Applies sparse updates to a variable reference.");
MINITF_SCATTER_REF("ScatterAdd", "numbertype", "false",
                   "Adds sparse updates to a variable reference.");
MINITF_SCATTER_REF("ScatterSub", "numbertype", "false",
                   "Subtracts sparse updates to a variable reference.");
MINITF_SCATTER_REF("ScatterMul", "numbertype", "false",
                   "Multiplies sparse updates into a variable reference.");
MINITF_SCATTER_REF("ScatterDiv", "numbertype", "false",
                   "Divides a variable reference by sparse updates.");
MINITF_SCATTER_REF("ScatterMin", "{half, bfloat16, float, double, int32, int64}", "false",
                   "Reduces sparse updates into a variable reference using the `min` operation.");
MINITF_SCATTER_REF("ScatterMax", "{half, bfloat16, float, double, int32, int64}", "false",
                   "Reduces sparse updates into a variable reference using the `max` operation.");
#undef MINITF_SCATTER_REF

#define MINITF_RESOURCE_SCATTER(NAME, TYPES, SUMMARY)                              \
  REGISTER_OP(NAME)                                                                \
      .Input("resource: resource")                                                 \
      .Input("indices: Tindices")                                                  \
      .Input("updates: dtype")                                                     \
      .Attr("dtype: " TYPES)                                                       \
      .Attr("Tindices: {int32, int64}")                                            \
      .SetIsStateful()                                                             \
      .SetShapeFn(ScatterUpdateShape)                                              \
      .Summary(SUMMARY)                                                            \
      .ArgDoc("resource", "Should be from a `Variable` node.")                     \
      .ArgDoc("indices", "A tensor of indices into the first dimension of `ref`.") \
      .CcHeader("resource_variable_ops")

MINITF_RESOURCE_SCATTER("ResourceScatterUpdate", "type",
                        "Assigns sparse updates to the variable referenced by `resource`.");
MINITF_RESOURCE_SCATTER("ResourceScatterAdd", "numbertype",
                        "Adds sparse updates to the variable referenced by `resource`.");
MINITF_RESOURCE_SCATTER("ResourceScatterSub", "numbertype",
                        "Subtracts sparse updates from the variable referenced by `resource`.");
MINITF_RESOURCE_SCATTER("ResourceScatterMul", "numbertype",
                        "Multiplies sparse updates into the variable referenced by `resource`.");
MINITF_RESOURCE_SCATTER("ResourceScatterDiv", "numbertype",
                        "Divides sparse updates into the variable referenced by `resource`.");
MINITF_RESOURCE_SCATTER(
    "ResourceScatterMin", "numbertype",
    "Reduces sparse updates into the variable referenced by `resource` using the `min` operation.");
MINITF_RESOURCE_SCATTER(
    "ResourceScatterMax", "numbertype",
    "Reduces sparse updates into the variable referenced by `resource` using the `max` operation.");
#undef MINITF_RESOURCE_SCATTER

}  // namespace tensorflow
