// TensorBundle: TensorFlow's V2 checkpoint format, bit-compatible with TF 2.21. A bundle at
// `prefix` is an index, `prefix.index` (a leveldb-format table: key "" holds a
// BundleHeaderProto, every other key a tensor name whose value is its BundleEntryProto), and
// data shards `prefix.data-0000i-of-0000n` holding the tensors' bytes (numbers raw
// little-endian; strings as varint64 lengths, a masked CRC32C of the lengths, the bytes).
//
//   BundleWriter writer(nullptr, "/tmp/ckpt/model");
//   TF_RETURN_IF_ERROR(writer.Add("w", w));              // any order; keys are sorted
//   TF_RETURN_IF_ERROR(writer.Finish());                 // files appear only now
//
//   BundleReader reader(nullptr, "/tmp/ckpt/model");
//   TF_RETURN_IF_ERROR(reader.status());
//   Tensor w;
//   TF_RETURN_IF_ERROR(reader.Lookup("w", &w));
//
// The reader treats both files as untrusted: every length, offset and checksum is checked
// against the bytes present before anything is allocated from it; corruption is DataLoss
// (TF's texts), a truncated data file OutOfRange, a missing key NotFound. Sliced tensors
// (entries with `slices`, written by partitioned savers) are not supported (Unimplemented).
//
// `Env*` arguments keep TF's signatures; minitf has no Env (files go through the C library),
// so pass nullptr. Neither class is thread-safe; use one per thread.
#ifndef MINITF_OPS_IO_TENSOR_BUNDLE_H_
#define MINITF_OPS_IO_TENSOR_BUNDLE_H_

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "framework/status.h"
#include "framework/tensor.h"
#include "framework/tensor_shape.h"
#include "framework/types.h"
#include "ops/io/naming.h"

namespace tensorflow {

class Env;               // TF's file-system environment: minitf has none (pass nullptr)
class BundleEntryProto;  // tensorflow/core/protobuf/tensor_bundle.pb.h

// The index key of the header entry: the empty string.
extern const char* const kHeaderEntryKey;

// Writes one bundle (one data shard). Add tensors under distinct keys, then Finish; the
// files are written under temporary names and renamed into place by Finish. The first
// error sticks: later calls return it.
class BundleWriter {
 public:
  BundleWriter(Env* env, absl::string_view prefix);
  explicit BundleWriter(absl::string_view prefix) : BundleWriter(nullptr, prefix) {}
  // Removes the temporary files when Finish was not reached.
  ~BundleWriter();
  BundleWriter(const BundleWriter&) = delete;
  BundleWriter& operator=(const BundleWriter&) = delete;

  // Appends `val`'s bytes to the data file under `key` (non-empty, not added before: TF's
  // InvalidArgument "Adding duplicate key: <key>"). Every dtype with a fixed size, and
  // DT_STRING; not DT_VARIANT or DT_RESOURCE.
  Status Add(absl::string_view key, const Tensor& val);
  // Writes the index and moves both files to their final names.
  Status Finish();
  Status status() const { return status_; }

 private:
  std::string prefix_;
  std::string data_path_, tmp_data_path_;
  std::FILE* out_ = nullptr;
  int64_t size_ = 0;                            // bytes written to the data file
  std::map<std::string, std::string> entries_;  // key -> serialized BundleEntryProto
  Status status_;
  bool finished_ = false;
};

// Merges the bundles at `prefixes` into one at `merged_prefix`: data files are renamed
// (shards renumbered in prefix order), the indexes combined, the old indexes deleted. A key
// in two bundles is TF's InvalidArgument "Duplicate tensor keyed by <key> encountered, when
// merging prefix: <prefix>". A missing bundle is skipped when `allow_missing_files`.
Status MergeBundles(Env* env, absl::Span<const tstring> prefixes, absl::string_view merged_prefix,
                    bool allow_missing_files = false);

// Reads a bundle. Opening reads and checks the whole index (status() says how that went);
// data shards are opened at the first lookup that needs them.
class BundleReader {
 public:
  BundleReader(Env* env, absl::string_view prefix);
  explicit BundleReader(absl::string_view prefix) : BundleReader(nullptr, prefix) {}
  ~BundleReader();
  BundleReader(const BundleReader&) = delete;
  BundleReader& operator=(const BundleReader&) = delete;

  Status status() const { return status_; }
  int num_shards() const { return num_shards_; }

  bool Contains(absl::string_view key);
  // The stored dtype and shape of `key` (NotFound "Key <key> not found in checkpoint").
  Status LookupDtypeAndShape(absl::string_view key, DataType* dtype, TensorShape* shape);
  Status LookupTensorShape(absl::string_view key, TensorShape* shape);
  // Reads the tensor stored under `key` into a new tensor `*val`, checking its checksum.
  Status Lookup(absl::string_view key, Tensor* val);
  Status GetBundleEntryProto(absl::string_view key, BundleEntryProto* entry);

  // Iteration over the index in key order (the header entry "" first), as TF's.
  void Seek(absl::string_view key);
  void Next() { ++pos_; }
  bool Valid() const { return status_.ok() && pos_ < entries_.size(); }
  absl::string_view key() const { return entries_[pos_].first; }
  absl::string_view value() const { return entries_[pos_].second; }

 private:
  Status ReadData(int32_t shard, int64_t offset, int64_t size, char* dst);
  Status ReadStringTensor(const BundleEntryProto& entry, const TensorShape& shape, Tensor* val);
  Status ChecksumError(const BundleEntryProto& entry, uint32_t actual) const;

  std::string prefix_;
  Status status_;
  int32_t num_shards_ = 0;
  std::vector<std::pair<std::string, std::string>> entries_;  // the index, in key order
  size_t pos_ = 0;
  struct Shard {
    std::FILE* file = nullptr;
    int64_t size = 0;
  };
  std::map<int32_t, Shard> shards_;  // opened on demand
};

}  // namespace tensorflow

#endif  // MINITF_OPS_IO_TENSOR_BUNDLE_H_
