#include "cli/model.h"

#include <map>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/env.h"
#include "framework/function_inliner.h"
#include "framework/graph_constructor.h"
#include "framework/op.h"
#include "framework/tensor_id.h"

namespace minitf {
namespace {

using tensorflow::GraphDef;
using tensorflow::SessionOptions;

SessionOptions MakeSessionOptions(const ModelOptions& options) {
  SessionOptions session_options;
  if (options.threads > 0) {
    session_options.config.set_intra_op_parallelism_threads(options.threads);
    session_options.config.set_inter_op_parallelism_threads(options.threads);
  }
  return session_options;
}

absl::StatusOr<std::unique_ptr<tensorflow::Graph>> MakeGraph(const GraphDef& graph_def) {
  auto graph = std::make_unique<tensorflow::Graph>(tensorflow::OpRegistry::Global());
  absl::Status s = tensorflow::ConvertGraphDefToGraph(tensorflow::GraphConstructorOptions(),
                                                      graph_def, graph.get());
  if (!s.ok()) return s;
  return graph;
}

std::string KeyList(const google::protobuf::Map<std::string, tensorflow::TensorInfo>& map) {
  std::set<std::string> keys;
  for (const auto& [key, info] : map) keys.insert(key);
  return absl::StrJoin(keys, ", ");
}

}  // namespace

absl::StatusOr<std::string> Model::ResolveFeed(const std::string& key) const {
  if (signature_ == nullptr) return key;
  auto it = signature_->inputs().find(key);
  if (it == signature_->inputs().end()) {
    return absl::NotFoundError(absl::StrCat("the signature has no input '", key,
                                            "'; its inputs are: ", KeyList(signature_->inputs())));
  }
  return it->second.name();
}

absl::StatusOr<std::vector<Endpoint>> Model::Fetches(const std::vector<std::string>& names) const {
  std::vector<Endpoint> fetches;
  if (signature_ != nullptr) {
    std::map<std::string, std::string> sorted;
    for (const auto& [key, info] : signature_->outputs()) sorted[key] = info.name();
    if (names.empty()) {
      for (const auto& [key, tensor] : sorted) fetches.push_back({key, tensor});
      return fetches;
    }
    for (const std::string& name : names) {
      auto it = sorted.find(name);
      if (it == sorted.end()) {
        return absl::NotFoundError(
            absl::StrCat("the signature has no output '", name,
                         "'; its outputs are: ", KeyList(signature_->outputs())));
      }
      fetches.push_back({name, it->second});
    }
    return fetches;
  }
  if (!names.empty()) {
    for (const std::string& name : names) fetches.push_back({name, name});
    return fetches;
  }
  // Every output of every node that nothing reads.
  for (const tensorflow::Node* node : graph_->op_nodes()) {
    std::vector<bool> read(static_cast<size_t>(node->num_outputs()), false);
    for (const tensorflow::Edge* e : node->out_edges()) {
      if (!e->IsControlEdge()) read[static_cast<size_t>(e->src_output())] = true;
    }
    for (int o = 0; o < node->num_outputs(); ++o) {
      if (read[static_cast<size_t>(o)] || tensorflow::IsRefType(node->output_type(o))) continue;
      const std::string tensor = absl::StrCat(node->name(), ":", o);
      fetches.push_back({o == 0 ? node->name() : tensor, tensor});
    }
  }
  return fetches;
}

absl::StatusOr<std::unique_ptr<Model>> LoadModel(const std::string& path,
                                                 const ModelOptions& options) {
  auto model = std::make_unique<Model>();
  if (tensorflow::MaybeSavedModelDirectory(path)) {
    model->saved_model_ = std::make_unique<tensorflow::SavedModelBundle>();
    std::unordered_set<std::string> tags(options.tags.begin(), options.tags.end());
    absl::Status s =
        tensorflow::LoadSavedModel(MakeSessionOptions(options), tensorflow::RunOptions(), path,
                                   tags, model->saved_model_.get());
    if (!s.ok()) return s;
    model->session_ = model->saved_model_->session.get();
    const auto& signatures = model->saved_model_->GetSignatures();
    auto it = signatures.find(options.signature);
    if (it == signatures.end()) {
      std::set<std::string> keys;
      for (const auto& [key, sig] : signatures) keys.insert(key);
      return absl::NotFoundError(
          absl::StrCat(path, " has no signature '", options.signature,
                       "'; its signatures are: ", absl::StrJoin(keys, ", ")));
    }
    model->signature_ = &it->second;
    // The graph the session runs: the signature's part, calls inlined.
    std::vector<std::string> roots;
    for (const auto& [key, info] : it->second.inputs()) roots.push_back(info.name());
    for (const auto& [key, info] : it->second.outputs()) roots.push_back(info.name());
    GraphDef graph_def = model->saved_model_->meta_graph_def.graph_def();
    s = tensorflow::InlineFunctionCalls(roots, &graph_def);
    if (!s.ok()) return s;
    absl::StatusOr<std::unique_ptr<tensorflow::Graph>> graph = MakeGraph(graph_def);
    if (!graph.ok()) return graph.status();
    model->graph_ = std::move(*graph);
    return model;
  }
  GraphDef graph_def;
  absl::Status s = tensorflow::ReadTextOrBinaryProto(tensorflow::Env::Default(), path, &graph_def);
  if (!s.ok()) return s;
  absl::StatusOr<std::unique_ptr<tensorflow::Graph>> graph = MakeGraph(graph_def);
  if (!graph.ok()) return graph.status();
  model->graph_ = std::move(*graph);
  tensorflow::Session* session = nullptr;
  s = tensorflow::NewSession(MakeSessionOptions(options), &session);
  if (!s.ok()) return s;
  model->own_session_.reset(session);
  s = session->Create(std::move(graph_def));
  if (!s.ok()) return s;
  model->session_ = session;
  return model;
}

}  // namespace minitf
