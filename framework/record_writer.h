// minitf: TF's TFRecord writer (tensorflow/core/lib/io/record_writer.h). Each record is
//
//   uint64 length | uint32 masked crc32c(length) | data[length] | uint32 masked crc32c(data)
//
// little-endian, with TF's crc32c mask; TensorFlow, TensorBoard and tf.data read the files.
//
//   std::unique_ptr<WritableFile> file;
//   TF_RETURN_IF_ERROR(Env::Default()->NewWritableFile("/tmp/data.tfrecord", &file));
//   io::RecordWriter writer(file.get());
//   TF_RETURN_IF_ERROR(writer.WriteRecord("hello"));
//   TF_RETURN_IF_ERROR(writer.Close());
//   TF_RETURN_IF_ERROR(file->Close());
//
// Only uncompressed records: a writer made with ZLIB or SNAPPY options returns Unimplemented
// from WriteRecord and Flush (TF would compress). Ownership: the file is the caller's and must
// outlive the writer; Close does not close it (as in TF). Not thread-safe.
#ifndef MINITF_FRAMEWORK_RECORD_WRITER_H_
#define MINITF_FRAMEWORK_RECORD_WRITER_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "framework/env.h"
#include "framework/status.h"

namespace tensorflow {
namespace io {

struct RecordWriterOptions {
  enum CompressionType { NONE = 0, ZLIB_COMPRESSION = 1, SNAPPY_COMPRESSION = 2 };
  CompressionType compression_type = NONE;

  // "ZLIB" and "GZIP" give ZLIB_COMPRESSION, "SNAPPY" SNAPPY_COMPRESSION, anything else NONE
  // (TF logs an error for an unknown name and uses no compression too).
  static RecordWriterOptions CreateRecordWriterOptions(const std::string& compression_type);
};

class RecordWriter {
 public:
  static constexpr size_t kHeaderSize = sizeof(uint64_t) + sizeof(uint32_t);
  static constexpr size_t kFooterSize = sizeof(uint32_t);

  // Appends records to `*dest`, which should be empty and must outlive the writer.
  explicit RecordWriter(WritableFile* dest,
                        const RecordWriterOptions& options = RecordWriterOptions());
  ~RecordWriter() = default;
  RecordWriter(const RecordWriter&) = delete;
  void operator=(const RecordWriter&) = delete;

  // Appends one record. FailedPrecondition "Writer not initialized or previously closed" when
  // made with a null file; the file's error when an append fails.
  Status WriteRecord(absl::string_view data);
  // Flushes the file (TF: the writer's buffers, which minitf does not have, then the file).
  Status Flush();
  // Nothing to finish without compression: OK, and the writer stays usable (as TF's).
  Status Close();

  // The 12 header bytes of a record of `n` bytes, and the 4 footer bytes of `data[0, n)`.
  static void PopulateHeader(char* header, const char* data, size_t n);
  static void PopulateFooter(char* footer, const char* data, size_t n);

 private:
  Status Usable() const;

  WritableFile* dest_;
  RecordWriterOptions options_;
};

}  // namespace io
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_RECORD_WRITER_H_
