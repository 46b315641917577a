// CPU kernel of MatMul (for the dtypes TF 2.21 has CPU kernels for): float on AVX2+FMA CPUs
// uses sgemm_avx2 (one FMA chain per element); everything else is Eigen's matrix product on
// fixed blocks of 64 rows of `a`. Both are spread over the session's threads by row blocks
// and give the same bits at any thread count.
#include <Eigen/Core>

#include <algorithm>
#include <type_traits>

#include "framework/op_kernel.h"
#include "ops/math/internal/sgemm_avx2.h"

namespace tensorflow {
namespace {

constexpr int64_t kRowBlock = 64;

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
    // Fixed blocks of rows: Eigen picks its blocking (and so its rounding) from the block's
    // size, so the same blocks at every thread count give the same bits.
    const int64_t blocks = (m + kRowBlock - 1) / kRowBlock;
    const int64_t grain = std::max<int64_t>(1, 65536 / std::max<int64_t>(1, kRowBlock * k * n));
    if constexpr (std::is_same<T, float>::value) {
      if (math_internal::HasAvx2Fma()) {
        const float* ap = a.flat<float>().data();
        const float* bp = b.flat<float>().data();
        float* cp = out->flat<float>().data();
        ctx->ParallelFor(blocks, grain, [&](int64_t b0, int64_t b1) {
          math_internal::SgemmRowsAvx2(ap, ta_, bp, tb_, cp, m, n, k, b0 * kRowBlock,
                                       std::min(m, b1 * kRowBlock));
        });
        return;
      }
    }
    ctx->ParallelFor(blocks, grain, [&](int64_t b0, int64_t b1) {
      for (int64_t b = b0; b < b1; ++b) {
        const int64_t r0 = b * kRowBlock, rows = std::min(kRowBlock, m - r0);
        auto c = cm.middleRows(r0, rows);
        if (!ta_ && !tb_) c.noalias() = am.middleRows(r0, rows) * bm;
        if (!ta_ && tb_) c.noalias() = am.middleRows(r0, rows) * bm.transpose();
        if (ta_ && !tb_) c.noalias() = am.middleCols(r0, rows).transpose() * bm;
        if (ta_ && tb_) c.noalias() = am.middleCols(r0, rows).transpose() * bm.transpose();
      }
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
MINITF_REGISTER_MATMUL(complex64)
MINITF_REGISTER_MATMUL(complex128)

}  // namespace
}  // namespace tensorflow
