// Forwarding header: TensorFlow 2.21's xla/tsl include path for minitf's
// framework/status_test_util.h (TF_ASSERT_OK, TF_EXPECT_OK).
#ifndef MINITF_COMPAT_XLA_TSL_LIB_CORE_STATUS_TEST_UTIL_H_
#define MINITF_COMPAT_XLA_TSL_LIB_CORE_STATUS_TEST_UTIL_H_

#include "framework/status_test_util.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_XLA_TSL_LIB_CORE_STATUS_TEST_UTIL_H_
