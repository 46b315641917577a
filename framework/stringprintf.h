// minitf: printf into std::string (TF's tensorflow/core/lib/strings/stringprintf.h).
//
//   std::string s = strings::Printf("%06d/%06d %s", session, step, text.c_str());
//   strings::Appendf(&s, " lambda = %8.6f", lambda);
#ifndef MINITF_FRAMEWORK_STRINGPRINTF_H_
#define MINITF_FRAMEWORK_STRINGPRINTF_H_

#include <cstdarg>
#include <string>

#include "framework/platform_types.h"

namespace tensorflow {
namespace strings {

std::string Printf(const char* format, ...) __attribute__((__format__(__printf__, 1, 2)));
void Appendf(std::string* dst, const char* format, ...)
    __attribute__((__format__(__printf__, 2, 3)));
void Appendv(std::string* dst, const char* format, va_list ap);

}  // namespace strings
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_STRINGPRINTF_H_
