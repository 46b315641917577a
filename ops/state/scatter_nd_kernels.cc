// CPU kernels of scatter_nd_ops.cc: TF's ScatterNdUpdateOp on reference and resource variables
// (TF's checks, texts and dtypes). The variable's lock is held for the whole update (whatever
// use_locking says: no update is ever lost), and the update writes into a buffer nobody else
// views (a value read earlier keeps its value). As in TF, a bad index vector fails the Run
// after the other updates were applied.
#include <utility>

#include "framework/op_kernel.h"
#include "ops/array/internal/scatter_nd.h"
#include "ops/math/internal/minmax.h"
#include "ops/state/internal/resource_var.h"
#include "ops/state/internal/variable_update.h"

namespace tensorflow {
namespace {

using array_internal::ScatterNdAddFn;
using array_internal::ScatterNdAssignFn;
using array_internal::ScatterNdSubFn;
using minmax::ScatterNdMaxFn;
using minmax::ScatterNdMinFn;

template <typename T, typename Index, typename Fn>
class ScatterNdUpdateOp : public OpKernel {
 public:
  explicit ScatterNdUpdateOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, array_internal::ReadScatterBadIndicesPolicy(ctx, &ignore_bad_));
  }

  void Compute(OpKernelContext* ctx) override {
    if (ctx->input_dtype(0) == DT_RESOURCE) {
      ComputeResource(ctx);
    } else {
      ComputeRef(ctx);
    }
  }

 private:
  void ComputeRef(OpKernelContext* ctx) {
    OP_REQUIRES(ctx, ctx->input_is_ref(0),
                errors::Internal(type_string(), "'s input 0 is not a reference"));
    mutex_lock lock(*ctx->input_ref_mutex(0));
    Tensor params = ctx->mutable_input(0, /*lock_held=*/true);
    ctx->forward_ref_input_to_ref_output(0, 0);
    OP_REQUIRES(ctx, params.IsInitialized(), errors::FailedPrecondition("Null ref for params"));
    const Tensor& indices = ctx->input(1);
    const Tensor& updates = ctx->input(2);
    OP_REQUIRES_OK(ctx,
                   array_internal::ValidateScatterNdInto<Index>(params.shape(), indices, updates));
    Tensor target;
    OP_REQUIRES_OK(ctx, state_internal::UpdateTarget(ctx, 0, &params, &target));
    Status s = array_internal::ApplyScatterNd<Fn, T, Index>(indices, updates, &target, ignore_bad_);
    ctx->replace_ref_input(0, target, /*lock_held=*/true);
    OP_REQUIRES_OK(ctx, std::move(s));  // after the other updates landed, as TF
  }

  void ComputeResource(OpKernelContext* ctx) {
    Var* var = nullptr;
    OP_REQUIRES_OK(ctx, state_internal::LookupVar(ctx, 0, &var));
    core::ScopedUnref unref(var);
    const Tensor& indices = ctx->input(1);
    const Tensor& updates = ctx->input(2);
    mutex_lock lock(*var->mu());
    const Tensor& current = *var->tensor();
    OP_REQUIRES(ctx, current.dtype() == DataTypeToEnum<T>::v(),
                errors::InvalidArgument("DType of variable handle and value does not match."));
    OP_REQUIRES_OK(ctx,
                   array_internal::ValidateScatterNdInto<Index>(current.shape(), indices, updates));
    Tensor target;
    OP_REQUIRES_OK(ctx, state_internal::ResourceUpdateTarget(ctx, var, &target));
    Status s = array_internal::ApplyScatterNd<Fn, T, Index>(indices, updates, &target, ignore_bad_);
    *var->tensor() = std::move(target);
    OP_REQUIRES_OK(ctx, std::move(s));  // after the other updates landed, as TF
  }

  bool ignore_bad_ = false;
};

#define MINITF_REGISTER_SCATTER_ND_INDEX(NAME, T, Index, Fn)                                  \
  REGISTER_KERNEL_BUILDER(                                                                    \
      Name(NAME).Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<Index>("Tindices"), \
      (ScatterNdUpdateOp<T, Index, Fn>));
#define MINITF_REGISTER_SCATTER_ND(NAME, T, Fn)                     \
  MINITF_REGISTER_SCATTER_ND_INDEX(NAME, T, int32_t, Fn)            \
  MINITF_REGISTER_SCATTER_ND_INDEX(NAME, T, int64_t, Fn)            \
  MINITF_REGISTER_SCATTER_ND_INDEX("Resource" NAME, T, int32_t, Fn) \
  MINITF_REGISTER_SCATTER_ND_INDEX("Resource" NAME, T, int64_t, Fn)

// TF's CPU registrations: Update for the number types, strings and bools; Add and Sub for the
// number types and bools; Min and Max for the real number types.
#define MINITF_REGISTER_UPDATE(T) \
  MINITF_REGISTER_SCATTER_ND("ScatterNdUpdate", T, ScatterNdAssignFn)
#define MINITF_REGISTER_ADD_SUB(T)                              \
  MINITF_REGISTER_SCATTER_ND("ScatterNdAdd", T, ScatterNdAddFn) \
  MINITF_REGISTER_SCATTER_ND("ScatterNdSub", T, ScatterNdSubFn)
#define MINITF_REGISTER_MIN_MAX(T)                              \
  MINITF_REGISTER_SCATTER_ND("ScatterNdMin", T, ScatterNdMinFn) \
  MINITF_REGISTER_SCATTER_ND("ScatterNdMax", T, ScatterNdMaxFn)
MINITF_CALL_ALL_TYPES(MINITF_REGISTER_UPDATE)
MINITF_CALL_NUMBER_TYPES(MINITF_REGISTER_ADD_SUB)
MINITF_SCATTER_MIN_MAX_TYPES(MINITF_REGISTER_MIN_MAX)
#undef MINITF_REGISTER_MIN_MAX
#undef MINITF_REGISTER_ADD_SUB
#undef MINITF_REGISTER_UPDATE
#undef MINITF_REGISTER_SCATTER_ND
#undef MINITF_REGISTER_SCATTER_ND_INDEX

}  // namespace
}  // namespace tensorflow
