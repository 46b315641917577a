// Forwarding header: TensorFlow's include path for minitf's framework/allocator.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_ALLOCATOR_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_ALLOCATOR_H_

#include "framework/allocator.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_ALLOCATOR_H_
