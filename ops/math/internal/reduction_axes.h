// minitf internal: which dimensions a reduction's `axis` input names, in one place for the
// shape function (graph time), the kernels (run time) and the Sum/Mean gradient.
#ifndef MINITF_OPS_MATH_INTERNAL_REDUCTION_AXES_H_
#define MINITF_OPS_MATH_INTERNAL_REDUCTION_AXES_H_

#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "framework/status.h"

namespace tensorflow {
namespace reduction {

// TF words an out-of-range axis differently at graph time (its shape function) and at run
// time (its kernel); the kernel also refuses an axis named twice, the shape function not.
enum class Checker { kShapeFunction, kKernel };

// `(*reduced)[d]` is true for each dimension d of a rank-`rank` input that `axes` names
// (negative axes count from the end). InvalidArgument, in `checker`'s words, for an axis
// outside [-rank, rank) (and, for the kernel, for a repeated one).
Status ReducedDims(absl::Span<const int64_t> axes, int rank, Checker checker,
                   std::vector<bool>* reduced);

}  // namespace reduction
}  // namespace tensorflow

#endif  // MINITF_OPS_MATH_INTERNAL_REDUCTION_AXES_H_
