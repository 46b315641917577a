// What minitf's libFuzzer harnesses (tests/fuzz/*_fuzzer.cc) share: a bounded environment
// (tensor memory limit, deadlines, no file-writing ops), a per-process scratch folder, and
// "run everything a GraphDef holds". A harness returns normally for every input; a crash, an
// abort, a sanitizer report or a broken invariant (FUZZ_CHECK) is a finding.
#ifndef MINITF_TESTS_FUZZ_FUZZ_SUPPORT_H_
#define MINITF_TESTS_FUZZ_FUZZ_SUPPORT_H_

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "google/protobuf/message.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/framework/tensor_shape.pb.h"

// Aborts with the condition's text when an invariant the harness checks does not hold.
#define FUZZ_CHECK(cond)                                                                 \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      std::fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (0)

namespace tensorflow {
namespace fuzzing {

// Once per process: caps live tensor memory at 256 MiB, so a graph or file asking for more
// gets ResourceExhausted instead of exhausting the fuzzer's RSS limit; silences protobuf's log.
void InitOnce();

// A folder of this process's own (created once, under $TMPDIR or /tmp).
const std::string& ScratchDir();

// A small tensor of `dtype` and `shape` (unknown sizes as 1, unknown rank as a scalar), or
// false when that is not a small tensor of a dtype minitf holds.
bool SmallFeed(DataType dtype, const TensorShapeProto& shape, Tensor* feed);

// Parses `bytes` as `message`, binary first, then text format (without printing the text
// parser's complaints). False when neither parses.
bool ParseBinaryOrText(const std::string& bytes, google::protobuf::Message* message);

// Creates a session over `graph` and, when that succeeds, runs every node as a target
// (Placeholders fed small tensors of their dtype and shape), with a deadline. Graphs holding
// an op that reads or writes files are imported but not run.
void CreateAndRun(const GraphDef& graph);

}  // namespace fuzzing
}  // namespace tensorflow

#endif  // MINITF_TESTS_FUZZ_FUZZ_SUPPORT_H_
