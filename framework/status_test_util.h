// minitf: GoogleTest helpers for Status (TF's status_test_util.h).
//
//   TF_ASSERT_OK(root.status());
//   TF_EXPECT_OK(session.Run({c}, &outputs));
#ifndef MINITF_FRAMEWORK_STATUS_TEST_UTIL_H_
#define MINITF_FRAMEWORK_STATUS_TEST_UTIL_H_

#include "framework/status.h"
#include "gtest/gtest.h"

#define TF_EXPECT_OK(statement) EXPECT_EQ(::absl::OkStatus(), (statement))
#define TF_ASSERT_OK(statement) ASSERT_EQ(::absl::OkStatus(), (statement))

#endif  // MINITF_FRAMEWORK_STATUS_TEST_UTIL_H_
