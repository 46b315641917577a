// minitf: GoogleMock matchers for Status and StatusOr (TF's status_matchers.h):
//
//   EXPECT_THAT(session.Run({y}, &out), testing::IsOk());
//   EXPECT_THAT(s, testing::StatusIs(error::INVALID_ARGUMENT, ::testing::HasSubstr("rank")));
//   EXPECT_THAT(ParseShape("[2]"), testing::IsOkAndHolds(TensorShape({2})));
#ifndef MINITF_FRAMEWORK_STATUS_MATCHERS_H_
#define MINITF_FRAMEWORK_STATUS_MATCHERS_H_

#include <string>

#include "framework/status.h"
#include "gmock/gmock.h"

namespace tensorflow {
namespace testing {
namespace internal_status {

inline const absl::Status& GetStatus(const absl::Status& status) { return status; }
template <typename T>
const absl::Status& GetStatus(const absl::StatusOr<T>& status_or) {
  return status_or.status();
}

// A code given as a value (TF's error::Code or absl::StatusCode) compares by number; anything
// else is a matcher on absl::StatusCode.
inline bool CodeMatches(error::Code expected, absl::StatusCode code,
                        ::testing::MatchResultListener*) {
  return expected == code;
}
inline bool CodeMatches(absl::StatusCode expected, absl::StatusCode code,
                        ::testing::MatchResultListener*) {
  return expected == code;
}
template <typename Matcher>
bool CodeMatches(const Matcher& matcher, absl::StatusCode code,
                 ::testing::MatchResultListener* listener) {
  return ::testing::ExplainMatchResult(matcher, code, listener);
}

}  // namespace internal_status

// Matches an OK Status, or a StatusOr holding a value.
MATCHER(IsOk, negation ? "is not OK" : "is OK") {
  const absl::Status& status = internal_status::GetStatus(arg);
  if (!status.ok()) *result_listener << "which is " << status;
  return status.ok();
}

// Matches a StatusOr holding a value that `value_matcher` matches.
MATCHER_P(IsOkAndHolds, value_matcher, "is OK and holds a matching value") {
  if (!arg.ok()) {
    *result_listener << "which is " << arg.status();
    return false;
  }
  return ::testing::ExplainMatchResult(value_matcher, *arg, result_listener);
}

// Matches a Status (or StatusOr's status) whose code matches `code_matcher` and, in the
// two-argument form, whose message matches `message_matcher`.
MATCHER_P(StatusIs, code_matcher, "has a matching code") {
  const absl::Status& status = internal_status::GetStatus(arg);
  *result_listener << "which is " << status;
  return internal_status::CodeMatches(code_matcher, status.code(), result_listener);
}
MATCHER_P2(StatusIs, code_matcher, message_matcher, "has a matching code and message") {
  const absl::Status& status = internal_status::GetStatus(arg);
  *result_listener << "which is " << status;
  return internal_status::CodeMatches(code_matcher, status.code(), result_listener) &&
         ::testing::ExplainMatchResult(message_matcher, std::string(status.message()),
                                       result_listener);
}

}  // namespace testing
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_STATUS_MATCHERS_H_
