// minitf internal: the shape functions of ops on resource variables (resource_variable_ops.cc,
// scatter_ops.cc) read the variable's shape from their input 0's handle data.
#ifndef MINITF_OPS_STATE_INTERNAL_HANDLE_SHAPE_H_
#define MINITF_OPS_STATE_INTERNAL_HANDLE_SHAPE_H_

#include <vector>

#include "framework/errors.h"
#include "framework/shape_inference.h"

namespace tensorflow {
namespace state_internal {

// Input 0's handle data checked against the dtype attr (TF's ValidateVariableResourceHandle);
// *shape is the handle's shape, unknown when the handle's data is.
inline Status VariableHandleShape(shape_inference::InferenceContext* c, PartialTensorShape* shape) {
  DataType dtype;
  TF_RETURN_IF_ERROR(c->GetAttr("dtype", &dtype));
  const std::vector<shape_inference::ShapeAndType>* handle = c->input_handle_shapes_and_types(0);
  if (handle == nullptr || handle->empty()) {
    *shape = PartialTensorShape();
    return OkStatus();
  }
  if ((*handle)[0].dtype != dtype) {
    return errors::InvalidArgument("Trying to read variable with wrong dtype. Expected ",
                                   DataTypeString((*handle)[0].dtype), " got ",
                                   DataTypeString(dtype));
  }
  *shape = (*handle)[0].shape;
  return OkStatus();
}

}  // namespace state_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_STATE_INTERNAL_HANDLE_SHAPE_H_
