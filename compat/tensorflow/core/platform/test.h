// Forwarding header: TensorFlow's include path for minitf's framework/test.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_TEST_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_TEST_H_

#include "framework/test.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_TEST_H_
