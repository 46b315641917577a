#include "cli/array_files.h"

#include <iostream>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "cli/npy.h"
#include "cli/npz.h"
#include "framework/env.h"

namespace minitf {
namespace {

absl::Status BadFlag(absl::string_view entry) {
  return absl::InvalidArgumentError(
      absl::StrCat("--inputs \"", entry,
                   "\" format is incorrect. Please follow \"<input_key>=<filename>\", or "
                   "\"<input_key>=<filename>[<variable_name>]\""));
}

}  // namespace

absl::StatusOr<std::vector<InputSpec>> ParseInputsFlag(absl::string_view flag) {
  std::vector<InputSpec> specs;
  std::set<std::string> keys;
  for (absl::string_view entry : absl::StrSplit(flag, ';', absl::SkipEmpty())) {
    const size_t eq = entry.find('=');
    if (eq == absl::string_view::npos || eq == 0 || eq + 1 == entry.size()) return BadFlag(entry);
    InputSpec spec{std::string(entry.substr(0, eq)), std::string(entry.substr(eq + 1)), ""};
    // "file[array]": the last '[' opens the array name, which must end the entry.
    const size_t open = spec.file.rfind('[');
    if (absl::EndsWith(spec.file, "]") && open != std::string::npos) {
      spec.array = spec.file.substr(open + 1, spec.file.size() - open - 2);
      spec.file.resize(open);
      if (spec.array.empty() || spec.file.empty() || absl::StrContains(spec.array, '[')) {
        return BadFlag(entry);
      }
    }
    if (!keys.insert(spec.key).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("--inputs names input '", spec.key, "' more than once"));
    }
    specs.push_back(std::move(spec));
  }
  return specs;
}

absl::StatusOr<tensorflow::Tensor> ReadArrayFile(const InputSpec& spec) {
  std::string bytes;
  absl::Status s = tensorflow::ReadFileToString(tensorflow::Env::Default(), spec.file, &bytes);
  if (!s.ok()) return s;
  if (absl::StartsWith(bytes, "\x93NUMPY")) {
    if (!spec.array.empty()) {
      std::cerr << "Input file " << spec.file << " contains a single ndarray. Name key \""
                << spec.array << "\" ignored.\n";
    }
    return ParseNpy(bytes, spec.file);
  }
  if (!absl::StartsWith(bytes, "PK\x03\x04") && !absl::StartsWith(bytes, "PK\x05\x06")) {
    return absl::InvalidArgumentError(absl::StrCat(
        spec.file, " is neither an .npy nor an .npz file (pickles are not supported)"));
  }
  absl::StatusOr<NamedTensors> arrays = ParseNpz(bytes, spec.file);
  if (!arrays.ok()) return arrays.status();
  if (spec.array.empty()) {
    if (arrays->size() != 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("Input file ", spec.file, " contains ", arrays->size(),
                       " ndarrays. Please specify the ndarray to use as ", spec.key, "=", spec.file,
                       "[<variable_name>]"));
    }
    return std::move(arrays->front().second);
  }
  std::vector<std::string> names;
  for (auto& [name, tensor] : *arrays) {
    if (name == spec.array) return std::move(tensor);
    names.push_back(name);
  }
  return absl::NotFoundError(absl::StrCat(spec.file, " has no array '", spec.array,
                                          "'; it has: ", absl::StrJoin(names, ", ")));
}

absl::Status WriteArrayFile(const std::string& path, const NamedTensors& arrays, bool overwrite) {
  tensorflow::Env* env = tensorflow::Env::Default();
  if (!overwrite && env->FileExists(path).ok()) {
    return absl::AlreadyExistsError(absl::StrCat(
        "Output file ", path, " already exists. Add \"--overwrite\" flag to overwrite this file."));
  }
  absl::StatusOr<std::string> bytes;
  if (absl::EndsWith(path, ".npz")) {
    bytes = SerializeNpz(arrays);
  } else if (arrays.size() == 1) {
    bytes = SerializeNpy(arrays.front().second);
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": an .npy file holds one array, not ", arrays.size()));
  }
  if (!bytes.ok()) return bytes.status();
  return tensorflow::WriteStringToFile(env, path, *bytes);
}

std::string OutputFileName(absl::string_view key) {
  return absl::StrCat(absl::StrReplaceAll(key, {{"/", "_"}, {":", "_"}}), ".npy");
}

}  // namespace minitf
