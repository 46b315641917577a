// The matrix product of ops/math/internal/gemm.h. Eigen picks its blocking (and so its
// rounding) from a block's size, so blocks of kRowBlock rows fixed in advance give the same bits
// at every thread count; SgemmRows computes each element alone, so its row split is free.
#include "ops/math/internal/gemm.h"

#include <Eigen/Core>

#include <algorithm>
#include <functional>
#include <type_traits>

#include "ops/math/internal/sgemm.h"

namespace tensorflow {
namespace math_internal {
namespace {

constexpr int64_t kRowBlock = 64;
// The least work (multiply-adds) worth a thread of its own in SgemmRows.
constexpr int64_t kMinRunWork = int64_t{1} << 20;

void ForBlocks(OpKernelContext* ctx, int64_t blocks, int64_t grain,
               const std::function<void(int64_t, int64_t)>& fn) {
  if (ctx == nullptr) {
    fn(0, blocks);
  } else {
    ctx->ParallelFor(blocks, grain, fn);
  }
}

}  // namespace

template <typename T>
void Gemm(OpKernelContext* ctx, const T* a, bool ta, const T* b, bool tb, T* c, int64_t m,
          int64_t n, int64_t k) {
  if (m == 0 || n == 0) return;
  if constexpr (std::is_integral<T>::value && std::is_signed<T>::value) {
    // In the unsigned type: the same bits as TF's wrapping signed products and sums (any order
    // gives them, modulo 2^bits), without the undefined behaviour of signed overflow.
    using U = std::make_unsigned_t<T>;
    Gemm<U>(ctx, reinterpret_cast<const U*>(a), ta, reinterpret_cast<const U*>(b), tb,
            reinterpret_cast<U*>(c), m, n, k);
    return;
  }
  using Matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  Eigen::Map<Matrix> cm(c, m, n);
  if (k == 0) {
    cm.setZero();
    return;
  }
  if constexpr (std::is_same<T, float>::value) {
    if (HasSimdSgemm()) {
      // One run of whole kSgemmRowTile-row tiles per thread (at least kMinRunWork products each):
      // each run packs B once, where a run per kRowBlock block would pack it once per block
      // and end every block in a partial tile. The split does not change a bit.
      const int64_t tiles = (m + kSgemmRowTile - 1) / kSgemmRowTile;
      int64_t runs = ctx == nullptr ? 1 : std::min<int64_t>(ctx->NumThreads(), tiles);
      const double work = static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k);
      if (work < static_cast<double>(runs) * kMinRunWork) {
        runs = std::max<int64_t>(1, static_cast<int64_t>(work / kMinRunWork));
      }
      ForBlocks(ctx, runs, 1, [&](int64_t r0, int64_t r1) {
        for (int64_t r = r0; r < r1; ++r) {
          SgemmRows(a, ta, b, tb, c, m, n, k, tiles * r / runs * kSgemmRowTile,
                    std::min(m, tiles * (r + 1) / runs * kSgemmRowTile));
        }
      });
      return;
    }
  }
  const int64_t blocks = (m + kRowBlock - 1) / kRowBlock;
  const int64_t grain = std::max<int64_t>(1, 65536 / std::max<int64_t>(1, kRowBlock * k * n));
  using Map = Eigen::Map<const Matrix>;
  Map am(a, ta ? k : m, ta ? m : k);
  Map bm(b, tb ? n : k, tb ? k : n);
  ForBlocks(ctx, blocks, grain, [&](int64_t b0, int64_t b1) {
    for (int64_t blk = b0; blk < b1; ++blk) {
      const int64_t r0 = blk * kRowBlock, rows = std::min(kRowBlock, m - r0);
      auto rows_of_c = cm.middleRows(r0, rows);
      if (!ta && !tb) rows_of_c.noalias() = am.middleRows(r0, rows) * bm;
      if (!ta && tb) rows_of_c.noalias() = am.middleRows(r0, rows) * bm.transpose();
      if (ta && !tb) rows_of_c.noalias() = am.middleCols(r0, rows).transpose() * bm;
      if (ta && tb) rows_of_c.noalias() = am.middleCols(r0, rows).transpose() * bm.transpose();
    }
  });
}

#define MINITF_INSTANTIATE_GEMM(T)                                                              \
  template void Gemm<T>(OpKernelContext*, const T*, bool, const T*, bool, T*, int64_t, int64_t, \
                        int64_t);
MINITF_INSTANTIATE_GEMM(float)
MINITF_INSTANTIATE_GEMM(double)
MINITF_INSTANTIATE_GEMM(Eigen::half)
MINITF_INSTANTIATE_GEMM(Eigen::bfloat16)
MINITF_INSTANTIATE_GEMM(int32_t)
MINITF_INSTANTIATE_GEMM(int64_t)
MINITF_INSTANTIATE_GEMM(uint32_t)
MINITF_INSTANTIATE_GEMM(uint64_t)
MINITF_INSTANTIATE_GEMM(complex64)
MINITF_INSTANTIATE_GEMM(complex128)
#undef MINITF_INSTANTIATE_GEMM

}  // namespace math_internal
}  // namespace tensorflow
