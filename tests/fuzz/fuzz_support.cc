#include "tests/fuzz/fuzz_support.h"

#include <unistd.h>

#include <memory>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "google/protobuf/io/tokenizer.h"
#include "google/protobuf/stubs/logging.h"
#include "google/protobuf/text_format.h"
#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/framework/tensor_shape.h"
#include "tensorflow/core/platform/env.h"
#include "tensorflow/core/public/session.h"
#include "tests/fuzz/op_case_maker.h"

namespace tensorflow {
namespace fuzzing {

void InitOnce() {
  static const bool done = [] {
    tensor_stats::SetLimit(int64_t{256} << 20);
    // Protobuf's parser logs every invalid UTF-8 string it meets; the fuzzers meet many.
    google::protobuf::SetLogHandler(nullptr);
    return true;
  }();
  (void)done;
}

const std::string& ScratchDir() {
  static const std::string* dir = [] {
    const char* tmp = std::getenv("TMPDIR");
    auto* path = new std::string(
        absl::StrCat(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp", "/minitf_fuzz_", getpid()));
    FUZZ_CHECK(Env::Default()->RecursivelyCreateDir(*path).ok());
    return path;
  }();
  return *dir;
}

namespace {
class SilentErrors : public google::protobuf::io::ErrorCollector {
 public:
  void AddError(int, google::protobuf::io::ColumnNumber, const std::string&) override {}
  void AddWarning(int, google::protobuf::io::ColumnNumber, const std::string&) override {}
};
}  // namespace

bool ParseBinaryOrText(const std::string& bytes, google::protobuf::Message* message) {
  if (message->ParseFromString(bytes)) return true;
  message->Clear();
  SilentErrors errors;
  google::protobuf::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  return parser.ParseFromString(bytes, message);
}

bool SmallFeed(DataType dtype, const TensorShapeProto& shape_proto, Tensor* feed) {
  if (!DataTypeIsSupported(dtype) || dtype == DT_RESOURCE || dtype == DT_VARIANT ||
      shape_proto.dim_size() > 8) {
    return false;
  }
  TensorShape shape;
  if (!shape_proto.unknown_rank()) {
    for (const auto& dim : shape_proto.dim()) {
      const int64_t size = dim.size() < 0 ? 1 : dim.size();
      if (size > 64 || !shape.AddDimWithStatus(size).ok()) return false;
    }
  }
  return shape.num_elements() <= 4096 && Tensor::BuildTensor(dtype, shape, feed).ok();
}

void CreateAndRun(const GraphDef& graph) {
  SessionOptions options;
  options.config.set_inter_op_parallelism_threads(1);
  options.config.set_operation_timeout_in_ms(2000);
  std::unique_ptr<Session> session(NewSession(options));
  if (!session->Create(graph).ok()) return;
  std::vector<std::pair<std::string, Tensor>> feeds;
  std::vector<std::string> targets;
  for (const NodeDef& node : graph.node()) {
    if (kOpsTouchingFiles.count(node.op()) != 0) return;
    Tensor feed;
    auto dtype = node.attr().find("dtype");
    auto shape = node.attr().find("shape");
    if ((node.op() == "Placeholder" || node.op() == "PlaceholderV2") &&
        dtype != node.attr().end() &&
        SmallFeed(dtype->second.type(),
                  shape != node.attr().end() ? shape->second.shape() : TensorShapeProto(), &feed)) {
      feeds.emplace_back(node.name(), std::move(feed));
    } else {
      targets.push_back(node.name());
    }
  }
  RunOptions run_options;
  run_options.set_timeout_in_ms(2000);
  std::vector<Tensor> outputs;
  // Any Status is fine; what must not happen is a crash, an abort or a sanitizer report.
  (void)session->Run(run_options, feeds, {}, targets, &outputs, nullptr);
  // A failed Run leaves the session usable: a second Run of the same request must still
  // end in a Status.
  (void)session->Run(run_options, feeds, {}, targets, &outputs, nullptr);
}

}  // namespace fuzzing
}  // namespace tensorflow
