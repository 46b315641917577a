#include "framework/env.h"

#include <dirent.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <pthread.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstring>
#include <thread>
#include <utility>

#include "absl/strings/str_cat.h"
#include "framework/errors.h"
#include "framework/path.h"
#include "framework/stringprintf.h"
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
  Status Name(absl::string_view* result) const override {
    *result = name_;
    return OkStatus();
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

class StdThread : public Thread {
 public:
  StdThread(const std::string& name, absl::AnyInvocable<void()> fn)
      : thread_([name, fn = std::move(fn)]() mutable {
          // The kernel keeps 15 bytes of a thread's name.
          pthread_setname_np(pthread_self(), name.substr(0, 15).c_str());
          fn();
        }) {}
  ~StdThread() override { thread_.join(); }

 private:
  std::thread thread_;
};

bool HasWildcard(absl::string_view s) { return s.find_first_of("*?[\\") != s.npos; }

std::string Hostname() {
  char name[256];
  if (gethostname(name, sizeof(name)) != 0) return "localhost";
  name[sizeof(name) - 1] = '\0';
  return name;
}

}  // namespace

Status RandomAccessFile::Name(absl::string_view* /*result*/) const {
  return errors::Unimplemented("This file system does not support Name()");
}

Status WritableFile::Tell(int64_t* /*position*/) {
  return errors::Unimplemented("This file system does not support Tell()");
}

Status WritableFile::Name(absl::string_view* /*result*/) const {
  return errors::Unimplemented("This file system does not support Name()");
}

Thread::~Thread() = default;

Env* Env::Default() {
  static Env env;
  return &env;
}

Status Env::FileExists(const std::string& fname) {
  if (access(fname.c_str(), F_OK) == 0) return OkStatus();
  return errors::NotFound(fname, " not found");
}

bool Env::FilesExist(const std::vector<std::string>& files, std::vector<Status>* status) {
  bool all = true;
  if (status != nullptr) status->clear();
  for (const std::string& file : files) {
    Status s = FileExists(file);
    all = all && s.ok();
    if (status != nullptr) status->push_back(std::move(s));
  }
  return all;
}

Status Env::IsDirectory(const std::string& fname) {
  struct stat st;
  if (stat(fname.c_str(), &st) != 0) return errors::NotFound(fname, " not found");
  if (S_ISDIR(st.st_mode)) return OkStatus();
  return errors::FailedPrecondition("Not a directory");
}

Status Env::Stat(const std::string& fname, FileStatistics* stats) {
  struct stat st;
  if (stat(fname.c_str(), &st) != 0) return IOError(fname, errno);
  stats->length = st.st_size;
  stats->mtime_nsec = static_cast<int64_t>(st.st_mtime) * 1000000000;  // whole seconds, as TF
  stats->is_directory = S_ISDIR(st.st_mode);
  return OkStatus();
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

bool Env::MatchPath(const std::string& path, const std::string& pattern) {
  return fnmatch(pattern.c_str(), path.c_str(), FNM_PATHNAME) == 0;
}

Status Env::GetMatchingPaths(const std::string& pattern, std::vector<std::string>* results) {
  results->clear();
  if (!HasWildcard(pattern)) {
    if (FileExists(pattern).ok()) results->push_back(pattern);
    return OkStatus();
  }
  // Walk from the directory before the first wildcard (kept as written; "." when there is
  // none, as TF's "./x" results) one pattern component at a time, so the work is bounded by
  // the pattern's depth. Empty components ("//", a trailing '/') match nothing extra.
  const size_t wildcard = pattern.find_first_of("*?[\\");
  const size_t slash = pattern.rfind('/', wildcard);
  std::vector<std::string> current = {slash == std::string::npos ? "." : pattern.substr(0, slash)};
  if (slash == 0) current[0] = "/";
  const std::string rest = slash == std::string::npos ? pattern : pattern.substr(slash + 1);
  size_t begin = 0;
  while (begin <= rest.size() && !current.empty()) {
    size_t end = rest.find('/', begin);
    if (end == std::string::npos) end = rest.size();
    const std::string component = rest.substr(begin, end - begin);
    begin = end + 1;
    if (component.empty()) continue;
    std::vector<std::string> next;
    for (const std::string& dir : current) {
      if (!HasWildcard(component)) {
        const std::string path = io::JoinPath(dir, component);
        if (FileExists(path).ok()) next.push_back(path);
        continue;
      }
      std::vector<std::string> children;
      if (!GetChildren(dir, &children).ok()) continue;
      for (const std::string& child : children) {
        // No FNM_PERIOD: as TF's, '*' matches a leading '.'.
        if (fnmatch(component.c_str(), child.c_str(), 0) == 0) {
          next.push_back(io::JoinPath(dir, child));
        }
      }
    }
    current = std::move(next);
  }
  *results = std::move(current);
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
  // lstat, not TF's stat: a symbolic link (to a directory, or dangling) is removed, never
  // followed.
  struct stat st;
  if (lstat(dirname.c_str(), &st) != 0) {
    *undeleted_dirs = 1;
    return errors::NotFound(dirname, " not found");
  }
  if (!S_ISDIR(st.st_mode)) {
    Status s = DeleteFile(dirname);
    if (!s.ok()) ++*undeleted_files;
    return s;
  }
  Status result;
  std::vector<std::string> children;
  Status listed = GetChildren(dirname, &children);
  result.Update(listed);
  for (const std::string& child : children) {
    int64_t files = 0, dirs = 0;
    result.Update(DeleteRecursively(io::JoinPath(dirname, child), &files, &dirs));
    *undeleted_files += files;
    *undeleted_dirs += dirs;
  }
  Status removed = DeleteDir(dirname);
  if (!removed.ok()) ++*undeleted_dirs;
  result.Update(removed);
  return result;
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
  struct stat st;
  if (stat(src.c_str(), &st) != 0) return IOError(src, errno);
  const int in = open(src.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) return IOError(src, errno);
  const int out = open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0) {
    const int err = errno;
    close(in);
    return IOError(target, err);
  }
  // The size stat saw bounds the copy; sendfile reports a source it cannot read (a
  // directory) as EINVAL, which TF names with the target too.
  Status result;
  off_t offset = 0;
  while (offset < st.st_size) {
    const size_t chunk = static_cast<size_t>(std::min<off_t>(st.st_size - offset, 1 << 30));
    const ssize_t n = sendfile(out, in, &offset, chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) result = IOError(target, errno);
    if (n <= 0) break;
  }
  if (close(out) != 0 && result.ok()) result = IOError(target, errno);
  close(in);
  return result;
}

Status Env::HasAtomicMove(const std::string& /*path*/, bool* has_atomic_move) {
  *has_atomic_move = true;
  return OkStatus();
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

std::string Env::GetExecutablePath() {
  char buf[PATH_MAX + 1];
  const ssize_t n = readlink("/proc/self/exe", buf, PATH_MAX);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : "";
}

std::string Env::GetRunfilesDir() {
  const std::string exe = GetExecutablePath();
  std::string runfiles = exe + ".runfiles";
  if (IsDirectory(runfiles).ok()) return runfiles;
  return std::string(io::Dirname(exe));
}

void Env::GetLocalTempDirectories(std::vector<std::string>* list) {
  list->clear();
  const char* candidates[] = {getenv("TEST_TMPDIR"), getenv("TMPDIR"), getenv("TMP"), "/tmp"};
  for (const char* dir : candidates) {
    if (dir == nullptr || *dir == '\0') continue;
    std::string with_slash = dir;
    if (with_slash.back() != '/') with_slash += '/';
    struct stat st;
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && access(with_slash.c_str(), F_OK) == 0) {
      list->push_back(with_slash);  // the first that is a directory; the rest are not asked
      return;
    }
  }
}

bool Env::LocalTempFilename(std::string* filename) {
  std::vector<std::string> dirs;
  GetLocalTempDirectories(&dirs);
  for (const std::string& dir : dirs) {
    *filename = io::JoinPath(dir, "tempfile-");
    if (CreateUniqueFileName(filename, "")) return true;
  }
  return false;
}

bool Env::CreateUniqueFileName(std::string* prefix, const std::string& suffix) {
  strings::Appendf(prefix, "%s-%llx-%d-%llx", Hostname().c_str(),
                   static_cast<unsigned long long>(GetCurrentThreadId()), GetProcessId(),
                   static_cast<unsigned long long>(NowMicros()));
  *prefix += suffix;
  if (FileExists(*prefix).ok()) {
    prefix->clear();
    return false;
  }
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

int32_t Env::GetProcessId() { return static_cast<int32_t>(getpid()); }

int64_t Env::GetCurrentThreadId() { return static_cast<int64_t>(syscall(SYS_gettid)); }

bool Env::GetCurrentThreadName(std::string* name) {
  char buf[64];
  if (pthread_getname_np(pthread_self(), buf, sizeof(buf)) != 0) return false;
  *name = buf;
  return true;
}

Thread* Env::StartThread(const ThreadOptions& /*thread_options*/, const std::string& name,
                         absl::AnyInvocable<void()> fn) {
  return new StdThread(name, std::move(fn));
}

void Env::StartDetachedThread(const ThreadOptions& /*thread_options*/, const std::string& name,
                              absl::AnyInvocable<void()> fn) {
  std::thread([name, fn = std::move(fn)]() mutable {
    pthread_setname_np(pthread_self(), name.substr(0, 15).c_str());
    fn();
  }).detach();
}

void Env::SchedClosure(absl::AnyInvocable<void()> closure) {
  std::thread(std::move(closure)).detach();
}

void Env::SchedClosureAfter(int64_t micros, absl::AnyInvocable<void()> closure) {
  std::thread([this, micros, closure = std::move(closure)]() mutable {
    SleepForMicroseconds(micros);
    closure();
  }).detach();
}

int setenv(const char* name, const char* value, int overwrite) {
  return ::setenv(name, value, overwrite);
}

int unsetenv(const char* name) { return ::unsetenv(name); }

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
  data->resize(size);  // the file's real size, from the file system
  absl::string_view result;
  Status s = file->Read(0, size, &result, data->data());
  if (!s.ok() && !absl::IsOutOfRange(s)) return s;
  data->resize(result.size());  // the file may have shrunk since stat
  if (result.data() != data->data()) data->assign(result.data(), result.size());
  return OkStatus();
}

namespace {
Status WriteOrAppend(Env* env, const std::string& fname, absl::string_view data, bool append) {
  std::unique_ptr<WritableFile> file;
  TF_RETURN_IF_ERROR(append ? env->NewAppendableFile(fname, &file)
                            : env->NewWritableFile(fname, &file));
  TF_RETURN_IF_ERROR(file->Append(data));
  return file->Close();
}

// TF reads protos through a file stream whose failed reads end the input without an error:
// a directory reads as an empty file.
bool IsDirectoryPath(const std::string& fname) {
  struct stat st;
  return stat(fname.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}
}  // namespace

Status WriteStringToFile(Env* env, const std::string& fname, absl::string_view data) {
  return WriteOrAppend(env, fname, data, /*append=*/false);
}

Status AppendStringToFile(Env* env, const std::string& fname, absl::string_view data) {
  return WriteOrAppend(env, fname, data, /*append=*/true);
}

Status ReadBinaryProto(Env* env, const std::string& fname, protobuf::MessageLite* proto) {
  std::string data;
  if (!IsDirectoryPath(fname)) TF_RETURN_IF_ERROR(ReadFileToString(env, fname, &data));
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
  if (!IsDirectoryPath(fname)) TF_RETURN_IF_ERROR(ReadFileToString(env, fname, &data));
  protobuf::TextFormat::Parser parser;
  SilentErrors errors_out;
  parser.RecordErrorsTo(&errors_out);
  if (!parser.ParseFromString(data, proto)) {
    return errors::DataLoss("Can't parse ", fname, " as text proto");
  }
  return OkStatus();
}

Status ReadTextProto(Env* /*env*/, const std::string& /*fname*/, protobuf::MessageLite* /*proto*/) {
  return errors::Unimplemented("Can't parse text protos with protolite.");
}

Status WriteTextProto(Env* env, const std::string& fname, const protobuf::Message& proto) {
  std::string data;
  if (!protobuf::TextFormat::PrintToString(proto, &data)) {
    return errors::FailedPrecondition("Unable to convert proto to text.");
  }
  return WriteStringToFile(env, fname, data);
}

Status WriteTextProto(Env* /*env*/, const std::string& /*fname*/,
                      const protobuf::MessageLite& /*proto*/) {
  return errors::Unimplemented("Can't write text protos with protolite.");
}

Status ReadTextOrBinaryProto(Env* env, const std::string& fname, protobuf::Message* proto) {
  if (ReadTextProto(env, fname, proto).ok()) return OkStatus();
  return ReadBinaryProto(env, fname, proto);
}

Status ReadTextOrBinaryProto(Env* env, const std::string& fname, protobuf::MessageLite* proto) {
  if (ReadTextProto(env, fname, proto).ok()) return OkStatus();
  return ReadBinaryProto(env, fname, proto);
}

}  // namespace tensorflow
