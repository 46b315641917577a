// minitf: a float matrix product for AVX2+FMA CPUs (picked at run time by MatMul's kernel).
// Each output element is one FMA chain over k in order, so the result does not depend on the
// blocking or on how rows are split over threads.
#ifndef MINITF_OPS_MATH_INTERNAL_SGEMM_AVX2_H_
#define MINITF_OPS_MATH_INTERNAL_SGEMM_AVX2_H_

#include <cstdint>

namespace tensorflow {
namespace math_internal {

// True when this CPU runs SgemmRowsAvx2.
bool HasAvx2Fma();

// Rows [r0, r1) of C (row-major, n columns) = op(A) * op(B), inner size k. A is m x k
// (k x m when ta), B is k x n (n x k when tb), both row-major and dense.
void SgemmRowsAvx2(const float* a, bool ta, const float* b, bool tb, float* c, int64_t m, int64_t n,
                   int64_t k, int64_t r0, int64_t r1);

}  // namespace math_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_SGEMM_AVX2_H_
