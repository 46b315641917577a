// minitf: the SavedModel names TF keeps in tensorflow/cc/saved_model/constants.h,
// tag_constants.h and signature_constants.h (the last two are in TF's source tree only).
#ifndef MINITF_RUNTIME_SAVED_MODEL_CONSTANTS_H_
#define MINITF_RUNTIME_SAVED_MODEL_CONSTANTS_H_

namespace tensorflow {

// Files and folders of a SavedModel.
inline constexpr char kSavedModelAssetsDirectory[] = "assets";
inline constexpr char kSavedModelAssetsExtraDirectory[] = "assets.extra";
inline constexpr char kSavedModelAssetsKey[] = "saved_model_assets";
inline constexpr char kSavedModelLegacyInitOpKey[] = "legacy_init_op";
inline constexpr char kSavedModelMainOpKey[] = "saved_model_main_op";
inline constexpr char kSavedModelTrainOpKey[] = "saved_model_train_op";
inline constexpr int kSavedModelSchemaVersion = 1;
inline constexpr char kSavedModelFilenamePrefix[] = "saved_model";
inline constexpr char kSavedModelFilenamePb[] = "saved_model.pb";
inline constexpr char kSavedModelFilenameCpb[] = "saved_model.cpb";
inline constexpr char kSavedModelFilenamePbTxt[] = "saved_model.pbtxt";
inline constexpr char kSavedModelDebugDirectory[] = "debug";
inline constexpr char kSavedModelDebugInfoFilenamePb[] = "saved_model_debug_info.pb";
inline constexpr char kSavedModelVariablesDirectory[] = "variables";
inline constexpr char kSavedModelVariablesFilename[] = "variables";
inline constexpr char kSavedModelInitOpSignatureKey[] = "__saved_model_init_op";
inline constexpr char kSavedModelTrainOpSignatureKey[] = "__saved_model_train_op";
inline constexpr char kObjectGraphProtoKey[] = "_CHECKPOINTABLE_OBJECT_GRAPH";
inline constexpr char kFingerprintFilenamePb[] = "fingerprint.pb";

// Tag sets.
inline constexpr char kSavedModelTagServe[] = "serve";
inline constexpr char kSavedModelTagTrain[] = "train";
inline constexpr char kSavedModelTagGpu[] = "gpu";
inline constexpr char kSavedModelTagTpu[] = "tpu";

// Signature keys and method names.
inline constexpr char kDefaultServingSignatureDefKey[] = "serving_default";
inline constexpr char kClassifyInputs[] = "inputs";
inline constexpr char kClassifyMethodName[] = "tensorflow/serving/classify";
inline constexpr char kClassifyOutputClasses[] = "classes";
inline constexpr char kClassifyOutputScores[] = "scores";
inline constexpr char kPredictInputs[] = "inputs";
inline constexpr char kPredictMethodName[] = "tensorflow/serving/predict";
inline constexpr char kPredictOutputs[] = "outputs";
inline constexpr char kRegressInputs[] = "inputs";
inline constexpr char kRegressMethodName[] = "tensorflow/serving/regress";
inline constexpr char kRegressOutputs[] = "outputs";

}  // namespace tensorflow

#endif  // MINITF_RUNTIME_SAVED_MODEL_CONSTANTS_H_
