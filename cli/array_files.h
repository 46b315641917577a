// minitf: the array files `minitf run` reads and writes, with saved_model_cli's --inputs syntax.
//
//   auto specs = minitf::ParseInputsFlag("x=x.npy;y=pair.npz[b]");
//   // {{"x", "x.npy", ""}, {"y", "pair.npz", "b"}}
//   absl::StatusOr<Tensor> x = minitf::ReadArrayFile((*specs)[0]);
//   minitf::WriteArrayFile("out/y.npy", {{"y", y}}, /*overwrite=*/false);
//
// A file is an .npz archive when it starts as a ZIP archive does and an .npy array when it
// starts with NumPy's magic string, whatever its name (np.load decides the same way; pickles
// are refused). An .npz needs [name] unless it holds exactly one array; [name] on an .npy file
// is ignored with a warning, as saved_model_cli does.
#ifndef MINITF_CLI_ARRAY_FILES_H_
#define MINITF_CLI_ARRAY_FILES_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "cli/npz.h"
#include "framework/tensor.h"

namespace minitf {

struct InputSpec {
  std::string key;
  std::string file;
  std::string array;  // empty: the file's only array
};

// Parses "<key>=<file>" and "<key>=<file>[<array>]" entries separated by ';' (empty entries
// are skipped). A missing '=', an empty key or file, or a key given twice is InvalidArgument.
absl::StatusOr<std::vector<InputSpec>> ParseInputsFlag(absl::string_view flag);

absl::StatusOr<tensorflow::Tensor> ReadArrayFile(const InputSpec& spec);

// Writes `arrays` at `path`: all of them as an .npz archive when `path` ends in ".npz", else
// the one array as .npy. An existing file is AlreadyExists unless `overwrite`.
absl::Status WriteArrayFile(const std::string& path, const NamedTensors& arrays, bool overwrite);

// The file name `minitf run` gives an output: its key with '/' and ':' made '_', plus ".npy".
std::string OutputFileName(absl::string_view key);

}  // namespace minitf

#endif  // MINITF_CLI_ARRAY_FILES_H_
