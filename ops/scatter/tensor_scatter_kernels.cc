// CPU kernels of tensor_scatter_ops.cc: TF's TensorScatterOp (its own checks and texts, then
// DoScatterNd's on a copy of `tensor`, or on `tensor`'s buffer when nothing else views it), for
// the dtypes TF registers: Update for every type, Add and Sub for the number types, Min and Max
// for the real number types.
#include "framework/op_kernel.h"
#include "ops/array/internal/scatter_nd.h"
#include "ops/math/internal/minmax.h"

namespace tensorflow {
namespace {

template <typename T, typename Index, typename Fn>
class TensorScatterOp : public OpKernel {
 public:
  explicit TensorScatterOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, array_internal::ReadScatterBadIndicesPolicy(ctx, &ignore_bad_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& input = ctx->input(0);
    const Tensor& indices = ctx->input(1);
    const Tensor& updates = ctx->input(2);
    OP_REQUIRES_OK(ctx, array_internal::CheckIndicesAndUpdatesRanks(indices, updates));
    const TensorShape& shape = input.shape();
    OP_REQUIRES(ctx,
                array_internal::ValidEmptyOutputShape(shape.num_elements(), indices.NumElements(),
                                                      updates.NumElements()),
                errors::InvalidArgument("Indices and updates specified for empty output shape"));
    const int outer = indices.dims() - 1;
    // TF 2.21 aborts here (CHECK d < dims(), TF issue #94132; fixed after 2.21 with an error
    // naming the outer dimensions, as TF's newer kernel test expects).
    OP_REQUIRES(ctx, updates.dims() >= outer,
                errors::InvalidArgument("The rank of updates (", updates.dims(),
                                        ") must be at least the number of outer dimensions of "
                                        "indices (",
                                        outer, "). Indices shape: ", indices.shape().DebugString(),
                                        ", updates shape:", updates.shape().DebugString()));
    for (int i = 0; i < outer; ++i) {
      OP_REQUIRES(ctx, indices.dim_size(i) == updates.dim_size(i),
                  errors::InvalidArgument("Outer dimensions of indices and update must match. "
                                          "Indices shape: ",
                                          indices.shape().DebugString(),
                                          ", updates shape:", updates.shape().DebugString()));
    }
    const int64_t ix = indices.dim_size(outer);
    OP_REQUIRES(
        ctx, updates.dims() - outer == shape.dims() - ix,
        errors::InvalidArgument("Inner dimensions of output shape must match inner "
                                "dimensions of updates shape. Output: ",
                                shape.DebugString(), " updates: ", updates.shape().DebugString()));
    for (int i = 0; i + outer < updates.dims(); ++i) {
      OP_REQUIRES(
          ctx, updates.dim_size(i + outer) == shape.dim_size(ix + i),
          errors::InvalidArgument("The inner ", shape.dims() - ix,
                                  " dimensions of output.shape=", shape.DebugString(),
                                  " must match the inner ", updates.dims() - outer,
                                  " dimensions of updates.shape=", updates.shape().DebugString()));
    }
    OP_REQUIRES_OK(ctx, array_internal::ValidateScatterNdInto<Index>(shape, indices, updates));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, array_internal::ForwardOrCopyInput0<T>(ctx, &out));
    OP_REQUIRES_OK(
        ctx, (array_internal::ApplyScatterNd<Fn, T, Index>(indices, updates, out, ignore_bad_)));
  }

 private:
  bool ignore_bad_ = false;
};

#define MINITF_REGISTER_TENSOR_SCATTER(NAME, T, Fn)                                             \
  REGISTER_KERNEL_BUILDER(                                                                      \
      Name(NAME).Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<int32_t>("Tindices"), \
      (TensorScatterOp<T, int32_t, Fn>));                                                       \
  REGISTER_KERNEL_BUILDER(                                                                      \
      Name(NAME).Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<int64_t>("Tindices"), \
      (TensorScatterOp<T, int64_t, Fn>));
#define MINITF_REGISTER_UPDATE(T) \
  MINITF_REGISTER_TENSOR_SCATTER("TensorScatterUpdate", T, array_internal::ScatterNdAssignFn)
#define MINITF_REGISTER_ADD_SUB(T)                                                      \
  MINITF_REGISTER_TENSOR_SCATTER("TensorScatterAdd", T, array_internal::ScatterNdAddFn) \
  MINITF_REGISTER_TENSOR_SCATTER("TensorScatterSub", T, array_internal::ScatterNdSubFn)
#define MINITF_REGISTER_MIN_MAX(T)                                              \
  MINITF_REGISTER_TENSOR_SCATTER("TensorScatterMin", T, minmax::ScatterNdMinFn) \
  MINITF_REGISTER_TENSOR_SCATTER("TensorScatterMax", T, minmax::ScatterNdMaxFn)
MINITF_CALL_ALL_TYPES(MINITF_REGISTER_UPDATE)
MINITF_SCATTER_MIN_MAX_TYPES(MINITF_REGISTER_ADD_SUB)
MINITF_REGISTER_ADD_SUB(::tensorflow::complex64)
MINITF_REGISTER_ADD_SUB(::tensorflow::complex128)
MINITF_SCATTER_MIN_MAX_TYPES(MINITF_REGISTER_MIN_MAX)
#undef MINITF_REGISTER_MIN_MAX
#undef MINITF_REGISTER_ADD_SUB
#undef MINITF_REGISTER_UPDATE
#undef MINITF_REGISTER_TENSOR_SCATTER

}  // namespace
}  // namespace tensorflow
