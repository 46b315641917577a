// The reader keeps TF's structure (an input stream with a position, re-positioned when the
// caller's offset differs or the last read failed) because TF's error for a damaged file
// depends on it: a short read inside a header is the file's OutOfRange, inside the data it
// becomes DataLoss. Unlike TF, the bytes of a record are read in bounded chunks, so a length
// field from a corrupt file never sizes an allocation beyond the bytes the file holds.
#include "framework/record_reader.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "framework/errors.h"
#include "framework/internal/crc32c.h"

namespace tensorflow {
namespace io {
namespace {

constexpr uint64_t kChunk = uint64_t{1} << 20;

uint32_t DecodeFixed32(const char* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

uint64_t DecodeFixed64(const char* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

// TF adds a hint to checksum errors at offset 0: TFRecord files have no magic number.
const char* ChecksumErrorSuffix(uint64_t offset) {
  return offset == 0 ? " (Is this even a TFRecord file?)" : "";
}

}  // namespace

RecordReaderOptions RecordReaderOptions::CreateRecordReaderOptions(
    const std::string& compression_type) {
  RecordReaderOptions options;
  if (compression_type == "ZLIB" || compression_type == "GZIP") {
    options.compression_type = ZLIB_COMPRESSION;
  } else if (compression_type == "SNAPPY") {
    options.compression_type = SNAPPY_COMPRESSION;
  }
  return options;
}

RecordReader::RecordReader(RandomAccessFile* file, const RecordReaderOptions& options)
    : file_(file), options_(options) {}

Status RecordReader::Supported() const {
  if (file_ == nullptr) return errors::FailedPrecondition("RecordReader has no file");
  if (options_.compression_type != RecordReaderOptions::NONE) {
    return errors::Unimplemented("minitf reads uncompressed TFRecords only (compression type ",
                                 static_cast<int>(options_.compression_type), ")");
  }
  return OkStatus();
}

// Up to `n` bytes from pos_, as TF's RandomAccessInputStream::ReadNBytes: a short read is
// the file's OutOfRange, with the bytes that were there in *result.
Status RecordReader::ReadNBytes(uint64_t n, tstring* result) {
  result->clear();
  while (result->size() < n) {
    const size_t want = static_cast<size_t>(std::min<uint64_t>(kChunk, n - result->size()));
    const size_t old = result->size();
    result->resize(old + want);
    absl::string_view got;
    Status s = file_->Read(static_cast<uint64_t>(pos_), want, &got, &(*result)[old]);
    if (got.data() != result->data() + old && !got.empty()) {
      std::memmove(&(*result)[old], got.data(), got.size());
    }
    result->resize(old + got.size());
    if (s.ok() || errors::IsOutOfRange(s)) pos_ += static_cast<int64_t>(got.size());
    if (!s.ok()) return s;
    if (got.size() < want) break;  // a file that reports a short read as OK
  }
  return OkStatus();
}

// As TF's RandomAccessInputStream::SkipNBytes: OK when the last skipped byte exists,
// OutOfRange "reached end of file" otherwise.
Status RecordReader::SkipNBytes(uint64_t n) {
  if (n == 0) return OkStatus();
  if (n > static_cast<uint64_t>(std::numeric_limits<int64_t>::max() - pos_)) {
    pos_ = -1;
    return errors::OutOfRange("reached end of file");
  }
  char byte;
  absl::string_view got;
  Status s = file_->Read(static_cast<uint64_t>(pos_) + n - 1, 1, &got, &byte);
  if ((s.ok() || errors::IsOutOfRange(s)) && got.size() == 1) {
    pos_ += static_cast<int64_t>(n);
    return OkStatus();
  }
  if (!s.ok() && !errors::IsOutOfRange(s)) return s;
  pos_ = -1;  // TF's stream stops at the end of the file; the next read starts over
  return errors::OutOfRange("reached end of file");
}

Status RecordReader::Position(uint64_t offset) {
  const int64_t desired = static_cast<int64_t>(offset);
  if (pos_ > desired || pos_ < 0 || (pos_ == desired && last_read_failed_)) {
    last_read_failed_ = false;
    pos_ = 0;
    return SkipNBytes(offset);
  }
  if (pos_ < desired) return SkipNBytes(offset - static_cast<uint64_t>(pos_));
  return OkStatus();
}

// n bytes followed by their masked CRC32C; `offset` is for messages only.
Status RecordReader::ReadChecksummed(uint64_t offset, uint64_t n, tstring* result) {
  if (n >= std::numeric_limits<size_t>::max() - sizeof(uint32_t)) {
    return errors::DataLoss("record size too large", ChecksumErrorSuffix(offset));
  }
  const uint64_t expected = n + sizeof(uint32_t);
  TF_RETURN_IF_ERROR(ReadNBytes(expected, result));
  if (result->size() != expected) {
    if (result->empty()) return errors::OutOfRange("eof", ChecksumErrorSuffix(offset));
    return errors::DataLoss("truncated record at ", offset, ChecksumErrorSuffix(offset));
  }
  const uint32_t masked_crc = DecodeFixed32(result->data() + n);
  if (crc32c::Unmask(masked_crc) != crc32c::Value(result->data(), static_cast<size_t>(n))) {
    return errors::DataLoss("corrupted record at ", offset, ChecksumErrorSuffix(offset));
  }
  result->resize(static_cast<size_t>(n));
  return OkStatus();
}

Status RecordReader::ReadRecord(uint64_t* offset, tstring* record) {
  TF_RETURN_IF_ERROR(Supported());
  TF_RETURN_IF_ERROR(Position(*offset));
  Status s = ReadChecksummed(*offset, sizeof(uint64_t), record);
  if (!s.ok()) {
    last_read_failed_ = true;
    return s;
  }
  const uint64_t length = DecodeFixed64(record->data());
  s = ReadChecksummed(*offset + kHeaderSize, length, record);
  if (!s.ok()) {
    last_read_failed_ = true;
    if (errors::IsOutOfRange(s)) {
      s = errors::DataLoss("truncated record at ", *offset, "' failed with ", s.message());
    }
    return s;
  }
  *offset += kHeaderSize + length + kFooterSize;
  return OkStatus();
}

Status RecordReader::SkipRecords(uint64_t* offset, int num_to_skip, int* num_skipped) {
  TF_RETURN_IF_ERROR(Supported());
  TF_RETURN_IF_ERROR(Position(*offset));
  *num_skipped = 0;
  tstring header;
  for (int i = 0; i < num_to_skip; ++i) {
    Status s = ReadChecksummed(*offset, sizeof(uint64_t), &header);
    if (!s.ok()) {
      last_read_failed_ = true;
      return s;
    }
    const uint64_t length = DecodeFixed64(header.data());
    s = length > std::numeric_limits<uint64_t>::max() - kFooterSize
            ? errors::OutOfRange("reached end of file")
            : SkipNBytes(length + kFooterSize);
    if (!s.ok()) {
      last_read_failed_ = true;
      if (errors::IsOutOfRange(s)) {
        s = errors::DataLoss("truncated record at ", *offset, "' failed with ", s.message());
      }
      return s;
    }
    *offset += kHeaderSize + length + kFooterSize;
    ++*num_skipped;
  }
  return OkStatus();
}

Status RecordReader::GetMetadata(Metadata* md) {
  if (md == nullptr) {
    return errors::InvalidArgument("Metadata object call to GetMetadata() was null");
  }
  if (!cached_metadata_) {
    TF_RETURN_IF_ERROR(Supported());
    pos_ = 0;
    int64_t data_size = 0;
    int64_t entries = 0;
    uint64_t offset = 0;
    tstring header;
    while (true) {
      Status s = ReadChecksummed(offset, sizeof(uint64_t), &header);
      if (errors::IsOutOfRange(s)) break;
      TF_RETURN_IF_ERROR(s);
      const uint64_t length = DecodeFixed64(header.data());
      if (length > std::numeric_limits<uint64_t>::max() - kFooterSize) {
        return errors::OutOfRange("reached end of file");
      }
      TF_RETURN_IF_ERROR(SkipNBytes(length + kFooterSize));
      offset += kHeaderSize + length + kFooterSize;
      data_size += static_cast<int64_t>(length);
      ++entries;
    }
    pos_ = -1;
    cached_metadata_ = std::make_unique<Metadata>();
    cached_metadata_->stats.entries = entries;
    cached_metadata_->stats.data_size = data_size;
    cached_metadata_->stats.file_size =
        data_size + static_cast<int64_t>(kHeaderSize + kFooterSize) * entries;
  }
  md->stats = cached_metadata_->stats;
  return OkStatus();
}

SequentialRecordReader::SequentialRecordReader(RandomAccessFile* file,
                                               const RecordReaderOptions& options)
    : underlying_(file, options) {}

Status SequentialRecordReader::SeekOffset(uint64_t offset) {
  if (offset < offset_) {
    return errors::InvalidArgument("Trying to seek offset: ", offset,
                                   " which is less than the current offset: ", offset_);
  }
  offset_ = offset;
  return OkStatus();
}

}  // namespace io
}  // namespace tensorflow
