// Forwarding header: TensorFlow's include path for minitf's framework/attr_value_util.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_ATTR_VALUE_UTIL_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_ATTR_VALUE_UTIL_H_

#include "framework/attr_value_util.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_ATTR_VALUE_UTIL_H_
