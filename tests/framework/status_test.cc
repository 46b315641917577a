// Status, errors:: helpers and the macros.
#include "tensorflow/core/platform/status.h"

#include "gtest/gtest.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/platform/errors.h"

namespace tensorflow {
namespace {

Status Fails() { return errors::OutOfRange("index ", 7, " of ", 3.5); }
Status Propagates() {
  TF_RETURN_IF_ERROR(OkStatus());
  TF_RETURN_IF_ERROR(Fails());
  return errors::Internal("not reached");
}
Status WithContext() {
  TF_RETURN_WITH_CONTEXT_IF_ERROR(Fails(), "while doing ", "x");
  return OkStatus();
}
StatusOr<int> Half(int x) {
  if (x % 2) return errors::InvalidArgument("odd ", x);
  return x / 2;
}
Status UseAssign(int x, int* out) {
  TF_ASSIGN_OR_RETURN(int h, Half(x));
  *out = h;
  return OkStatus();
}

TEST(StatusTest, IsAbseilStatus) {
  Status s = errors::InvalidArgument("bad ", 3, " x");
  absl::Status& as_absl = s;
  EXPECT_EQ(as_absl.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(s.message(), "bad 3 x");
  EXPECT_EQ(s.ToString(), "INVALID_ARGUMENT: bad 3 x");
  EXPECT_EQ(OkStatus().ToString(), "OK");
}

TEST(StatusTest, EveryHelperAndPredicate) {
  EXPECT_TRUE(errors::IsCancelled(errors::Cancelled("x")));
  EXPECT_TRUE(errors::IsUnknown(errors::Unknown("x")));
  EXPECT_TRUE(errors::IsInvalidArgument(errors::InvalidArgument("x")));
  EXPECT_TRUE(errors::IsDeadlineExceeded(errors::DeadlineExceeded("x")));
  EXPECT_TRUE(errors::IsNotFound(errors::NotFound("x")));
  EXPECT_TRUE(errors::IsAlreadyExists(errors::AlreadyExists("x")));
  EXPECT_TRUE(errors::IsPermissionDenied(errors::PermissionDenied("x")));
  EXPECT_TRUE(errors::IsUnauthenticated(errors::Unauthenticated("x")));
  EXPECT_TRUE(errors::IsResourceExhausted(errors::ResourceExhausted("x")));
  EXPECT_TRUE(errors::IsFailedPrecondition(errors::FailedPrecondition("x")));
  EXPECT_TRUE(errors::IsAborted(errors::Aborted("x")));
  EXPECT_TRUE(errors::IsOutOfRange(errors::OutOfRange("x")));
  EXPECT_TRUE(errors::IsUnimplemented(errors::Unimplemented("x")));
  EXPECT_TRUE(errors::IsInternal(errors::Internal("x")));
  EXPECT_TRUE(errors::IsUnavailable(errors::Unavailable("x")));
  EXPECT_TRUE(errors::IsDataLoss(errors::DataLoss("x")));
  EXPECT_FALSE(errors::IsInternal(errors::DataLoss("x")));
  EXPECT_EQ(static_cast<int>(error::OUT_OF_RANGE), 11);
  EXPECT_EQ(static_cast<int>(error::UNAUTHENTICATED), 16);
}

TEST(StatusTest, Macros) {
  Status s = Propagates();
  EXPECT_EQ(s.code(), error::OUT_OF_RANGE);
  EXPECT_EQ(s.message(), "index 7 of 3.5");
  EXPECT_EQ(WithContext().message(), "index 7 of 3.5\n\twhile doing x");
  int out = 0;
  TF_EXPECT_OK(UseAssign(8, &out));
  EXPECT_EQ(out, 4);
  EXPECT_EQ(UseAssign(3, &out).message(), "odd 3");
  EXPECT_EQ(errors::AppendToMessage(Fails(), "ctx").message(), "index 7 of 3.5\n\tctx");
}

TEST(StatusTest, UpdateKeepsFirstError) {
  Status s;
  s.Update(errors::NotFound("a"));
  s.Update(errors::Internal("b"));
  EXPECT_EQ(s.message(), "a");
}

TEST(StatusDeathTest, CheckOkAborts) {
  EXPECT_DEATH(TF_CHECK_OK(Fails()) << "extra",
               "Non-OK-status: Fails\\(\\) status: OUT_OF_RANGE: "
               "index 7 of 3.5extra");
  TF_CHECK_OK(OkStatus());
}

TEST(LoggingDeathTest, CheckAndFatal) {
  EXPECT_DEATH(LOG(FATAL) << "boom " << 3, "boom 3");
  EXPECT_DEATH(CHECK_EQ(1, 2) << "why", "Check failed: 1 == 2 \\(1 vs. 2\\) why");
  CHECK(true) << "never printed";
  VLOG(1) << "quiet at level 0";
}

}  // namespace
}  // namespace tensorflow
