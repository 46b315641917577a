// minitf: what the `minitf` tool runs — a GraphDef file (binary .pb or text .pbtxt) or a
// SavedModel directory — behind one interface.
//
//   absl::StatusOr<std::unique_ptr<minitf::Model>> m =
//       minitf::LoadModel("/models/mlp", {.tags = {"serve"}, .signature = "serving_default"});
//   (*m)->session();                 // ready to Run
//   (*m)->ResolveFeed("x");          // "serving_default_x:0" (a signature key), or "x" as is
//   (*m)->DefaultFetches();          // the signature's outputs, or the graph's unread outputs
//
// For a SavedModel, feed and fetch keys are the signature's input and output keys; for a
// GraphDef they are tensor names ("node" or "node:i"). `graph()` is what the session runs
// (for a SavedModel: the MetaGraphDef's graph with its function calls inlined), with the
// shapes minitf infers, for `minitf show` and `minitf dot`.
#ifndef MINITF_CLI_MODEL_H_
#define MINITF_CLI_MODEL_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "framework/graph.h"
#include "runtime/saved_model_loader.h"
#include "runtime/session.h"

namespace minitf {

struct ModelOptions {
  std::vector<std::string> tags = {"serve"};  // SavedModel only
  std::string signature = "serving_default";  // SavedModel only
  int threads = 0;                            // 0: all cores
};

// A key the user names (signature key or tensor name) and the tensor it stands for.
struct Endpoint {
  std::string key;
  std::string tensor;
};

class Model {
 public:
  tensorflow::Session* session() const { return session_; }
  const tensorflow::Graph& graph() const { return *graph_; }
  bool is_saved_model() const { return saved_model_ != nullptr; }
  // The chosen signature (SavedModel only).
  const tensorflow::SignatureDef* signature() const { return signature_; }
  const tensorflow::MetaGraphDef* meta_graph() const {
    return saved_model_ ? &saved_model_->meta_graph_def : nullptr;
  }

  // The tensor an input key feeds; NotFound names the keys there are.
  absl::StatusOr<std::string> ResolveFeed(const std::string& key) const;
  // The outputs of the signature (sorted by key), or for a GraphDef: fetch names given, or
  // every output no node reads.
  absl::StatusOr<std::vector<Endpoint>> Fetches(const std::vector<std::string>& names) const;

 private:
  friend absl::StatusOr<std::unique_ptr<Model>> LoadModel(const std::string& path,
                                                          const ModelOptions& options);
  std::unique_ptr<tensorflow::SavedModelBundle> saved_model_;
  std::unique_ptr<tensorflow::Session> own_session_;
  tensorflow::Session* session_ = nullptr;
  const tensorflow::SignatureDef* signature_ = nullptr;
  std::unique_ptr<tensorflow::Graph> graph_;
};

absl::StatusOr<std::unique_ptr<Model>> LoadModel(const std::string& path,
                                                 const ModelOptions& options);

}  // namespace minitf

#endif  // MINITF_CLI_MODEL_H_
