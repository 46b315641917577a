// Forwarding header: TensorFlow's include path for minitf's ops/io/naming.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_UTIL_TENSOR_BUNDLE_NAMING_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_UTIL_TENSOR_BUNDLE_NAMING_H_

#include "ops/io/naming.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_UTIL_TENSOR_BUNDLE_NAMING_H_
