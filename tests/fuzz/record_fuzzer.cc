// libFuzzer harness: TFRecord files (io::SequentialRecordReader and io::RecordReader,
// framework/record_reader.h), as TensorBoard's event files and TF's datasets store them: a file
// from elsewhere is untrusted. Every record is read in order until the first error, each is
// parsed as an Event (what an events file holds), and the records' offsets are read again at
// random through RecordReader, which must give the same bytes.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tensorflow/core/lib/io/record_reader.h"
#include "tensorflow/core/platform/env.h"
#include "tensorflow/core/util/event.pb.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tensorflow;  // NOLINT(build/namespaces): a harness's one function
  fuzzing::InitOnce();
  const std::string path = absl::StrCat(fuzzing::ScratchDir(), "/records.tfrecord");
  FUZZ_CHECK(WriteStringToFile(Env::Default(), path,
                               std::string(reinterpret_cast<const char*>(data), size))
                 .ok());
  std::unique_ptr<RandomAccessFile> file;
  FUZZ_CHECK(Env::Default()->NewRandomAccessFile(path, &file).ok());
  io::SequentialRecordReader sequential(file.get());
  std::vector<std::pair<uint64_t, std::string>> records;
  tstring record;
  for (uint64_t offset = 0; records.size() < 10000; offset = sequential.TellOffset()) {
    if (!sequential.ReadRecord(&record).ok()) break;
    records.emplace_back(offset, std::string(record));
    Event event;
    (void)event.ParseFromString(std::string(record));
  }
  io::RecordReader reader(file.get());
  for (const auto& [offset, bytes] : records) {
    uint64_t at = offset;
    FUZZ_CHECK(reader.ReadRecord(&at, &record).ok());
    FUZZ_CHECK(std::string(record) == bytes);
  }
  return 0;
}
