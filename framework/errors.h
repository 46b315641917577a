// minitf: tensorflow::errors, TF's helpers that build a Status from StrCat-style pieces.
//
//   return errors::InvalidArgument("boxes must be 2-D, got ", shape.DebugString());
//   if (errors::IsOutOfRange(s)) ...
#ifndef MINITF_FRAMEWORK_ERRORS_H_
#define MINITF_FRAMEWORK_ERRORS_H_

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "framework/status.h"

namespace tensorflow {
namespace errors {

#define MINITF_DECLARE_ERROR(FUNC, CODE)                                                        \
  template <typename... Args>                                                                   \
  ::absl::Status FUNC(Args... args) {                                                           \
    return ::absl::Status(::absl::StatusCode::CODE, ::absl::StrCat(::absl::AlphaNum(args)...)); \
  }                                                                                             \
  inline bool Is##FUNC(const ::absl::Status& status) {                                          \
    return status.code() == ::absl::StatusCode::CODE;                                           \
  }

MINITF_DECLARE_ERROR(Cancelled, kCancelled)
MINITF_DECLARE_ERROR(Unknown, kUnknown)
MINITF_DECLARE_ERROR(InvalidArgument, kInvalidArgument)
MINITF_DECLARE_ERROR(DeadlineExceeded, kDeadlineExceeded)
MINITF_DECLARE_ERROR(NotFound, kNotFound)
MINITF_DECLARE_ERROR(AlreadyExists, kAlreadyExists)
MINITF_DECLARE_ERROR(PermissionDenied, kPermissionDenied)
MINITF_DECLARE_ERROR(Unauthenticated, kUnauthenticated)
MINITF_DECLARE_ERROR(ResourceExhausted, kResourceExhausted)
MINITF_DECLARE_ERROR(FailedPrecondition, kFailedPrecondition)
MINITF_DECLARE_ERROR(Aborted, kAborted)
MINITF_DECLARE_ERROR(OutOfRange, kOutOfRange)
MINITF_DECLARE_ERROR(Unimplemented, kUnimplemented)
MINITF_DECLARE_ERROR(Internal, kInternal)
MINITF_DECLARE_ERROR(Unavailable, kUnavailable)
MINITF_DECLARE_ERROR(DataLoss, kDataLoss)

#undef MINITF_DECLARE_ERROR

// A copy of `status` with `context` appended to its message after a newline, as TF's
// errors::AppendToMessage does ("\n\t" + context). OK stays OK.
template <typename... Args>
::absl::Status AppendToMessage(const ::absl::Status& status, Args... context) {
  if (status.ok()) return status;
  return ::absl::Status(status.code(),
                        ::absl::StrCat(status.message(), "\n\t", ::absl::AlphaNum(context)...));
}

// The same code with `prefix` in front of the message.
template <typename... Args>
::absl::Status Prepend(const ::absl::Status& status, Args... prefix) {
  if (status.ok()) return status;
  return ::absl::Status(status.code(),
                        ::absl::StrCat(::absl::AlphaNum(prefix)..., status.message()));
}

}  // namespace errors
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_ERRORS_H_
