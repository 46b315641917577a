// Forwarding header: TensorFlow's include path for minitf's framework/status.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_STATUSOR_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_STATUSOR_H_

#include "framework/status.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_STATUSOR_H_
