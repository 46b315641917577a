// minitf: TF's broadcasting rules for two shapes (tensorflow/core/util/bcast.h), shared by the
// binary math ops, BroadcastTo and BroadcastGradientArgs.
//
// Shapes are aligned at the right; missing leading dimensions count as 1; a dimension of 1
// stretches to the other's size; any other mismatch is an error.
//
//   std::vector<int64_t> out;
//   if (!BroadcastDims({2, 1, 3}, {4, 1}, &out)) ...   // out = {2, 4, 3}
#ifndef MINITF_FRAMEWORK_BCAST_H_
#define MINITF_FRAMEWORK_BCAST_H_

#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "framework/status.h"
#include "framework/tensor_shape.h"

namespace tensorflow {

// The broadcast shape of x and y; false when they are incompatible.
bool BroadcastDims(absl::Span<const int64_t> x, absl::Span<const int64_t> y,
                   std::vector<int64_t>* out);

// The element strides of an operand of shape `in` read as if it had shape `out` (the result
// of broadcasting): 0 along stretched or missing dimensions. `out.size() >= in.size()`.
std::vector<int64_t> BroadcastStrides(absl::Span<const int64_t> in, absl::Span<const int64_t> out);

// For each operand, the output dimensions its gradient must be summed over (TF's
// BroadcastGradientArgs): those where the operand, padded on the left with 1s, has size 1.
void BroadcastReduceAxes(absl::Span<const int64_t> x, absl::Span<const int64_t> y,
                         std::vector<int64_t>* rx, std::vector<int64_t>* ry);

// Graph-time broadcasting of partially known shapes (TF's BroadcastBinaryOpShapeFn):
// InvalidArgument "Dimensions must be equal, but are 2 and 3" on a mismatch.
Status BroadcastPartialShapes(const PartialTensorShape& x, const PartialTensorShape& y,
                              PartialTensorShape* out);

// Walks rows [begin, end) of an output of shape `out` (a row is the last dimension; rank >= 1),
// calling fn(out_offset, a_offset, b_offset) with the element offset of each row's start in
// the output and in two operands read with strides `sa` and `sb` (BroadcastStrides).
template <typename Fn>
void ForEachBroadcastRow(absl::Span<const int64_t> out, absl::Span<const int64_t> sa,
                         absl::Span<const int64_t> sb, int64_t begin, int64_t end, Fn fn) {
  const int outer = static_cast<int>(out.size()) - 1;
  const int64_t row = out.back();
  for (int64_t r = begin; r < end; ++r) {
    int64_t a = 0, b = 0, rest = r;
    for (int d = outer - 1; d >= 0; --d) {
      const int64_t i = rest % out[d];
      rest /= out[d];
      a += i * sa[d];
      b += i * sb[d];
    }
    fn(r * row, a, b);
  }
}

// "[2,3]": TF's way of printing dims in broadcasting errors.
std::string DimsString(absl::Span<const int64_t> dims);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_BCAST_H_
