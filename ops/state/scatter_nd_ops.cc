// The ScatterNd updates of variables, with TF 2.21's definitions: ScatterNdUpdate, ScatterNdAdd,
// ScatterNdSub, ScatterNdMin and ScatterNdMax on reference variables (the last two hidden in
// TF's state_ops_internal.h), and ResourceScatterNd{Update,Add,Sub,Min,Max} on resource
// variables. Kernels: scatter_nd_kernels.cc; the update itself is TF's DoScatterNd
// (ops/array/internal/scatter_nd.h). TF's Python marks them not differentiable.
//
//   auto v = ops::Variable(root, {4}, DT_FLOAT);
//   auto add = ops::ScatterNdAdd(root, v, {{1}, {3}}, {10.f, 30.f});   // v[1] += 10, v[3] += 30
#include "framework/errors.h"
#include "framework/op.h"
#include "ops/array/internal/scatter_nd.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// TF's ScatterNdUpdateShape: indices and updates checked against the variable's shape (a
// resource's from its handle data, unknown without it); a reference form's output is that shape.
Status ScatterNdUpdateShape(InferenceContext* c) {
  PartialTensorShape var_shape = c->input(0);
  if (c->num_outputs() == 0) {  // the resource forms
    const auto* handle = c->input_handle_shapes_and_types(0);
    var_shape = handle != nullptr && !handle->empty() ? (*handle)[0].shape : PartialTensorShape();
  }
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(1, 1));
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(2, 1));
  TF_RETURN_IF_ERROR(array_internal::CheckScatterNdShapes(c->input(1), c->input(2), var_shape));
  if (c->num_outputs() > 0) c->set_output(0, var_shape);
  return OkStatus();
}

}  // namespace

#define MINITF_SCATTER_ND_REF(NAME, TYPES, LOCKING, SUMMARY)              \
  REGISTER_OP(NAME)                                                       \
      .Input("ref: Ref(T)")                                               \
      .Input("indices: Tindices")                                         \
      .Input("updates: T")                                                \
      .Output("output_ref: Ref(T)")                                       \
      .Attr("T: " TYPES)                                                  \
      .Attr("Tindices: {int32, int64}")                                   \
      .Attr("use_locking: bool = " LOCKING)                               \
      .Attr("bad_indices_policy: string = ''")                            \
      .SetShapeFn(ScatterNdUpdateShape)                                   \
      .Summary(SUMMARY)                                                   \
      .ArgDoc("ref", "A mutable Tensor. Should be from a Variable node.") \
      .ArgDoc("indices", "A Tensor. A tensor of indices into ref.")       \
      .CcHeader("state_ops")

MINITF_SCATTER_ND_REF("ScatterNdUpdate", "type", "true",
                      "Applies sparse `updates` to individual values or slices within a given "
                      "variable according to `indices`.");
MINITF_SCATTER_ND_REF("ScatterNdAdd", "numbertype", "false",
                      "Applies sparse addition to individual values or slices in a Variable.");
MINITF_SCATTER_ND_REF("ScatterNdSub", "numbertype", "false",
                      "Applies sparse subtraction to individual values or slices in a Variable.");
MINITF_SCATTER_ND_REF("ScatterNdMin", "numbertype", "false", "Computes element-wise minimum.")
    .CcHidden();
MINITF_SCATTER_ND_REF("ScatterNdMax", "numbertype", "false", "Computes element-wise maximum.")
    .CcHidden();
#undef MINITF_SCATTER_ND_REF

#define MINITF_RESOURCE_SCATTER_ND(NAME, SUMMARY)                                       \
  REGISTER_OP(NAME)                                                                     \
      .Input("ref: resource")                                                           \
      .Input("indices: Tindices")                                                       \
      .Input("updates: T")                                                              \
      .Attr("T: type")                                                                  \
      .Attr("Tindices: {int32, int64}")                                                 \
      .Attr("use_locking: bool = true")                                                 \
      .Attr("bad_indices_policy: string = ''")                                          \
      .SetIsStateful()                                                                  \
      .SetShapeFn(ScatterNdUpdateShape)                                                 \
      .Summary(SUMMARY)                                                                 \
      .ArgDoc("ref", "A resource handle. Must be from a VarHandleOp.")                  \
      .ArgDoc("indices", "A Tensor. Must be one of the following types: int32, int64.") \
      .CcHeader("state_ops")

MINITF_RESOURCE_SCATTER_ND("ResourceScatterNdUpdate",
                           "Applies sparse `updates` to individual values or slices within a "
                           "given variable according to `indices`.");
MINITF_RESOURCE_SCATTER_ND("ResourceScatterNdAdd",
                           "Applies sparse addition to individual values or slices in a Variable.");
MINITF_RESOURCE_SCATTER_ND(
    "ResourceScatterNdSub",
    "Applies sparse subtraction to individual values or slices in a Variable.");
MINITF_RESOURCE_SCATTER_ND("ResourceScatterNdMin",
                           "Applies an element-wise minimum of sparse `updates` to a variable.");
MINITF_RESOURCE_SCATTER_ND("ResourceScatterNdMax",
                           "Applies an element-wise maximum of sparse `updates` to a variable.");
#undef MINITF_RESOURCE_SCATTER_ND

}  // namespace tensorflow
