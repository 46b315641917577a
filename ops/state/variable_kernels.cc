// CPU kernels of VariableV2, Assign, AssignAdd, AssignSub and IsVariableInitialized (TF's
// variable_ops.cc, assign_op.h and dense_update_ops.cc semantics and texts). Updates hold the
// variable's mutex exclusively (whatever use_locking says: no update is ever lost) and never
// write into a buffer another tensor still views (a value read earlier keeps its value).
#include <string>

#include "framework/op_kernel.h"
#include "framework/resource_mgr.h"
#include "ops/state/internal/legacy_var.h"
#include "ops/state/internal/variable_update.h"

namespace tensorflow {
namespace {

class VariableOp : public OpKernel {
 public:
  explicit VariableOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("shape", &shape_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("dtype", &dtype_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("container", &container_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("shared_name", &shared_name_));
  }
  ~VariableOp() override {
    if (var_ != nullptr) var_->Unref();
  }

  void Compute(OpKernelContext* ctx) override {
    LegacyVar* var = nullptr;
    {
      mutex_lock lock(init_mu_);
      if (var_ == nullptr) {
        ResourceMgr* rm = ctx->resource_manager();
        OP_REQUIRES(ctx, rm != nullptr,
                    errors::Internal("VariableV2 ", name(), " runs outside a session"));
        const std::string& container = container_.empty() ? rm->default_container() : container_;
        const std::string& var_name = shared_name_.empty() ? name() : shared_name_;
        LegacyVar* found = nullptr;
        OP_REQUIRES_OK(
            ctx, rm->LookupOrCreate<LegacyVar>(container, var_name, &found, [this](LegacyVar** v) {
              *v = new LegacyVar(dtype_, shape_);
              return OkStatus();
            }));
        core::ScopedUnref unref(found);
        OP_REQUIRES(ctx, found->dtype() == dtype_,
                    errors::InvalidArgument("Trying to share variable ", var_name, " of type ",
                                            DataTypeString(found->dtype()), " as type ",
                                            DataTypeString(dtype_)));
        found->Ref();
        var_ = found;
      }
      var = var_;
    }
    ctx->set_output_ref(0, var->mu(), var->tensor());
  }

 private:
  PartialTensorShape shape_;
  DataType dtype_ = DT_INVALID;
  std::string container_, shared_name_;
  mutex init_mu_;
  LegacyVar* var_ = nullptr;  // one reference, taken at the first Compute
};

class AssignOp : public OpKernel {
 public:
  explicit AssignOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("validate_shape", &validate_shape_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& rhs = ctx->input(1);
    OP_REQUIRES(ctx, ctx->input_is_ref(0), errors::Internal("Assign's input 0 is not a reference"));
    ctx->forward_ref_input_to_ref_output(0, 0);
    mutex_lock lock(*ctx->input_ref_mutex(0));
    Tensor lhs = ctx->mutable_input(0, /*lock_held=*/true);
    if (validate_shape_) {
      OP_REQUIRES(ctx, lhs.shape().IsSameSize(rhs.shape()),
                  errors::InvalidArgument("Assign requires shapes of both tensors to match. "
                                          "lhs shape= ",
                                          lhs.shape().DebugString(),
                                          " rhs shape= ", rhs.shape().DebugString()));
    }
    // Into the variable's own buffer when it fits (and nobody else views it); a new one
    // otherwise.
    if (lhs.IsInitialized() && lhs.data() != nullptr && lhs.NumElements() == rhs.NumElements() &&
        lhs.dtype() == rhs.dtype()) {
      Tensor target, reshaped;
      OP_REQUIRES_OK(ctx, state_internal::UpdateTarget(ctx, 0, &lhs, &target));
      OP_REQUIRES(ctx, reshaped.CopyFrom(target, rhs.shape()),
                  errors::Internal("Assign could not reshape the variable"));
      state_internal::CopyValues(rhs, &reshaped);
      ctx->replace_ref_input(0, reshaped, /*lock_held=*/true);
      return;
    }
    Tensor copy;
    OP_REQUIRES_OK(ctx, ctx->allocate_temp(rhs.dtype(), rhs.shape(), &copy));
    state_internal::CopyValues(rhs, &copy);
    ctx->replace_ref_input(0, copy, /*lock_held=*/true);
  }

 private:
  bool validate_shape_ = true;
};

// AssignAdd / AssignSub: ref (+|-)= value, element by element in T.
template <typename T, bool kAdd>
class DenseUpdateOp : public OpKernel {
 public:
  explicit DenseUpdateOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}

  void Compute(OpKernelContext* ctx) override {
    OP_REQUIRES(ctx, ctx->input_is_ref(0),
                errors::Internal(type_string(), "'s input 0 is not a reference"));
    const Tensor& update = ctx->input(1);
    mutex_lock lock(*ctx->input_ref_mutex(0));
    Tensor params = ctx->mutable_input(0, /*lock_held=*/true);
    OP_REQUIRES(ctx, params.IsInitialized(),
                errors::FailedPrecondition("Attempting to use uninitialized parameters: ",
                                           requested_input(0)));
    OP_REQUIRES(ctx, params.IsSameSize(update),
                errors::InvalidArgument("Parameters and update must be the same size"));
    Tensor out;
    OP_REQUIRES_OK(ctx, state_internal::UpdateTarget(ctx, 0, &params, &out));
    const T* u = update.flat<T>().data();
    T* o = out.flat<T>().data();
    const int64_t n = out.NumElements();
    for (int64_t i = 0; i < n; ++i) o[i] = kAdd ? T(o[i] + u[i]) : T(o[i] - u[i]);
    ctx->replace_ref_input(0, out, /*lock_held=*/true);
    ctx->forward_ref_input_to_ref_output(0, 0);
  }
};

class IsVariableInitializedOp : public OpKernel {
 public:
  explicit IsVariableInitializedOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}

  void Compute(OpKernelContext* ctx) override {
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &out));
    bool initialized = false;
    if (ctx->input_is_ref(0)) {
      tf_shared_lock lock(*ctx->input_ref_mutex(0));
      initialized = ctx->mutable_input(0, /*lock_held=*/true).IsInitialized();
    } else {
      initialized = ctx->input(0).IsInitialized();
    }
    out->scalar<bool>()() = initialized;
  }
};

REGISTER_KERNEL_BUILDER(Name("VariableV2").Device(DEVICE_CPU), VariableOp);
REGISTER_KERNEL_BUILDER(Name("Assign").Device(DEVICE_CPU), AssignOp);
REGISTER_KERNEL_BUILDER(Name("IsVariableInitialized").Device(DEVICE_CPU), IsVariableInitializedOp);

#define MINITF_REGISTER_DENSE_UPDATE(T)                                                \
  REGISTER_KERNEL_BUILDER(Name("AssignAdd").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          DenseUpdateOp<T, true>);                                     \
  REGISTER_KERNEL_BUILDER(Name("AssignSub").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          DenseUpdateOp<T, false>);
MINITF_STATE_NUMBER_TYPES(MINITF_REGISTER_DENSE_UPDATE)
#undef MINITF_REGISTER_DENSE_UPDATE

}  // namespace
}  // namespace tensorflow
