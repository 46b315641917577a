// minitf: TF's EventsWriter (tensorflow/core/util/events_writer.h): writes tensorflow.Event
// records into a TensorBoard events file, `<prefix>.out.tfevents.<seconds>.<hostname><suffix>`,
// whose first event says "brain.Event:2" (with TF's source metadata), as TF's writer does.
//
//   EventsWriter writer(io::JoinPath(logdir, "events"));
//   TF_RETURN_IF_ERROR(writer.Init());
//   Event event;
//   event.set_wall_time(Env::Default()->NowMicros() / 1e6);
//   event.set_step(step);
//   event.mutable_summary()->ParseFromString(summary_tensor.scalar<tstring>()());
//   writer.WriteEvent(event);
//   TF_RETURN_IF_ERROR(writer.Flush());
//
// TensorBoard, tf.compat.v1.train.summary_iterator and TF's own readers read the files. As in
// TF, Write* open the file on first use (and quietly drop the event if it cannot be opened);
// Flush and Close report errors; the destructor closes. Not thread-safe.
#ifndef MINITF_FRAMEWORK_EVENTS_WRITER_H_
#define MINITF_FRAMEWORK_EVENTS_WRITER_H_

#include <memory>
#include <string>

#include "absl/strings/string_view.h"
#include "framework/env.h"
#include "framework/record_writer.h"
#include "framework/status.h"
#include "tensorflow/core/util/event.pb.h"

namespace tensorflow {

class EventsWriter {
 public:
  // The first event of every file has file_version kVersionPrefix + kCurrentVersion.
  static constexpr const char* kVersionPrefix = "brain.Event:";
  static constexpr const int kCurrentVersion = 2;
  static constexpr const char* kWriterSourceMetadata = "tensorflow.core.util.events_writer";

  // `file_prefix` is a path prefix ("/logs/run1/events"); nothing is opened yet.
  explicit EventsWriter(const std::string& file_prefix);
  ~EventsWriter();
  EventsWriter(const EventsWriter&) = delete;
  void operator=(const EventsWriter&) = delete;

  // Opens the file (a new one if the open file has disappeared) and writes the version
  // event; a no-op while the open file exists. The file system's error otherwise, with
  // "Creating writable file <name>" appended.
  Status Init();
  Status InitWithSuffix(const std::string& suffix);

  // The current file's name (opening it first if needed).
  std::string FileName();

  // Appends an event, or a serialized one (not checked to parse, as in TF).
  void WriteEvent(const Event& event);
  void WriteSerializedEvent(absl::string_view event_str);

  // Flush pushes the events written so far to the file system (and syncs); Close flushes
  // and closes the file. A later write opens a new file.
  Status Flush();
  Status Close();

 private:
  Status FileStillExists();
  Status InitIfNeeded();

  Env* env_;
  const std::string file_prefix_;
  std::string file_suffix_;
  std::string filename_;
  std::unique_ptr<WritableFile> recordio_file_;
  std::unique_ptr<io::RecordWriter> recordio_writer_;
  int num_outstanding_events_ = 0;
};

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_EVENTS_WRITER_H_
