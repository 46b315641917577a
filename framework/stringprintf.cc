#include "framework/stringprintf.h"

#include <cstdio>
#include <vector>

namespace tensorflow {
namespace strings {

void Appendv(std::string* dst, const char* format, va_list ap) {
  char small[256];
  va_list copy;
  va_copy(copy, ap);
  const int n = vsnprintf(small, sizeof(small), format, copy);
  va_end(copy);
  if (n < 0) return;  // a bad format appends nothing, as TF's does
  if (static_cast<size_t>(n) < sizeof(small)) {
    dst->append(small, static_cast<size_t>(n));
    return;
  }
  std::vector<char> big(static_cast<size_t>(n) + 1);
  va_copy(copy, ap);
  const int m = vsnprintf(big.data(), big.size(), format, copy);
  va_end(copy);
  if (m >= 0 && static_cast<size_t>(m) < big.size())
    dst->append(big.data(), static_cast<size_t>(m));
}

std::string Printf(const char* format, ...) {
  va_list ap;
  va_start(ap, format);
  std::string result;
  Appendv(&result, format, ap);
  va_end(ap);
  return result;
}

void Appendf(std::string* dst, const char* format, ...) {
  va_list ap;
  va_start(ap, format);
  Appendv(dst, format, ap);
  va_end(ap);
}

}  // namespace strings
}  // namespace tensorflow
