// Forwarding header: TensorFlow's include path for minitf's framework/env.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_FILE_STATISTICS_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_FILE_STATISTICS_H_

#include "framework/env.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_FILE_STATISTICS_H_
