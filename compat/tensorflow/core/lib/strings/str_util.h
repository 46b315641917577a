// Forwarding header: TensorFlow's include path for minitf's framework/str_util.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_LIB_STRINGS_STR_UTIL_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_LIB_STRINGS_STR_UTIL_H_

#include "framework/str_util.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_LIB_STRINGS_STR_UTIL_H_
