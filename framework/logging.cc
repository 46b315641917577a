#include "framework/logging.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tensorflow {
namespace internal {

LogMessage::LogMessage(const char* file, int line, int severity)
    : file_(file), line_(line), severity_(severity) {}

LogMessage::~LogMessage() { Flush(); }

void LogMessage::Flush() {
  static const char kLetters[] = "IWEF";
  const char* base = std::strrchr(file_, '/');
  std::fprintf(stderr, "%c %s:%d] %s\n", kLetters[severity_ & 3], base ? base + 1 : file_, line_,
               stream_.str().c_str());
  if (severity_ == FATAL) {
    std::fflush(stderr);
    std::abort();
  }
}

LogMessageFatal::~LogMessageFatal() {
  Flush();
  std::abort();  // Flush aborts for FATAL already; this tells the compiler.
}

int MaxVLogLevel() {
  static const int level = [] {
    const char* v = std::getenv("TF_CPP_MAX_VLOG_LEVEL");
    return v ? std::atoi(v) : 0;
  }();
  return level;
}

}  // namespace internal
}  // namespace tensorflow
