#include "framework/str_util.h"

#include <cctype>

namespace tensorflow {
namespace str_util {
namespace {

bool IsSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool IsAlpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool IsAlnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool IsUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }

}  // namespace

size_t RemoveLeadingWhitespace(absl::string_view* text) {
  size_t count = 0;
  while (count < text->size() && IsSpace((*text)[count])) ++count;
  text->remove_prefix(count);
  return count;
}

size_t RemoveTrailingWhitespace(absl::string_view* text) {
  size_t count = 0;
  while (count < text->size() && IsSpace((*text)[text->size() - 1 - count])) ++count;
  text->remove_suffix(count);
  return count;
}

size_t RemoveWhitespaceContext(absl::string_view* text) {
  return RemoveLeadingWhitespace(text) + RemoveTrailingWhitespace(text);
}

bool ConsumeLeadingDigits(absl::string_view* s, uint64_t* val) {
  size_t used = 0;
  uint64_t value = 0;
  for (; used < s->size() && (*s)[used] >= '0' && (*s)[used] <= '9'; ++used) {
    const uint64_t next = value * 10 + static_cast<uint64_t>((*s)[used] - '0');
    if (next / 8 < value) return false;  // overflowed
    value = next;
  }
  if (used == 0) return false;
  *val = value;
  s->remove_prefix(used);
  return true;
}

bool ConsumeNonWhitespace(absl::string_view* s, absl::string_view* val) {
  size_t used = 0;
  while (used < s->size() && !IsSpace((*s)[used])) ++used;
  if (used == 0) return false;
  *val = s->substr(0, used);
  s->remove_prefix(used);
  return true;
}

void TitlecaseString(std::string* s, absl::string_view delimiters) {
  bool upper = true;
  for (char& c : *s) {
    if (upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    upper = delimiters.find(c) != absl::string_view::npos;
  }
}

std::string StringReplace(absl::string_view s, absl::string_view oldsub, absl::string_view newsub,
                          bool replace_all) {
  std::string out;
  size_t pos = 0;
  while (!oldsub.empty()) {
    const size_t hit = s.find(oldsub, pos);
    if (hit == absl::string_view::npos) break;
    out.append(s.data() + pos, hit - pos);
    out.append(newsub.data(), newsub.size());
    pos = hit + oldsub.size();
    if (!replace_all) break;
  }
  out.append(s.data() + pos, s.size() - pos);
  return out;
}

std::string ArgDefCase(absl::string_view s) {
  size_t start = 0;
  while (start < s.size() && !IsAlpha(s[start])) ++start;
  std::string out;
  for (size_t i = start; i < s.size(); ++i) {
    const char c = s[i];
    if (!IsAlnum(c)) {
      out.push_back('_');
    } else if (IsUpper(c)) {
      // TF's rule: a capital gets an underscore before it unless it starts the result or
      // follows a character already written as an underscore.
      if (i != start && out.back() != '_') out.push_back('_');
      out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    } else {
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace str_util
}  // namespace tensorflow
