// CPU kernel of MatMul (for the dtypes TF 2.21 has CPU kernels for), through
// math_internal::Gemm: the same bits at any thread count.
#include "framework/op_kernel.h"
#include "ops/math/internal/gemm.h"

namespace tensorflow {
namespace {

template <typename T>
class MatMulOp : public OpKernel {
 public:
  explicit MatMulOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("transpose_a", &ta_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("transpose_b", &tb_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& a = ctx->input(0);
    const Tensor& b = ctx->input(1);
    OP_REQUIRES(ctx, a.dims() == 2,
                errors::InvalidArgument("In[0] is not a matrix. Instead it has shape ",
                                        a.shape().DebugString()));
    OP_REQUIRES(ctx, b.dims() == 2,
                errors::InvalidArgument("In[1] is not a matrix. Instead it has shape ",
                                        b.shape().DebugString()));
    const int64_t m = a.dim_size(ta_ ? 1 : 0), k = a.dim_size(ta_ ? 0 : 1);
    const int64_t kb = b.dim_size(tb_ ? 1 : 0), n = b.dim_size(tb_ ? 0 : 1);
    OP_REQUIRES(
        ctx, k == kb,
        errors::InvalidArgument("Matrix size-incompatible: In[0]: ", a.shape().DebugString(),
                                ", In[1]: ", b.shape().DebugString()));
    // With a status: for k = 0 both inputs are empty whatever m and n claim, and m * n may
    // overflow (TF aborts).
    TensorShape shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape({m, n}, &shape));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, shape, &out));
    math_internal::Gemm(ctx, a.flat<T>().data(), ta_, b.flat<T>().data(), tb_,
                        out->flat<T>().data(), m, n, k);
  }

 private:
  bool ta_ = false, tb_ = false;
};

#define MINITF_REGISTER_MATMUL(T) \
  REGISTER_KERNEL_BUILDER(Name("MatMul").Device(DEVICE_CPU).TypeConstraint<T>("T"), MatMulOp<T>);
MINITF_REGISTER_MATMUL(float)
MINITF_REGISTER_MATMUL(double)
MINITF_REGISTER_MATMUL(Eigen::half)
MINITF_REGISTER_MATMUL(Eigen::bfloat16)
MINITF_REGISTER_MATMUL(int32_t)
MINITF_REGISTER_MATMUL(int64_t)
MINITF_REGISTER_MATMUL(complex64)
MINITF_REGISTER_MATMUL(complex128)

}  // namespace
}  // namespace tensorflow
