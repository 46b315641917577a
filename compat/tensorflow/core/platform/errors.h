// Forwarding header: TensorFlow's include path for minitf's framework/errors.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_ERRORS_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_ERRORS_H_

#include "framework/errors.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_ERRORS_H_
