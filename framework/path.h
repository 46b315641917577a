// minitf: file path helpers (TF's tensorflow/core/lib/io/path.h, tsl/platform/path.h): string
// work only, no file system calls; TF's results on every edge case.
//
//   io::JoinPath("/models", "mlp", "saved_model.pb");   // "/models/mlp/saved_model.pb"
//   io::Dirname("/a/b.txt");    // "/a"        io::Basename("/a/b.txt");  // "b.txt"
//   io::Extension("a.b.c");     // "c"         io::CleanPath("/a/../b");  // "/b"
#ifndef MINITF_FRAMEWORK_PATH_H_
#define MINITF_FRAMEWORK_PATH_H_

#include <initializer_list>
#include <string>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "framework/platform_types.h"

namespace tensorflow {
namespace io {
namespace internal {
std::string JoinPathImpl(std::initializer_list<absl::string_view> paths);
}  // namespace internal

// Joins the non-empty parts with exactly one '/' between them ("a/" + "/b" is "a/b").
template <typename... T>
std::string JoinPath(const T&... args) {
  return internal::JoinPathImpl({absl::string_view(args)...});
}

// Whether `path` starts with '/'.
bool IsAbsolutePath(absl::string_view path);
// Everything before the last '/' ("/" for a file in the root, "" when there is no '/'). A
// URI's "scheme://host" stays with the dirname ("gs://b/x/y" -> "gs://b/x").
absl::string_view Dirname(absl::string_view path);
// Everything after the last '/'.
absl::string_view Basename(absl::string_view path);
// The basename's part after its last '.' ("" when it has none).
absl::string_view Extension(absl::string_view path);
// The basename without its extension.
absl::string_view BasenamePrefix(absl::string_view path);
// The longest common prefix of `paths` that ends in '/' ("/a/b/c", "/a/bc" -> "/a/"), or "".
std::string CommonPathPrefix(absl::Span<const std::string> paths);
// The shortest equivalent path: no "//", "." or "dir/.." ("" becomes ".").
std::string CleanPath(absl::string_view path);
// Splits "scheme://host/path"; the scheme is a letter then letters, digits or dots. Anything
// else is a local path (scheme and host empty). All three view `uri`.
void ParseURI(absl::string_view uri, absl::string_view* scheme, absl::string_view* host,
              absl::string_view* path);
// The inverse of ParseURI.
std::string CreateURI(absl::string_view scheme, absl::string_view host, absl::string_view path);

}  // namespace io
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_PATH_H_
