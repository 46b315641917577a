// minitf: a resource variable's storage (TF's Var, tensorflow/core/framework/resource_var.h):
// its tensor, whether it was ever assigned, and the mutex kernels lock to read or update it.
// It lives in the session's ResourceMgr under (container, shared_name) — a VarHandleOp's
// handle names it; the first AssignVariableOp creates it. Reads share the tensor's buffer;
// writers copy it first when anything else views it (TF's copy-on-write).
#ifndef MINITF_OPS_STATE_INTERNAL_RESOURCE_VAR_H_
#define MINITF_OPS_STATE_INTERNAL_RESOURCE_VAR_H_

#include <string>

#include "absl/strings/str_cat.h"
#include "framework/mutex.h"
#include "framework/op_kernel.h"
#include "framework/resource_mgr.h"
#include "framework/tensor.h"

namespace tensorflow {

class Var : public ResourceBase {
 public:
  explicit Var(DataType dtype) : tensor_(dtype) {}

  mutex* mu() { return &mu_; }
  Tensor* tensor() { return &tensor_; }
  bool is_initialized = false;

  std::string DebugString() const override {
    return absl::StrCat(DataTypeString(tensor_.dtype()), "/", tensor_.shape().DebugString());
  }

 private:
  mutex mu_;
  Tensor tensor_;
};

namespace state_internal {

// The handle of resource input `i` (a scalar DT_RESOURCE tensor).
Status HandleFromInput(OpKernelContext* ctx, int i, const ResourceHandle** handle);
// The variable handle input `i` names, with one reference for the caller (NotFound with the
// ResourceMgr's text when there is none).
Status LookupVar(OpKernelContext* ctx, int i, Var** var);
// The tensor an update of `var` writes (its lock held): the variable's own buffer when nothing
// else views it, else a copy; store it back into *var->tensor() afterwards. On error the
// variable is as before.
Status ResourceUpdateTarget(OpKernelContext* ctx, Var* var, Tensor* out);

}  // namespace state_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_STATE_INTERNAL_RESOURCE_VAR_H_
