// Loads each SavedModel saved_models.py wrote (LoadSavedModel, serving_default signature),
// runs it on the input TF was given and writes every output as minitf_<key>.pb (TensorProto).
//   run_saved_model OUT/mlp OUT/conv ...
#include <iostream>
#include <string>
#include <vector>

#include "tensorflow/cc/saved_model/loader.h"
#include "tensorflow/cc/saved_model/signature_constants.h"
#include "tensorflow/cc/saved_model/tag_constants.h"
#include "tensorflow/core/framework/tensor.pb.h"
#include "tensorflow/core/platform/env.h"

using namespace tensorflow;  // NOLINT

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string dir = argv[i];
    SavedModelBundle bundle;
    Status s = LoadSavedModel(SessionOptions(), RunOptions(), dir, {kSavedModelTagServe}, &bundle);
    if (!s.ok()) {
      std::cerr << dir << ": " << s << "\n";
      return 1;
    }
    TensorProto input_proto;
    std::string input_name;
    TF_CHECK_OK(ReadBinaryProto(Env::Default(), dir + "/input.pb", &input_proto));
    TF_CHECK_OK(ReadFileToString(Env::Default(), dir + "/input_name.txt", &input_name));
    Tensor input;
    if (!input.FromProto(input_proto)) return 1;
    const SignatureDef& sig = bundle.GetSignatures().at(kDefaultServingSignatureDefKey);
    std::vector<std::string> keys, names;
    for (const auto& kv : sig.outputs()) {
      keys.push_back(kv.first);
      names.push_back(kv.second.name());
    }
    std::vector<Tensor> outputs;
    s = bundle.session->Run({{sig.inputs().at(input_name).name(), input}}, names, {}, &outputs);
    if (!s.ok()) {
      std::cerr << dir << ": " << s << "\n";
      return 1;
    }
    for (size_t k = 0; k < keys.size(); ++k) {
      TensorProto proto;
      outputs[k].AsProtoTensorContent(&proto);
      TF_CHECK_OK(WriteBinaryProto(Env::Default(), dir + "/minitf_" + keys[k] + ".pb", proto));
    }
    std::cout << dir << ": " << keys.size() << " outputs\n";
  }
  return 0;
}
