// libFuzzer harness: tensors from untrusted bytes, and Input::Initializer literals.
// The input is a TensorProto (the form Const nodes, checkpoints' small values and feeds over
// the wire take); what Tensor::FromProto accepts must survive a round trip through
// AsProtoTensorContent and through a Const node run in a ClientSession, bit for bit. Then the
// same bytes drive nested Input::Initializer lists of mixed element types and ragged shapes:
// each either builds a tensor or carries an error Status, and building a Const from it either
// works or leaves the scope's status an error.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/const_op.h"
#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/framework/tensor.pb.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/tensor_bits.h"

namespace tensorflow {
namespace fuzzing {
namespace {

using test::SameBits;

// Tensors past this many elements are left out: filling hundreds of millions of elements from
// one repeated value is correct but takes seconds under ASan, which reads as a fuzzer timeout.
constexpr int64_t kMaxElements = int64_t{1} << 22;

bool ClaimsFewElements(const TensorProto& proto) {
  int64_t n = 1;
  for (const auto& dim : proto.tensor_shape().dim()) {
    if (dim.size() <= 0) return true;  // empty (or invalid, which FromProto rejects)
    if (dim.size() > kMaxElements / n) return false;
    n *= dim.size();
  }
  return true;
}

void CheckProtoRoundTrip(const std::string& bytes) {
  TensorProto proto;
  if (!proto.ParseFromString(bytes)) return;
  if (!ClaimsFewElements(proto)) return;
  Tensor t;
  if (!t.FromProto(proto)) return;
  (void)t.SummarizeValue(16);
  (void)t.DebugString();
  TensorProto content;
  t.AsProtoTensorContent(&content);
  Tensor back;
  FUZZ_CHECK(back.FromProto(content));
  if (t.dtype() == DT_RESOURCE || t.dtype() == DT_VARIANT) return;
  FUZZ_CHECK(SameBits(t, back));
  // Through a Const node and a session.
  Scope scope = Scope::NewRootScope();
  auto c = ops::Const(scope, Input::Initializer(t));
  if (!scope.ok()) return;
  ClientSession session(scope);
  std::vector<Tensor> out;
  if (!session.Run({c}, &out).ok()) return;  // e.g. a dtype no kernel copies
  FUZZ_CHECK(out.size() == 1 && SameBits(t, out[0]));
}

// A scalar literal of a type the bytes choose.
Input::Initializer Scalar(FuzzedDataProvider* in) {
  switch (in->ConsumeIntegralInRange(0, 5)) {
    case 0:
      return Input::Initializer(in->ConsumeIntegral<int>());
    case 1:
      return Input::Initializer(in->ConsumeFloatingPoint<float>());
    case 2:
      return Input::Initializer(in->ConsumeFloatingPoint<double>());
    case 3:
      return Input::Initializer(in->ConsumeBool());
    case 4:
      return Input::Initializer(in->ConsumeIntegral<int64_t>());
    default:
      return Input::Initializer(in->ConsumeRandomLengthString(8));
  }
}

// A literal of depth <= 2 with up to three items per level: ragged and mixed ones included.
Input::Initializer Literal(FuzzedDataProvider* in, int depth) {
  const int kind = depth >= 2 ? 0 : in->ConsumeIntegralInRange(0, 4);
  if (kind == 0) return Scalar(in);
  if (kind == 1) {
    // A scalar repeated over a small shape.
    const int rows = in->ConsumeIntegralInRange(0, 4);
    const int cols = in->ConsumeIntegralInRange(0, 4);
    return Input::Initializer(in->ConsumeFloatingPoint<float>(), TensorShape({rows, cols}));
  }
  if (kind == 2) {
    // Values laid out in a shape that may not hold them.
    const int rows = in->ConsumeIntegralInRange(0, 3);
    const int cols = in->ConsumeIntegralInRange(0, 3);
    return Input::Initializer({1, 2, 3, 4}, TensorShape({rows, cols}));
  }
  switch (in->ConsumeIntegralInRange(0, 3)) {
    case 0:
      return Input::Initializer({});
    case 1:
      return Input::Initializer({Literal(in, depth + 1)});
    case 2:
      return Input::Initializer({Literal(in, depth + 1), Literal(in, depth + 1)});
    default:
      return Input::Initializer(
          {Literal(in, depth + 1), Literal(in, depth + 1), Literal(in, depth + 1)});
  }
}

void CheckInitializers(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  Input::Initializer init = Literal(&in, 0);
  if (init.status.ok()) {
    TensorProto proto = init.AsTensorProto();
    Tensor back;
    FUZZ_CHECK(back.FromProto(proto));
    FUZZ_CHECK(SameBits(init.tensor, back));
  }
  Scope scope = Scope::NewRootScope();
  auto c = ops::Const(scope, init);
  FUZZ_CHECK(scope.ok() == init.status.ok());
}

}  // namespace
}  // namespace fuzzing
}  // namespace tensorflow

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tensorflow::fuzzing::InitOnce();
  tensorflow::fuzzing::CheckProtoRoundTrip(std::string(reinterpret_cast<const char*>(data), size));
  tensorflow::fuzzing::CheckInitializers(data, size);
  return 0;
}
