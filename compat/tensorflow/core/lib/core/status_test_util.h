// Forwarding header: TensorFlow's include path for minitf's framework/status_test_util.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_LIB_CORE_STATUS_TEST_UTIL_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_LIB_CORE_STATUS_TEST_UTIL_H_

#include "framework/status_test_util.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_LIB_CORE_STATUS_TEST_UTIL_H_
