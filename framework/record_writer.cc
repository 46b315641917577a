// The TFRecord framing. Integers are little-endian whatever the host, as TF's
// core::EncodeFixed64/32 write them.
#include "framework/record_writer.h"

#include "framework/errors.h"
#include "framework/internal/crc32c.h"

namespace tensorflow {
namespace io {
namespace {

void EncodeFixed32(char* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out[i] = static_cast<char>((v >> (8 * i)) & 0xff);
}

void EncodeFixed64(char* out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out[i] = static_cast<char>((v >> (8 * i)) & 0xff);
}

uint32_t MaskedCrc(const char* data, size_t n) { return crc32c::Mask(crc32c::Value(data, n)); }

}  // namespace

RecordWriterOptions RecordWriterOptions::CreateRecordWriterOptions(
    const std::string& compression_type) {
  RecordWriterOptions options;
  if (compression_type == "ZLIB" || compression_type == "GZIP") {
    options.compression_type = ZLIB_COMPRESSION;
  } else if (compression_type == "SNAPPY") {
    options.compression_type = SNAPPY_COMPRESSION;
  }
  return options;
}

RecordWriter::RecordWriter(WritableFile* dest, const RecordWriterOptions& options)
    : dest_(dest), options_(options) {}

void RecordWriter::PopulateHeader(char* header, const char* /*data*/, size_t n) {
  EncodeFixed64(header, n);
  EncodeFixed32(header + sizeof(uint64_t), MaskedCrc(header, sizeof(uint64_t)));
}

void RecordWriter::PopulateFooter(char* footer, const char* data, size_t n) {
  EncodeFixed32(footer, MaskedCrc(data, n));
}

Status RecordWriter::Usable() const {
  if (dest_ == nullptr) {
    return errors::FailedPrecondition("Writer not initialized or previously closed");
  }
  if (options_.compression_type != RecordWriterOptions::NONE) {
    return errors::Unimplemented("minitf writes uncompressed TFRecords only (compression type ",
                                 static_cast<int>(options_.compression_type), ")");
  }
  return OkStatus();
}

Status RecordWriter::WriteRecord(absl::string_view data) {
  TF_RETURN_IF_ERROR(Usable());
  char header[kHeaderSize];
  char footer[kFooterSize];
  PopulateHeader(header, data.data(), data.size());
  PopulateFooter(footer, data.data(), data.size());
  TF_RETURN_IF_ERROR(dest_->Append(absl::string_view(header, sizeof(header))));
  TF_RETURN_IF_ERROR(dest_->Append(data));
  return dest_->Append(absl::string_view(footer, sizeof(footer)));
}

Status RecordWriter::Flush() {
  TF_RETURN_IF_ERROR(Usable());
  return dest_->Flush();
}

Status RecordWriter::Close() { return OkStatus(); }

}  // namespace io
}  // namespace tensorflow
