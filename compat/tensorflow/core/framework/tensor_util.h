// Forwarding header: TensorFlow's include path for tensor::DeepCopy (in minitf's
// framework/tensor.h).
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_TENSOR_UTIL_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_TENSOR_UTIL_H_

#include "framework/tensor.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_TENSOR_UTIL_H_
