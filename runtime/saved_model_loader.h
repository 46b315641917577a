// minitf: loading a SavedModel (TF's tensorflow/cc/saved_model/loader.h), the way TF C++
// serving code does.
//
//   SavedModelBundle bundle;
//   TF_CHECK_OK(LoadSavedModel(SessionOptions(), RunOptions(), "/models/mlp",
//                              {kSavedModelTagServe}, &bundle));
//   const SignatureDef& sig = bundle.GetSignatures().at(kDefaultServingSignatureDefKey);
//   std::vector<Tensor> outputs;
//   TF_CHECK_OK(bundle.session->Run({{sig.inputs().at("x").name(), x}},
//                                   {sig.outputs().at("y").name()}, {}, &outputs));
//
// Reads saved_model.pb (or saved_model.pbtxt), picks the MetaGraphDef saved with exactly
// `tags`, keeps the nodes the signatures, the saver's restore op and the init op need,
// inlines the function calls TF 2 graphs are made of (framework/function_inliner.h), creates a
// session on it, restores the variables from variables/variables (TensorBundle) by running
// the saver's restore op, and runs the init op. Every file is untrusted input: a missing or
// malformed file is an error naming it, never a crash.
#ifndef MINITF_RUNTIME_SAVED_MODEL_LOADER_H_
#define MINITF_RUNTIME_SAVED_MODEL_LOADER_H_

#include <memory>
#include <string>
#include <unordered_set>

#include "framework/status.h"
#include "runtime/session.h"
#include "tensorflow/core/protobuf/meta_graph.pb.h"

namespace tensorflow {

// What a loaded model offers, whichever bundle holds it.
class SavedModelBundleInterface {
 public:
  virtual ~SavedModelBundleInterface();
  virtual Session* GetSession() const = 0;
  virtual const google::protobuf::Map<std::string, SignatureDef>& GetSignatures() const = 0;
};

struct SavedModelBundle : public SavedModelBundleInterface {
  SavedModelBundle() = default;
  ~SavedModelBundle() override;

  Session* GetSession() const override { return session.get(); }
  const google::protobuf::Map<std::string, SignatureDef>& GetSignatures() const override {
    return meta_graph_def.signature_def();
  }

  std::unique_ptr<Session> session;
  // The MetaGraphDef as saved (before inlining).
  MetaGraphDef meta_graph_def;
};

Status LoadSavedModel(const SessionOptions& session_options, const RunOptions& run_options,
                      const std::string& export_dir, const std::unordered_set<std::string>& tags,
                      SavedModelBundle* bundle);

// Whether `export_dir` holds a saved_model.pb or saved_model.pbtxt.
bool MaybeSavedModelDirectory(const std::string& export_dir);

}  // namespace tensorflow

#endif  // MINITF_RUNTIME_SAVED_MODEL_LOADER_H_
