// minitf: a reference variable's storage (TF's LegacyVar, tensorflow/core/kernels/
// variable_ops.h): the tensor and the mutex kernels lock to read or update it. It lives in the
// session's ResourceMgr under (container, shared_name or node name), so every plan of the
// session that names the variable sees the same tensor.
#ifndef MINITF_OPS_STATE_INTERNAL_LEGACY_VAR_H_
#define MINITF_OPS_STATE_INTERNAL_LEGACY_VAR_H_

#include <string>

#include "absl/strings/str_cat.h"
#include "framework/mutex.h"
#include "framework/resource_mgr.h"
#include "framework/tensor.h"

namespace tensorflow {

class LegacyVar : public ResourceBase {
 public:
  // Not yet initialized: `shape` (when fully defined; a scalar otherwise) and no buffer.
  LegacyVar(DataType dtype, const PartialTensorShape& shape) : dtype_(dtype), tensor_(dtype) {
    TensorShape declared;
    if (!shape.AsTensorShape(&declared)) declared = TensorShape({});
    tensor_.set_shape(declared);
  }

  // The dtype it was created with (its tensor may be briefly empty during an update).
  DataType dtype() const { return dtype_; }
  mutex* mu() { return &mu_; }
  Tensor* tensor() { return &tensor_; }

  std::string DebugString() const override {
    return absl::StrCat(DataTypeString(dtype_), "/", tensor_.shape().DebugString());
  }

 private:
  const DataType dtype_;
  mutex mu_;
  Tensor tensor_;
};

}  // namespace tensorflow

#endif  // MINITF_OPS_STATE_INTERNAL_LEGACY_VAR_H_
