// Forwarding header: TensorFlow's include path for minitf's framework/register_types.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_REGISTER_TYPES_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_REGISTER_TYPES_H_

#include "framework/register_types.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_REGISTER_TYPES_H_
