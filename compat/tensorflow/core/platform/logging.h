// Forwarding header: TensorFlow's include path for minitf's framework/logging.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_LOGGING_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_LOGGING_H_

#include "framework/logging.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_LOGGING_H_
