// CPU kernel of MatMul: Eigen's matrix product on row blocks of `a`, spread over the
// session's threads (each output row is computed the same way whatever the split).
#include <Eigen/Core>

#include "framework/op_kernel.h"

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
    OP_REQUIRES(ctx, k == kb,
                errors::InvalidArgument("Matrix size-incompatible: In[0]: ",
                                        a.shape().DebugString(),
                                        ", In[1]: ", b.shape().DebugString()));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({m, n}), &out));
    if (m == 0 || n == 0) return;
    using Matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    using Map = Eigen::Map<const Matrix>;
    Map am(a.flat<T>().data(), a.dim_size(0), a.dim_size(1));
    Map bm(b.flat<T>().data(), b.dim_size(0), b.dim_size(1));
    Eigen::Map<Matrix> cm(out->flat<T>().data(), m, n);
    if (k == 0) {
      cm.setZero();
      return;
    }
    const int64_t grain = std::max<int64_t>(1, 65536 / std::max<int64_t>(1, k * n));
    ctx->ParallelFor(m, grain, [&](int64_t r0, int64_t r1) {
      const int64_t rows = r1 - r0;
      auto c = cm.middleRows(r0, rows);
      if (!ta_ && !tb_) c.noalias() = am.middleRows(r0, rows) * bm;
      if (!ta_ && tb_) c.noalias() = am.middleRows(r0, rows) * bm.transpose();
      if (ta_ && !tb_) c.noalias() = am.middleCols(r0, rows).transpose() * bm;
      if (ta_ && tb_) c.noalias() = am.middleCols(r0, rows).transpose() * bm.transpose();
    });
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
MINITF_REGISTER_MATMUL(uint8_t)
MINITF_REGISTER_MATMUL(uint16_t)
MINITF_REGISTER_MATMUL(uint32_t)
MINITF_REGISTER_MATMUL(uint64_t)
MINITF_REGISTER_MATMUL(complex64)
MINITF_REGISTER_MATMUL(complex128)

}  // namespace
}  // namespace tensorflow
