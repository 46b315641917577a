#include "runtime/saved_model_loader.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/env.h"
#include "framework/errors.h"
#include "framework/function_inliner.h"
#include "framework/path.h"
#include "runtime/saved_model_constants.h"
#include "tensorflow/core/protobuf/saved_model.pb.h"

namespace tensorflow {

SavedModelBundleInterface::~SavedModelBundleInterface() = default;

SavedModelBundle::~SavedModelBundle() {
  if (session) session->Close().IgnoreError();
}

namespace {

Status ReadSavedModel(const std::string& export_dir, SavedModel* saved_model) {
  Env* env = Env::Default();
  const std::string pb = io::JoinPath(export_dir, kSavedModelFilenamePb);
  if (env->FileExists(pb).ok()) return ReadBinaryProto(env, pb, saved_model);
  const std::string pbtxt = io::JoinPath(export_dir, kSavedModelFilenamePbTxt);
  if (env->FileExists(pbtxt).ok()) return ReadTextProto(env, pbtxt, saved_model);
  return errors::NotFound(
      "Could not find SavedModel .pb or .pbtxt at supplied export directory "
      "path: ",
      export_dir,
      ". Check that the directory exists and that you have the right "
      "permissions for accessing it.");
}

std::string TagsString(const std::vector<std::string>& tags) {
  return absl::StrCat("{ ", absl::StrJoin(tags, " "), " }");
}

Status FindMetaGraph(const SavedModel& saved_model, const std::unordered_set<std::string>& tags,
                     MetaGraphDef* meta_graph) {
  std::vector<std::string> available;
  for (const MetaGraphDef& m : saved_model.meta_graphs()) {
    const auto& saved = m.meta_info_def().tags();
    std::unordered_set<std::string> set(saved.begin(), saved.end());
    if (set == tags) {
      *meta_graph = m;
      return OkStatus();
    }
    std::vector<std::string> sorted(saved.begin(), saved.end());
    std::sort(sorted.begin(), sorted.end());
    available.push_back(TagsString(sorted));
  }
  std::vector<std::string> wanted(tags.begin(), tags.end());
  std::sort(wanted.begin(), wanted.end());
  return errors::NotFound(
      "Could not find meta graph def matching supplied tags: ", TagsString(wanted),
      ". Available tag sets: [", absl::StrJoin(available, ", "),
      "]. To inspect available tag-sets in the SavedModel, please use the "
      "SavedModel CLI: `saved_model_cli`");
}

// The init op: the __saved_model_init_op signature's, else a main op or legacy init op
// collection's.
std::string InitOpName(const MetaGraphDef& meta_graph) {
  auto sig = meta_graph.signature_def().find(kSavedModelInitOpSignatureKey);
  if (sig != meta_graph.signature_def().end()) {
    auto out = sig->second.outputs().find(kSavedModelInitOpSignatureKey);
    if (out != sig->second.outputs().end()) return out->second.name();
  }
  for (const char* key : {kSavedModelMainOpKey, kSavedModelLegacyInitOpKey}) {
    auto c = meta_graph.collection_def().find(key);
    if (c != meta_graph.collection_def().end() && c->second.node_list().value_size() == 1) {
      return c->second.node_list().value(0);
    }
  }
  return "";
}

// The nodes loading and serving need: signature tensors, the saver's, the init op.
std::vector<std::string> Roots(const MetaGraphDef& meta_graph, const std::string& init_op) {
  std::vector<std::string> roots;
  for (const auto& kv : meta_graph.signature_def()) {
    for (const auto* map : {&kv.second.inputs(), &kv.second.outputs()}) {
      for (const auto& t : *map) {
        if (!t.second.name().empty()) roots.push_back(t.second.name());
      }
    }
  }
  const SaverDef& saver = meta_graph.saver_def();
  for (const std::string& name : {saver.filename_tensor_name(), saver.restore_op_name(), init_op}) {
    if (!name.empty()) roots.push_back(name);
  }
  for (const AssetFileDef& asset : meta_graph.asset_file_def()) {
    roots.push_back(asset.tensor_info().name());
  }
  return roots;
}

}  // namespace

bool MaybeSavedModelDirectory(const std::string& export_dir) {
  Env* env = Env::Default();
  return env->FileExists(io::JoinPath(export_dir, kSavedModelFilenamePb)).ok() ||
         env->FileExists(io::JoinPath(export_dir, kSavedModelFilenamePbTxt)).ok();
}

Status LoadSavedModel(const SessionOptions& session_options, const RunOptions& run_options,
                      const std::string& export_dir, const std::unordered_set<std::string>& tags,
                      SavedModelBundle* bundle) {
  SavedModel saved_model;
  TF_RETURN_IF_ERROR(ReadSavedModel(export_dir, &saved_model));
  MetaGraphDef meta_graph;
  TF_RETURN_IF_ERROR(FindMetaGraph(saved_model, tags, &meta_graph));
  const std::string init_op = InitOpName(meta_graph);
  GraphDef graph = meta_graph.graph_def();
  TF_RETURN_IF_ERROR(InlineFunctionCalls(Roots(meta_graph, init_op), &graph));

  std::unique_ptr<Session> session;
  {
    Session* raw = nullptr;
    TF_RETURN_IF_ERROR(NewSession(session_options, &raw));
    session.reset(raw);
  }
  TF_RETURN_IF_ERROR(session->Create(graph));

  // Variables: the saver's restore op, fed the checkpoint prefix.
  const SaverDef& saver = meta_graph.saver_def();
  const std::string prefix =
      io::JoinPath(export_dir, kSavedModelVariablesDirectory, kSavedModelVariablesFilename);
  if (!saver.restore_op_name().empty() && Env::Default()->FileExists(prefix + ".index").ok()) {
    TF_RETURN_IF_ERROR(session->Run(run_options,
                                    {{saver.filename_tensor_name(), Tensor(tstring(prefix))}}, {},
                                    {saver.restore_op_name()}, nullptr, nullptr));
  }
  if (!init_op.empty()) {
    TF_RETURN_IF_ERROR(session->Run(run_options, {}, {}, {init_op}, nullptr, nullptr));
  }
  bundle->session = std::move(session);
  bundle->meta_graph_def = std::move(meta_graph);
  return OkStatus();
}

}  // namespace tensorflow
