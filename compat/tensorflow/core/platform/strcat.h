// Forwarding header: TensorFlow's include path for minitf's framework/strcat.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_STRCAT_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_STRCAT_H_

#include "framework/strcat.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_STRCAT_H_
