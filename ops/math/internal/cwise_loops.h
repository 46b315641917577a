// minitf internal: the loops of the elementwise kernels, split over the session's threads.
// Both tell each element whether TF evaluates it in a whole AVX packet or in the scalar tail
// (internal/tf_packet_math.h), for kernels that follow TF's two paths.
//  - ForEachElement<T>(ctx, n, fn): fn(i, in_packet) for i in [0, n).
//  - BroadcastBinary<T, Out>(ctx, fn), the loop of every broadcasting binary kernel (TF's
//    BinaryOp): checks that x and y broadcast (TF's "Incompatible shapes: [2,3] vs. [4]"),
//    allocates the output (reusing an input's buffer when it has the output's shape and type)
//    and sets z[i] = fn(in_packet, x_element, y_element) for every output element i.
#ifndef MINITF_OPS_MATH_INTERNAL_CWISE_LOOPS_H_
#define MINITF_OPS_MATH_INTERNAL_CWISE_LOOPS_H_

#include <algorithm>
#include <type_traits>
#include <vector>

#include "framework/bcast.h"
#include "framework/op_kernel.h"
#include "ops/math/internal/tf_packet_math.h"

namespace tensorflow {
namespace cwise {

constexpr int64_t kGrain = 16384;

// Calls fn(i, true) for i in [s, e) below `packed` and fn(i, false) from there: two loops whose
// flag is a constant, so that the compiler can vectorize each.
template <typename Fn>
inline void SplitAtPacked(int64_t s, int64_t e, int64_t packed, const Fn& fn) {
  const int64_t mid = std::min(std::max(packed, s), e);
  for (int64_t i = s; i < mid; ++i) fn(i, true);
  for (int64_t i = mid; i < e; ++i) fn(i, false);
}

template <typename T, typename Fn>
void ForEachElement(OpKernelContext* ctx, int64_t n, int64_t grain, const Fn& fn) {
  const int64_t packed = n - n % packet_math::kPacketSize<T>;
  ctx->ParallelFor(n, grain, [&](int64_t s, int64_t e) { SplitAtPacked(s, e, packed, fn); });
}

// Returns false (with the error set on ctx) when the shapes do not broadcast.
template <typename T, typename Out, typename Fn>
bool BroadcastBinary(OpKernelContext* ctx, const Fn& fn) {
  const Tensor& x = ctx->input(0);
  const Tensor& y = ctx->input(1);
  const auto xd = x.shape().dim_sizes(), yd = y.shape().dim_sizes();
  std::vector<int64_t> od;
  if (!BroadcastDims(xd, yd, &od)) {
    ctx->CtxFailure(errors::InvalidArgument("Incompatible shapes: ", x.shape().DebugString(),
                                            " vs. ", y.shape().DebugString()));
    return false;
  }
  Tensor* out = nullptr;
  // Built with a status: empty inputs may broadcast to dimensions whose product overflows
  // ([2^40, 1, 0] with [1, 2^40, 0]), where TF aborts.
  TensorShape shape;
  Status s = TensorShape::BuildTensorShape(od, &shape);
  if (s.ok()) {
    s = std::is_same<T, Out>::value ? ctx->forward_input_or_allocate_output({0, 1}, 0, shape, &out)
                                    : ctx->allocate_output(0, shape, &out);
  }
  if (!s.ok()) {
    ctx->CtxFailure(s);
    return false;
  }
  const int64_t n = out->NumElements();
  if (n == 0) return true;
  const int64_t packed = n - n % packet_math::kPacketSize<T>;
  const T* a = x.flat<T>().data();
  const T* b = y.flat<T>().data();
  Out* z = out->flat<Out>().data();
  const int64_t nx = x.NumElements(), ny = y.NumElements();
  if (nx == n && ny == n) {
    ctx->ParallelFor(n, kGrain, [&](int64_t s, int64_t e) {
      SplitAtPacked(s, e, packed,
                    [&](int64_t i, bool in_packet) { z[i] = fn(in_packet, a[i], b[i]); });
    });
  } else if (ny == 1 && nx == n) {
    const T bv = b[0];
    ctx->ParallelFor(n, kGrain, [&](int64_t s, int64_t e) {
      SplitAtPacked(s, e, packed,
                    [&](int64_t i, bool in_packet) { z[i] = fn(in_packet, a[i], bv); });
    });
  } else if (nx == 1 && ny == n) {
    const T av = a[0];
    ctx->ParallelFor(n, kGrain, [&](int64_t s, int64_t e) {
      SplitAtPacked(s, e, packed,
                    [&](int64_t i, bool in_packet) { z[i] = fn(in_packet, av, b[i]); });
    });
  } else {
    const auto sa = BroadcastStrides(xd, od), sb = BroadcastStrides(yd, od);
    const int64_t row = od.back(), ia = sa.back(), ib = sb.back();
    ctx->ParallelFor(n / row, std::max<int64_t>(1, kGrain / row), [&](int64_t s, int64_t e) {
      ForEachBroadcastRow(od, sa, sb, s, e, [&](int64_t o, int64_t pa, int64_t pb) {
        for (int64_t i = 0; i < row; ++i)
          z[o + i] = fn(o + i < packed, a[pa + i * ia], b[pb + i * ib]);
      });
    });
  }
  return true;
}

// Whether any element of `t` (dtype T) equals T's zero: the divisor checks of Div, FloorDiv,
// FloorMod and the scatter divisions.
template <typename T>
bool HasZero(const Tensor& t) {
  const T* p = t.flat<T>().data();
  for (int64_t i = 0; i < t.NumElements(); ++i) {
    if (p[i] == T{}) return true;
  }
  return false;
}

}  // namespace cwise
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_CWISE_LOOPS_H_
