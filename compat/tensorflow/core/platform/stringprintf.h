// Forwarding header: TensorFlow's include path for minitf's framework/stringprintf.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_STRINGPRINTF_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_STRINGPRINTF_H_

#include "framework/stringprintf.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_STRINGPRINTF_H_
