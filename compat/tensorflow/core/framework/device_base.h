// Forwarding header: TensorFlow's include path for minitf's framework/device_base.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_DEVICE_BASE_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_DEVICE_BASE_H_

#include "framework/device_base.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_DEVICE_BASE_H_
