// Forwarding header: TensorFlow's include path for minitf's runtime/threadpool.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_THREADPOOL_OPTIONS_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_THREADPOOL_OPTIONS_H_

#include "runtime/threadpool.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_THREADPOOL_OPTIONS_H_
