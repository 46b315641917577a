// Forwarding header: TensorFlow's include path for minitf's framework/status_matchers.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_STATUS_MATCHERS_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_STATUS_MATCHERS_H_

#include "framework/status_matchers.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_STATUS_MATCHERS_H_
