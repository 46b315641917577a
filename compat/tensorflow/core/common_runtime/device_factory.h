// Forwarding header: TensorFlow's include path for minitf's runtime/device_factory.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_COMMON_RUNTIME_DEVICE_FACTORY_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_COMMON_RUNTIME_DEVICE_FACTORY_H_

#include "runtime/device_factory.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_COMMON_RUNTIME_DEVICE_FACTORY_H_
