// minitf: TensorFlow's tensorflow::str_util helpers, on Abseil as TF 2.21's are:
//
//   str_util::Split("a,b;;c", ",;", str_util::SkipEmpty());  // {"a", "b", "c"}
//   str_util::Join(std::vector<int>{1, 2}, ", ");             // "1, 2"
//   str_util::ArgDefCase("FooBar");                           // "foo_bar"
#ifndef MINITF_FRAMEWORK_STR_UTIL_H_
#define MINITF_FRAMEWORK_STR_UTIL_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"

namespace tensorflow {
namespace str_util {

inline std::string CEscape(absl::string_view src) { return absl::CEscape(src); }
inline void StripTrailingWhitespace(std::string* s) { absl::StripTrailingAsciiWhitespace(s); }

// Drop whitespace from `*text`'s front, back, or both; return how many characters went.
size_t RemoveLeadingWhitespace(absl::string_view* text);
size_t RemoveTrailingWhitespace(absl::string_view* text);
size_t RemoveWhitespaceContext(absl::string_view* text);

// Consumes leading decimal digits into `*val`; false (and `*s` unchanged) when there are
// none or they overflow uint64.
bool ConsumeLeadingDigits(absl::string_view* s, uint64_t* val);
// Consumes leading non-whitespace into `*val`; false when there is none.
bool ConsumeNonWhitespace(absl::string_view* s, absl::string_view* val);

inline bool ConsumePrefix(absl::string_view* s, absl::string_view expected) {
  return absl::ConsumePrefix(s, expected);
}
inline bool ConsumeSuffix(absl::string_view* s, absl::string_view expected) {
  return absl::ConsumeSuffix(s, expected);
}
[[nodiscard]] inline absl::string_view StripPrefix(absl::string_view s,
                                                   absl::string_view expected) {
  return absl::StripPrefix(s, expected);
}
[[nodiscard]] inline absl::string_view StripSuffix(absl::string_view s,
                                                   absl::string_view expected) {
  return absl::StripSuffix(s, expected);
}
inline std::string Lowercase(absl::string_view s) { return absl::AsciiStrToLower(s); }
inline std::string Uppercase(absl::string_view s) { return absl::AsciiStrToUpper(s); }

// Upper-cases the first letter of `*s` and every letter after one of `delimiters`.
void TitlecaseString(std::string* s, absl::string_view delimiters);
// `s` with the first (or every) `oldsub` replaced by `newsub`.
std::string StringReplace(absl::string_view s, absl::string_view oldsub, absl::string_view newsub,
                          bool replace_all);

template <typename T>
std::string Join(const T& s, const char* sep) {
  return absl::StrJoin(s, sep);
}
template <typename T, typename Formatter>
std::string Join(const T& s, const char* sep, Formatter f) {
  return absl::StrJoin(s, sep, f);
}

// Split predicates.
struct AllowEmpty {
  bool operator()(absl::string_view) const { return true; }
};
struct SkipEmpty {
  bool operator()(absl::string_view sp) const { return !sp.empty(); }
};
struct SkipWhitespace {
  bool operator()(absl::string_view sp) const {
    return !absl::StripTrailingAsciiWhitespace(sp).empty();
  }
};

// Splits at any character of `delims` (empty text gives no pieces).
inline std::vector<std::string> Split(absl::string_view text, absl::string_view delims) {
  return text.empty() ? std::vector<std::string>() : absl::StrSplit(text, absl::ByAnyChar(delims));
}
template <typename Predicate>
std::vector<std::string> Split(absl::string_view text, absl::string_view delims, Predicate p) {
  return text.empty() ? std::vector<std::string>()
                      : absl::StrSplit(text, absl::ByAnyChar(delims), p);
}
inline std::vector<std::string> Split(absl::string_view text, char delim) {
  return text.empty() ? std::vector<std::string>() : absl::StrSplit(text, delim);
}
template <typename Predicate>
std::vector<std::string> Split(absl::string_view text, char delim, Predicate p) {
  return text.empty() ? std::vector<std::string>() : absl::StrSplit(text, delim, p);
}

inline bool StartsWith(absl::string_view text, absl::string_view prefix) {
  return absl::StartsWith(text, prefix);
}
inline bool EndsWith(absl::string_view text, absl::string_view suffix) {
  return absl::EndsWith(text, suffix);
}
inline bool StrContains(absl::string_view haystack, absl::string_view needle) {
  return absl::StrContains(haystack, needle);
}

// A name in an argument's spelling: leading non-letters dropped, an underscore before each
// capital that follows a letter or digit, lower case: "FooBar" -> "foo_bar", "Conv2D" -> "conv2_d".
std::string ArgDefCase(absl::string_view s);

}  // namespace str_util
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_STR_UTIL_H_
