// libFuzzer harness: TF's V2 checkpoint reader (BundleReader, ops/io/tensor_bundle.h), whose
// files are untrusted input (a checkpoint downloaded with a model). The input is split in
// two — a little-endian uint16 length, then that many bytes of `.index` table, then the one
// `.data-00000-of-00001` shard — written to the scratch folder and read: every key's dtype
// and shape, then its value, then the same through a RestoreV2 node in a session.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/const_op.h"
#include "tensorflow/cc/ops/io_ops.h"
#include "tensorflow/core/platform/env.h"
#include "tensorflow/core/util/tensor_bundle/tensor_bundle.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tensorflow;  // NOLINT(build/namespaces): a harness's one function
  fuzzing::InitOnce();
  if (size < 2) return 0;
  const size_t index_size = std::min<size_t>(data[0] | (size_t{data[1]} << 8), size - 2);
  const std::string index(reinterpret_cast<const char*>(data) + 2, index_size);
  const std::string shard(reinterpret_cast<const char*>(data) + 2 + index_size,
                          size - 2 - index_size);
  const std::string prefix = absl::StrCat(fuzzing::ScratchDir(), "/ckpt");
  FUZZ_CHECK(WriteStringToFile(Env::Default(), prefix + ".index", index).ok());
  FUZZ_CHECK(WriteStringToFile(Env::Default(), prefix + ".data-00000-of-00001", shard).ok());
  BundleReader reader(Env::Default(), prefix);
  if (!reader.status().ok()) return 0;
  std::vector<std::string> keys;
  for (reader.Seek(""); reader.Valid(); reader.Next()) keys.emplace_back(reader.key());
  std::vector<std::string> restore_keys;
  DataTypeVector restore_dtypes;
  for (const std::string& key : keys) {
    DataType dtype;
    TensorShape shape;
    if (key.empty() || !reader.LookupDtypeAndShape(key, &dtype, &shape).ok()) continue;
    Tensor value;
    (void)reader.Lookup(key, &value);
    if (restore_keys.size() < 8) {
      restore_keys.push_back(key);
      restore_dtypes.push_back(dtype);
    }
  }
  if (restore_keys.empty()) return 0;
  const int64_t n = static_cast<int64_t>(restore_keys.size());
  Tensor names(DT_STRING, TensorShape({n}));
  Tensor slices(DT_STRING, TensorShape({n}));
  for (int64_t i = 0; i < n; ++i) names.flat<tstring>()(i) = restore_keys[i];
  Scope scope = Scope::NewRootScope();
  auto restore = ops::RestoreV2(scope, prefix, names, slices, restore_dtypes);
  if (!scope.ok()) return 0;
  ClientSession session(scope);
  std::vector<Tensor> out;
  (void)session.Run(restore.tensors, &out);
  return 0;
}
