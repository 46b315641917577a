// Forwarding header: TensorFlow's include path for minitf's framework/env.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_ENV_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_ENV_H_

#include "framework/env.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_ENV_H_
