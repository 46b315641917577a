// TF's EventsWriter behaviour: the file name carries the time in whole seconds (10 digits)
// and the host name; the version event's wall_time is that same whole second.
#include "framework/events_writer.h"

#include <unistd.h>

#include "absl/strings/str_cat.h"
#include "framework/errors.h"
#include "framework/logging.h"
#include "framework/stringprintf.h"

namespace tensorflow {
namespace {

// TF's port::Hostname().
std::string Hostname() {
  char name[1024];
  if (gethostname(name, sizeof(name)) != 0) return "";
  name[sizeof(name) - 1] = '\0';
  return name;
}

}  // namespace

EventsWriter::EventsWriter(const std::string& file_prefix)
    : env_(Env::Default()), file_prefix_(file_prefix) {}

EventsWriter::~EventsWriter() { Close().IgnoreError(); }

Status EventsWriter::Init() { return InitWithSuffix(""); }

Status EventsWriter::InitWithSuffix(const std::string& suffix) {
  file_suffix_ = suffix;
  return InitIfNeeded();
}

Status EventsWriter::InitIfNeeded() {
  if (recordio_writer_ != nullptr) {
    if (FileStillExists().ok()) return OkStatus();
    if (num_outstanding_events_ > 0) {
      LOG(WARNING) << "Re-initialization, attempting to open a new file, "
                   << num_outstanding_events_ << " events will be lost.";
    }
  }
  const int64_t time_in_seconds = static_cast<int64_t>(env_->NowMicros() / 1000000);
  filename_ = strings::Printf("%s.out.tfevents.%010lld.%s%s", file_prefix_.c_str(),
                              static_cast<long long>(time_in_seconds),  // NOLINT(runtime/int)
                              Hostname().c_str(), file_suffix_.c_str());
  // The writer refers to the file: drop it first.
  recordio_writer_.reset();
  TF_RETURN_WITH_CONTEXT_IF_ERROR(env_->NewWritableFile(filename_, &recordio_file_),
                                  "Creating writable file ", filename_);
  recordio_writer_ = std::make_unique<io::RecordWriter>(recordio_file_.get());
  num_outstanding_events_ = 0;
  Event event;
  event.set_wall_time(static_cast<double>(time_in_seconds));
  event.set_file_version(absl::StrCat(kVersionPrefix, kCurrentVersion));
  event.mutable_source_metadata()->set_writer(kWriterSourceMetadata);
  WriteEvent(event);
  TF_RETURN_WITH_CONTEXT_IF_ERROR(Flush(), "Flushing first event.");
  return OkStatus();
}

std::string EventsWriter::FileName() {
  if (filename_.empty()) InitIfNeeded().IgnoreError();
  return filename_;
}

void EventsWriter::WriteSerializedEvent(absl::string_view event_str) {
  if (recordio_writer_ == nullptr) {
    if (!InitIfNeeded().ok()) {
      LOG(ERROR) << "Write failed because file could not be opened.";
      return;
    }
  }
  ++num_outstanding_events_;
  recordio_writer_->WriteRecord(event_str).IgnoreError();
}

void EventsWriter::WriteEvent(const Event& event) {
  std::string record;
  event.AppendToString(&record);
  WriteSerializedEvent(record);
}

Status EventsWriter::Flush() {
  if (num_outstanding_events_ == 0) return OkStatus();
  if (recordio_file_ == nullptr) return errors::Internal("Unexpected NULL file");
  TF_RETURN_WITH_CONTEXT_IF_ERROR(recordio_writer_->Flush(), "Failed to flush ",
                                  num_outstanding_events_, " events to ", filename_);
  TF_RETURN_WITH_CONTEXT_IF_ERROR(recordio_file_->Sync(), "Failed to sync ",
                                  num_outstanding_events_, " events to ", filename_);
  num_outstanding_events_ = 0;
  return OkStatus();
}

Status EventsWriter::Close() {
  Status status = Flush();
  if (recordio_file_ != nullptr) {
    Status close_status = recordio_file_->Close();
    if (!close_status.ok()) status = close_status;
    recordio_writer_.reset();
    recordio_file_.reset();
  }
  num_outstanding_events_ = 0;
  return status;
}

Status EventsWriter::FileStillExists() {
  if (env_->FileExists(filename_).ok()) return OkStatus();
  // Another process may have removed the file while it was open.
  return errors::Unknown("The events file ", filename_, " has disappeared.");
}

}  // namespace tensorflow
