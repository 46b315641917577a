// Forwarding header: TensorFlow's include path for minitf's framework/ops_util.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_OPS_UTIL_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_OPS_UTIL_H_

#include "framework/ops_util.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_OPS_UTIL_H_
