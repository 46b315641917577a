// minitf: TF's platform environment (tensorflow/core/platform/env.h): the local file system
// and the clock, reached through Env::Default(), and the file helpers TF programs use.
//
//   GraphDef graph_def;
//   TF_RETURN_IF_ERROR(ReadBinaryProto(Env::Default(), "model.pb", &graph_def));
//   TF_RETURN_IF_ERROR(Env::Default()->RecursivelyCreateDir("/tmp/out/logs"));
//   TF_RETURN_IF_ERROR(WriteStringToFile(Env::Default(), "/tmp/out/a.txt", "hello"));
//
// Errors carry TF's codes and texts: a missing file is NotFound "<path>; No such file or
// directory", a directory where a file is expected FailedPrecondition. Files are untrusted:
// nothing is allocated beyond a file's real size. A binary proto that does not parse is
// OutOfRange "Read less bytes than requested" when the parser wanted bytes past the end of the
// file (TF's file stream reports its short read), DataLoss "Can't parse <path> as binary
// proto" otherwise.
#ifndef MINITF_FRAMEWORK_ENV_H_
#define MINITF_FRAMEWORK_ENV_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
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
};

class Env {
 public:
  virtual ~Env() = default;
  // The local file system and clock.
  static Env* Default();

  // OK when `fname` exists, NotFound "<fname> not found" otherwise.
  Status FileExists(const std::string& fname);
  // OK for a directory; FailedPrecondition "Not a directory" for a file; NotFound if missing.
  Status IsDirectory(const std::string& fname);
  // The names (not paths) in `dir`, without "." and "..".
  Status GetChildren(const std::string& dir, std::vector<std::string>* result);
  // The paths matching a glob pattern (`*`, `?`, `[...]`), sorted.
  Status GetMatchingPaths(const std::string& pattern, std::vector<std::string>* results);
  Status CreateDir(const std::string& dirname);
  // Creates `dirname` and its missing parents; OK if it exists.
  Status RecursivelyCreateDir(const std::string& dirname);
  Status DeleteFile(const std::string& fname);
  Status DeleteDir(const std::string& dirname);
  // Deletes `dirname` and everything below it; the counts are what could not be deleted.
  Status DeleteRecursively(const std::string& dirname, int64_t* undeleted_files,
                           int64_t* undeleted_dirs);
  Status GetFileSize(const std::string& fname, uint64_t* file_size);
  Status RenameFile(const std::string& src, const std::string& target);
  Status CopyFile(const std::string& src, const std::string& target);

  Status NewRandomAccessFile(const std::string& fname, std::unique_ptr<RandomAccessFile>* result);
  // Truncates or creates.
  Status NewWritableFile(const std::string& fname, std::unique_ptr<WritableFile>* result);
  Status NewAppendableFile(const std::string& fname, std::unique_ptr<WritableFile>* result);

  // A fresh path in the temporary directory; false if none could be made.
  bool LocalTempFilename(std::string* filename);

  uint64_t NowNanos() const;
  uint64_t NowMicros() const;
  uint64_t NowSeconds() const;
  void SleepForMicroseconds(int64_t micros);
};

// How to start a thread; minitf's pools take the defaults.
struct ThreadOptions {
  size_t stack_size = 0;  // 0: the platform's default
  size_t guard_size = 0;
  int numa_node = -1;  // -1: any
};

Status ReadFileToString(Env* env, const std::string& fname, std::string* data);
Status WriteStringToFile(Env* env, const std::string& fname, absl::string_view data);
Status ReadBinaryProto(Env* env, const std::string& fname, protobuf::MessageLite* proto);
Status WriteBinaryProto(Env* env, const std::string& fname, const protobuf::MessageLite& proto);
Status ReadTextProto(Env* env, const std::string& fname, protobuf::Message* proto);
Status WriteTextProto(Env* env, const std::string& fname, const protobuf::Message& proto);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_ENV_H_
