// minitf: a float matrix product for x86 CPUs with AVX2+FMA or AVX-512 (picked at run time by
// math_internal::Gemm). Each output element is one FMA chain over k in order, whatever the
// vector width, so the result does not depend on the CPU's SIMD, the blocking or how rows are
// split over threads.
#ifndef MINITF_OPS_MATH_INTERNAL_SGEMM_H_
#define MINITF_OPS_MATH_INTERNAL_SGEMM_H_

#include <cstdint>

namespace tensorflow {
namespace math_internal {

// Rows of the widest kernel's register tile (AVX-512's 12; AVX2's is 6): row ranges split at
// multiples of it leave no partial tiles on either.
constexpr int64_t kSgemmRowTile = 12;

// True when this CPU runs SgemmRows (AVX2 and FMA, or AVX-512F).
bool HasSimdSgemm();

// Rows [r0, r1) of C (row-major, n columns) = op(A) * op(B), inner size k. A is m x k
// (k x m when ta), B is k x n (n x k when tb), both row-major and dense.
void SgemmRows(const float* a, bool ta, const float* b, bool tb, float* c, int64_t m, int64_t n,
               int64_t k, int64_t r0, int64_t r1);

}  // namespace math_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_SGEMM_H_
