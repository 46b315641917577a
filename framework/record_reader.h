// minitf: TF's TFRecord readers (tensorflow/core/lib/io/record_reader.h): RecordReader reads
// the record at an offset, SequentialRecordReader one record after another.
//
//   std::unique_ptr<RandomAccessFile> file;
//   TF_RETURN_IF_ERROR(Env::Default()->NewRandomAccessFile(path, &file));
//   io::SequentialRecordReader reader(file.get());
//   tstring record;
//   Status s;
//   while ((s = reader.ReadRecord(&record)).ok()) { ... }
//   if (!errors::IsOutOfRange(s)) return s;          // OutOfRange: the end of the file
//
// TF's codes and texts: the end of the file (no byte of a next record, or part of a record
// header) is OutOfRange "Read less bytes than requested"; a record whose data or checksum is
// cut short is DataLoss "truncated record at <offset>' failed with ..."; a checksum that does
// not match is DataLoss "corrupted record at <offset>" (" (Is this even a TFRecord file?)" at
// offset 0). A length read from the file sizes nothing: bytes are taken as the file yields them.
// Compressed files (ZLIB, SNAPPY) are Unimplemented. The file must outlive the reader; not
// thread-safe.
#ifndef MINITF_FRAMEWORK_RECORD_READER_H_
#define MINITF_FRAMEWORK_RECORD_READER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "framework/env.h"
#include "framework/status.h"
#include "framework/types.h"

namespace tensorflow {
namespace io {

struct RecordReaderOptions {
  enum CompressionType { NONE = 0, ZLIB_COMPRESSION = 1, SNAPPY_COMPRESSION = 2 };
  CompressionType compression_type = NONE;
  // TF reads through a buffer of this size when it is not 0; minitf reads the same records
  // either way.
  int64_t buffer_size = 0;

  // "ZLIB" and "GZIP" give ZLIB_COMPRESSION, "SNAPPY" SNAPPY_COMPRESSION, anything else NONE.
  static RecordReaderOptions CreateRecordReaderOptions(const std::string& compression_type);
};

class RecordReader {
 public:
  static constexpr size_t kHeaderSize = sizeof(uint64_t) + sizeof(uint32_t);
  static constexpr size_t kFooterSize = sizeof(uint32_t);

  struct Stats {
    int64_t file_size = -1;
    int64_t data_size = -1;
    int64_t entries = -1;  // number of records
  };
  struct Metadata {
    Stats stats;
  };

  explicit RecordReader(RandomAccessFile* file,
                        const RecordReaderOptions& options = RecordReaderOptions());
  virtual ~RecordReader() = default;
  RecordReader(const RecordReader&) = delete;
  void operator=(const RecordReader&) = delete;

  // Reads the record at `*offset` into `*record` and moves `*offset` to the next record. OK,
  // OutOfRange at the end of the file, DataLoss for damaged records (see above).
  Status ReadRecord(uint64_t* offset, tstring* record);
  // Skips `num_to_skip` records from `*offset`; `*num_skipped` counts those skipped.
  Status SkipRecords(uint64_t* offset, int num_to_skip, int* num_skipped);
  // Counts the records and their bytes (scanning the file once; cached).
  Status GetMetadata(Metadata* md);

 private:
  Status Supported() const;
  Status ReadNBytes(uint64_t n, tstring* result);
  Status SkipNBytes(uint64_t n);
  Status Position(uint64_t offset);
  Status ReadChecksummed(uint64_t offset, uint64_t n, tstring* result);

  RandomAccessFile* file_;
  RecordReaderOptions options_;
  int64_t pos_ = 0;  // where the next read starts; -1: unknown (past the end)
  bool last_read_failed_ = false;
  std::unique_ptr<Metadata> cached_metadata_;
};

class SequentialRecordReader {
 public:
  explicit SequentialRecordReader(RandomAccessFile* file,
                                  const RecordReaderOptions& options = RecordReaderOptions());
  virtual ~SequentialRecordReader() = default;

  // The next record; OutOfRange at the end of the file.
  Status ReadRecord(tstring* record) { return underlying_.ReadRecord(&offset_, record); }
  Status SkipRecords(int num_to_skip, int* num_skipped) {
    return underlying_.SkipRecords(&offset_, num_to_skip, num_skipped);
  }
  uint64_t TellOffset() const { return offset_; }
  // Moves forward to `offset`; InvalidArgument for an offset before the current one.
  Status SeekOffset(uint64_t offset);

 private:
  RecordReader underlying_;
  uint64_t offset_ = 0;
};

}  // namespace io
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_RECORD_READER_H_
