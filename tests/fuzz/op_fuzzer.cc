// libFuzzer harness: one op run on fuzzed attrs, shapes and values. The first input byte picks
// the op: below 224 one of the seed ops or the ops whose inputs index or size something
// (Gather, Slice, OneHot, Pad...), where TF's own CVEs were; otherwise any registered op. The
// remaining bytes are the choices tests/fuzz/op_case_maker.h makes (attrs, ranks, sizes,
// values), one byte each; a consumed input reads as zeros.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tensorflow/core/framework/op.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/op_case_maker.h"

namespace tensorflow {
namespace fuzzing {
namespace {

// The focus list, as registered (an op minitf lacks is left out).
const std::vector<const OpDef*>& FocusOps() {
  static const auto* ops = [] {
    static const char* kNames[] = {
        // The seed op families.
        "FakeQuantWithMinMaxArgs", "FakeQuantWithMinMaxArgsGradient", "FakeQuantWithMinMaxVars",
        "FakeQuantWithMinMaxVarsGradient", "FakeQuantWithMinMaxVarsPerChannel",
        "FakeQuantWithMinMaxVarsPerChannelGradient", "CropAndResize", "CropAndResizeGradBoxes",
        "CropAndResizeGradImage",
        // Index, size and shape inputs.
        "Gather", "GatherV2", "GatherNd", "Slice", "StridedSlice", "StridedSliceGrad", "OneHot",
        "ScatterNd", "ScatterNdNonAliasingAdd", "TensorScatterUpdate", "TensorScatterAdd",
        "TensorScatterSub", "TensorScatterMin", "TensorScatterMax", "Pad", "PadV2", "MirrorPad",
        "Tile", "Reshape", "Transpose", "ConcatV2", "Split", "SplitV", "Pack", "Unpack", "Range",
        "Fill", "ReverseV2", "BroadcastTo", "UnsortedSegmentSum", "SegmentSum", "DepthToSpace",
        "SpaceToDepth", "ResizeBilinear", "ResizeNearestNeighbor", "Sum", "Mean", "ArgMax",
        "Cumsum", "ExpandDims", "Squeeze", "Bitcast", "InvertPermutation", "TopKV2", "MaxPool",
        "AvgPool", "Conv2D", "MatMul", "BatchMatMulV2", "Cast",
        "SparseSoftmaxCrossEntropyWithLogits",
        // Values TF's own kernel mishandles (HistogramSummary wrote past its buckets on
        // +DBL_MAX), and serialized protos from a tensor.
        "HistogramSummary", "ScalarSummary", "MergeSummary"};
    auto* found = new std::vector<const OpDef*>;
    for (const char* name : kNames) {
      const OpDef* op_def = nullptr;
      if (OpRegistry::Global()->LookUpOpDef(name, &op_def).ok()) found->push_back(op_def);
    }
    return found;
  }();
  return *ops;
}

const std::vector<const OpDef*>& AllOps() {
  static const auto* ops = [] {
    std::vector<std::string> names = OpRegistry::Global()->ListOpNames();
    std::sort(names.begin(), names.end());
    auto* found = new std::vector<const OpDef*>;
    for (const std::string& name : names) {
      const OpDef* op_def = nullptr;
      if (kOpsTouchingFiles.count(name) == 0 &&
          OpRegistry::Global()->LookUpOpDef(name, &op_def).ok()) {
        found->push_back(op_def);
      }
    }
    return found;
  }();
  return *ops;
}

}  // namespace
}  // namespace fuzzing
}  // namespace tensorflow

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tensorflow;  // NOLINT(build/namespaces): a harness's one function
  fuzzing::InitOnce();
  if (size < 2) return 0;
  const auto& ops = data[0] < 224 ? fuzzing::FocusOps() : fuzzing::AllOps();
  const OpDef& op_def = *ops[data[1] % ops.size()];
  size_t pos = 2;
  fuzzing::OpCaseMaker maker([&]() -> uint64_t { return pos < size ? data[pos++] : 0; });
  GraphDef graph;
  std::vector<std::pair<std::string, Tensor>> feeds;
  int num_outputs = 0;
  if (!maker.Make(op_def, &graph, &feeds, &num_outputs)) return 0;
  bool ran = false;
  (void)fuzzing::RunOpCase(graph, feeds, num_outputs, &ran);
  return 0;
}
