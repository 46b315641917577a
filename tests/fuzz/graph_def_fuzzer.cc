// libFuzzer harness: GraphDef import, binary or text, then a Run of what imports.
// An input that parses as a binary GraphDef is taken as one; otherwise as text format (the
// text seeds start with "node {", which is no valid binary GraphDef). Every node is run as a
// target, Placeholders fed (tests/fuzz/fuzz_support.h).
#include <cstddef>
#include <cstdint>
#include <string>

#include "tensorflow/core/framework/graph.pb.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tensorflow::fuzzing::InitOnce();
  tensorflow::GraphDef graph;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  if (!tensorflow::fuzzing::ParseBinaryOrText(bytes, &graph)) return 0;
  tensorflow::fuzzing::CreateAndRun(graph);
  return 0;
}
