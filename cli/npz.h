// minitf: NumPy's .npz archives (np.savez, np.savez_compressed), strict, for the `minitf` tool.
//
//   auto arrays = minitf::ParseNpz(bytes, "inputs.npz");   // [("x", Tensor), ("y", Tensor)]
//   std::string zip = minitf::SerializeNpz({{"x", x}, {"y", y}}).value();
//
// An .npz file is a ZIP archive of .npy members; the key of "x.npy" is "x", as np.load keys
// it. The reader walks the central directory (ZIP64 records and extra fields included),
// accepts stored and deflated members, and checks every offset and size against the file,
// the local headers against the central directory, each member's CRC-32 (DataLoss when it
// differs), and that inflating produces exactly the size the directory claims (memory grows
// with the bytes actually inflated, never with a claimed size). Members whose names do not
// end in ".npy" are not arrays and are refused, as are encrypted members, duplicate keys and
// multi-disk archives. Errors are InvalidArgument naming `what` and the member.
//
// SerializeNpz writes what np.savez writes: one stored "<key>.npy" member per array (archives
// of 4 GiB or more are refused).
#ifndef MINITF_CLI_NPZ_H_
#define MINITF_CLI_NPZ_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "framework/tensor.h"

namespace minitf {

using NamedTensors = std::vector<std::pair<std::string, tensorflow::Tensor>>;

absl::StatusOr<NamedTensors> ParseNpz(absl::string_view bytes, absl::string_view what);

absl::StatusOr<std::string> SerializeNpz(const NamedTensors& arrays);

}  // namespace minitf

#endif  // MINITF_CLI_NPZ_H_
