// CPU kernels of the optimizer update ops on reference variables (TF's training_ops.cc
// checks and texts; the arithmetic of TF's Eigen functors, element by element in T). The
// variable's mutex is held exclusively for the whole update.
#include <complex>

#include "framework/op_kernel.h"
#include "ops/state/internal/variable_update.h"

namespace tensorflow {
namespace {

// TF's IsLegacyScalar: rank 0, or one element of any rank.
bool IsLegacyScalar(const TensorShape& shape) {
  return shape.dims() == 0 || (shape.dims() == 1 && shape.num_elements() == 1);
}

template <typename T>
class ApplyGradientDescentOp : public OpKernel {
 public:
  explicit ApplyGradientDescentOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}

  void Compute(OpKernelContext* ctx) override {
    OP_REQUIRES(ctx, ctx->input_is_ref(0),
                errors::Internal("ApplyGradientDescent's var is not a reference"));
    mutex_lock lock(*ctx->input_ref_mutex(0));
    Tensor var = ctx->mutable_input(0, /*lock_held=*/true);
    OP_REQUIRES(ctx, var.IsInitialized(),
                errors::FailedPrecondition("Attempting to use uninitialized variables: ",
                                           requested_input(0)));
    const Tensor& alpha = ctx->input(1);
    OP_REQUIRES(ctx, IsLegacyScalar(alpha.shape()),
                errors::InvalidArgument("alpha is not a scalar: ", alpha.shape().DebugString()));
    const Tensor& delta = ctx->input(2);
    OP_REQUIRES(
        ctx, var.shape().IsSameSize(delta.shape()),
        errors::InvalidArgument("var and delta do not have the same shape",
                                var.shape().DebugString(), " ", delta.shape().DebugString()));
    Tensor out;
    OP_REQUIRES_OK(ctx, state_internal::UpdateTarget(ctx, 0, &var, &out));
    const T a = alpha.flat<T>().data()[0];
    const T* d = delta.flat<T>().data();
    T* v = out.flat<T>().data();
    for (int64_t i = 0; i < out.NumElements(); ++i) v[i] = T(v[i] - T(d[i] * a));
    ctx->replace_ref_input(0, out, /*lock_held=*/true);
    ctx->forward_ref_input_to_ref_output(0, 0);
  }
};

#define MINITF_REGISTER_APPLY(T)                                                                  \
  REGISTER_KERNEL_BUILDER(Name("ApplyGradientDescent").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          ApplyGradientDescentOp<T>);
MINITF_REGISTER_APPLY(float)
MINITF_REGISTER_APPLY(double)
MINITF_REGISTER_APPLY(Eigen::half)
MINITF_REGISTER_APPLY(Eigen::bfloat16)
MINITF_REGISTER_APPLY(std::complex<float>)
MINITF_REGISTER_APPLY(std::complex<double>)
#undef MINITF_REGISTER_APPLY

}  // namespace
}  // namespace tensorflow
