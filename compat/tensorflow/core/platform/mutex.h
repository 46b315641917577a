// Forwarding header: TensorFlow's include path for minitf's framework/mutex.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_MUTEX_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_MUTEX_H_

#include "framework/mutex.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_MUTEX_H_
