// minitf: TF's platform environment (tensorflow/core/platform/env.h): the local file system,
// the clock and threads, reached through Env::Default(), and the file helpers TF programs use.
//
//   GraphDef graph_def;
//   TF_RETURN_IF_ERROR(ReadBinaryProto(Env::Default(), "model.pb", &graph_def));
//   TF_RETURN_IF_ERROR(Env::Default()->RecursivelyCreateDir("/tmp/out/logs"));
//   TF_RETURN_IF_ERROR(WriteStringToFile(Env::Default(), "/tmp/out/a.txt", "hello"));
//   std::unique_ptr<Thread> t(Env::Default()->StartThread({}, "loader", [] { ... }));
//
// Errors carry TF's codes and texts: a failing system call is "<path>; <strerror>" with TF's
// code for the errno (NotFound for ENOENT, FailedPrecondition for EISDIR/ENOTDIR/ENOTEMPTY,
// AlreadyExists, PermissionDenied, ...); FileExists and IsDirectory say "<path> not found". Files
// are untrusted: nothing is allocated beyond a file's real size. A binary proto that does not
// parse is OutOfRange "Read less bytes than requested" when the parser wanted bytes past the
// end of the file (TF's file stream reports its short read), DataLoss "Can't parse <path> as
// binary proto" otherwise. As in TF, reading a proto from a directory gives an empty message
// and OK. Only local paths: there are no registered file systems or transactions.
//
// Thread safety: Env::Default() and every method may be used from any thread; a
// RandomAccessFile may be read from several threads, a WritableFile by one at a time.
#ifndef MINITF_FRAMEWORK_ENV_H_
#define MINITF_FRAMEWORK_ENV_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/functional/any_invocable.h"
#include "absl/strings/string_view.h"
#include "framework/platform_types.h"
#include "framework/status.h"
#include "google/protobuf/message.h"
#include "google/protobuf/message_lite.h"

namespace tensorflow {

namespace protobuf = ::google::protobuf;  // NOLINT: TF's alias (platform/protobuf.h)

// A file read at offsets (TF's RandomAccessFile).
class RandomAccessFile {
 public:
  virtual ~RandomAccessFile() = default;
  // Reads up to `n` bytes at `offset` into `scratch`; `*result` views what was read. Fewer
  // than `n` bytes (end of file) is OutOfRange "Read less bytes than requested".
  virtual Status Read(uint64_t offset, size_t n, absl::string_view* result,
                      char* scratch) const = 0;
  virtual Status Name(absl::string_view* result) const;
};

// A file written front to back (TF's WritableFile).
class WritableFile {
 public:
  virtual ~WritableFile() = default;
  virtual Status Append(absl::string_view data) = 0;
  virtual Status Close() = 0;
  virtual Status Flush() = 0;
  virtual Status Sync() = 0;
  virtual Status Tell(int64_t* position);
  virtual Status Name(absl::string_view* result) const;
};

// What Env::Stat reports (TF's FileStatistics).
struct FileStatistics {
  int64_t length = -1;     // bytes; -1 if unknown
  int64_t mtime_nsec = 0;  // last modification, ns since the epoch
  bool is_directory = false;

  FileStatistics() = default;
  FileStatistics(int64_t length, int64_t mtime_nsec, bool is_directory)
      : length(length), mtime_nsec(mtime_nsec), is_directory(is_directory) {}
};

// A thread started by Env::StartThread; deleting it waits for the function to return.
class Thread {
 public:
  Thread() = default;
  virtual ~Thread();
  Thread(const Thread&) = delete;
  void operator=(const Thread&) = delete;
};

// How to start a thread: hints, which minitf's threads take as the defaults.
struct ThreadOptions {
  size_t stack_size = 0;  // 0: the platform's default
  size_t guard_size = 0;
  int numa_node = -1;  // -1: any
};

class Env {
 public:
  virtual ~Env() = default;
  // The local file system and clock.
  static Env* Default();

  // OK when `fname` exists, NotFound "<fname> not found" otherwise.
  Status FileExists(const std::string& fname);
  // Whether all of `files` exist; `status` (if not null) gets each one's FileExists.
  bool FilesExist(const std::vector<std::string>& files, std::vector<Status>* status);
  // OK for a directory; FailedPrecondition "Not a directory" for a file; NotFound if missing.
  Status IsDirectory(const std::string& fname);
  Status Stat(const std::string& fname, FileStatistics* stat);
  // The names (not paths) in `dir`, without "." and ".."; in no particular order.
  Status GetChildren(const std::string& dir, std::vector<std::string>* result);
  // Whether `path` matches the glob `pattern` (fnmatch with FNM_PATHNAME, as TF: '*' and '?'
  // stop at '/', and match a leading '.').
  bool MatchPath(const std::string& path, const std::string& pattern);
  // The paths matching `pattern` (`*`, `?`, `[...]`, `\` escapes; wildcards only within a
  // component, '*' matching a leading '.'), sorted (TF leaves them in directory order). The
  // part before the first wildcard is kept as written; a relative pattern without a directory
  // gives "./name". A pattern without wildcards gives itself when it exists. No match is OK
  // with no results.
  Status GetMatchingPaths(const std::string& pattern, std::vector<std::string>* results);
  Status CreateDir(const std::string& dirname);
  // Creates `dirname` and its missing parents; OK if it exists. FailedPrecondition
  // "<path> is not a directory" when a file is in the way.
  Status RecursivelyCreateDir(const std::string& dirname);
  Status DeleteFile(const std::string& fname);
  Status DeleteDir(const std::string& dirname);
  // Deletes `dirname` (a file too) and everything below it; the counts are what could not be
  // deleted, the status the last reason. NotFound with *undeleted_dirs = 1 if it is missing.
  // Symbolic links are deleted, never followed.
  Status DeleteRecursively(const std::string& dirname, int64_t* undeleted_files,
                           int64_t* undeleted_dirs);
  Status GetFileSize(const std::string& fname, uint64_t* file_size);
  Status RenameFile(const std::string& src, const std::string& target);
  // Copies the bytes (the target is created 0644 or truncated); errors name the target once
  // the source is open.
  Status CopyFile(const std::string& src, const std::string& target);
  // OK with true: a rename on the local file system is atomic.
  Status HasAtomicMove(const std::string& path, bool* has_atomic_move);

  Status NewRandomAccessFile(const std::string& fname, std::unique_ptr<RandomAccessFile>* result);
  // Truncates or creates.
  Status NewWritableFile(const std::string& fname, std::unique_ptr<WritableFile>* result);
  Status NewAppendableFile(const std::string& fname, std::unique_ptr<WritableFile>* result);

  // The absolute path of this program (symbolic links resolved).
  std::string GetExecutablePath();
  // "<exe>.runfiles" when Bazel made one, else the executable's directory.
  std::string GetRunfilesDir();
  // The first of $TEST_TMPDIR, $TMPDIR, $TMP, /tmp that is a directory, with a trailing '/'.
  void GetLocalTempDirectories(std::vector<std::string>* list);
  // "<tmp>/tempfile-<host>-<thread>-<pid>-<micros>", a name no file has yet (not created).
  bool LocalTempFilename(std::string* filename);
  // Appends "<host>-<thread>-<pid>-<micros>" and `suffix` to `*prefix`; false (and clears it)
  // if a file of that name exists.
  bool CreateUniqueFileName(std::string* prefix, const std::string& suffix);

  uint64_t NowNanos() const;  // since the Unix epoch
  uint64_t NowMicros() const;
  uint64_t NowSeconds() const;
  void SleepForMicroseconds(int64_t micros);

  int32_t GetProcessId();
  int64_t GetCurrentThreadId();  // the kernel's thread id
  bool GetCurrentThreadName(std::string* name);
  // A new thread running `fn`; the caller owns it (deleting it joins). `name` names the thread
  // (the first 15 bytes, the kernel's limit).
  Thread* StartThread(const ThreadOptions& thread_options, const std::string& name,
                      absl::AnyInvocable<void()> fn);
  void StartDetachedThread(const ThreadOptions& thread_options, const std::string& name,
                           absl::AnyInvocable<void()> fn);
  // Runs `closure` soon (after `micros`) on a thread of its own.
  void SchedClosure(absl::AnyInvocable<void()> closure);
  void SchedClosureAfter(int64_t micros, absl::AnyInvocable<void()> closure);
};

// The C library's setenv/unsetenv, under TF's names.
int setenv(const char* name, const char* value, int overwrite);
int unsetenv(const char* name);

Status ReadFileToString(Env* env, const std::string& fname, std::string* data);
// Creates or truncates `fname`.
Status WriteStringToFile(Env* env, const std::string& fname, absl::string_view data);
// Creates `fname` if missing.
Status AppendStringToFile(Env* env, const std::string& fname, absl::string_view data);
Status ReadBinaryProto(Env* env, const std::string& fname, protobuf::MessageLite* proto);
Status WriteBinaryProto(Env* env, const std::string& fname, const protobuf::MessageLite& proto);
// Text protos need full messages: the MessageLite forms are Unimplemented, as in TF.
Status ReadTextProto(Env* env, const std::string& fname, protobuf::Message* proto);
Status ReadTextProto(Env* env, const std::string& fname, protobuf::MessageLite* proto);
Status WriteTextProto(Env* env, const std::string& fname, const protobuf::Message& proto);
Status WriteTextProto(Env* env, const std::string& fname, const protobuf::MessageLite& proto);
// Text when the file parses as text, else binary (with the binary read's error).
Status ReadTextOrBinaryProto(Env* env, const std::string& fname, protobuf::Message* proto);
Status ReadTextOrBinaryProto(Env* env, const std::string& fname, protobuf::MessageLite* proto);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_ENV_H_
