// minitf: LOG, CHECK, DCHECK and VLOG, the small subset of TensorFlow's platform/logging.h
// that user programs and minitf's own invariants use.
//
//   LOG(INFO) << "value " << t.matrix<float>();   // prints to stderr with a file:line prefix
//   CHECK_EQ(a, b) << "extra context";            // aborts with both values when false
//
// LOG(FATAL) and failed CHECKs abort the process: minitf uses them only for its own
// invariants and for TF's documented CHECK-crashes (wrong-dtype tensor views), never for
// bad user input to graph building or kernels, which returns a Status.
#ifndef MINITF_FRAMEWORK_LOGGING_H_
#define MINITF_FRAMEWORK_LOGGING_H_

#include <sstream>
#include <string>

namespace tensorflow {

// Severity levels, named as TF names them.
enum LogSeverity { INFO = 0, WARNING = 1, ERROR = 2, FATAL = 3 };

namespace internal {

// Collects one message and writes it (or aborts, for FATAL) when destroyed.
class LogMessage {
 public:
  LogMessage(const char* file, int line, int severity);
  ~LogMessage();
  std::ostream& stream() { return stream_; }

 protected:
  void Flush();  // writes the message; aborts when severity is FATAL

 private:
  const char* file_;
  int line_;
  int severity_;
  std::ostringstream stream_;
};

// Like LogMessage with FATAL, but the compiler knows it does not return.
class LogMessageFatal : public LogMessage {
 public:
  LogMessageFatal(const char* file, int line) : LogMessage(file, line, FATAL) {}
  [[noreturn]] ~LogMessageFatal();
};

// Swallows a stream expression (used by DCHECK in release builds and disabled VLOG).
struct LogVoidify {
  void operator&(std::ostream&) {}
};

// Builds "a op b (x vs. y)" for CHECK_op failures.
template <typename A, typename B>
std::string* MakeCheckOpString(const A& a, const B& b, const char* text) {
  std::ostringstream os;
  os << text << " (" << a << " vs. " << b << ")";
  return new std::string(os.str());
}

// Current VLOG level, read once from TF_CPP_MAX_VLOG_LEVEL (default 0).
int MaxVLogLevel();

}  // namespace internal
}  // namespace tensorflow

#define MINITF_LOG_INFO ::tensorflow::internal::LogMessage(__FILE__, __LINE__, ::tensorflow::INFO)
#define MINITF_LOG_WARNING \
  ::tensorflow::internal::LogMessage(__FILE__, __LINE__, ::tensorflow::WARNING)
#define MINITF_LOG_ERROR ::tensorflow::internal::LogMessage(__FILE__, __LINE__, ::tensorflow::ERROR)
#define MINITF_LOG_FATAL ::tensorflow::internal::LogMessageFatal(__FILE__, __LINE__)

#ifndef LOG
#define LOG(severity) MINITF_LOG_##severity.stream()
#endif

#ifndef VLOG_IS_ON
#define VLOG_IS_ON(level) ((level) <= ::tensorflow::internal::MaxVLogLevel())
#endif

#ifndef VLOG
#define VLOG(level) !VLOG_IS_ON(level) ? (void)0 : ::tensorflow::internal::LogVoidify() & LOG(INFO)
#endif

#ifndef CHECK
#define CHECK(condition)                                               \
  if (__builtin_expect(!(condition), 0))                               \
  ::tensorflow::internal::LogMessageFatal(__FILE__, __LINE__).stream() \
      << "Check failed: " #condition " "
#endif

#define MINITF_CHECK_OP(name, op, a, b)                                                        \
  if (std::string* _minitf_msg =                                                               \
          ((a)op(b)) ? nullptr                                                                 \
                     : ::tensorflow::internal::MakeCheckOpString((a), (b), #a " " #op " " #b)) \
  ::tensorflow::internal::LogMessageFatal(__FILE__, __LINE__).stream()                         \
      << "Check failed: " << *_minitf_msg << " "

#ifndef CHECK_EQ
#define CHECK_EQ(a, b) MINITF_CHECK_OP(EQ, ==, a, b)
#define CHECK_NE(a, b) MINITF_CHECK_OP(NE, !=, a, b)
#define CHECK_LE(a, b) MINITF_CHECK_OP(LE, <=, a, b)
#define CHECK_LT(a, b) MINITF_CHECK_OP(LT, <, a, b)
#define CHECK_GE(a, b) MINITF_CHECK_OP(GE, >=, a, b)
#define CHECK_GT(a, b) MINITF_CHECK_OP(GT, >, a, b)
#define CHECK_NOTNULL(p) ::tensorflow::internal::CheckNotNull(__FILE__, __LINE__, #p, (p))
#endif

#ifndef DCHECK
#ifdef NDEBUG
#define DCHECK(condition) \
  while (false && (condition)) LOG(INFO)
#define DCHECK_EQ(a, b) DCHECK((a) == (b))
#define DCHECK_NE(a, b) DCHECK((a) != (b))
#define DCHECK_LE(a, b) DCHECK((a) <= (b))
#define DCHECK_LT(a, b) DCHECK((a) < (b))
#define DCHECK_GE(a, b) DCHECK((a) >= (b))
#define DCHECK_GT(a, b) DCHECK((a) > (b))
#else
#define DCHECK(condition) CHECK(condition)
#define DCHECK_EQ(a, b) CHECK_EQ(a, b)
#define DCHECK_NE(a, b) CHECK_NE(a, b)
#define DCHECK_LE(a, b) CHECK_LE(a, b)
#define DCHECK_LT(a, b) CHECK_LT(a, b)
#define DCHECK_GE(a, b) CHECK_GE(a, b)
#define DCHECK_GT(a, b) CHECK_GT(a, b)
#endif
#endif

namespace tensorflow {
namespace internal {
template <typename T>
T CheckNotNull(const char* file, int line, const char* text, T&& t) {
  if (t == nullptr) LogMessageFatal(file, line).stream() << "'" << text << "' Must be non NULL";
  return std::forward<T>(t);
}
}  // namespace internal
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_LOGGING_H_
