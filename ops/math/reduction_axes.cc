#include "ops/math/internal/reduction_axes.h"

#include "framework/errors.h"

namespace tensorflow {
namespace reduction {

Status ReducedDims(absl::Span<const int64_t> axes, int rank, Checker checker,
                   std::vector<bool>* reduced) {
  reduced->assign(rank, false);
  for (const int64_t a : axes) {
    if (a < -rank || a >= rank) {
      if (checker == Checker::kKernel) {
        return errors::InvalidArgument("Invalid reduction dimension (", a, " for input with ", rank,
                                       " dimension(s)");
      }
      return errors::InvalidArgument("Invalid reduction dimension ", a, " for input with ", rank,
                                     " dimensions.");
    }
    const int d = static_cast<int>(a < 0 ? a + rank : a);
    if (checker == Checker::kKernel && (*reduced)[d]) {
      return errors::InvalidArgument(
          "Invalid reduction arguments: Axes contains duplicate dimension: ", d);
    }
    (*reduced)[d] = true;
  }
  return OkStatus();
}

}  // namespace reduction
}  // namespace tensorflow
