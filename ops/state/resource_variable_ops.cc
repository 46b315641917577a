// Resource variables, as TF 2.x graphs hold their state (TF 2.21's resource_variable_ops.cc):
// VarHandleOp names a variable (container, shared_name; "" is one shared unnamed variable, as
// TF's raw op), AssignVariableOp creates and sets it, ReadVariableOp reads it,
// AssignAddVariableOp / AssignSubVariableOp update it, VarIsInitializedOp, VariableShape and
// DestroyResourceOp. Shape inference carries the handle's dtype and shape to its readers.
// Kernels: resource_variable_kernels.cc; the variable: internal/resource_var.h.
//
//   auto v = ops::VarHandleOp(root, DT_FLOAT, {2}, ops::VarHandleOp::SharedName("v"));
//   auto init = ops::AssignVariableOp(root, v, ops::Const(root, {1.f, 2.f}));
//   auto x = ops::ReadVariableOp(root, v, DT_FLOAT);    // shape [2]
#include "framework/op.h"
#include "ops/state/internal/handle_shape.h"

namespace tensorflow {

using shape_inference::InferenceContext;
using shape_inference::ShapeAndType;
using state_internal::VariableHandleShape;

REGISTER_OP("VarHandleOp")
    .Attr("container: string = ''")
    .Attr("shared_name: string = ''")
    .Attr("debug_name: string = ''")
    .Attr("dtype: type")
    .Attr("shape: shape")
    .Attr("allowed_devices: list(string) = []")
    .Output("resource: resource")
    .SetIsStateful()
    .SetShapeFn([](InferenceContext* c) {
      ShapeAndType handle;
      TF_RETURN_IF_ERROR(c->GetAttr("dtype", &handle.dtype));
      TF_RETURN_IF_ERROR(c->GetAttr("shape", &handle.shape));
      c->set_output(0, PartialTensorShape({}));
      c->set_output_handle_shapes_and_types(0, {handle});
      return OkStatus();
    })
    .Summary("Creates a handle to a Variable resource.")
    .ArgDoc("container", "the container this variable is placed in.")
    .ArgDoc("shared_name", "the name by which this variable is referred to.")
    .ArgDoc(
        "dtype",
        "the type of this variable. Must agree with the dtypes\nof all ops using this variable.")
    .ArgDoc("shape", "The (possibly partially specified) shape of this variable.")
    .ArgDoc("allowed_devices",
            "DEPRECATED. The allowed devices containing the resource variable. Set when the\n"
            "output ResourceHandle represents a per-replica/partitioned resource variable.")
    .CcHeader("resource_variable_ops");

REGISTER_OP("ReadVariableOp")
    .Input("resource: resource")
    .Output("value: dtype")
    .Attr("dtype: type")
    .SetIsStateful()
    .SetShapeFn([](InferenceContext* c) {
      PartialTensorShape shape;
      TF_RETURN_IF_ERROR(VariableHandleShape(c, &shape));
      c->set_output(0, shape);
      return OkStatus();
    })
    .Summary("Reads the value of a variable.")
    .ArgDoc("resource", "handle to the resource in which to store the variable.")
    .ArgDoc("dtype", "the dtype of the value.")
    .CcHeader("resource_variable_ops");

REGISTER_OP("AssignVariableOp")
    .Input("resource: resource")
    .Input("value: dtype")
    .Attr("dtype: type")
    .Attr("validate_shape: bool = false")
    .SetIsStateful()
    .SetShapeFn([](InferenceContext* c) {
      PartialTensorShape shape, merged;
      TF_RETURN_IF_ERROR(VariableHandleShape(c, &shape));
      return InferenceContext::Merge(shape, c->input(1), &merged);
    })
    .Summary("Assigns a new value to a variable.")
    .ArgDoc("resource", "handle to the resource in which to store the variable.")
    .ArgDoc("value", "the value to set the new tensor to use.")
    .ArgDoc("dtype", "the dtype of the value.")
    .CcHeader("resource_variable_ops");

#define MINITF_RESOURCE_UPDATE_OP(NAME, SUMMARY)                                    \
  REGISTER_OP(NAME)                                                                 \
      .Input("resource: resource")                                                  \
      .Input("value: dtype")                                                        \
      .Attr("dtype: type")                                                          \
      .SetIsStateful()                                                              \
      .SetShapeFn([](InferenceContext* c) {                                         \
        PartialTensorShape shape;                                                   \
        return VariableHandleShape(c, &shape);                                      \
      })                                                                            \
      .Summary(SUMMARY)                                                             \
      .ArgDoc("resource", "handle to the resource in which to store the variable.") \
      .ArgDoc("value", "the value by which the variable will be changed.")          \
      .ArgDoc("dtype", "the dtype of the value.")                                   \
      .CcHeader("resource_variable_ops")

MINITF_RESOURCE_UPDATE_OP("AssignAddVariableOp",
                          "Adds a value to the current value of a variable.");
MINITF_RESOURCE_UPDATE_OP("AssignSubVariableOp",
                          "Subtracts a value from the current value of a variable.");

REGISTER_OP("VarIsInitializedOp")
    .Input("resource: resource")
    .Output("is_initialized: bool")
    .SetIsStateful()
    .SetShapeFn(shape_inference::ScalarShape)
    .Summary("Checks whether a resource handle-based variable has been initialized.")
    .ArgDoc("resource", "the input resource handle.")
    .ArgDoc("is_initialized",
            "a scalar boolean which is true if the variable has been\ninitialized.")
    .CcHeader("resource_variable_ops");

REGISTER_OP("VariableShape")
    .Input("input: resource")
    .Output("output: out_type")
    .Attr("out_type: {int32, int64} = DT_INT32")
    .SetIsStateful()
    .SetShapeFn([](InferenceContext* c) {
      const std::vector<ShapeAndType>* handle = c->input_handle_shapes_and_types(0);
      const int64_t rank =
          handle == nullptr || (*handle)[0].shape.unknown_rank() ? -1 : (*handle)[0].shape.dims();
      c->set_output(0, PartialTensorShape({rank}));
      return OkStatus();
    })
    .Summary("Returns the shape of the variable pointed to by `resource`.")
    .CcHeader("resource_variable_ops");

REGISTER_OP("DestroyResourceOp")
    .Input("resource: resource")
    .Attr("ignore_lookup_error: bool = true")
    .SetIsStateful()
    .SetShapeFn(shape_inference::NoOutputs)
    .Summary("Deletes the resource specified by the handle.")
    .ArgDoc("resource", "handle to the resource to delete.")
    .ArgDoc("ignore_lookup_error", "whether to ignore the error when the resource\ndoesn't exist.")
    .CcHeader("resource_variable_ops");

}  // namespace tensorflow
