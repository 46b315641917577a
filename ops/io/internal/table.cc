// The table writer and a reader that trusts nothing in the file: every varint, length and
// block handle is checked against the bytes actually present before it is used.
#include "ops/io/internal/table.h"

#include <algorithm>

#include "framework/errors.h"
#include "framework/internal/crc32c.h"

namespace tensorflow {
namespace table {

void PutVarint64(std::string* dst, uint64_t v) {
  while (v >= 0x80) {
    dst->push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  dst->push_back(static_cast<char>(v));
}

bool GetVarint64(absl::string_view* in, uint64_t* v) {
  uint64_t result = 0;
  for (int shift = 0, i = 0; shift <= 63 && i < static_cast<int>(in->size()); shift += 7, ++i) {
    const uint64_t byte = static_cast<unsigned char>((*in)[i]);
    if (shift == 63 && byte > 1) return false;  // more than 64 bits
    result |= (byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) {
      in->remove_prefix(i + 1);
      *v = result;
      return true;
    }
  }
  return false;
}

bool GetVarint32(absl::string_view* in, uint32_t* v) {
  absl::string_view copy = *in;
  uint64_t wide;
  if (!GetVarint64(&copy, &wide) || wide > 0xffffffffull || in->size() - copy.size() > 5) {
    return false;
  }
  *in = copy;
  *v = static_cast<uint32_t>(wide);
  return true;
}

void PutFixed32(std::string* dst, uint32_t v) {
  for (int i = 0; i < 4; ++i) dst->push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

uint32_t DecodeFixed32(const char* p) {
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  return uint32_t{u[0]} | uint32_t{u[1]} << 8 | uint32_t{u[2]} << 16 | uint32_t{u[3]} << 24;
}

namespace {

// leveldb's BytewiseComparator shortening: a short key k with start <= k < limit.
void ShortestSeparator(std::string* start, absl::string_view limit) {
  const size_t min_len = std::min(start->size(), limit.size());
  size_t diff = 0;
  while (diff < min_len && (*start)[diff] == limit[diff]) ++diff;
  if (diff >= min_len) return;  // one is a prefix of the other
  const auto byte = static_cast<unsigned char>((*start)[diff]);
  if (byte < 0xff && byte + 1 < static_cast<unsigned char>(limit[diff])) {
    (*start)[diff] = static_cast<char>(byte + 1);
    start->resize(diff + 1);
  }
}

// A short key >= `key`.
void ShortSuccessor(std::string* key) {
  for (size_t i = 0; i < key->size(); ++i) {
    const auto byte = static_cast<unsigned char>((*key)[i]);
    if (byte != 0xff) {
      (*key)[i] = static_cast<char>(byte + 1);
      key->resize(i + 1);
      return;
    }
  }
}

void EncodeHandle(std::string* dst, uint64_t offset, uint64_t size) {
  PutVarint64(dst, offset);
  PutVarint64(dst, size);
}

}  // namespace

void TableBuilder::BlockBuilder::Add(absl::string_view key, absl::string_view value) {
  size_t shared = 0;
  if (counter_ < restart_interval_) {
    const size_t min_len = std::min(last_key_.size(), key.size());
    while (shared < min_len && last_key_[shared] == key[shared]) ++shared;
  } else {
    restarts_.push_back(static_cast<uint32_t>(buffer_.size()));
    counter_ = 0;
  }
  PutVarint64(&buffer_, shared);
  PutVarint64(&buffer_, key.size() - shared);
  PutVarint64(&buffer_, value.size());
  buffer_.append(key.data() + shared, key.size() - shared);
  buffer_.append(value.data(), value.size());
  last_key_.assign(key.data(), key.size());
  ++counter_;
}

std::string TableBuilder::BlockBuilder::Finish() {
  std::string out = std::move(buffer_);
  for (uint32_t r : restarts_) PutFixed32(&out, r);
  PutFixed32(&out, static_cast<uint32_t>(restarts_.size()));
  buffer_.clear();
  restarts_.assign(1, 0);
  counter_ = 0;
  last_key_.clear();
  return out;
}

TableBuilder::TableBuilder(Options options)
    : options_(options), data_block_(options.block_restart_interval), index_block_(1) {}

void TableBuilder::Add(absl::string_view key, absl::string_view value) {
  if (!status_.ok()) return;
  if (has_key_ && key <= absl::string_view(last_key_)) {
    status_ =
        errors::InvalidArgument("table keys out of order: '", key, "' after '", last_key_, "'");
    return;
  }
  if (pending_index_entry_) {
    ShortestSeparator(&last_key_, key);
    std::string handle;
    EncodeHandle(&handle, pending_offset_, pending_size_);
    index_block_.Add(last_key_, handle);
    pending_index_entry_ = false;
  }
  last_key_.assign(key.data(), key.size());
  has_key_ = true;
  data_block_.Add(key, value);
  if (data_block_.SizeEstimate() >= options_.block_size) FlushDataBlock();
}

void TableBuilder::WriteBlock(const std::string& contents, uint64_t* offset, uint64_t* size) {
  *offset = file_.size();
  *size = contents.size();
  file_ += contents;
  const char type = 0;  // no compression
  uint32_t crc = crc32c::Value(contents.data(), contents.size());
  crc = crc32c::Extend(crc, &type, 1);
  file_.push_back(type);
  PutFixed32(&file_, crc32c::Mask(crc));
}

void TableBuilder::FlushDataBlock() {
  if (data_block_.empty()) return;
  WriteBlock(data_block_.Finish(), &pending_offset_, &pending_size_);
  pending_index_entry_ = true;
}

Status TableBuilder::Finish(std::string* file) {
  if (!status_.ok()) return status_;
  FlushDataBlock();
  uint64_t meta_offset, meta_size, index_offset, index_size;
  BlockBuilder meta(options_.block_restart_interval);
  WriteBlock(meta.Finish(), &meta_offset, &meta_size);
  if (pending_index_entry_) {
    ShortSuccessor(&last_key_);
    std::string handle;
    EncodeHandle(&handle, pending_offset_, pending_size_);
    index_block_.Add(last_key_, handle);
    pending_index_entry_ = false;
  }
  WriteBlock(index_block_.Finish(), &index_offset, &index_size);
  std::string footer;
  EncodeHandle(&footer, meta_offset, meta_size);
  EncodeHandle(&footer, index_offset, index_size);
  footer.resize(kFooterSize - 8, '\0');
  PutFixed32(&footer, static_cast<uint32_t>(kTableMagicNumber & 0xffffffffu));
  PutFixed32(&footer, static_cast<uint32_t>(kTableMagicNumber >> 32));
  file_ += footer;
  *file = std::move(file_);
  file_.clear();
  return OkStatus();
}

namespace {

Status DecodeHandle(absl::string_view* in, uint64_t* offset, uint64_t* size) {
  if (!GetVarint64(in, offset) || !GetVarint64(in, size)) {
    return errors::DataLoss("bad block handle");
  }
  return OkStatus();
}

// The contents of the block at (offset, size), its trailer checked.
Status ReadBlock(absl::string_view file, uint64_t offset, uint64_t size,
                 absl::string_view* contents) {
  // Compared without adding, so that no sum can wrap.
  if (offset > file.size() || size > file.size() - offset ||
      kBlockTrailerSize > file.size() - offset - size) {
    return errors::DataLoss("truncated block read");
  }
  const char* p = file.data() + offset;
  const uint32_t stored = crc32c::Unmask(DecodeFixed32(p + size + 1));
  if (crc32c::Value(p, size + 1) != stored) return errors::DataLoss("block checksum mismatch");
  if (p[size] != 0) {
    // Snappy (1) and the rest: TF's BundleWriter never compresses its index.
    return errors::DataLoss("bad block type");
  }
  *contents = absl::string_view(p, size);
  return OkStatus();
}

// Appends the entries of one block to `out`.
Status ParseBlock(absl::string_view block, std::vector<std::pair<std::string, std::string>>* out) {
  if (block.size() < 4) return errors::DataLoss("bad block contents");
  const uint32_t num_restarts = DecodeFixed32(block.data() + block.size() - 4);
  const size_t max_restarts = (block.size() - 4) / 4;
  if (num_restarts > max_restarts) return errors::DataLoss("bad block contents");
  absl::string_view entries = block.substr(0, block.size() - 4 - 4 * size_t{num_restarts});
  std::string key;
  while (!entries.empty()) {
    uint32_t shared, unshared, value_size;
    if (!GetVarint32(&entries, &shared) || !GetVarint32(&entries, &unshared) ||
        !GetVarint32(&entries, &value_size) || shared > key.size() || unshared > entries.size() ||
        value_size > entries.size() - unshared) {
      return errors::DataLoss("bad entry in block");
    }
    key.resize(shared);
    key.append(entries.data(), unshared);
    entries.remove_prefix(unshared);
    out->emplace_back(key, std::string(entries.substr(0, value_size)));
    entries.remove_prefix(value_size);
  }
  return OkStatus();
}

}  // namespace

Status ParseTable(absl::string_view file, std::vector<std::pair<std::string, std::string>>* out) {
  out->clear();
  if (file.size() < kFooterSize) return errors::DataLoss("file is too short to be an sstable");
  const char* footer = file.data() + file.size() - kFooterSize;
  const uint64_t magic = uint64_t{DecodeFixed32(footer + kFooterSize - 8)} |
                         uint64_t{DecodeFixed32(footer + kFooterSize - 4)} << 32;
  if (magic != kTableMagicNumber) return errors::DataLoss("not an sstable (bad magic number)");
  absl::string_view handles(footer, kFooterSize - 8);
  uint64_t meta_offset, meta_size, index_offset, index_size;
  TF_RETURN_IF_ERROR(DecodeHandle(&handles, &meta_offset, &meta_size));
  TF_RETURN_IF_ERROR(DecodeHandle(&handles, &index_offset, &index_size));
  // The metaindex block (empty in TF's bundles) is checked too, though nothing in it is used:
  // a corrupt byte anywhere outside the footer's padding is an error.
  absl::string_view meta;
  TF_RETURN_IF_ERROR(ReadBlock(file, meta_offset, meta_size, &meta));
  std::vector<std::pair<std::string, std::string>> meta_entries;
  TF_RETURN_IF_ERROR(ParseBlock(meta, &meta_entries));
  absl::string_view index;
  TF_RETURN_IF_ERROR(ReadBlock(file, index_offset, index_size, &index));
  std::vector<std::pair<std::string, std::string>> index_entries;
  TF_RETURN_IF_ERROR(ParseBlock(index, &index_entries));
  for (const auto& [separator, handle_bytes] : index_entries) {
    absl::string_view handle = handle_bytes;
    uint64_t offset, size;
    TF_RETURN_IF_ERROR(DecodeHandle(&handle, &offset, &size));
    absl::string_view block;
    TF_RETURN_IF_ERROR(ReadBlock(file, offset, size, &block));
    const size_t first = out->size();
    TF_RETURN_IF_ERROR(ParseBlock(block, out));
    // Keys strictly increasing, and none beyond the block's separator.
    for (size_t i = first; i < out->size(); ++i) {
      if ((i > 0 && (*out)[i].first <= (*out)[i - 1].first) || (*out)[i].first > separator) {
        return errors::DataLoss("bad entry in block");
      }
    }
  }
  return OkStatus();
}

}  // namespace table
}  // namespace tensorflow
