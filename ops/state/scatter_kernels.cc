// CPU kernels of scatter_ops.cc: TF's ScatterUpdateOp (reference variables) and
// ResourceScatterUpdateOp (resource variables), with TF's checks, texts, order and dtypes. The
// updates apply in index order (TF's serial path; TF spreads 1,024 indices or more over
// threads, so duplicates there land in no set order), and a bad index fails the Run after the
// updates before it landed and none after (as TF's serial path). The variable's lock is held
// for the whole update, and the update writes into a buffer nobody else views (a value read
// earlier keeps its value). Where TF would overrun the variable (resource updates whose rows
// are not the variable's) or take a SIGFPE (integer division by zero), minitf fails with
// InvalidArgument; an integer minimum divided by -1 wraps, as minitf's Div.
#include <limits>
#include <type_traits>
#include <utility>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "ops/array/internal/scatter_nd.h"
#include "ops/math/internal/cwise_loops.h"
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

// TF's UpdateOp MUL and DIV (Eigen's *= and /=): integers wrap; a zero divisor never gets here.
struct ScatterMulFn {
  template <typename T>
  static T Apply(const T& current, const T& update) {
    return internal::WrappingMul(current, update);
  }
};
struct ScatterDivFn {
  template <typename T>
  static T Apply(const T& current, const T& update) {
    return internal::WrappingDiv(current, update);
  }
};

// TF's ValidShapes: updates.shape == indices.shape + params.shape[1:], or a scalar.
bool UpdatesFit(const TensorShape& params, const TensorShape& indices, const TensorShape& updates) {
  if (updates.dims() == 0) return true;
  if (updates.dims() != indices.dims() + params.dims() - 1) return false;
  for (int d = 0; d < indices.dims(); ++d) {
    if (updates.dim_size(d) != indices.dim_size(d)) return false;
  }
  for (int d = 1; d < params.dims(); ++d) {
    if (updates.dim_size(d - 1 + indices.dims()) != params.dim_size(d)) return false;
  }
  return true;
}

Status UpdatesDoNotFit(const TensorShape& params, const TensorShape& indices,
                       const TensorShape& updates) {
  return errors::InvalidArgument(
      "Must have updates.shape = indices.shape + params.shape[1:] or updates.shape = [], got ",
      "updates.shape ", updates.DebugString(), ", indices.shape ", indices.DebugString(),
      ", params.shape ", params.DebugString());
}

// TF's index-space checks, shared by both forms.
template <typename Index>
Status CheckIndexSpace(const TensorShape& params, const Tensor& indices) {
  const int64_t max = std::numeric_limits<Index>::max();
  if (indices.NumElements() > max) {
    return errors::InvalidArgument("indices has too many elements for ",
                                   DataTypeString(DataTypeToEnum<Index>::v()),
                                   " indexing: ", indices.NumElements(), " > ", max);
  }
  if (params.dims() > 0 && params.dim_size(0) > max) {
    return errors::InvalidArgument("params.shape[0] too large for ",
                                   DataTypeString(DataTypeToEnum<Index>::v()),
                                   " indexing: ", params.dim_size(0), " > ", max);
  }
  return OkStatus();
}

// Applies the updates in index order to the rows of *params (shapes checked); stops at the
// first index outside [0, rows) with TF's error. A scalar variable (a resource's: TF checks no
// rank there) is one row of one element, whose text says [0, 0) as TF's.
template <typename Fn, typename T, typename Index>
Status ApplyRows(const Tensor& indices, const Tensor& updates, Tensor* params) {
  if constexpr (std::is_same<Fn, ScatterNdSubFn>::value) {
    if (updates.dims() == 0) {  // TF's scalar SUB adds the negated update (a NaN's sign flips)
      Tensor negated(updates.dtype(), TensorShape({}));
      negated.scalar<T>()() = internal::WrappingNeg(updates.scalar<T>()());
      return ApplyRows<ScatterNdAddFn, T, Index>(indices, negated, params);
    }
  }
  const int64_t n = indices.NumElements();
  const int64_t rows = params->dims() == 0 ? 1 : params->dim_size(0);
  const int64_t row = rows == 0 ? 0 : params->NumElements() / rows;  // 0 rows: nothing is read
  const Index* idx = indices.flat<Index>().data();
  const T* src = updates.flat<T>().data();
  const bool scalar = updates.dims() == 0;
  T* dst = params->flat<T>().data();
  for (int64_t i = 0; i < n; ++i) {
    const Index index = idx[i];
    if (index < 0 || static_cast<int64_t>(index) >= rows) {
      return errors::InvalidArgument("indices", SliceDebugString(indices.shape(), i), " = ", index,
                                     " is not in [0, ", params->dims() == 0 ? 0 : rows, ")");
    }
    T* out = dst + static_cast<int64_t>(index) * row;
    const T* in = scalar ? src : src + i * row;
    for (int64_t k = 0; k < row; ++k) out[k] = Fn::Apply(out[k], scalar ? *in : in[k]);
  }
  return OkStatus();
}

template <typename T, typename Index, typename Fn>
class ScatterUpdateOp : public OpKernel {
 public:
  explicit ScatterUpdateOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}

  void Compute(OpKernelContext* ctx) override {
    if (ctx->input_dtype(0) == DT_RESOURCE) {
      ComputeResource(ctx);
    } else {
      ComputeRef(ctx);
    }
  }

 private:
  static constexpr bool kDivides = std::is_same<Fn, ScatterDivFn>::value;

  void ComputeRef(OpKernelContext* ctx) {
    OP_REQUIRES(ctx, ctx->input_is_ref(0),
                errors::Internal(type_string(), "'s input 0 is not a reference"));
    mutex_lock lock(*ctx->input_ref_mutex(0));
    Tensor params = ctx->mutable_input(0, /*lock_held=*/true);
    ctx->forward_ref_input_to_ref_output(0, 0);
    const Tensor& indices = ctx->input(1);
    const Tensor& updates = ctx->input(2);
    OP_REQUIRES(ctx, params.IsInitialized(), errors::FailedPrecondition("Null ref for params"));
    OP_REQUIRES(ctx, params.dims() >= 1,
                errors::InvalidArgument("params must be at least 1-D, got shape ",
                                        params.shape().DebugString()));
    OP_REQUIRES(ctx, UpdatesFit(params.shape(), indices.shape(), updates.shape()),
                UpdatesDoNotFit(params.shape(), indices.shape(), updates.shape()));
    OP_REQUIRES_OK(ctx, CheckIndexSpace<Index>(params.shape(), indices));
    // TF divides integers by zero (SIGFPE); floats divide by zero as IEEE says.
    if constexpr (kDivides && std::is_integral<T>::value) {
      OP_REQUIRES(ctx, !cwise::HasZero<T>(updates),
                  errors::InvalidArgument("updates must not contain 0"));
    }
    if (indices.NumElements() == 0) return;
    Tensor target;
    OP_REQUIRES_OK(ctx, state_internal::UpdateTarget(ctx, 0, &params, &target));
    Status s = ApplyRows<Fn, T, Index>(indices, updates, &target);
    ctx->replace_ref_input(0, target, /*lock_held=*/true);
    OP_REQUIRES_OK(ctx, std::move(s));  // after the updates before the bad index, as TF
  }

  void ComputeResource(OpKernelContext* ctx) {
    Var* var = nullptr;
    OP_REQUIRES_OK(ctx, state_internal::LookupVar(ctx, 0, &var));
    core::ScopedUnref unref(var);
    const Tensor& indices = ctx->input(1);
    const Tensor& updates = ctx->input(2);
    mutex_lock lock(*var->mu());
    const Tensor& current = *var->tensor();
    OP_REQUIRES(ctx, current.dtype() == updates.dtype(),
                errors::InvalidArgument("DType of scatter resource and updates does not match."));
    const TensorShape& params = current.shape();
    OP_REQUIRES(ctx, updates.dims() == 0 || updates.dims() == indices.dims() + params.dims() - 1,
                UpdatesDoNotFit(params, indices.shape(), updates.shape()));
    OP_REQUIRES_OK(ctx, CheckIndexSpace<Index>(params, indices));
    if constexpr (kDivides) {
      OP_REQUIRES(ctx, !cwise::HasZero<T>(updates),
                  errors::InvalidArgument("updates must not contain 0"));
    }
    if (indices.NumElements() == 0) return;
    // TF then checks only that indices' shape starts updates'; rows of another size than the
    // variable's would have it read and write past them.
    if (updates.dims() > 0) {
      OP_REQUIRES(ctx, TensorShapeUtils::StartsWith(updates.shape(), indices.shape()),
                  errors::InvalidArgument("The shape of indices (", indices.shape().DebugString(),
                                          ") must be a prefix of the shape of updates (",
                                          updates.shape().DebugString(), ")"));
      OP_REQUIRES(ctx, UpdatesFit(params, indices.shape(), updates.shape()),
                  UpdatesDoNotFit(params, indices.shape(), updates.shape()));
    }
    Tensor target;
    OP_REQUIRES_OK(ctx, state_internal::ResourceUpdateTarget(ctx, var, &target));
    Status s = ApplyRows<Fn, T, Index>(indices, updates, &target);
    *var->tensor() = std::move(target);
    OP_REQUIRES_OK(ctx, std::move(s));  // after the updates before the bad index, as TF
  }
};

#define MINITF_REGISTER_SCATTER_INDEX(NAME, TYPE_ATTR, T, Index, Fn) \
  REGISTER_KERNEL_BUILDER(Name(NAME)                                 \
                              .Device(DEVICE_CPU)                    \
                              .TypeConstraint<T>(TYPE_ATTR)          \
                              .TypeConstraint<Index>("Tindices"),    \
                          (ScatterUpdateOp<T, Index, Fn>));
#define MINITF_REGISTER_SCATTER(NAME, T, Fn)                              \
  MINITF_REGISTER_SCATTER_INDEX(NAME, "T", T, int32_t, Fn)                \
  MINITF_REGISTER_SCATTER_INDEX(NAME, "T", T, int64_t, Fn)                \
  MINITF_REGISTER_SCATTER_INDEX("Resource" NAME, "dtype", T, int32_t, Fn) \
  MINITF_REGISTER_SCATTER_INDEX("Resource" NAME, "dtype", T, int64_t, Fn)

// TF's CPU registrations: Update for every type; Add, Sub, Mul and Div for the number types;
// Min and Max for the real number types (the reference forms' op definitions allow fewer).
#define MINITF_REGISTER_UPDATE(T) MINITF_REGISTER_SCATTER("ScatterUpdate", T, ScatterNdAssignFn)
#define MINITF_REGISTER_ARITHMETIC(T)                      \
  MINITF_REGISTER_SCATTER("ScatterAdd", T, ScatterNdAddFn) \
  MINITF_REGISTER_SCATTER("ScatterSub", T, ScatterNdSubFn) \
  MINITF_REGISTER_SCATTER("ScatterMul", T, ScatterMulFn)   \
  MINITF_REGISTER_SCATTER("ScatterDiv", T, ScatterDivFn)
#define MINITF_REGISTER_MIN_MAX(T)                         \
  MINITF_REGISTER_SCATTER("ScatterMin", T, ScatterNdMinFn) \
  MINITF_REGISTER_SCATTER("ScatterMax", T, ScatterNdMaxFn)
MINITF_CALL_ALL_TYPES(MINITF_REGISTER_UPDATE)
MINITF_STATE_NUMBER_TYPES(MINITF_REGISTER_ARITHMETIC)
MINITF_SCATTER_MIN_MAX_TYPES(MINITF_REGISTER_MIN_MAX)
#undef MINITF_REGISTER_MIN_MAX
#undef MINITF_REGISTER_ARITHMETIC
#undef MINITF_REGISTER_UPDATE
#undef MINITF_REGISTER_SCATTER
#undef MINITF_REGISTER_SCATTER_INDEX

}  // namespace
}  // namespace tensorflow
