// Forwarding header: TensorFlow's include path for minitf's framework/resource_handle.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_RESOURCE_HANDLE_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_RESOURCE_HANDLE_H_

#include "framework/resource_handle.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_RESOURCE_HANDLE_H_
