// Every op registered in libminitf is complete: a shape function, a summary, a generated C++
// wrapper (a CcHeader), a CPU kernel for every dtype its OpDef admits, a gradient or an explicit
// no-gradient registration, golden cases from TF (tests/golden/*.pb) and, where it has a real
// gradient, a gradient-checker case (GRADIENT_CHECK_TEST in gradient_check_test.cc). The
// exceptions are the commented lists below, each naming TF's reason. A new op that misses a
// piece fails EveryRegisteredOpIsComplete with the op and the piece named;
// AnIncompleteOpIsReported shows that on a deliberately incomplete op.
#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/framework/grad_op_registry.h"
#include "tensorflow/core/framework/op.h"
#include "tensorflow/core/framework/op_kernel.h"
#include "tensorflow/core/framework/types.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/golden_harness.h"
#include "tests/ops/op_coverage.h"

namespace tensorflow {
namespace {

// Ops whose C++ wrapper TF writes by hand (tensorflow/cc/ops/const_op.h).
const std::set<std::string> kHandWrittenWrapper = {"Const"};

// Ops TF generates no C++ wrapper for (its wheel has no tensorflow/cc/ops header declaring
// them): a C++ graph names them through NodeBuilder or an imported GraphDef.
const std::set<std::string> kNoWrapperInTf = {
    "StatelessRandomUniform",          "StatelessRandomNormal",
    "StatelessTruncatedNormal",        "StatelessRandomUniformInt",
    "StatelessRandomUniformFullInt",   "StatelessMultinomial",
    "StatelessRandomUniformV2",        "StatelessRandomNormalV2",
    "StatelessTruncatedNormalV2",      "StatelessRandomUniformIntV2",
    "StatelessRandomUniformFullIntV2", "StatelessRandomGetKeyCounter",
    "StatelessRandomGetKeyCounterAlg", "StatelessRandomGetAlg"};

// Dtypes minitf has no tensors for (TF's quantized, variant and resource types): an OpDef may
// admit them (numbertype includes the quantized ones), no minitf kernel can take them.
const std::set<DataType> kNoTensorType = {DT_QINT8,  DT_QUINT8,  DT_QINT16,  DT_QUINT16,
                                          DT_QINT32, DT_VARIANT, DT_RESOURCE};

// (op, attr, dtype) the OpDef admits but TF 2.21 registers no CPU kernel for either.
const std::set<std::tuple<std::string, std::string, DataType>> kNoKernelInTf = {
    // TF's CPU MatMul kernels: no unsigned types (the OpDef lists them for other devices).
    {"MatMul", "T", DT_UINT8},
    {"MatMul", "T", DT_UINT16},
    {"MatMul", "T", DT_UINT32},
    {"MatMul", "T", DT_UINT64},
    // Reciprocal's OpDef admits integers; TF's CPU kernels are floating and complex only.
    {"Reciprocal", "T", DT_INT8},
    {"Reciprocal", "T", DT_INT16},
    {"Reciprocal", "T", DT_INT32},
    {"Reciprocal", "T", DT_INT64},
    // Round: TF's CPU kernels take int32 and int64 but not int8, int16 or complex.
    {"Round", "T", DT_INT8},
    {"Round", "T", DT_INT16},
    {"Round", "T", DT_COMPLEX64},
    {"Round", "T", DT_COMPLEX128},
    // The optimizers: floating and complex CPU kernels only.
    {"ApplyGradientDescent", "T", DT_INT8},
    {"ApplyGradientDescent", "T", DT_INT16},
    {"ApplyGradientDescent", "T", DT_INT32},
    {"ApplyGradientDescent", "T", DT_INT64},
    {"ApplyGradientDescent", "T", DT_UINT8},
    {"ApplyGradientDescent", "T", DT_UINT16},
    {"ApplyGradientDescent", "T", DT_UINT32},
    {"ApplyGradientDescent", "T", DT_UINT64},
    {"ApplyMomentum", "T", DT_INT8},
    {"ApplyMomentum", "T", DT_INT16},
    {"ApplyMomentum", "T", DT_INT32},
    {"ApplyMomentum", "T", DT_INT64},
    {"ApplyMomentum", "T", DT_UINT8},
    {"ApplyMomentum", "T", DT_UINT16},
    {"ApplyMomentum", "T", DT_UINT32},
    {"ApplyMomentum", "T", DT_UINT64},
    {"ApplyAdam", "T", DT_INT8},
    {"ApplyAdam", "T", DT_INT16},
    {"ApplyAdam", "T", DT_INT32},
    {"ApplyAdam", "T", DT_INT64},
    {"ApplyAdam", "T", DT_UINT8},
    {"ApplyAdam", "T", DT_UINT16},
    {"ApplyAdam", "T", DT_UINT32},
    {"ApplyAdam", "T", DT_UINT64},
    {"ApplyRMSProp", "T", DT_INT8},
    {"ApplyRMSProp", "T", DT_INT16},
    {"ApplyRMSProp", "T", DT_INT32},
    {"ApplyRMSProp", "T", DT_INT64},
    {"ApplyRMSProp", "T", DT_UINT8},
    {"ApplyRMSProp", "T", DT_UINT16},
    {"ApplyRMSProp", "T", DT_UINT32},
    {"ApplyRMSProp", "T", DT_UINT64},
    {"ApplyAdagrad", "T", DT_INT8},
    {"ApplyAdagrad", "T", DT_INT16},
    {"ApplyAdagrad", "T", DT_INT32},
    {"ApplyAdagrad", "T", DT_INT64},
    {"ApplyAdagrad", "T", DT_UINT8},
    {"ApplyAdagrad", "T", DT_UINT16},
    {"ApplyAdagrad", "T", DT_UINT32},
    {"ApplyAdagrad", "T", DT_UINT64},
    {"ApplyAdadelta", "T", DT_INT8},
    {"ApplyAdadelta", "T", DT_INT16},
    {"ApplyAdadelta", "T", DT_INT32},
    {"ApplyAdadelta", "T", DT_INT64},
    {"ApplyAdadelta", "T", DT_UINT8},
    {"ApplyAdadelta", "T", DT_UINT16},
    {"ApplyAdadelta", "T", DT_UINT32},
    {"ApplyAdadelta", "T", DT_UINT64},
    // FloorDiv's OpDef admits complex types; TF has no CPU kernel for them.
    {"FloorDiv", "T", DT_COMPLEX64},
    {"FloorDiv", "T", DT_COMPLEX128},
    // Range: TF's CPU kernels are bfloat16, half, float, double, int32 and int64.
    {"Range", "Tidx", DT_INT8},
    {"Range", "Tidx", DT_INT16},
    {"Range", "Tidx", DT_UINT16},
    {"Range", "Tidx", DT_UINT32},
    {"Range", "Tidx", DT_UINT64},
    // BatchMatMulV2's OpDef lists unsigned types its CPU kernels lack; BatchMatMulV3's have no
    // half.
    {"BatchMatMulV2", "T", DT_UINT8},
    {"BatchMatMulV2", "T", DT_UINT16},
    {"BatchMatMulV2", "T", DT_UINT32},
    {"BatchMatMulV2", "T", DT_UINT64},
    {"BatchMatMulV3", "Ta", DT_HALF},
    {"BatchMatMulV3", "Tb", DT_HALF},
    {"BatchMatMulV3", "Tout", DT_HALF},
    // OneHot's CPU kernels take int32 and int64 indices only.
    {"OneHot", "TI", DT_UINT8},
    {"OneHot", "TI", DT_INT8},
    // ClipByValue's OpDef admits uint32 and uint64; TF registers no CPU kernel for them.
    {"ClipByValue", "T", DT_UINT32},
    {"ClipByValue", "T", DT_UINT64},
    // Mod's OpDef admits half and bfloat16; TF's CPU kernels are int32, int64, float, double.
    {"Mod", "T", DT_HALF},
    {"Mod", "T", DT_BFLOAT16},
    // ListDiff's CPU kernels: no bool and no complex types.
    {"ListDiff", "T", DT_BOOL},
    {"ListDiff", "T", DT_COMPLEX64},
    {"ListDiff", "T", DT_COMPLEX128},
    // ScatterNd's OpDef admits int16 indices; TF's CPU kernels take int32 and int64.
    {"ScatterNd", "Tindices", DT_INT16},
    // TensorScatterUpdate's OpDef admits int16 and uint16 indices: no CPU kernel in TF 2.21
    // (NotFound there too).
    {"TensorScatterUpdate", "Tindices", DT_INT16},
    {"TensorScatterUpdate", "Tindices", DT_UINT16},
    // The scatters' CPU kernels (TF's scatter_nd_op.cc): Add and Sub for the number types (and
    // bool for the variable forms), Min and Max for the real number types only.
    {"TensorScatterAdd", "T", DT_STRING},
    {"TensorScatterAdd", "T", DT_BOOL},
    {"TensorScatterSub", "T", DT_STRING},
    {"TensorScatterSub", "T", DT_BOOL},
    {"ResourceScatterNdAdd", "T", DT_STRING},
    {"ResourceScatterNdSub", "T", DT_STRING},
    {"ScatterNdMin", "T", DT_COMPLEX64},
    {"ScatterNdMin", "T", DT_COMPLEX128},
    {"ScatterNdMax", "T", DT_COMPLEX64},
    {"ScatterNdMax", "T", DT_COMPLEX128},
#define MINITF_NO_SCATTER_MIN_MAX(op) \
  {op, "T", DT_STRING}, {op, "T", DT_BOOL}, {op, "T", DT_COMPLEX64}, { op, "T", DT_COMPLEX128 }
    MINITF_NO_SCATTER_MIN_MAX("TensorScatterMin"),
    MINITF_NO_SCATTER_MIN_MAX("TensorScatterMax"),
    MINITF_NO_SCATTER_MIN_MAX("ResourceScatterNdMin"),
    MINITF_NO_SCATTER_MIN_MAX("ResourceScatterNdMax"),
#undef MINITF_NO_SCATTER_MIN_MAX
    // ResourceScatterMin/Max's OpDef admits the number types; TF's CPU kernels are the real ones.
    {"ResourceScatterMin", "dtype", DT_COMPLEX64},
    {"ResourceScatterMin", "dtype", DT_COMPLEX128},
    {"ResourceScatterMax", "dtype", DT_COMPLEX64},
    {"ResourceScatterMax", "dtype", DT_COMPLEX128},
    // Diag and DiagPart: TF's CPU kernels have no bfloat16.
    {"Diag", "T", DT_BFLOAT16},
    {"DiagPart", "T", DT_BFLOAT16},
    // The Matrix* diagonal ops: every number type and bool, no strings.
    {"MatrixDiag", "T", DT_STRING},
    {"MatrixDiagPart", "T", DT_STRING},
    {"MatrixBandPart", "T", DT_STRING},
    // MirrorPadGrad adds: no bool or string kernel.
    {"MirrorPadGrad", "T", DT_BOOL},
    {"MirrorPadGrad", "T", DT_STRING},
    // The space/batch ops: real number types only (no bool, complex or string).
    {"SpaceToBatch", "T", DT_BOOL},
    {"SpaceToBatch", "T", DT_COMPLEX64},
    {"SpaceToBatch", "T", DT_COMPLEX128},
    {"SpaceToBatch", "T", DT_STRING},
    {"SpaceToBatchND", "T", DT_BOOL},
    {"SpaceToBatchND", "T", DT_COMPLEX64},
    {"SpaceToBatchND", "T", DT_COMPLEX128},
    {"SpaceToBatchND", "T", DT_STRING},
    {"BatchToSpace", "T", DT_BOOL},
    {"BatchToSpace", "T", DT_COMPLEX64},
    {"BatchToSpace", "T", DT_COMPLEX128},
    {"BatchToSpace", "T", DT_STRING},
    {"BatchToSpaceND", "T", DT_BOOL},
    {"BatchToSpaceND", "T", DT_COMPLEX64},
    {"BatchToSpaceND", "T", DT_COMPLEX128},
    {"BatchToSpaceND", "T", DT_STRING},
    // RealDiv's OpDef admits integers; TF's CPU kernels are floating and complex only.
    {"RealDiv", "T", DT_UINT8},
    {"RealDiv", "T", DT_INT8},
    {"RealDiv", "T", DT_UINT16},
    {"RealDiv", "T", DT_INT16},
    {"RealDiv", "T", DT_INT32},
    {"RealDiv", "T", DT_INT64},
    {"RealDiv", "T", DT_UINT32},
    {"RealDiv", "T", DT_UINT64},
    // Unique: no complex kernels.
    {"Unique", "T", DT_COMPLEX64},
    {"Unique", "T", DT_COMPLEX128},
    // The 3-D pools: CPU kernels for float and bfloat16 only.
    {"MaxPool3D", "T", DT_HALF},
    {"AvgPool3D", "T", DT_HALF},
    {"AvgPool3D", "T", DT_DOUBLE},
    {"MaxPool3DGrad", "T", DT_HALF},
    {"MaxPool3DGrad", "TInput", DT_HALF},
    {"AvgPool3DGrad", "T", DT_HALF},
    {"AvgPool3DGrad", "T", DT_DOUBLE},
    // LRN, LRNGrad: CPU kernels for half and float only.
    {"LRN", "T", DT_BFLOAT16},
    {"LRNGrad", "T", DT_BFLOAT16},
    // Lgamma, Digamma: no bfloat16 CPU kernel; Erfinv, Ndtri: float and double only.
    {"Lgamma", "T", DT_BFLOAT16},
    {"Digamma", "T", DT_BFLOAT16},
    {"Erfinv", "T", DT_BFLOAT16},
    {"Erfinv", "T", DT_HALF},
    {"Ndtri", "T", DT_BFLOAT16},
    {"Ndtri", "T", DT_HALF},
    // AssignAdd/SubVariableOp's OpDefs admit any type; TF's CPU kernels take the numbers.
    {"AssignAddVariableOp", "dtype", DT_STRING},
    {"AssignAddVariableOp", "dtype", DT_BOOL},
    {"AssignSubVariableOp", "dtype", DT_STRING},
    {"AssignSubVariableOp", "dtype", DT_BOOL},
    // The ResourceApply* forms: the same kernels as the reference forms.
    {"ResourceApplyGradientDescent", "T", DT_INT8},
    {"ResourceApplyGradientDescent", "T", DT_INT16},
    {"ResourceApplyGradientDescent", "T", DT_INT32},
    {"ResourceApplyGradientDescent", "T", DT_INT64},
    {"ResourceApplyGradientDescent", "T", DT_UINT8},
    {"ResourceApplyGradientDescent", "T", DT_UINT16},
    {"ResourceApplyGradientDescent", "T", DT_UINT32},
    {"ResourceApplyGradientDescent", "T", DT_UINT64},
    {"ResourceApplyMomentum", "T", DT_INT8},
    {"ResourceApplyMomentum", "T", DT_INT16},
    {"ResourceApplyMomentum", "T", DT_INT32},
    {"ResourceApplyMomentum", "T", DT_INT64},
    {"ResourceApplyMomentum", "T", DT_UINT8},
    {"ResourceApplyMomentum", "T", DT_UINT16},
    {"ResourceApplyMomentum", "T", DT_UINT32},
    {"ResourceApplyMomentum", "T", DT_UINT64},
    {"ResourceApplyAdam", "T", DT_INT8},
    {"ResourceApplyAdam", "T", DT_INT16},
    {"ResourceApplyAdam", "T", DT_INT32},
    {"ResourceApplyAdam", "T", DT_INT64},
    {"ResourceApplyAdam", "T", DT_UINT8},
    {"ResourceApplyAdam", "T", DT_UINT16},
    {"ResourceApplyAdam", "T", DT_UINT32},
    {"ResourceApplyAdam", "T", DT_UINT64},
    {"ResourceApplyRMSProp", "T", DT_INT8},
    {"ResourceApplyRMSProp", "T", DT_INT16},
    {"ResourceApplyRMSProp", "T", DT_INT32},
    {"ResourceApplyRMSProp", "T", DT_INT64},
    {"ResourceApplyRMSProp", "T", DT_UINT8},
    {"ResourceApplyRMSProp", "T", DT_UINT16},
    {"ResourceApplyRMSProp", "T", DT_UINT32},
    {"ResourceApplyRMSProp", "T", DT_UINT64},
    {"ResourceApplyAdagrad", "T", DT_INT8},
    {"ResourceApplyAdagrad", "T", DT_INT16},
    {"ResourceApplyAdagrad", "T", DT_INT32},
    {"ResourceApplyAdagrad", "T", DT_INT64},
    {"ResourceApplyAdagrad", "T", DT_UINT8},
    {"ResourceApplyAdagrad", "T", DT_UINT16},
    {"ResourceApplyAdagrad", "T", DT_UINT32},
    {"ResourceApplyAdagrad", "T", DT_UINT64},
    {"ResourceApplyAdadelta", "T", DT_INT8},
    {"ResourceApplyAdadelta", "T", DT_INT16},
    {"ResourceApplyAdadelta", "T", DT_INT32},
    {"ResourceApplyAdadelta", "T", DT_INT64},
    {"ResourceApplyAdadelta", "T", DT_UINT8},
    {"ResourceApplyAdadelta", "T", DT_UINT16},
    {"ResourceApplyAdadelta", "T", DT_UINT32},
    {"ResourceApplyAdadelta", "T", DT_UINT64},
    // StatelessRandomUniformIntV2's OpDef admits unsigned types; TF's CPU kernels do not.
    {"StatelessRandomUniformIntV2", "dtype", DT_UINT32},
    {"StatelessRandomUniformIntV2", "dtype", DT_UINT64},
    // Multinomial's OpDef admits every real type; TF's CPU kernels take the floating ones.
    {"Multinomial", "T", DT_INT8},
    {"Multinomial", "T", DT_INT16},
    {"Multinomial", "T", DT_INT32},
    {"Multinomial", "T", DT_INT64},
    {"Multinomial", "T", DT_UINT8},
    {"Multinomial", "T", DT_UINT16},
    {"Multinomial", "T", DT_UINT32},
    {"Multinomial", "T", DT_UINT64},
    {"StatelessMultinomial", "T", DT_INT8},
    {"StatelessMultinomial", "T", DT_INT16},
    {"StatelessMultinomial", "T", DT_INT32},
    {"StatelessMultinomial", "T", DT_INT64},
    {"StatelessMultinomial", "T", DT_UINT8},
    {"StatelessMultinomial", "T", DT_UINT16},
    {"StatelessMultinomial", "T", DT_UINT32},
    {"StatelessMultinomial", "T", DT_UINT64},
};

// Ops that TF registers neither a gradient nor NotDifferentiable for: differentiating
// through them is TF's "No gradient defined" error, and so it is in minitf.
const std::set<std::string> kNoGradientInTf = {
    // The gradient ops of the seed families (TF's Python and C++ define none).
    "FakeQuantWithMinMaxArgsGradient", "FakeQuantWithMinMaxVarsGradient",
    "FakeQuantWithMinMaxVarsPerChannelGradient", "CropAndResizeGradImage", "CropAndResizeGradBoxes",
    // TF's C++ registry has no gradient for the gradient ops (only its Python has them): a C++
    // program gets TF's NotFound here too (tests/framework/gradients_test.cc).
    "SqrtGrad", "ReciprocalGrad", "RsqrtGrad", "TanhGrad", "SigmoidGrad",
    // Ceil and Round: TF's C++ registers nothing (only Floor is REGISTER_NO_GRADIENT_OP).
    "Ceil", "Round",
    // FloorDiv, FloorMod, Range: none in TF's C++ (its Python returns None for them).
    "FloorDiv", "FloorMod", "Range",
    // The nn gradient ops TF's C++ gives no gradient (it has LeakyReluGrad's only).
    "ReluGrad", "Relu6Grad", "EluGrad", "SeluGrad", "SoftplusGrad", "SoftsignGrad", "BiasAddGrad",
    // StridedSliceGrad: TF's C++ has none (its Python has one). Where and Bitcast: none in
    // either, and no NotDifferentiable either.
    "StridedSliceGrad", "Where", "Bitcast",
    // Mod, ListDiff and Cumprod: no gradient in TF's C++ (Cumprod's is Python only).
    "Mod", "ListDiff", "Cumprod",
    // IdentityN: its gradient is Python only.
    "IdentityN",
    // ComplexAbs, MatrixDiagPart: none in TF's C++ registry (their Python has one); Unique:
    // none in either.
    "ComplexAbs", "MatrixDiagPart", "Unique",
    // The segment reductions without a C++ gradient in TF (their Python has one).
    "SegmentProd", "SegmentMean", "SegmentMax", "SegmentMin", "UnsortedSegmentProd",
    // Digamma: TF's C++ has no gradient (its Python's uses Polygamma).
    "Digamma",
    // The resize ops' gradient ops: none in TF's C++ registry.
    "ResizeNearestNeighborGrad", "ResizeBilinearGrad", "ResizeBicubicGrad", "ScaleAndTranslateGrad",
    // The NMS forms TF's C++ registers no gradient for (V1-V5 are NotDifferentiable).
    "NonMaxSuppressionWithOverlaps", "CombinedNonMaxSuppression",
    // The windowed ops' gradient ops other than Conv2DBackpropInput: TF's C++ has none (its
    // Python has them); TF's NotFound here too.
    "Conv2DBackpropFilter", "MaxPoolGrad", "AvgPoolGrad", "MaxPoolGradV2", "FractionalMaxPoolGrad",
    "FractionalAvgPoolGrad", "LRNGrad", "MaxPool3DGrad", "AvgPool3DGrad",
    // Variables and their updates: nothing in TF's C++ gradient registry (gradients stop at a
    // variable, the xs of AddSymbolicGradients).
    "VariableV2", "Assign", "AssignAdd", "AssignSub", "IsVariableInitialized",
    "ApplyGradientDescent", "ApplyMomentum", "ApplyAdam", "ApplyRMSProp", "ApplyAdagrad",
    "ApplyAdadelta",
    // Resource variables and their updates: none in TF's C++ registry (ReadVariableOp has
    // one: the gradient reaches the handle through it).
    "VarHandleOp", "AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp",
    "VarIsInitializedOp", "VariableShape", "DestroyResourceOp", "ResourceApplyGradientDescent",
    "ResourceApplyMomentum", "ResourceApplyAdam", "ResourceApplyRMSProp", "ResourceApplyAdagrad",
    "ResourceApplyAdadelta",
    // The scatters into variables: none in TF's C++ registry (its Python marks ScatterNdUpdate,
    // ScatterNdAdd, ScatterNdSub and the Scatter* row forms NotDifferentiable and registers
    // nothing for the others).
    "ScatterNdUpdate", "ScatterNdAdd", "ScatterNdSub", "ScatterNdMin", "ScatterNdMax",
    "ResourceScatterNdUpdate", "ResourceScatterNdAdd", "ResourceScatterNdSub",
    "ResourceScatterNdMin", "ResourceScatterNdMax", "ScatterUpdate", "ScatterAdd", "ScatterSub",
    "ScatterMul", "ScatterDiv", "ScatterMin", "ScatterMax", "ResourceScatterUpdate",
    "ResourceScatterAdd", "ResourceScatterSub", "ResourceScatterMul", "ResourceScatterDiv",
    "ResourceScatterMin", "ResourceScatterMax",
    // The random ops: no gradient in TF's C++ registry (its Python marks them
    // NotDifferentiable).
    "RandomUniform", "RandomStandardNormal", "TruncatedNormal", "RandomUniformInt", "RandomShuffle",
    "Multinomial", "StatelessRandomUniform", "StatelessRandomNormal", "StatelessTruncatedNormal",
    "StatelessRandomUniformInt", "StatelessRandomUniformFullInt", "StatelessMultinomial",
    "StatelessRandomUniformV2", "StatelessRandomNormalV2", "StatelessTruncatedNormalV2",
    "StatelessRandomUniformIntV2", "StatelessRandomUniformFullIntV2",
    "StatelessRandomGetKeyCounter", "StatelessRandomGetKeyCounterAlg", "StatelessRandomGetAlg",
    // A graph input (no input to flow into) and the op without outputs.
    "Placeholder", "NoOp",
    // Checkpoint I/O: nothing in TF's C++ gradient registry (files, not differentiable
    // values).
    "SaveV2", "RestoreV2", "MergeV2Checkpoints",
    // Summaries: nothing in TF's C++ gradient registry (its Python marks them
    // NotDifferentiable).
    "ScalarSummary", "HistogramSummary", "MergeSummary",
    // TopKV2: TF's gradient is Python only (_TopKGrad); a C++ program gets NotFound.
    "TopKV2",
    // File I/O and the image codecs: nothing in TF's C++ gradient registry.
    "ReadFile", "WriteFile", "DecodePng", "DecodeJpeg", "DecodeGif", "DecodeBmp", "DecodeImage",
    "EncodePng", "EncodeJpeg"};

// Ops without golden cases, because they compute no numbers of their own; each is checked
// by the named test instead.
const std::set<std::string> kNoGoldenCase = {
    "Const",                   // const_op_test.cc: TF's const_op_test expectations
    "Placeholder",             // client_session_test.cc: feeds, dtype and shape errors
    "PlaceholderWithDefault",  // array_ops_test.cc
    "NoOp",                    // client_session_test.cc: targets
    "IdentityN",               // function_inliner_test.cc: an inlined call's outputs
    // Stateful: a single-op golden case cannot hold them; state_ops_test.cc checks them against
    // TF's numbers and texts across Runs.
    "VariableV2",
    "Assign",
    "AssignAdd",
    "AssignSub",
    "IsVariableInitialized",
    "ApplyGradientDescent",
    // Resource variables: resource_variable_ops_test.cc checks them against TF's texts and
    // numbers across Runs; the TF cross-check runs every ResourceApply* 100 steps in TF.
    "VarHandleOp",
    "ReadVariableOp",
    "AssignVariableOp",
    "AssignAddVariableOp",
    "AssignSubVariableOp",
    "VarIsInitializedOp",
    "VariableShape",
    "DestroyResourceOp",
    "ResourceApplyGradientDescent",
    "ResourceApplyMomentum",
    "ResourceApplyAdam",
    "ResourceApplyRMSProp",
    "ResourceApplyAdagrad",
    "ResourceApplyAdadelta",
    // scatter_ops_test.cc checks them against TF's values and texts across Runs (their reference
    // forms, the same kernels, have golden cases in scatter.pb).
    "ResourceScatterNdUpdate",
    "ResourceScatterNdAdd",
    "ResourceScatterNdSub",
    "ResourceScatterNdMin",
    "ResourceScatterNdMax",
    // scatter_rows_test.cc checks them against TF's values and texts (their reference forms,
    // the same kernels, have golden cases in scatter.pb).
    "ResourceScatterUpdate",
    "ResourceScatterAdd",
    "ResourceScatterSub",
    "ResourceScatterMul",
    "ResourceScatterDiv",
    "ResourceScatterMin",
    "ResourceScatterMax",
    // Checkpoint I/O works on files: checkpoint_test.cc checks it against TF-written
    // checkpoints (tests/golden/checkpoints) and TF's texts; the cross-check has TF read
    // minitf's.
    "SaveV2",
    "RestoreV2",
    "MergeV2Checkpoints",
    // Files: file_ops_test.cc reads and writes them with TF's texts; the detection example and
    // tests/tf_programs read image files through ReadFile.
    "ReadFile",
    "WriteFile",
};

// Ops with a real gradient that the gradient checker cannot check.
const std::set<std::string> kNotGradientChecked = {
    // Complex only: the checker has no complex instantiations; gradients_golden_test.cc and
    // math_golden_test.cc check its gradient by values against TF.
    "Conj",
    // Its input is a resource handle, which the checker cannot perturb;
    // resource_variable_ops_test.cc checks the gradient's value (the identity) instead.
    "ReadVariableOp",
};

// The dtypes minitf has tensors for: what an unconstrained `type` attr admits.
std::vector<DataType> AllTensorTypes() {
  std::vector<DataType> out;
  for (int t = DT_FLOAT; t <= DT_UINT64; ++t) {
    const DataType d = static_cast<DataType>(t);
    if (DataType_IsValid(t) && !kNoTensorType.count(d)) out.push_back(d);
  }
  return out;
}

struct Evidence {
  std::set<std::string> golden_ops;   // ops with a case in some golden file
  std::set<std::string> checked_ops;  // ops a gradient-checker test declares
};

// The ops named by the cases of every tests/golden/*.pb file.
std::set<std::string> GoldenOps() {
  std::set<std::string> ops;
  for (const auto& entry : std::filesystem::directory_iterator(MINITF_GOLDEN_DIR)) {
    if (entry.path().extension() != ".pb") continue;
    const GraphDef golden = golden::Load(entry.path().filename().string());
    for (const auto& node : golden.node()) ops.insert(node.op());
  }
  return ops;
}

// The dtypes an attr of type "type" admits.
std::vector<DataType> Admitted(const OpDef::AttrDef& attr) {
  if (!attr.has_allowed_values()) return AllTensorTypes();
  std::vector<DataType> out;
  for (int t : attr.allowed_values().list().type()) {
    if (!kNoTensorType.count(static_cast<DataType>(t))) out.push_back(static_cast<DataType>(t));
  }
  return out;
}

bool KernelAdmits(const KernelDef& kernel, const std::string& attr, DataType dtype) {
  for (const auto& [name, allowed] : kernel.constraints) {
    if (name == attr) return std::find(allowed.begin(), allowed.end(), dtype) != allowed.end();
  }
  return true;  // no constraint on this attr
}

// What op `name` lacks, one line per missing piece (empty when complete).
std::vector<std::string> MissingPieces(const std::string& name, const Evidence& evidence) {
  std::vector<std::string> missing;
  const OpRegistrationData* data;
  Status s = OpRegistry::Global()->LookUp(name, &data);
  if (!s.ok()) return {s.ToString()};
  const OpDef& def = data->op_def;
  if (!data->shape_inference_fn) missing.push_back("no shape function");
  if (def.summary().empty()) missing.push_back("no summary (.Summary)");
  if (data->cc_api.header.empty() && !kHandWrittenWrapper.count(name) &&
      !kNoWrapperInTf.count(name)) {
    missing.push_back("no C++ wrapper (.CcHeader: the tensorflow/cc/ops header TF declares it in)");
  }
  for (const auto& [arg, cc_name] : data->cc_api.renames) {
    bool found = FindAttr(arg, def) != nullptr;
    for (const auto& a : def.input_arg()) found |= a.name() == arg;
    for (const auto& a : def.output_arg()) found |= a.name() == arg;
    if (!found) missing.push_back(absl::StrCat(".CcRename names no arg or attr '", arg, "'"));
  }

  const std::vector<KernelDef> kernels = KernelDefsForOp(name);
  if (kernels.empty()) missing.push_back("no CPU kernel");
  for (const auto& attr : def.attr()) {
    if (attr.type() != "type" || kernels.empty()) continue;
    for (DataType dtype : Admitted(attr)) {
      if (kNoKernelInTf.count({name, attr.name(), dtype})) continue;
      bool found = false;
      for (const auto& k : kernels) found |= KernelAdmits(k, attr.name(), dtype);
      if (!found) {
        missing.push_back(
            absl::StrCat("no CPU kernel for ", attr.name(), "=", DataTypeString(dtype)));
      }
    }
  }

  ops::GradFunc grad = nullptr;
  const bool has_grad_entry = ops::GradOpRegistry::Global()->Lookup(name, &grad).ok();
  if (!has_grad_entry && !kNoGradientInTf.count(name)) {
    missing.push_back("no gradient (REGISTER_GRADIENT_OP) and no REGISTER_NO_GRADIENT_OP");
  }
  if (has_grad_entry && kNoGradientInTf.count(name)) {
    missing.push_back("has a gradient entry but is listed in kNoGradientInTf");
  }
  if (grad != nullptr && !evidence.checked_ops.count(name) && !kNotGradientChecked.count(name)) {
    missing.push_back("a real gradient but no GRADIENT_CHECK_TEST naming it");
  }
  if (!evidence.golden_ops.count(name) && !kNoGoldenCase.count(name)) {
    missing.push_back("no golden case from TF in tests/golden/*.pb");
  }
  return missing;
}

bool IsTestOp(const std::string& name) { return absl::StartsWith(name, "MinitfTest"); }

TEST(OpCompletenessTest, EveryRegisteredOpIsComplete) {
  const Evidence evidence{GoldenOps(), test_coverage::GradientCheckedOps()};
  int checked = 0;
  for (const auto& name : OpRegistry::Global()->ListOpNames()) {
    if (IsTestOp(name)) continue;
    ++checked;
    const auto missing = MissingPieces(name, evidence);
    EXPECT_TRUE(missing.empty()) << name << " is incomplete:\n  " << absl::StrJoin(missing, "\n  ");
  }
  EXPECT_GT(checked, 30);  // the library's ops are all here (not just a test binary's)
}

// The exception lists name only ops that exist, so none outlives its op.
TEST(OpCompletenessTest, ExceptionsNameRegisteredOps) {
  std::set<std::string> named(kHandWrittenWrapper.begin(), kHandWrittenWrapper.end());
  named.insert(kNoGradientInTf.begin(), kNoGradientInTf.end());
  named.insert(kNoGoldenCase.begin(), kNoGoldenCase.end());
  named.insert(kNotGradientChecked.begin(), kNotGradientChecked.end());
  for (const auto& e : kNoKernelInTf) named.insert(std::get<0>(e));
  for (const auto& name : test_coverage::GradientCheckedOps()) named.insert(name);
  const OpRegistrationData* data;
  for (const auto& name : named) {
    EXPECT_TRUE(OpRegistry::Global()->LookUp(name, &data).ok()) << name;
  }
}

// A deliberately incomplete op: a kernel for float only, no summary, no wrapper header, no
// gradient, no golden case.
REGISTER_OP("MinitfTestIncomplete")
    .Input("x: T")
    .Output("y: T")
    .Attr("T: {float, double}")
    .SetShapeFn(shape_inference::UnchangedShape);

class PassThroughOp : public OpKernel {
 public:
  explicit PassThroughOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override { ctx->set_output(0, ctx->input(0)); }
};
REGISTER_KERNEL_BUILDER(Name("MinitfTestIncomplete").Device(DEVICE_CPU).TypeConstraint<float>("T"),
                        PassThroughOp);

// Complete but for its gradient check: it has a real gradient no GRADIENT_CHECK_TEST names.
REGISTER_OP("MinitfTestUncheckedGradient")
    .Input("x: float")
    .Output("y: float")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("A test op.")
    .CcHeader("math_ops");
REGISTER_KERNEL_BUILDER(Name("MinitfTestUncheckedGradient").Device(DEVICE_CPU), PassThroughOp);
Status PassThroughGrad(const Scope& scope, const Operation&, const std::vector<Output>& grads,
                       std::vector<Output>* out) {
  out->push_back(grads[0]);
  return scope.status();
}
REGISTER_GRADIENT_OP("MinitfTestUncheckedGradient", PassThroughGrad);

TEST(OpCompletenessTest, AnIncompleteOpIsReported) {
  const Evidence evidence{{"MinitfTestUncheckedGradient"}, {}};
  EXPECT_EQ(MissingPieces("MinitfTestIncomplete", evidence),
            (std::vector<std::string>{
                "no summary (.Summary)",
                "no C++ wrapper (.CcHeader: the tensorflow/cc/ops header TF declares it in)",
                "no CPU kernel for T=double",
                "no gradient (REGISTER_GRADIENT_OP) and no REGISTER_NO_GRADIENT_OP",
                "no golden case from TF in tests/golden/*.pb"}));
  EXPECT_EQ(MissingPieces("MinitfTestUncheckedGradient", evidence),
            (std::vector<std::string>{"a real gradient but no GRADIENT_CHECK_TEST naming it"}));
  const Evidence checked{{"MinitfTestUncheckedGradient"}, {"MinitfTestUncheckedGradient"}};
  EXPECT_TRUE(MissingPieces("MinitfTestUncheckedGradient", checked).empty());
}

}  // namespace
}  // namespace tensorflow
