// minitf: the command-line runner.
//
//   minitf run MODEL [--inputs 'x=x.npy;y=data.npz[y]'] [--outputs DIR] [--fetch a,b:1]
//                    [--tag_set serve] [--signature_def serving_default] [--overwrite]
//                    [--trace trace.json] [--benchmark N] [--threads N]
//   minitf show MODEL [--tag_set serve] [--signature_def KEY]
//   minitf dot MODEL [--tag_set serve] [--signature_def KEY] > graph.dot
//
// MODEL is a GraphDef file (binary or text) or a SavedModel directory. Inputs use
// saved_model_cli's syntax; their keys are signature input keys for a SavedModel and tensor
// names for a GraphDef. Outputs are the signature's (or --fetch's, or every output of a
// GraphDef that no node reads), written as DIR/<key>.npy (or into one archive when --outputs
// names an .npz file), or printed when --outputs is not given. --trace writes the run's Chrome
// trace (TF's timeline format); --benchmark runs the same step N more times and prints
// benchmark_model's statistics line in microseconds. Flags take "--flag=value" or "--flag value".
// Exit status: 0, 1 on an error, 2 on bad usage.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cli/array_files.h"
#include "cli/graph_views.h"
#include "cli/model.h"
#include "framework/env.h"
#include "framework/path.h"

namespace minitf {
namespace {

constexpr char kUsage[] =
    "usage: minitf run MODEL [--inputs 'key=file.npy;key2=file.npz[name]'] [--outputs DIR]\n"
    "                        [--fetch a,b:1] [--tag_set serve] [--signature_def KEY]\n"
    "                        [--overwrite] [--trace FILE.json] [--benchmark N] [--threads N]\n"
    "       minitf show MODEL [--tag_set serve] [--signature_def KEY]\n"
    "       minitf dot MODEL [--tag_set serve] [--signature_def KEY]\n"
    "MODEL is a GraphDef file (.pb, .pbtxt) or a SavedModel directory.\n";

struct Args {
  std::string command;
  std::string model;
  std::map<std::string, std::string> flags;
};

// Parses argv; a usage error is returned as a message.
absl::StatusOr<Args> ParseArgs(int argc, char** argv) {
  static const std::map<std::string, bool> kFlags = {
      {"inputs", true},  {"outputs", true},   {"outdir", true},        {"fetch", true},
      {"tag_set", true}, {"trace", true},     {"signature_def", true}, {"benchmark", true},
      {"threads", true}, {"overwrite", false}};
  if (argc < 3) return absl::InvalidArgumentError("a command and a MODEL are needed");
  Args args;
  args.command = argv[1];
  if (args.command != "run" && args.command != "show" && args.command != "dot") {
    return absl::InvalidArgumentError(absl::StrCat("unknown command '", args.command, "'"));
  }
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0) {
      if (!args.model.empty()) return absl::InvalidArgumentError("more than one MODEL given");
      args.model = arg;
      continue;
    }
    std::string name = arg.substr(2), value;
    const size_t eq = name.find('=');
    if (eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
    }
    auto it = kFlags.find(name);
    if (it == kFlags.end())
      return absl::InvalidArgumentError(absl::StrCat("unknown flag --", name));
    if (it->second && eq == std::string::npos) {
      if (i + 1 >= argc)
        return absl::InvalidArgumentError(absl::StrCat("--", name, " needs a value"));
      value = argv[++i];
    }
    if (!it->second && eq != std::string::npos) {
      return absl::InvalidArgumentError(absl::StrCat("--", name, " takes no value"));
    }
    if (name == "outdir") name = "outputs";
    args.flags[name] = value;
  }
  if (args.model.empty()) return absl::InvalidArgumentError("no MODEL given");
  if (args.command != "run") {
    for (const auto& [name, value] : args.flags) {
      if (name != "tag_set" && name != "signature_def") {
        return absl::InvalidArgumentError(absl::StrCat("--", name, " is for minitf run"));
      }
    }
  }
  return args;
}

std::string Flag(const Args& args, const std::string& name, const std::string& fallback = "") {
  auto it = args.flags.find(name);
  return it == args.flags.end() ? fallback : it->second;
}

absl::StatusOr<int> PositiveFlag(const Args& args, const std::string& name) {
  const std::string value = Flag(args, name, "0");
  int n = 0;
  if (!absl::SimpleAtoi(value, &n) || n < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("--", name, "=", value, " is not a non-negative integer"));
  }
  return n;
}

// benchmark_model's line: count, first, newest, min, max, mean, standard deviation (plus the
// median), in microseconds.
std::string RunStatistics(const std::vector<double>& us) {
  std::vector<double> sorted = us;
  std::sort(sorted.begin(), sorted.end());
  double sum = 0, squares = 0;
  for (double t : us) sum += t;
  const double mean = sum / static_cast<double>(us.size());
  for (double t : us) squares += (t - mean) * (t - mean);
  const size_t n = sorted.size();
  const double median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  auto r = [](double v) { return static_cast<int64_t>(std::llround(v)); };
  return absl::StrCat("count=", n, " first=", r(us.front()), " curr=", r(us.back()),
                      " min=", r(sorted.front()), " max=", r(sorted.back()), " avg=", r(mean),
                      " std=", r(std::sqrt(squares / static_cast<double>(n))),
                      " median=", r(median));
}

absl::Status Run(const Args& args, const Model& model) {
  std::vector<std::pair<std::string, tensorflow::Tensor>> feeds;
  absl::StatusOr<std::vector<InputSpec>> specs = ParseInputsFlag(Flag(args, "inputs"));
  if (!specs.ok()) return specs.status();
  for (const InputSpec& spec : *specs) {
    absl::StatusOr<std::string> tensor_name = model.ResolveFeed(spec.key);
    if (!tensor_name.ok()) return tensor_name.status();
    absl::StatusOr<tensorflow::Tensor> value = ReadArrayFile(spec);
    if (!value.ok()) return value.status();
    feeds.emplace_back(*tensor_name, std::move(*value));
  }
  const std::string fetch_flag = Flag(args, "fetch");
  std::vector<std::string> fetch_names = absl::StrSplit(fetch_flag, ',', absl::SkipEmpty());
  absl::StatusOr<std::vector<Endpoint>> fetches = model.Fetches(fetch_names);
  if (!fetches.ok()) return fetches.status();
  std::vector<std::string> tensor_names;
  for (const Endpoint& e : *fetches) tensor_names.push_back(e.tensor);
  absl::StatusOr<int> benchmark = PositiveFlag(args, "benchmark");
  if (!benchmark.ok()) return benchmark.status();

  tensorflow::RunOptions run_options;
  tensorflow::RunMetadata metadata;
  const std::string trace = Flag(args, "trace");
  if (!trace.empty()) run_options.set_trace_level(tensorflow::RunOptions::FULL_TRACE);
  std::vector<tensorflow::Tensor> outputs;
  absl::Status s = model.session()->Run(run_options, feeds, tensor_names, {}, &outputs, &metadata);
  if (!s.ok()) return s;

  tensorflow::Env* env = tensorflow::Env::Default();
  const std::string out_dir = Flag(args, "outputs");
  const bool overwrite = args.flags.count("overwrite") > 0;
  if (absl::EndsWith(out_dir, ".npz")) {
    NamedTensors arrays;
    for (size_t i = 0; i < outputs.size(); ++i) arrays.emplace_back((*fetches)[i].key, outputs[i]);
    s = WriteArrayFile(out_dir, arrays, overwrite);
    if (!s.ok()) return s;
    std::cout << "Outputs are saved to " << out_dir << "\n";
  } else if (!out_dir.empty()) {
    s = env->RecursivelyCreateDir(out_dir);
    if (!s.ok()) return s;
    std::map<std::string, std::string> written;  // file -> key
    for (size_t i = 0; i < outputs.size(); ++i) {
      const std::string file = OutputFileName((*fetches)[i].key);
      if (!written.emplace(file, (*fetches)[i].key).second) {
        return absl::InvalidArgumentError(absl::StrCat(
            "outputs '", written[file], "' and '", (*fetches)[i].key, "' would both be ", file));
      }
      s = WriteArrayFile(tensorflow::io::JoinPath(out_dir, file), {{(*fetches)[i].key, outputs[i]}},
                         overwrite);
      if (!s.ok()) return s;
      std::cout << "Output " << (*fetches)[i].key << " is saved to "
                << tensorflow::io::JoinPath(out_dir, file) << "\n";
    }
  } else {
    for (size_t i = 0; i < outputs.size(); ++i) {
      std::cout << "Result for output key " << (*fetches)[i].key << ":\n"
                << tensorflow::DataTypeString(outputs[i].dtype()) << " "
                << outputs[i].shape().DebugString() << " " << outputs[i].SummarizeValue(-1, true)
                << "\n";
    }
  }
  if (!trace.empty()) {
    s = tensorflow::WriteStringToFile(env, trace,
                                      ChromeTrace(metadata.step_stats(), model.graph()));
    if (!s.ok()) return s;
    std::cout << "Trace of " << metadata.step_stats().dev_stats(0).node_stats_size()
              << " nodes is saved to " << trace << "\n";
  }
  if (*benchmark > 0) {
    std::vector<double> us;
    for (int i = 0; i < *benchmark; ++i) {
      const auto start = std::chrono::steady_clock::now();
      s = model.session()->Run(feeds, tensor_names, {}, &outputs);
      const auto end = std::chrono::steady_clock::now();
      if (!s.ok()) return s;
      us.push_back(std::chrono::duration<double, std::micro>(end - start).count());
    }
    std::cout << RunStatistics(us) << "\n";
  }
  return absl::OkStatus();
}

int Main(int argc, char** argv) {
  absl::StatusOr<Args> args = ParseArgs(argc, argv);
  if (!args.ok()) {
    std::cerr << "minitf: " << args.status().message() << "\n" << kUsage;
    return 2;
  }
  ModelOptions options;
  options.tags = absl::StrSplit(Flag(*args, "tag_set", "serve"), ',', absl::SkipEmpty());
  options.signature = Flag(*args, "signature_def", "serving_default");
  absl::StatusOr<int> threads = PositiveFlag(*args, "threads");
  if (!threads.ok()) {
    std::cerr << "minitf: " << threads.status().message() << "\n" << kUsage;
    return 2;
  }
  options.threads = *threads;
  absl::StatusOr<std::unique_ptr<Model>> model = LoadModel(args->model, options);
  absl::Status s = model.status();
  if (s.ok()) {
    if (args->command == "show") {
      std::cout << DescribeModel(**model);
    } else if (args->command == "dot") {
      std::cout << GraphToDot((*model)->graph());
    } else {
      s = Run(*args, **model);
    }
  }
  if (!s.ok()) {
    std::cerr << "minitf " << args->command << ": " << s << "\n";
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace minitf

int main(int argc, char** argv) { return minitf::Main(argc, argv); }
