#include "framework/path.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tensorflow {
namespace io {

namespace internal {
std::string JoinPathImpl(std::initializer_list<absl::string_view> paths) {
  std::string result;
  for (absl::string_view path : paths) {
    if (path.empty()) continue;
    if (result.empty()) {
      result = std::string(path);
    } else if (result.back() == '/' && path.front() == '/') {
      absl::StrAppend(&result, path.substr(1));
    } else if (result.back() == '/' || path.front() == '/') {
      absl::StrAppend(&result, path);
    } else {
      absl::StrAppend(&result, "/", path);
    }
  }
  return result;
}
}  // namespace internal

namespace {
// (dirname, basename) split at the path's last '/'. A URI's "scheme://host" stays in the
// dirname, and a '/' right after it too, as TF's SplitPath keeps it ("gs://b/x" -> "gs://b/").
std::pair<absl::string_view, absl::string_view> SplitPath(absl::string_view uri) {
  absl::string_view scheme, host, path;
  ParseURI(uri, &scheme, &host, &path);
  const size_t prefix = static_cast<size_t>(path.data() - uri.data());
  const size_t pos = path.rfind('/');
  if (pos == absl::string_view::npos) return {uri.substr(0, prefix), path};
  if (pos == 0) return {uri.substr(0, prefix + 1), path.substr(1)};
  return {uri.substr(0, prefix + pos), path.substr(pos + 1)};
}
}  // namespace

bool IsAbsolutePath(absl::string_view path) { return !path.empty() && path[0] == '/'; }

absl::string_view Dirname(absl::string_view path) { return SplitPath(path).first; }

absl::string_view Basename(absl::string_view path) { return SplitPath(path).second; }

absl::string_view Extension(absl::string_view path) {
  absl::string_view base = Basename(path);
  const size_t pos = base.rfind('.');
  return pos == absl::string_view::npos ? base.substr(base.size()) : base.substr(pos + 1);
}

absl::string_view BasenamePrefix(absl::string_view path) {
  absl::string_view base = Basename(path);
  const size_t pos = base.rfind('.');
  return pos == absl::string_view::npos ? base : base.substr(0, pos);
}

std::string CommonPathPrefix(absl::Span<const std::string> paths) {
  if (paths.empty()) return "";
  size_t common = paths[0].size();
  for (const std::string& path : paths) {
    size_t i = 0;
    while (i < common && i < path.size() && path[i] == paths[0][i]) ++i;
    common = i;
  }
  // Whole components only: cut after the last '/' of the common characters.
  const size_t slash = absl::string_view(paths[0]).substr(0, common).rfind('/');
  return slash == absl::string_view::npos ? "" : paths[0].substr(0, slash + 1);
}

std::string CleanPath(absl::string_view path) {
  const bool absolute = IsAbsolutePath(path);
  std::vector<absl::string_view> parts;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == absl::string_view::npos) end = path.size();
    absl::string_view part = path.substr(start, end - start);
    if (part.empty() || part == ".") {
      // nothing
    } else if (part == "..") {
      if (!parts.empty() && parts.back() != "..") {
        parts.pop_back();
      } else if (!absolute) {
        parts.push_back(part);
      }
    } else {
      parts.push_back(part);
    }
    start = end + 1;
  }
  std::string joined = absl::StrJoin(parts, "/");
  if (absolute) return "/" + joined;
  return joined.empty() ? "." : joined;
}

void ParseURI(absl::string_view uri, absl::string_view* scheme, absl::string_view* host,
              absl::string_view* path) {
  // TF's scheme: a letter, then letters, digits and dots, then "://".
  const size_t sep = uri.find("://");
  bool valid_scheme = sep != absl::string_view::npos && sep > 0 && absl::ascii_isalpha(uri[0]);
  for (size_t i = 1; valid_scheme && i < sep; ++i) {
    valid_scheme = absl::ascii_isalnum(uri[i]) || uri[i] == '.';
  }
  if (!valid_scheme) {
    *scheme = uri.substr(0, 0);
    *host = uri.substr(0, 0);
    *path = uri;
    return;
  }
  *scheme = uri.substr(0, sep);
  absl::string_view rest = uri.substr(sep + 3);
  const size_t slash = rest.find('/');
  if (slash == absl::string_view::npos) {
    *host = rest;
    *path = rest.substr(rest.size());
  } else {
    *host = rest.substr(0, slash);
    *path = rest.substr(slash);
  }
}

std::string CreateURI(absl::string_view scheme, absl::string_view host, absl::string_view path) {
  if (scheme.empty()) return std::string(path);
  return absl::StrCat(scheme, "://", host, path);
}

}  // namespace io
}  // namespace tensorflow
