// minitf: NumPy's .npy format (versions 1.0, 2.0 and 3.0), strict, for the `minitf` tool.
//
//   absl::StatusOr<Tensor> x = minitf::ParseNpy(bytes, "x.npy");   // np.save's bytes
//   std::string bytes = minitf::SerializeNpy(tensor).value();      // what np.load reads
//
// The header is parsed as the Python dict literal NumPy writes ({'descr': '<f4',
// 'fortran_order': False, 'shape': (2, 3), }), nothing looser: every key exactly once, no
// other key, a descr minitf has a dtype for, non-negative dimensions whose product fits, and
// exactly the data bytes the header promises. Big-endian ('>') arrays are byte-swapped and
// Fortran-order arrays transposed into minitf's row-major layout. Byte strings ('|S<n>') and
// unicode ('<U<n>', stored as UTF-8) become DT_STRING with NumPy's trailing-NUL stripping;
// object ('O'), structured and bfloat16 arrays are refused. Every error is InvalidArgument
// naming `what` (a file name) and the problem.
//
// SerializeNpy writes what np.save of the same array writes, byte for byte (version 1.0 unless
// the header needs 2.0, little-endian, NumPy's header padding); DT_STRING is written as
// '|S<longest>' and is refused when an element holds a NUL NumPy would drop.
#ifndef MINITF_CLI_NPY_H_
#define MINITF_CLI_NPY_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "framework/tensor.h"

namespace minitf {

absl::StatusOr<tensorflow::Tensor> ParseNpy(absl::string_view bytes, absl::string_view what);

absl::StatusOr<std::string> SerializeNpy(const tensorflow::Tensor& tensor);

}  // namespace minitf

#endif  // MINITF_CLI_NPY_H_
