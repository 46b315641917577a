// The bundle writer, reader and merge. Why the reader is written the way it is: an index or
// data file may come from anywhere, so a number read from a file is compared with the bytes
// actually present (the file's size, the shape's byte size) before it sizes an allocation or
// a read; checksums are verified before a tensor is handed out.
#include "ops/io/tensor_bundle.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <limits>

#include "absl/strings/str_cat.h"
#include "framework/errors.h"
#include "framework/internal/bool_bytes.h"
#include "framework/internal/crc32c.h"
#include "framework/random.h"
#include "ops/io/internal/table.h"
#include "tensorflow/core/protobuf/tensor_bundle.pb.h"

namespace tensorflow {

const char* const kHeaderEntryKey = "";

namespace {

constexpr int32_t kTensorBundleVersion = 1;  // TF's kTensorBundleVersion (producer)

std::string Dirname(absl::string_view path) {
  const size_t slash = path.rfind('/');
  if (slash == absl::string_view::npos) return ".";
  if (slash == 0) return "/";
  return std::string(path.substr(0, slash));
}

bool FileExists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

Status IoError(const std::string& path, int err) {
  const std::string text = absl::StrCat(path, "; ", std::strerror(err));
  if (err == ENOENT) return errors::NotFound(text);
  if (err == EACCES || err == EPERM) return errors::PermissionDenied(text);
  return errors::Unknown(text);
}

Status ReadWholeFile(const std::string& path, std::string* contents) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return IoError(path, errno);
  contents->clear();
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0) contents->append(buf, n);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return errors::DataLoss("Unable to read file (", path, ")");
  return OkStatus();
}

// Writes `contents` to a temporary file beside `path`, then renames it to `path`.
Status WriteFileAtomically(const std::string& path, const std::string& contents) {
  const std::string tmp = absl::StrCat(path, ".tempstate", random::New64());
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (f == nullptr) return IoError(Dirname(path), errno);
  const bool written = std::fwrite(contents.data(), 1, contents.size(), f) == contents.size();
  const bool closed = std::fclose(f) == 0;
  if (!written || !closed) {
    std::remove(tmp.c_str());
    return errors::Unknown("Failed to write ", tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    std::remove(tmp.c_str());
    return IoError(path, err);
  }
  return OkStatus();
}

// Dtypes whose tensors are stored as raw bytes.
bool IsFixedSize(DataType dtype) {
  return dtype != DT_STRING && DataTypeCanUseMemcpy(dtype) && DataTypeSize(dtype) > 0;
}

std::string IndexTable(const BundleHeaderProto& header,
                       const std::map<std::string, std::string>& entries, Status* status) {
  table::TableBuilder builder;
  builder.Add(kHeaderEntryKey, header.SerializeAsString());
  for (const auto& [key, value] : entries) builder.Add(key, value);
  std::string file;
  *status = builder.Finish(&file);
  return file;
}

BundleHeaderProto MakeHeader(int32_t num_shards) {
  BundleHeaderProto header;
  header.set_num_shards(num_shards);
  header.set_endianness(BundleHeaderProto::LITTLE);
  header.mutable_version()->set_producer(kTensorBundleVersion);
  return header;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// BundleWriter

BundleWriter::BundleWriter(Env* /*env*/, absl::string_view prefix)
    : prefix_(prefix), data_path_(DataFilename(prefix, 0, 1)) {
  tmp_data_path_ = absl::StrCat(data_path_, ".tempstate", random::New64());
  out_ = std::fopen(tmp_data_path_.c_str(), "wb");
  if (out_ == nullptr) status_ = IoError(Dirname(prefix_), errno);
}

BundleWriter::~BundleWriter() {
  if (out_ != nullptr) {
    std::fclose(out_);
    std::remove(tmp_data_path_.c_str());
  }
}

Status BundleWriter::Add(absl::string_view key, const Tensor& val) {
  if (!status_.ok()) return status_;
  if (finished_) return errors::FailedPrecondition("BundleWriter::Add after Finish");
  if (key.empty()) return errors::InvalidArgument("The empty key is the bundle's header entry");
  const std::string name(key);
  if (entries_.count(name)) {
    status_ = errors::InvalidArgument("Adding duplicate key: ", key);
    return status_;
  }
  const DataType dtype = val.dtype();
  if (dtype != DT_STRING && !IsFixedSize(dtype)) {
    return errors::Unimplemented("Saving tensors of type ", DataTypeString(dtype),
                                 " is not supported (key ", key, ")");
  }
  BundleEntryProto entry;
  entry.set_dtype(dtype);
  val.shape().AsProto(entry.mutable_shape());
  entry.set_shard_id(0);
  entry.set_offset(size_);

  std::string bytes;
  uint32_t crc = 0;
  if (dtype == DT_STRING) {
    // [varint64 length]... [masked CRC32C of the lengths, fixed32] [bytes]...; the lengths'
    // CRC covers each length as 4 little-endian bytes (its low 32 bits), as TF's does.
    const auto strings = val.flat<tstring>();
    for (int64_t i = 0; i < strings.size(); ++i) {
      const uint64_t length = strings(i).size();
      table::PutVarint64(&bytes, length);
      std::string low;
      table::PutFixed32(&low, static_cast<uint32_t>(length));
      crc = crc32c::Extend(crc, low.data(), low.size());
    }
    std::string masked;
    table::PutFixed32(&masked, crc32c::Mask(crc));
    bytes += masked;
    crc = crc32c::Extend(crc, masked.data(), masked.size());
    for (int64_t i = 0; i < strings.size(); ++i) {
      bytes += strings(i);
      crc = crc32c::Extend(crc, strings(i).data(), strings(i).size());
    }
  } else {
    const absl::string_view data = val.tensor_data();
    bytes.assign(data.data(), data.size());
    crc = crc32c::Value(bytes.data(), bytes.size());
  }
  if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), out_) != bytes.size()) {
    status_ = errors::Unknown("Failed to write ", tmp_data_path_);
    return status_;
  }
  entry.set_size(static_cast<int64_t>(bytes.size()));
  entry.set_crc32c(crc32c::Mask(crc));
  size_ += static_cast<int64_t>(bytes.size());
  entries_[name] = entry.SerializeAsString();
  return OkStatus();
}

Status BundleWriter::Finish() {
  if (finished_) return errors::FailedPrecondition("BundleWriter::Finish called twice");
  if (out_ != nullptr) {
    const bool closed = std::fclose(out_) == 0;
    out_ = nullptr;
    if (!closed && status_.ok()) status_ = errors::Unknown("Failed to write ", tmp_data_path_);
    if (!status_.ok()) {
      std::remove(tmp_data_path_.c_str());
      return status_;
    }
    if (std::rename(tmp_data_path_.c_str(), data_path_.c_str()) != 0) {
      status_ = IoError(data_path_, errno);
      std::remove(tmp_data_path_.c_str());
      return status_;
    }
  }
  if (!status_.ok()) return status_;
  Status s;
  const std::string index = IndexTable(MakeHeader(1), entries_, &s);
  if (s.ok()) s = WriteFileAtomically(MetaFilename(prefix_), index);
  status_ = s;
  finished_ = true;
  return s;
}

// ---------------------------------------------------------------------------------------------
// BundleReader

BundleReader::BundleReader(Env* /*env*/, absl::string_view prefix) : prefix_(prefix) {
  const std::string index_path = MetaFilename(prefix);
  std::string file;
  status_ = ReadWholeFile(index_path, &file);
  if (!status_.ok()) return;
  const std::string context =
      absl::StrCat("Unable to read file (", index_path,
                   "). Perhaps the file is corrupt or was produced by a newer version of "
                   "TensorFlow with format changes ");
  status_ = table::ParseTable(file, &entries_);
  if (!status_.ok()) {
    // The footer's own errors stand alone in TF; later ones name the file.
    const absl::string_view m = status_.message();
    if (m != "file is too short to be an sstable" && m != "not an sstable (bad magic number)") {
      status_ = errors::DataLoss(context, "(failed to seek to header entry): ", m);
    }
    entries_.clear();
    return;
  }
  BundleHeaderProto header;
  if (entries_.empty() || entries_[0].first != kHeaderEntryKey) {
    status_ = errors::DataLoss(context, "(failed to seek to header entry): no header entry");
  } else if (!header.ParseFromString(entries_[0].second)) {
    status_ = errors::DataLoss(context, "(failed to parse header entry)");
  } else if (header.num_shards() <= 0) {
    status_ =
        errors::DataLoss(context, "(invalid header entry): num_shards = ", header.num_shards());
  } else if (header.endianness() != BundleHeaderProto::LITTLE) {
    status_ = errors::Unimplemented("Reading a big-endian checkpoint is not supported: ", prefix);
  } else if (header.version().min_consumer() > kTensorBundleVersion) {
    status_ =
        errors::InvalidArgument("Checkpoint min consumer version ", header.version().min_consumer(),
                                " above current version ", kTensorBundleVersion, " for TensorFlow");
  } else {
    for (int32_t bad : header.version().bad_consumers()) {
      if (bad == kTensorBundleVersion) {
        status_ = errors::InvalidArgument("TensorFlow version ", kTensorBundleVersion,
                                          " is blacklisted by checkpoint");
      }
    }
  }
  if (!status_.ok()) {
    entries_.clear();
    return;
  }
  num_shards_ = header.num_shards();
}

BundleReader::~BundleReader() {
  for (auto& [id, shard] : shards_) {
    if (shard.file != nullptr) std::fclose(shard.file);
  }
}

void BundleReader::Seek(absl::string_view key) {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                             [](const std::pair<std::string, std::string>& e, absl::string_view k) {
                               return e.first < k;
                             });
  pos_ = static_cast<size_t>(it - entries_.begin());
}

bool BundleReader::Contains(absl::string_view key) {
  if (!status_.ok() || key.empty()) return false;
  Seek(key);
  return Valid() && this->key() == key;
}

Status BundleReader::GetBundleEntryProto(absl::string_view key, BundleEntryProto* entry) {
  TF_RETURN_IF_ERROR(status_);
  if (!Contains(key)) return errors::NotFound("Key ", key, " not found in checkpoint");
  if (!entry->ParseFromString(entries_[pos_].second)) {
    return errors::DataLoss("Unable to parse the BundleEntryProto of key ", key, " in ", prefix_);
  }
  return OkStatus();
}

namespace {

// The entry's dtype and shape, both checked.
Status EntryDtypeAndShape(absl::string_view key, const BundleEntryProto& entry, DataType* dtype,
                          TensorShape* shape) {
  const DataType dt = entry.dtype();
  if (dt != DT_STRING && !IsFixedSize(dt)) {
    return errors::DataLoss("Checkpoint entry of key ", key, " has unsupported dtype ",
                            DataTypeString(dt));
  }
  Status s = TensorShape::BuildTensorShape(entry.shape(), shape);
  if (!s.ok()) {
    return errors::DataLoss("Checkpoint entry of key ", key,
                            " has an invalid shape: ", s.message());
  }
  *dtype = dt;
  return OkStatus();
}

}  // namespace

Status BundleReader::LookupDtypeAndShape(absl::string_view key, DataType* dtype,
                                         TensorShape* shape) {
  BundleEntryProto entry;
  TF_RETURN_IF_ERROR(GetBundleEntryProto(key, &entry));
  return EntryDtypeAndShape(key, entry, dtype, shape);
}

Status BundleReader::LookupTensorShape(absl::string_view key, TensorShape* shape) {
  DataType dtype;
  return LookupDtypeAndShape(key, &dtype, shape);
}

Status BundleReader::ReadData(int32_t shard_id, int64_t offset, int64_t size, char* dst) {
  if (shard_id < 0 || shard_id >= num_shards_) {
    return errors::DataLoss("Checkpoint entry names shard ", shard_id, " of ", num_shards_, " in ",
                            prefix_);
  }
  Shard& shard = shards_[shard_id];
  if (shard.file == nullptr) {
    const std::string path = DataFilename(prefix_, shard_id, num_shards_);
    shard.file = std::fopen(path.c_str(), "rb");
    if (shard.file == nullptr) {
      const int err = errno;
      shards_.erase(shard_id);
      return IoError(path, err);
    }
    struct stat st;
    if (::fstat(fileno(shard.file), &st) != 0) return IoError(path, errno);
    shard.size = st.st_size;
  }
  if (offset < 0 || size < 0) {
    return errors::DataLoss("Checkpoint entry has offset ", offset, " and size ", size);
  }
  if (offset > shard.size || size > shard.size - offset) {
    return errors::OutOfRange("Read less bytes than requested");
  }
  if (size == 0) return OkStatus();
  if (::fseeko(shard.file, offset, SEEK_SET) != 0 ||
      std::fread(dst, 1, static_cast<size_t>(size), shard.file) != static_cast<size_t>(size)) {
    return errors::OutOfRange("Read less bytes than requested");
  }
  return OkStatus();
}

Status BundleReader::ChecksumError(const BundleEntryProto& entry, uint32_t actual) const {
  return errors::DataLoss("TensorBundle at ", prefix_, " shard ", entry.shard_id(), " (",
                          entry.size(), " bytes): Checksum does not match: stored ",
                          crc32c::Unmask(entry.crc32c()), " vs. calculated on the restored bytes ",
                          actual);
}

Status BundleReader::ReadStringTensor(const BundleEntryProto& entry, const TensorShape& shape,
                                      Tensor* val) {
  const int64_t n = shape.num_elements();
  // Each element costs at least one byte of length, plus the 4-byte length checksum: a
  // size below that cannot be right, and a size is never trusted beyond the file.
  if (entry.size() < 4 || n > entry.size() - 4) {
    return errors::DataLoss("Invalid size in bundle entry: stored size ", entry.size(), " for ", n,
                            " strings");
  }
  // The buffer is sized from entry.size() only once the shard is open and the size is known
  // to fit in it (the 0-byte read opens the shard and checks the shard id and offset).
  TF_RETURN_IF_ERROR(ReadData(entry.shard_id(), entry.offset(), 0, nullptr));
  const int64_t file_size = shards_[entry.shard_id()].size;
  if (entry.offset() < 0 || entry.offset() > file_size ||
      entry.size() > file_size - entry.offset()) {
    return errors::OutOfRange("Read less bytes than requested");
  }
  std::string bytes(static_cast<size_t>(entry.size()), '\0');
  TF_RETURN_IF_ERROR(ReadData(entry.shard_id(), entry.offset(), entry.size(), bytes.data()));

  absl::string_view in = bytes;
  std::vector<uint64_t> lengths(static_cast<size_t>(n));
  uint32_t crc = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (!table::GetVarint64(&in, &lengths[i])) {
      return errors::DataLoss("Corrupt string lengths in checkpoint entry at offset ",
                              entry.offset(), " of ", prefix_);
    }
    std::string low;
    table::PutFixed32(&low, static_cast<uint32_t>(lengths[i]));
    crc = crc32c::Extend(crc, low.data(), low.size());
  }
  if (in.size() < 4) {
    return errors::DataLoss("Corrupt string lengths in checkpoint entry at offset ", entry.offset(),
                            " of ", prefix_);
  }
  const uint32_t stored = table::DecodeFixed32(in.data());
  if (crc32c::Unmask(stored) != crc) {
    return errors::DataLoss("The length checksum does not match: expected ", crc32c::Unmask(stored),
                            " but actual is ", crc);
  }
  crc = crc32c::Extend(crc, in.data(), 4);
  in.remove_prefix(4);
  uint64_t remaining = in.size();
  for (uint64_t length : lengths) {
    if (length > remaining) {
      return errors::DataLoss("String lengths exceed the checkpoint entry's size at offset ",
                              entry.offset(), " of ", prefix_);
    }
    remaining -= length;
  }
  if (remaining != 0) {
    return errors::DataLoss(
        "String lengths do not add up to the checkpoint entry's size at "
        "offset ",
        entry.offset(), " of ", prefix_);
  }
  crc = crc32c::Extend(crc, in.data(), in.size());
  if (crc != crc32c::Unmask(entry.crc32c())) return ChecksumError(entry, crc);

  Tensor out;
  TF_RETURN_IF_ERROR(Tensor::BuildTensor(DT_STRING, shape, &out));
  auto flat = out.flat<tstring>();
  for (int64_t i = 0; i < n; ++i) {
    flat(i).assign(in.data(), lengths[i]);
    in.remove_prefix(lengths[i]);
  }
  *val = std::move(out);
  return OkStatus();
}

Status BundleReader::Lookup(absl::string_view key, Tensor* val) {
  BundleEntryProto entry;
  TF_RETURN_IF_ERROR(GetBundleEntryProto(key, &entry));
  DataType dtype;
  TensorShape shape;
  TF_RETURN_IF_ERROR(EntryDtypeAndShape(key, entry, &dtype, &shape));
  if (entry.slices_size() > 0) {
    return errors::Unimplemented("Key ", key,
                                 " holds a sliced tensor; minitf reads whole tensors only");
  }
  if (dtype == DT_STRING) return ReadStringTensor(entry, shape, val);

  const int64_t element_size = DataTypeSize(dtype);
  const int64_t n = shape.num_elements();
  if (n > std::numeric_limits<int64_t>::max() / element_size) {
    return errors::DataLoss("Checkpoint entry of key ", key, " is too large");
  }
  const int64_t expected = n * element_size;
  if (entry.size() != expected) {
    return errors::DataLoss("Invalid size in bundle entry: key ", key, "; stored size ",
                            entry.size(), "; expected size ", expected);
  }
  // The size matches the shape; now check it against the file before allocating.
  TF_RETURN_IF_ERROR(ReadData(entry.shard_id(), entry.offset(), 0, nullptr));
  const int64_t file_size = shards_[entry.shard_id()].size;
  if (entry.offset() < 0 || entry.offset() > file_size || expected > file_size - entry.offset()) {
    return errors::OutOfRange("Read less bytes than requested");
  }
  Tensor out;
  TF_RETURN_IF_ERROR(Tensor::BuildTensor(dtype, shape, &out));
  char* dst = expected > 0 ? static_cast<char*>(out.data()) : nullptr;
  TF_RETURN_IF_ERROR(ReadData(entry.shard_id(), entry.offset(), expected, dst));
  const uint32_t crc = crc32c::Value(dst, static_cast<size_t>(expected));
  if (crc != crc32c::Unmask(entry.crc32c())) return ChecksumError(entry, crc);
  if (dtype == DT_BOOL) internal::NormalizeBoolBytes(dst, n);
  *val = std::move(out);
  return OkStatus();
}

// ---------------------------------------------------------------------------------------------
// MergeBundles

Status MergeBundles(Env* /*env*/, absl::Span<const tstring> prefixes,
                    absl::string_view merged_prefix, bool allow_missing_files) {
  struct Source {
    std::string prefix;
    int32_t num_shards;
    int32_t first_shard;
  };
  std::vector<Source> sources;
  std::map<std::string, std::string> merged;
  int64_t total_shards = 0;
  for (const tstring& prefix : prefixes) {
    if (!FileExists(MetaFilename(prefix))) {
      if (allow_missing_files) continue;
      return errors::InvalidArgument("allow_missing_files was set to false and ", prefix,
                                     " did not exist.NOT_FOUND: ", prefix, " not found");
    }
    BundleReader reader(nullptr, prefix);
    TF_RETURN_IF_ERROR(reader.status());
    for (reader.Seek(""); reader.Valid(); reader.Next()) {
      if (reader.key().empty()) continue;
      BundleEntryProto entry;
      if (!entry.ParseFromString(std::string(reader.value()))) {
        return errors::DataLoss("Unable to parse the BundleEntryProto of key ", reader.key(),
                                " in ", prefix);
      }
      const std::string key(reader.key());
      if (merged.count(key)) {
        return errors::InvalidArgument("Duplicate tensor keyed by ", key,
                                       " encountered, when merging prefix: ", prefix);
      }
      entry.set_shard_id(static_cast<int32_t>(entry.shard_id() + total_shards));
      merged[key] = entry.SerializeAsString();
    }
    sources.push_back(
        {std::string(prefix), reader.num_shards(), static_cast<int32_t>(total_shards)});
    total_shards += reader.num_shards();
    if (total_shards > std::numeric_limits<int32_t>::max()) {
      return errors::InvalidArgument("Too many shards to merge");
    }
  }
  if (sources.empty()) {
    return errors::InvalidArgument("None of the checkpoint prefixes to merge exists");
  }
  const auto total = static_cast<int32_t>(total_shards);
  for (const Source& source : sources) {
    for (int32_t i = 0; i < source.num_shards; ++i) {
      const std::string from = DataFilename(source.prefix, i, source.num_shards);
      const std::string to = DataFilename(merged_prefix, source.first_shard + i, total);
      if (from != to && std::rename(from.c_str(), to.c_str()) != 0) return IoError(from, errno);
    }
  }
  Status s;
  const std::string index = IndexTable(MakeHeader(total), merged, &s);
  TF_RETURN_IF_ERROR(s);
  TF_RETURN_IF_ERROR(WriteFileAtomically(MetaFilename(merged_prefix), index));
  for (const Source& source : sources) {
    if (source.prefix != merged_prefix) std::remove(MetaFilename(source.prefix).c_str());
  }
  return OkStatus();
}

}  // namespace tensorflow
