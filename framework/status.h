// minitf: tensorflow::Status and the macros around it, as TensorFlow 2.21 has them.
//
// `tensorflow::Status` is `absl::Status`. Functions that can fail return it; callers
// propagate with TF_RETURN_IF_ERROR or assert with TF_CHECK_OK:
//
//   Status Build(const Scope& s) {
//     TF_RETURN_IF_ERROR(s.status());
//     TF_ASSIGN_OR_RETURN(Tensor t, MakeTensor());
//     return OkStatus();
//   }
#ifndef MINITF_FRAMEWORK_STATUS_H_
#define MINITF_FRAMEWORK_STATUS_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "framework/logging.h"
#include "tensorflow/core/protobuf/error_codes.pb.h"  // IWYU pragma: export

namespace tensorflow {

using Status = absl::Status;
template <typename T>
using StatusOr = absl::StatusOr<T>;

namespace error {
// `error::Code` is TF's protobuf enum (error_codes.proto); its numbers are absl::StatusCode's.
// As in TF 2.21, a Status's code() compares with it directly: `s.code() == error::NOT_FOUND`.
inline bool operator==(Code a, absl::StatusCode b) {
  return static_cast<int>(a) == static_cast<int>(b);
}
inline bool operator!=(Code a, absl::StatusCode b) { return !(a == b); }
}  // namespace error

// The OK status (TF's spelling; `absl::OkStatus()` is the same thing).
inline Status OkStatus() { return absl::OkStatus(); }

namespace internal {
// Formats the message TF_CHECK_OK aborts with.
std::string CheckOkMessage(const char* expr_text, const Status& s);
}  // namespace internal

}  // namespace tensorflow

namespace absl {
// The other operand order (found by argument-dependent lookup on absl::StatusCode).
inline bool operator==(StatusCode a, ::tensorflow::error::Code b) { return b == a; }
inline bool operator!=(StatusCode a, ::tensorflow::error::Code b) { return !(b == a); }
}  // namespace absl

// Returns the status of `expr` from the enclosing function when it is not OK.
#define TF_RETURN_IF_ERROR(...)                                           \
  do {                                                                    \
    ::absl::Status _minitf_status = (__VA_ARGS__);                        \
    if (__builtin_expect(!_minitf_status.ok(), 0)) return _minitf_status; \
  } while (0)

// Like TF_RETURN_IF_ERROR, appending "\n\t" and the StrCat of the context arguments.
#define TF_RETURN_WITH_CONTEXT_IF_ERROR(expr, ...)                                          \
  do {                                                                                      \
    ::absl::Status _minitf_status = (expr);                                                 \
    if (__builtin_expect(!_minitf_status.ok(), 0)) {                                        \
      return ::absl::Status(_minitf_status.code(),                                          \
                            ::absl::StrCat(_minitf_status.message(), "\n\t", __VA_ARGS__)); \
    }                                                                                       \
  } while (0)

#define MINITF_CONCAT_INNER(a, b) a##b
#define MINITF_CONCAT(a, b) MINITF_CONCAT_INNER(a, b)

// `TF_ASSIGN_OR_RETURN(lhs, statusor_expr)`: on error returns the status, else moves the
// value into `lhs` (which may be a declaration: `TF_ASSIGN_OR_RETURN(auto x, F())`).
#define TF_ASSIGN_OR_RETURN(lhs, rexpr) \
  MINITF_ASSIGN_OR_RETURN_IMPL(MINITF_CONCAT(_minitf_statusor_, __LINE__), lhs, rexpr)
#define MINITF_ASSIGN_OR_RETURN_IMPL(statusor, lhs, rexpr)                      \
  auto statusor = (rexpr);                                                      \
  if (__builtin_expect(!statusor.ok(), 0)) return std::move(statusor).status(); \
  lhs = std::move(statusor).value()

// In a GoogleTest test: asserts `rexpr` (a StatusOr) is OK and moves its value into `lhs`
// (TF's statusor.h; needs gtest.h where it is used).
#define TF_ASSERT_OK_AND_ASSIGN(lhs, rexpr) \
  MINITF_ASSERT_OK_AND_ASSIGN_IMPL(MINITF_CONCAT(_minitf_statusor_, __LINE__), lhs, rexpr)
#define MINITF_ASSERT_OK_AND_ASSIGN_IMPL(statusor, lhs, rexpr) \
  auto statusor = (rexpr);                                     \
  ASSERT_TRUE(statusor.status().ok()) << statusor.status();    \
  lhs = std::move(statusor).value()

// Aborts with the status when `expr` is not OK; streamable: TF_CHECK_OK(s) << "context".
#define TF_CHECK_OK(val)                                               \
  for (::absl::Status _minitf_check = (val); !_minitf_check.ok();)     \
  ::tensorflow::internal::LogMessageFatal(__FILE__, __LINE__).stream() \
      << ::tensorflow::internal::CheckOkMessage(#val, _minitf_check)
#define TF_QCHECK_OK(val) TF_CHECK_OK(val)
#ifdef NDEBUG
#define TF_DCHECK_OK(val) \
  while (false && (::absl::Status(val)).ok()) LOG(INFO)
#else
#define TF_DCHECK_OK(val) TF_CHECK_OK(val)
#endif

#endif  // MINITF_FRAMEWORK_STATUS_H_
