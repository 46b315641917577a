// TFRecord files (io::RecordWriter, io::RecordReader, io::SequentialRecordReader) and
// EventsWriter. The expected bytes of a record are those tf.io.TFRecordWriter writes; the
// codes and texts of damaged files are TF 2.21's (the cross-check's summaries.cc prints them
// from TF's own reader too).
#include <unistd.h>

#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tensorflow/core/framework/summary.pb.h"
#include "tensorflow/core/lib/core/errors.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/lib/io/path.h"
#include "tensorflow/core/lib/io/record_reader.h"
#include "tensorflow/core/lib/io/record_writer.h"
#include "tensorflow/core/platform/env.h"
#include "tensorflow/core/util/event.pb.h"
#include "tensorflow/core/util/events_writer.h"

namespace tensorflow {
namespace {

class RecordIoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/minitf_record_io_test_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
    path_ = io::JoinPath(dir_, "data.tfrecord");
  }
  void TearDown() override {
    int64_t files, dirs;
    TF_EXPECT_OK(env_->DeleteRecursively(dir_, &files, &dirs));
  }

  void Write(const std::vector<std::string>& records) {
    std::unique_ptr<WritableFile> file;
    TF_ASSERT_OK(env_->NewWritableFile(path_, &file));
    io::RecordWriter writer(file.get());
    for (const auto& r : records) TF_ASSERT_OK(writer.WriteRecord(r));
    TF_ASSERT_OK(writer.Flush());
    TF_ASSERT_OK(writer.Close());
    TF_ASSERT_OK(file->Close());
  }
  std::string Bytes() {
    std::string bytes;
    TF_CHECK_OK(ReadFileToString(env_, path_, &bytes));
    return bytes;
  }
  void SetBytes(const std::string& bytes) { TF_ASSERT_OK(WriteStringToFile(env_, path_, bytes)); }
  // Every record until the first error, and that error.
  Status ReadAll(std::vector<std::string>* records) {
    std::unique_ptr<RandomAccessFile> file;
    TF_RETURN_IF_ERROR(env_->NewRandomAccessFile(path_, &file));
    io::SequentialRecordReader reader(file.get());
    tstring record;
    Status s;
    while ((s = reader.ReadRecord(&record)).ok()) records->push_back(record);
    return s;
  }

  Env* env_ = Env::Default();
  std::string dir_;
  std::string path_;
};

TEST_F(RecordIoTest, WritesTheBytesTfWrites) {
  Write({"hello", ""});
  // tf.io.TFRecordWriter's file for the same two records.
  EXPECT_EQ(absl::BytesToHexString(Bytes()),
            "0500000000000000eab2043e68656c6c6fbb1f1c19"
            "000000000000000029039807d8ea82a2");
}

TEST_F(RecordIoTest, RoundTripsRecordsOfEverySize) {
  std::vector<std::string> records = {"", "a", std::string("\0\1\2", 3), std::string(3 << 20, 'z')};
  for (size_t i = 0; i < records[3].size(); i += 4099) records[3][i] = static_cast<char>(i);
  Write(records);
  std::vector<std::string> back;
  const Status end = ReadAll(&back);
  EXPECT_EQ(back, records);
  // The end of the file is the file's OutOfRange, as TF's reader reports it.
  EXPECT_TRUE(errors::IsOutOfRange(end)) << end;
  EXPECT_EQ(end.message(), "Read less bytes than requested");
}

TEST_F(RecordIoTest, ReadsAtOffsetsSkipsAndCounts) {
  Write({"first", "second", "third"});
  std::unique_ptr<RandomAccessFile> file;
  TF_ASSERT_OK(env_->NewRandomAccessFile(path_, &file));
  io::RecordReader reader(file.get());
  const uint64_t second = 12 + 5 + 4;
  uint64_t offset = second;
  tstring record;
  TF_ASSERT_OK(reader.ReadRecord(&offset, &record));
  EXPECT_EQ(record, "second");
  EXPECT_EQ(offset, second + 12 + 6 + 4);
  offset = 0;  // backwards
  TF_ASSERT_OK(reader.ReadRecord(&offset, &record));
  EXPECT_EQ(record, "first");
  int skipped = 0;
  TF_ASSERT_OK(reader.SkipRecords(&offset, 1, &skipped));
  EXPECT_EQ(skipped, 1);
  TF_ASSERT_OK(reader.ReadRecord(&offset, &record));
  EXPECT_EQ(record, "third");
  EXPECT_TRUE(errors::IsOutOfRange(reader.SkipRecords(&offset, 1, &skipped)));
  EXPECT_EQ(skipped, 0);
  offset = 1000;  // past the end
  const Status past = reader.ReadRecord(&offset, &record);
  EXPECT_TRUE(errors::IsOutOfRange(past)) << past;
  EXPECT_EQ(past.message(), "reached end of file");

  io::RecordReader::Metadata md;
  TF_ASSERT_OK(reader.GetMetadata(&md));
  EXPECT_EQ(md.stats.entries, 3);
  EXPECT_EQ(md.stats.data_size, 16);
  EXPECT_EQ(md.stats.file_size, 16 + 3 * 16);
  offset = 0;  // still reads after the scan
  TF_ASSERT_OK(reader.ReadRecord(&offset, &record));
  EXPECT_EQ(record, "first");

  io::SequentialRecordReader seq(file.get());
  TF_ASSERT_OK(seq.SeekOffset(second));
  TF_ASSERT_OK(seq.ReadRecord(&record));
  EXPECT_EQ(record, "second");
  EXPECT_EQ(seq.TellOffset(), second + 22);
  const Status back = seq.SeekOffset(3);
  EXPECT_TRUE(errors::IsInvalidArgument(back));
  EXPECT_EQ(back.message(), "Trying to seek offset: 3 which is less than the current offset: 43");
}

TEST_F(RecordIoTest, AChangedByteIsDataLoss) {
  Write({"first", "second"});
  const std::string good = Bytes();
  struct Flip {
    size_t at;
    std::string message;
  } flips[] = {
      {0, "corrupted record at 0 (Is this even a TFRecord file?)"},  // length
      {9, "corrupted record at 0 (Is this even a TFRecord file?)"},  // length's CRC
      {14, "corrupted record at 12"},                                // data
      {18, "corrupted record at 12"},                                // data's CRC
      {21 + 3, "corrupted record at 21"},                            // the second's length
      {21 + 12 + 1, "corrupted record at 33"},                       // the second's data
  };
  for (const Flip& f : flips) {
    std::string bad = good;
    bad[f.at] ^= 0x20;
    SetBytes(bad);
    std::vector<std::string> back;
    const Status s = ReadAll(&back);
    EXPECT_TRUE(errors::IsDataLoss(s)) << f.at << ": " << s;
    EXPECT_EQ(s.message(), f.message) << f.at;
    EXPECT_EQ(back.size(), f.at < 21 ? 0u : 1u) << f.at;
  }
}

TEST_F(RecordIoTest, TruncationIsOutOfRangeInAHeaderAndDataLossInData) {
  Write({"first", "second"});
  const std::string good = Bytes();
  for (size_t size = 0; size < good.size(); ++size) {
    SetBytes(good.substr(0, size));
    std::vector<std::string> back;
    const Status s = ReadAll(&back);
    const size_t start = size < 21 ? 0 : 21;  // the record that is cut
    EXPECT_EQ(back.size(), size < 21 ? 0u : 1u) << size;
    if (size - start < 12) {
      EXPECT_TRUE(errors::IsOutOfRange(s)) << size << ": " << s;
      EXPECT_EQ(s.message(), "Read less bytes than requested");
    } else {
      EXPECT_TRUE(errors::IsDataLoss(s)) << size << ": " << s;
      EXPECT_EQ(s.message(), absl::StrCat("truncated record at ", start,
                                          "' failed with Read less bytes than requested"));
    }
  }
}

TEST_F(RecordIoTest, AHugeLengthAllocatesNothingAndIsDataLoss) {
  for (const uint64_t length : {uint64_t{1} << 40, ~uint64_t{0} - 2}) {
    char header[io::RecordWriter::kHeaderSize];
    io::RecordWriter::PopulateHeader(header, nullptr, length);
    SetBytes(std::string(header, sizeof(header)) + "abc");
    std::vector<std::string> back;
    const Status s = ReadAll(&back);
    EXPECT_TRUE(errors::IsDataLoss(s)) << s;
    EXPECT_EQ(s.message(), length == (uint64_t{1} << 40)
                               ? "truncated record at 0' failed with Read less bytes than requested"
                               : "record size too large");
  }
}

TEST_F(RecordIoTest, CompressionIsUnimplementedAndAClosedWriterFails) {
  std::unique_ptr<WritableFile> file;
  TF_ASSERT_OK(env_->NewWritableFile(path_, &file));
  io::RecordWriter zlib(file.get(), io::RecordWriterOptions::CreateRecordWriterOptions("GZIP"));
  EXPECT_TRUE(errors::IsUnimplemented(zlib.WriteRecord("x")));
  io::RecordWriter none(nullptr);
  const Status s = none.WriteRecord("x");
  EXPECT_TRUE(errors::IsFailedPrecondition(s));
  EXPECT_EQ(s.message(), "Writer not initialized or previously closed");
  TF_ASSERT_OK(file->Close());

  std::unique_ptr<RandomAccessFile> in;
  TF_ASSERT_OK(env_->NewRandomAccessFile(path_, &in));
  io::SequentialRecordReader snappy(in.get(),
                                    io::RecordReaderOptions::CreateRecordReaderOptions("SNAPPY"));
  tstring record;
  EXPECT_TRUE(errors::IsUnimplemented(snappy.ReadRecord(&record)));
  EXPECT_EQ(io::RecordReaderOptions::CreateRecordReaderOptions("ZLIB").compression_type,
            io::RecordReaderOptions::ZLIB_COMPRESSION);
  EXPECT_EQ(io::RecordReaderOptions::CreateRecordReaderOptions("").compression_type,
            io::RecordReaderOptions::NONE);
}

std::vector<Event> ReadEvents(const std::string& path) {
  std::unique_ptr<RandomAccessFile> file;
  TF_CHECK_OK(Env::Default()->NewRandomAccessFile(path, &file));
  io::SequentialRecordReader reader(file.get());
  std::vector<Event> events;
  tstring record;
  while (reader.ReadRecord(&record).ok()) {
    events.emplace_back();
    CHECK(events.back().ParseFromString(record));
  }
  return events;
}

std::string HostName() {
  char name[1024];
  CHECK_EQ(gethostname(name, sizeof(name)), 0);
  name[sizeof(name) - 1] = '\0';
  return name;
}

TEST_F(RecordIoTest, EventsWriterWritesTensorBoardsFile) {
  const std::string prefix = io::JoinPath(dir_, "events");
  const uint64_t before = env_->NowSeconds();
  std::string name;
  {
    EventsWriter writer(prefix);
    TF_ASSERT_OK(writer.InitWithSuffix(".v2"));
    name = writer.FileName();
    const std::regex pattern(prefix + R"(\.out\.tfevents\.(\d{10})\.)" + HostName() + R"(\.v2)");
    std::smatch m;
    ASSERT_TRUE(std::regex_match(name, m, pattern)) << name;
    const uint64_t stamp = std::stoull(m[1]);
    EXPECT_GE(stamp, before);
    EXPECT_LE(stamp, env_->NowSeconds());
    TF_ASSERT_OK(writer.Init());  // the file exists: nothing changes
    EXPECT_EQ(writer.FileName(), name);

    Event event;
    event.set_wall_time(1234.5);
    event.set_step(7);
    Summary::Value* v = event.mutable_summary()->add_value();
    v->set_tag("loss");
    v->set_simple_value(0.25f);
    writer.WriteEvent(event);
    writer.WriteSerializedEvent(event.SerializeAsString());
    TF_ASSERT_OK(writer.Flush());
    EXPECT_EQ(ReadEvents(name).size(), 3u);  // flushed: readable before Close
  }                                          // the destructor closes
  const std::vector<Event> events = ReadEvents(name);
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].file_version(), "brain.Event:2");
  EXPECT_EQ(events[0].source_metadata().writer(), "tensorflow.core.util.events_writer");
  EXPECT_EQ(events[0].wall_time(),
            static_cast<double>(static_cast<int64_t>(events[0].wall_time())));
  EXPECT_EQ(events[0].step(), 0);
  for (int i : {1, 2}) {
    EXPECT_EQ(events[i].step(), 7);
    EXPECT_EQ(events[i].wall_time(), 1234.5);
    ASSERT_EQ(events[i].summary().value_size(), 1);
    EXPECT_EQ(events[i].summary().value(0).tag(), "loss");
    EXPECT_EQ(events[i].summary().value(0).simple_value(), 0.25f);
  }
}

TEST_F(RecordIoTest, EventsWriterReopensADeletedFileAndReportsOpenErrors) {
  EventsWriter writer(io::JoinPath(dir_, "run"));
  TF_ASSERT_OK(writer.Init());
  const std::string first = writer.FileName();
  TF_ASSERT_OK(env_->DeleteFile(first));
  TF_ASSERT_OK(writer.Init());  // a new file (the same name within the same second)
  TF_EXPECT_OK(env_->FileExists(writer.FileName()));
  EXPECT_EQ(ReadEvents(writer.FileName()).size(), 1u);
  TF_ASSERT_OK(writer.Close());
  TF_ASSERT_OK(writer.Close());  // twice is fine

  EventsWriter nowhere(io::JoinPath(dir_, "missing", "dir", "run"));
  const Status s = nowhere.Init();
  EXPECT_TRUE(errors::IsNotFound(s)) << s;
  EXPECT_TRUE(absl::StrContains(s.message(), "\n\tCreating writable file " + dir_)) << s;
  nowhere.WriteEvent(Event());  // dropped, as in TF
  TF_EXPECT_OK(nowhere.Flush());
}

}  // namespace
}  // namespace tensorflow
