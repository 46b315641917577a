// Forwarding header: TensorFlow's include path for minitf's ops/io/tensor_bundle.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_UTIL_TENSOR_BUNDLE_TENSOR_BUNDLE_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_UTIL_TENSOR_BUNDLE_TENSOR_BUNDLE_H_

#include "ops/io/tensor_bundle.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_UTIL_TENSOR_BUNDLE_TENSOR_BUNDLE_H_
