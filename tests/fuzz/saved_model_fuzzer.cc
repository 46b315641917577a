// libFuzzer harness: SavedModel loading (LoadSavedModel, runtime/saved_model_loader.h). The
// input is a saved_model.pb, binary or (when it does not parse as binary) text; it is written
// into an export folder of the scratch folder, without variables, and loaded with the "serve"
// tag: MetaGraphDef choice, function inlining of the signatures' calls, the saver's restore op
// and the init op all run on what the bytes say. A bundle that loads is then run on each
// signature's outputs, its inputs fed small tensors where their TensorInfo allows.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tensorflow/cc/saved_model/loader.h"
#include "tensorflow/cc/saved_model/tag_constants.h"
#include "tensorflow/core/platform/env.h"
#include "tensorflow/core/protobuf/saved_model.pb.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tensorflow;  // NOLINT(build/namespaces): a harness's one function
  fuzzing::InitOnce();
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  SavedModel model;
  if (!tensorflow::fuzzing::ParseBinaryOrText(bytes, &model)) return 0;
  const std::string dir = absl::StrCat(fuzzing::ScratchDir(), "/export");
  FUZZ_CHECK(Env::Default()->RecursivelyCreateDir(dir).ok());
  FUZZ_CHECK(WriteBinaryProto(Env::Default(), dir + "/saved_model.pb", model).ok());
  SessionOptions options;
  options.config.set_inter_op_parallelism_threads(1);
  options.config.set_operation_timeout_in_ms(2000);
  RunOptions run_options;
  run_options.set_timeout_in_ms(2000);
  SavedModelBundle bundle;
  if (!LoadSavedModel(options, run_options, dir, {kSavedModelTagServe}, &bundle).ok()) return 0;
  for (const auto& [key, signature] : bundle.GetSignatures()) {
    std::vector<std::pair<std::string, Tensor>> feeds;
    for (const auto& [name, info] : signature.inputs()) {
      Tensor feed;
      if (fuzzing::SmallFeed(info.dtype(), info.tensor_shape(), &feed)) {
        feeds.emplace_back(info.name(), std::move(feed));
      }
    }
    std::vector<std::string> fetches;
    for (const auto& [name, info] : signature.outputs()) fetches.push_back(info.name());
    std::vector<Tensor> outputs;
    (void)bundle.session->Run(run_options, feeds, fetches, {}, &outputs, nullptr);
  }
  return 0;
}
