// CPU kernels of the resource variable ops (TF's resource_variable_ops.cc checks, texts and
// codes). A read shares the variable's buffer; a write copies it first when anything else
// views it, so a value read earlier keeps its value.
#include <string>
#include <typeinfo>

#include "framework/op_kernel.h"
#include "framework/resource_handle.h"
#include "ops/state/internal/resource_var.h"
#include "ops/state/internal/variable_update.h"

namespace tensorflow {
namespace state_internal {

Status HandleFromInput(OpKernelContext* ctx, int i, const ResourceHandle** handle) {
  const Tensor& t = ctx->input(i);
  if (t.dtype() != DT_RESOURCE || t.NumElements() != 1) {
    return errors::InvalidArgument("Input ", i, " must be one resource handle, got a ",
                                   DataTypeString(t.dtype()), " tensor of shape ",
                                   t.shape().DebugString());
  }
  *handle = &t.flat<ResourceHandle>()(0);
  return OkStatus();
}

Status LookupVar(OpKernelContext* ctx, int i, Var** var) {
  const ResourceHandle* handle = nullptr;
  TF_RETURN_IF_ERROR(HandleFromInput(ctx, i, &handle));
  ResourceMgr* rm = ctx->resource_manager();
  if (rm == nullptr) return errors::Internal("a resource variable op runs outside a session");
  return rm->Lookup<Var>(handle->container(), handle->name(), var);
}

Status ResourceUpdateTarget(OpKernelContext* ctx, Var* var, Tensor* out) {
  Tensor current = *var->tensor();
  *var->tensor() = Tensor(current.dtype());  // its lock is held: nobody sees it empty
  if (current.RefCountIsOne()) {
    *out = std::move(current);
    return OkStatus();
  }
  Status s = ctx->allocate_temp(current.dtype(), current.shape(), out);
  if (!s.ok()) {
    *var->tensor() = current;
    return s;
  }
  CopyValues(current, out);
  return OkStatus();
}

}  // namespace state_internal

namespace {

using state_internal::LookupVar;

class VarHandleOp : public OpKernel {
 public:
  explicit VarHandleOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("container", &container_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("shared_name", &name_));
    DtypeAndPartialTensorShape declared;
    OP_REQUIRES_OK(ctx, ctx->GetAttr("dtype", &declared.dtype));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("shape", &declared.shape));
    handle_.set_device("/job:localhost/replica:0/task:0/device:CPU:0");
    handle_.set_name(name_);
    handle_.set_hash_code(typeid(Var).hash_code());
    handle_.set_maybe_type_name(typeid(Var).name());
    handle_.set_dtypes_and_shapes({declared});
  }

  void Compute(OpKernelContext* ctx) override {
    ResourceMgr* rm = ctx->resource_manager();
    OP_REQUIRES(ctx, rm != nullptr,
                errors::Internal("VarHandleOp ", name(), " runs outside a session"));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &out));
    ResourceHandle& handle = out->scalar<ResourceHandle>()();
    handle = handle_;
    handle.set_container(container_.empty() ? rm->default_container() : container_);
  }

 private:
  std::string container_, name_;
  ResourceHandle handle_;
};

class ReadVariableOp : public OpKernel {
 public:
  explicit ReadVariableOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("dtype", &dtype_));
  }

  void Compute(OpKernelContext* ctx) override {
    Var* var = nullptr;
    const Status found = LookupVar(ctx, 0, &var);
    if (!found.ok()) {
      const ResourceHandle* handle = nullptr;
      OP_REQUIRES_OK(ctx, state_internal::HandleFromInput(ctx, 0, &handle));
      ctx->SetStatus(errors::FailedPrecondition(
          "Could not find variable ", handle->name(),
          ". This could mean that the variable has been deleted. In TF1, it can also mean the "
          "variable is uninitialized. Debug info: container=",
          handle->container(), ", status error message=", found.message()));
      return;
    }
    core::ScopedUnref unref(var);
    tf_shared_lock lock(*var->mu());
    const Tensor& value = *var->tensor();
    OP_REQUIRES(
        ctx, value.dtype() == dtype_,
        errors::InvalidArgument("Trying to read variable with wrong dtype. Expected ",
                                DataTypeString(dtype_), " got ", DataTypeString(value.dtype())));
    ctx->set_output(0, value);
  }

 private:
  DataType dtype_;
};

class AssignVariableOp : public OpKernel {
 public:
  explicit AssignVariableOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("dtype", &dtype_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("validate_shape", &validate_shape_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& value = ctx->input(1);
    OP_REQUIRES(
        ctx, value.dtype() == dtype_,
        errors::InvalidArgument("Variable and value dtypes don't match; respectively, ",
                                DataTypeString(dtype_), " and ", DataTypeString(value.dtype())));
    const ResourceHandle* handle = nullptr;
    OP_REQUIRES_OK(ctx, state_internal::HandleFromInput(ctx, 0, &handle));
    ResourceMgr* rm = ctx->resource_manager();
    OP_REQUIRES(ctx, rm != nullptr, errors::Internal(name(), " runs outside a session"));
    Var* var = nullptr;
    OP_REQUIRES_OK(
        ctx, rm->LookupOrCreate<Var>(handle->container(), handle->name(), &var, [&](Var** made) {
          *made = new Var(dtype_);
          return OkStatus();
        }));
    core::ScopedUnref unref(var);
    mutex_lock lock(*var->mu());
    OP_REQUIRES(ctx, var->tensor()->dtype() == dtype_,
                errors::InvalidArgument("Trying to assign variable with wrong dtype. Expected ",
                                        DataTypeString(var->tensor()->dtype()), " got ",
                                        DataTypeString(dtype_)));
    OP_REQUIRES(ctx,
                !validate_shape_ || !var->is_initialized || var->tensor()->shape() == value.shape(),
                errors::InvalidArgument(
                    "Trying to assign to variable with tensor with wrong shape. Expected ",
                    var->tensor()->shape().DebugString(), " got ", value.shape().DebugString()));
    *var->tensor() = value;  // shares the buffer; a later write copies it first
    var->is_initialized = true;
  }

 private:
  DataType dtype_;
  bool validate_shape_ = false;
};

template <typename T, bool kAdd>
class AssignUpdateVariableOp : public OpKernel {
 public:
  using OpKernel::OpKernel;

  void Compute(OpKernelContext* ctx) override {
    Var* var = nullptr;
    OP_REQUIRES_OK(ctx, LookupVar(ctx, 0, &var));
    core::ScopedUnref unref(var);
    const Tensor& value = ctx->input(1);
    mutex_lock lock(*var->mu());
    const Tensor& current = *var->tensor();
    OP_REQUIRES(
        ctx, current.shape() == value.shape(),
        errors::InvalidArgument("Cannot update variable with shape ", current.shape().DebugString(),
                                " using a Tensor with shape ", value.shape().DebugString(),
                                ", shapes must be equal."));
    OP_REQUIRES(ctx, current.dtype() == value.dtype(),
                errors::InvalidArgument("DType of variable handle and value does not match."));
    Tensor target;
    OP_REQUIRES_OK(ctx, state_internal::ResourceUpdateTarget(ctx, var, &target));
    T* out = target.flat<T>().data();
    const T* in = value.flat<T>().data();
    for (int64_t i = 0; i < target.NumElements(); ++i) {
      out[i] = kAdd ? T(out[i] + in[i]) : T(out[i] - in[i]);
    }
    *var->tensor() = std::move(target);
  }
};

class VarIsInitializedOp : public OpKernel {
 public:
  using OpKernel::OpKernel;

  void Compute(OpKernelContext* ctx) override {
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &out));
    Var* var = nullptr;
    bool initialized = false;
    if (LookupVar(ctx, 0, &var).ok()) {
      tf_shared_lock lock(*var->mu());
      initialized = var->is_initialized;
      var->Unref();
    }
    out->scalar<bool>()() = initialized;
  }
};

template <typename OutT>
class VariableShapeOp : public OpKernel {
 public:
  using OpKernel::OpKernel;

  void Compute(OpKernelContext* ctx) override {
    Var* var = nullptr;
    OP_REQUIRES_OK(ctx, LookupVar(ctx, 0, &var));
    core::ScopedUnref unref(var);
    tf_shared_lock lock(*var->mu());
    const TensorShape& shape = var->tensor()->shape();
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({shape.dims()}), &out));
    for (int d = 0; d < shape.dims(); ++d)
      out->flat<OutT>()(d) = static_cast<OutT>(shape.dim_size(d));
  }
};

class DestroyResourceOp : public OpKernel {
 public:
  explicit DestroyResourceOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("ignore_lookup_error", &ignore_lookup_error_));
  }

  void Compute(OpKernelContext* ctx) override {
    const ResourceHandle* handle = nullptr;
    OP_REQUIRES_OK(ctx, state_internal::HandleFromInput(ctx, 0, &handle));
    ResourceMgr* rm = ctx->resource_manager();
    OP_REQUIRES(ctx, rm != nullptr, errors::Internal(name(), " runs outside a session"));
    const Status s = rm->Delete<Var>(handle->container(), handle->name());
    OP_REQUIRES(ctx, s.ok() || ignore_lookup_error_,
                errors::NotFound("Resource ", handle->container(), "/", handle->name(),
                                 "/<unknown> does not exist."));
  }

 private:
  bool ignore_lookup_error_ = true;
};

REGISTER_KERNEL_BUILDER(Name("VarHandleOp").Device(DEVICE_CPU), VarHandleOp);
REGISTER_KERNEL_BUILDER(Name("ReadVariableOp").Device(DEVICE_CPU), ReadVariableOp);
REGISTER_KERNEL_BUILDER(Name("AssignVariableOp").Device(DEVICE_CPU), AssignVariableOp);
REGISTER_KERNEL_BUILDER(Name("VarIsInitializedOp").Device(DEVICE_CPU), VarIsInitializedOp);
REGISTER_KERNEL_BUILDER(Name("DestroyResourceOp").Device(DEVICE_CPU), DestroyResourceOp);
REGISTER_KERNEL_BUILDER(
    Name("VariableShape").Device(DEVICE_CPU).TypeConstraint<int32_t>("out_type"),
    VariableShapeOp<int32_t>);
REGISTER_KERNEL_BUILDER(
    Name("VariableShape").Device(DEVICE_CPU).TypeConstraint<int64_t>("out_type"),
    VariableShapeOp<int64_t>);

#define MINITF_REGISTER_UPDATE(T)                                                \
  REGISTER_KERNEL_BUILDER(                                                       \
      Name("AssignAddVariableOp").Device(DEVICE_CPU).TypeConstraint<T>("dtype"), \
      AssignUpdateVariableOp<T, true>);                                          \
  REGISTER_KERNEL_BUILDER(                                                       \
      Name("AssignSubVariableOp").Device(DEVICE_CPU).TypeConstraint<T>("dtype"), \
      AssignUpdateVariableOp<T, false>);
MINITF_STATE_NUMBER_TYPES(MINITF_REGISTER_UPDATE)
#undef MINITF_REGISTER_UPDATE

}  // namespace
}  // namespace tensorflow
