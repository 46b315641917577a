#include "framework/env.h"

#include <dirent.h>
#include <fcntl.h>
#include <glob.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>

#include "absl/strings/str_cat.h"
#include "framework/errors.h"
#include "framework/path.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/tokenizer.h"
#include "google/protobuf/io/zero_copy_stream.h"
#include "google/protobuf/text_format.h"

namespace tensorflow {

namespace {

// TF's errno mapping, with TF's "<context>; <strerror>" text.
Status IOError(const std::string& context, int err) {
  const std::string message = absl::StrCat(context, "; ", std::strerror(err));
  switch (err) {
    case ENOENT:
      return errors::NotFound(message);
    case EEXIST:
      return errors::AlreadyExists(message);
    case EISDIR:
    case ENOTDIR:
    case ENOTEMPTY:
    case EBUSY:
      return errors::FailedPrecondition(message);
    case EACCES:
    case EPERM:
    case EROFS:
      return errors::PermissionDenied(message);
    case ENOSPC:
    case EMFILE:
    case ENFILE:
    case ENOMEM:
      return errors::ResourceExhausted(message);
    case EINVAL:
    case ENAMETOOLONG:
      return errors::InvalidArgument(message);
    default:
      return errors::Unknown(message);
  }
}

class PosixRandomAccessFile : public RandomAccessFile {
 public:
  PosixRandomAccessFile(std::string name, int fd) : name_(std::move(name)), fd_(fd) {}
  ~PosixRandomAccessFile() override { close(fd_); }

  Status Read(uint64_t offset, size_t n, absl::string_view* result, char* scratch) const override {
    size_t got = 0;
    while (got < n) {
      const ssize_t r = pread(fd_, scratch + got, n - got, static_cast<off_t>(offset + got));
      if (r > 0) {
        got += static_cast<size_t>(r);
      } else if (r == 0) {
        break;
      } else if (errno != EINTR && errno != EAGAIN) {
        *result = absl::string_view(scratch, got);
        return IOError(name_, errno);
      }
    }
    *result = absl::string_view(scratch, got);
    if (got < n) return errors::OutOfRange("Read less bytes than requested");
    return OkStatus();
  }
  Status Name(absl::string_view* result) const override {
    *result = name_;
    return OkStatus();
  }

 private:
  std::string name_;
  int fd_;
};

class PosixWritableFile : public WritableFile {
 public:
  PosixWritableFile(std::string name, FILE* file) : name_(std::move(name)), file_(file) {}
  ~PosixWritableFile() override {
    if (file_ != nullptr) fclose(file_);
  }
  Status Append(absl::string_view data) override {
    if (file_ == nullptr) return errors::FailedPrecondition("File ", name_, " is closed");
    if (fwrite(data.data(), 1, data.size(), file_) != data.size()) return IOError(name_, errno);
    return OkStatus();
  }
  Status Close() override {
    if (file_ == nullptr) return OkStatus();
    const int r = fclose(file_);
    file_ = nullptr;
    return r == 0 ? OkStatus() : IOError(name_, errno);
  }
  Status Flush() override {
    if (file_ != nullptr && fflush(file_) != 0) return IOError(name_, errno);
    return OkStatus();
  }
  Status Sync() override {
    TF_RETURN_IF_ERROR(Flush());
    if (file_ != nullptr && fsync(fileno(file_)) != 0) return IOError(name_, errno);
    return OkStatus();
  }
  Status Tell(int64_t* position) override {
    if (file_ == nullptr) return errors::FailedPrecondition("File ", name_, " is closed");
    *position = ftello(file_);
    return *position < 0 ? IOError(name_, errno) : OkStatus();
  }

 private:
  std::string name_;
  FILE* file_;
};

Status OpenForWriting(const std::string& fname, const char* mode,
                      std::unique_ptr<WritableFile>* result) {
  FILE* f = fopen(fname.c_str(), mode);
  if (f == nullptr) return IOError(fname, errno);
  result->reset(new PosixWritableFile(fname, f));
  return OkStatus();
}

// A file's bytes handed to the parser in TF's 512 KiB read chunks, noting whether the parser
// asked for more after the last one.
class ChunkStream : public protobuf::io::ZeroCopyInputStream {
 public:
  explicit ChunkStream(const std::string& data) : data_(data) {}
  bool Next(const void** data, int* size) override {
    if (pos_ >= data_.size()) {
      asked_past_end_ = true;
      return false;
    }
    const size_t n = std::min(kChunk, data_.size() - pos_);
    *data = data_.data() + pos_;
    *size = static_cast<int>(n);
    pos_ += n;
    return true;
  }
  void BackUp(int count) override { pos_ -= static_cast<size_t>(count); }
  bool Skip(int count) override {
    if (static_cast<size_t>(count) > data_.size() - pos_) {
      pos_ = data_.size();
      asked_past_end_ = true;
      return false;
    }
    pos_ += static_cast<size_t>(count);
    return true;
  }
  int64_t ByteCount() const override { return static_cast<int64_t>(pos_); }
  bool asked_past_end() const { return asked_past_end_; }

 private:
  static constexpr size_t kChunk = 512 << 10;
  const std::string& data_;
  size_t pos_ = 0;
  bool asked_past_end_ = false;
};

class SilentErrors : public protobuf::io::ErrorCollector {
 public:
  void AddError(int /*line*/, int /*column*/, const std::string& /*message*/) override {}
};

}  // namespace

Status RandomAccessFile::Name(absl::string_view* /*result*/) const {
  return errors::Unimplemented("This file system does not support Name()");
}

Status WritableFile::Tell(int64_t* /*position*/) {
  return errors::Unimplemented("This file system does not support Tell()");
}

Env* Env::Default() {
  static Env env;
  return &env;
}

Status Env::FileExists(const std::string& fname) {
  if (access(fname.c_str(), F_OK) == 0) return OkStatus();
  return errors::NotFound(fname, " not found");
}

Status Env::IsDirectory(const std::string& fname) {
  struct stat st;
  if (stat(fname.c_str(), &st) != 0) return errors::NotFound(fname, " not found");
  if (S_ISDIR(st.st_mode)) return OkStatus();
  return errors::FailedPrecondition("Not a directory");
}

Status Env::GetChildren(const std::string& dir, std::vector<std::string>* result) {
  result->clear();
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return IOError(dir, errno);
  while (struct dirent* entry = readdir(d)) {
    const std::string name = entry->d_name;
    if (name != "." && name != "..") result->push_back(name);
  }
  closedir(d);
  return OkStatus();
}

Status Env::GetMatchingPaths(const std::string& pattern, std::vector<std::string>* results) {
  results->clear();
  glob_t g;
  const int r = glob(pattern.c_str(), 0, nullptr, &g);
  if (r == 0) {
    for (size_t i = 0; i < g.gl_pathc; ++i) results->push_back(g.gl_pathv[i]);
  }
  globfree(&g);
  if (r != 0 && r != GLOB_NOMATCH) return errors::Unknown("glob failed for ", pattern);
  std::sort(results->begin(), results->end());
  return OkStatus();
}

Status Env::CreateDir(const std::string& dirname) {
  if (dirname.empty()) return errors::AlreadyExists(dirname);
  if (mkdir(dirname.c_str(), 0755) != 0) return IOError(dirname, errno);
  return OkStatus();
}

Status Env::RecursivelyCreateDir(const std::string& dirname) {
  const std::string clean = io::CleanPath(dirname);
  std::vector<std::string> missing;
  std::string current = clean;
  // Walk up to the first existing ancestor; it must be a directory.
  while (!current.empty() && current != "/" && current != ".") {
    struct stat st;
    if (stat(current.c_str(), &st) == 0) {
      if (!S_ISDIR(st.st_mode)) return errors::FailedPrecondition(current, " is not a directory");
      break;
    }
    missing.push_back(current);
    current = std::string(io::Dirname(current));
  }
  for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
    if (mkdir(it->c_str(), 0755) != 0 && errno != EEXIST) return IOError(*it, errno);
  }
  return OkStatus();
}

Status Env::DeleteFile(const std::string& fname) {
  if (unlink(fname.c_str()) != 0) return IOError(fname, errno);
  return OkStatus();
}

Status Env::DeleteDir(const std::string& dirname) {
  if (rmdir(dirname.c_str()) != 0) return IOError(dirname, errno);
  return OkStatus();
}

Status Env::DeleteRecursively(const std::string& dirname, int64_t* undeleted_files,
                              int64_t* undeleted_dirs) {
  *undeleted_files = 0;
  *undeleted_dirs = 0;
  struct stat st;
  if (lstat(dirname.c_str(), &st) != 0) {
    *undeleted_dirs = 1;
    return errors::NotFound(dirname, " not found");
  }
  if (!S_ISDIR(st.st_mode)) {
    if (unlink(dirname.c_str()) != 0) ++*undeleted_files;
    return OkStatus();
  }
  std::vector<std::string> children;
  if (GetChildren(dirname, &children).ok()) {
    for (const std::string& child : children) {
      int64_t files = 0, dirs = 0;
      DeleteRecursively(io::JoinPath(dirname, child), &files, &dirs).IgnoreError();
      *undeleted_files += files;
      *undeleted_dirs += dirs;
    }
  }
  if (rmdir(dirname.c_str()) != 0) ++*undeleted_dirs;
  return OkStatus();
}

Status Env::GetFileSize(const std::string& fname, uint64_t* file_size) {
  struct stat st;
  if (stat(fname.c_str(), &st) != 0) return IOError(fname, errno);
  *file_size = static_cast<uint64_t>(st.st_size);
  return OkStatus();
}

Status Env::RenameFile(const std::string& src, const std::string& target) {
  if (rename(src.c_str(), target.c_str()) != 0) return IOError(src, errno);
  return OkStatus();
}

Status Env::CopyFile(const std::string& src, const std::string& target) {
  std::string data;
  TF_RETURN_IF_ERROR(ReadFileToString(this, src, &data));
  return WriteStringToFile(this, target, data);
}

Status Env::NewRandomAccessFile(const std::string& fname,
                                std::unique_ptr<RandomAccessFile>* result) {
  const int fd = open(fname.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return IOError(fname, errno);
  result->reset(new PosixRandomAccessFile(fname, fd));
  return OkStatus();
}

Status Env::NewWritableFile(const std::string& fname, std::unique_ptr<WritableFile>* result) {
  return OpenForWriting(fname, "we", result);
}

Status Env::NewAppendableFile(const std::string& fname, std::unique_ptr<WritableFile>* result) {
  return OpenForWriting(fname, "ae", result);
}

bool Env::LocalTempFilename(std::string* filename) {
  const char* tmp = getenv("TMPDIR");
  std::string pattern = io::JoinPath(tmp != nullptr && *tmp ? tmp : "/tmp", "tempfile-XXXXXX");
  const int fd = mkstemp(pattern.data());
  if (fd < 0) return false;
  close(fd);
  unlink(pattern.c_str());  // the name is free and unique; the caller creates the file
  *filename = pattern;
  return true;
}

uint64_t Env::NowNanos() const {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::system_clock::now().time_since_epoch())
                                   .count());
}
uint64_t Env::NowMicros() const { return NowNanos() / 1000; }
uint64_t Env::NowSeconds() const { return NowNanos() / 1000000000; }

void Env::SleepForMicroseconds(int64_t micros) {
  if (micros > 0) std::this_thread::sleep_for(std::chrono::microseconds(micros));
}

Status ReadFileToString(Env* env, const std::string& fname, std::string* data) {
  data->clear();
  struct stat st;
  if (stat(fname.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    return errors::FailedPrecondition(fname, "; Is a directory");
  }
  std::unique_ptr<RandomAccessFile> file;
  TF_RETURN_IF_ERROR(env->NewRandomAccessFile(fname, &file));
  uint64_t size = 0;
  TF_RETURN_IF_ERROR(env->GetFileSize(fname, &size));
  data->resize(size);
  absl::string_view result;
  Status s = file->Read(0, size, &result, data->data());
  if (!s.ok() && !absl::IsOutOfRange(s)) return s;
  data->resize(result.size());  // the file may have shrunk since stat
  if (result.data() != data->data()) data->assign(result.data(), result.size());
  return OkStatus();
}

Status WriteStringToFile(Env* env, const std::string& fname, absl::string_view data) {
  std::unique_ptr<WritableFile> file;
  TF_RETURN_IF_ERROR(env->NewWritableFile(fname, &file));
  TF_RETURN_IF_ERROR(file->Append(data));
  return file->Close();
}

Status ReadBinaryProto(Env* env, const std::string& fname, protobuf::MessageLite* proto) {
  std::string data;
  TF_RETURN_IF_ERROR(ReadFileToString(env, fname, &data));
  ChunkStream stream(data);
  protobuf::io::CodedInputStream coded(&stream);
  coded.SetTotalBytesLimit(INT32_MAX);
  if (proto->ParseFromCodedStream(&coded) && coded.ConsumedEntireMessage()) return OkStatus();
  // TF's file stream reports a short read when the parser asked for bytes past the end.
  if (stream.asked_past_end()) return errors::OutOfRange("Read less bytes than requested");
  return errors::DataLoss("Can't parse ", fname, " as binary proto");
}

Status WriteBinaryProto(Env* env, const std::string& fname, const protobuf::MessageLite& proto) {
  std::string data;
  if (!proto.SerializeToString(&data)) {
    return errors::FailedPrecondition("Unable to serialize to ", fname, " as binary proto");
  }
  return WriteStringToFile(env, fname, data);
}

Status ReadTextProto(Env* env, const std::string& fname, protobuf::Message* proto) {
  std::string data;
  TF_RETURN_IF_ERROR(ReadFileToString(env, fname, &data));
  protobuf::TextFormat::Parser parser;
  SilentErrors errors_out;
  parser.RecordErrorsTo(&errors_out);
  if (!parser.ParseFromString(data, proto)) {
    return errors::DataLoss("Can't parse ", fname, " as text proto");
  }
  return OkStatus();
}

Status WriteTextProto(Env* env, const std::string& fname, const protobuf::Message& proto) {
  std::string data;
  if (!protobuf::TextFormat::PrintToString(proto, &data)) {
    return errors::FailedPrecondition("Unable to convert proto to text.");
  }
  return WriteStringToFile(env, fname, data);
}

}  // namespace tensorflow
