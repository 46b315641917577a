// The leveldb table format (an SSTable), as TensorFlow's tsl/lib/io/table writes it: the
// format of a checkpoint's .index file. The library's own: not installed.
//
// Layout: data blocks, an (empty) metaindex block, an index block, a 48-byte footer. A block
// is entries [varint32 shared][varint32 unshared][varint32 value_size][key delta][value]
// (keys prefix-compressed against the previous key, reset every `restart_interval` entries),
// then the restart offsets (fixed32 each) and their count (fixed32), then a 5-byte trailer:
// the compression type (0, none) and the masked CRC32C of contents and type. The index block
// maps a key >= every key of a data block (and < every key of the next) to that block's
// handle (varint64 offset, varint64 size). The footer holds the metaindex and index handles,
// zero-padded to 40 bytes, then the magic number 0xdb4775248b80fb57 (little-endian).
//
//   TableBuilder b;  b.Add("", header);  b.Add("a", entry);   // keys strictly increasing
//   std::string file = b.Finish();
//   std::vector<std::pair<std::string, std::string>> kv;
//   TF_RETURN_IF_ERROR(ParseTable(file, &kv));                // DataLoss on any corruption
#ifndef MINITF_OPS_IO_INTERNAL_TABLE_H_
#define MINITF_OPS_IO_INTERNAL_TABLE_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "framework/status.h"

namespace tensorflow {
namespace table {

constexpr uint64_t kTableMagicNumber = 0xdb4775248b80fb57ull;
constexpr size_t kFooterSize = 48;
constexpr size_t kBlockTrailerSize = 5;

// tsl::table::Options' defaults that matter to the bytes (TF's BundleWriter changes only the
// compression, to none).
struct Options {
  size_t block_size = 262144;
  int block_restart_interval = 16;
};

// Builds a table in memory. Keys must be added in strictly increasing bytewise order
// (a violation is reported by Finish as InvalidArgument, never written).
class TableBuilder {
 public:
  explicit TableBuilder(Options options = Options());
  void Add(absl::string_view key, absl::string_view value);
  // The whole file; the builder is spent afterwards.
  Status Finish(std::string* file);

 private:
  class BlockBuilder {
   public:
    explicit BlockBuilder(int restart_interval) : restart_interval_(restart_interval) {
      restarts_.push_back(0);
    }
    void Add(absl::string_view key, absl::string_view value);
    size_t SizeEstimate() const { return buffer_.size() + 4 * restarts_.size() + 4; }
    bool empty() const { return buffer_.empty(); }
    std::string Finish();  // contents without the trailer; resets the builder

   private:
    int restart_interval_;
    std::string buffer_;
    std::vector<uint32_t> restarts_;
    int counter_ = 0;
    std::string last_key_;
  };

  void FlushDataBlock();
  void WriteBlock(const std::string& contents, uint64_t* offset, uint64_t* size);

  Options options_;
  std::string file_;
  BlockBuilder data_block_;
  BlockBuilder index_block_;
  std::string last_key_;
  bool has_key_ = false;
  bool pending_index_entry_ = false;
  uint64_t pending_offset_ = 0, pending_size_ = 0;
  Status status_;
};

// Parses a whole table file, checking every length, handle and block checksum against the
// bytes at hand, into its (key, value) pairs in key order. Errors are DataLoss with leveldb's
// texts ("file is too short to be an sstable", "not an sstable (bad magic number)",
// "bad block handle", "truncated block read", "block checksum mismatch", "bad entry in block").
Status ParseTable(absl::string_view file, std::vector<std::pair<std::string, std::string>>* out);

// Varint and fixed-width helpers shared with the bundle code.
void PutVarint64(std::string* dst, uint64_t v);
// Reads a varint64 from the front of `*in`, advancing it; false when truncated or over-long.
bool GetVarint64(absl::string_view* in, uint64_t* v);
bool GetVarint32(absl::string_view* in, uint32_t* v);
void PutFixed32(std::string* dst, uint32_t v);
uint32_t DecodeFixed32(const char* p);

}  // namespace table
}  // namespace tensorflow

#endif  // MINITF_OPS_IO_INTERNAL_TABLE_H_
