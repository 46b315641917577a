// minitf: the matrix product behind MatMul, BatchMatMul and the convolutions. Float on AVX2+FMA
// or AVX-512 CPUs is sgemm.h's SgemmRows (one FMA chain per element, in k order); every other case
// is Eigen's matrix product on fixed blocks of 64 rows. Rows are spread over the session's threads,
// and the bits never depend on the thread count.
#ifndef MINITF_OPS_MATH_INTERNAL_GEMM_H_
#define MINITF_OPS_MATH_INTERNAL_GEMM_H_

#include <cstdint>

#include "framework/op_kernel.h"

namespace tensorflow {
namespace math_internal {

// C (m x n, row-major, dense) = op(A) * op(B), inner size k: A is m x k (k x m when ta), B is
// k x n (n x k when tb), both row-major and dense. k == 0 gives zeros. Uses ctx->ParallelFor
// (ctx may be null: one thread). T is one of float, double, Eigen::half, Eigen::bfloat16,
// int32_t, int64_t, complex64, complex128.
template <typename T>
void Gemm(OpKernelContext* ctx, const T* a, bool ta, const T* b, bool tb, T* c, int64_t m,
          int64_t n, int64_t k);

}  // namespace math_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_GEMM_H_
