// Forwarding header: TensorFlow's include path for minitf's framework/tensor_shape.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_PARTIAL_TENSOR_SHAPE_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_PARTIAL_TENSOR_SHAPE_H_

#include "framework/tensor_shape.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_PARTIAL_TENSOR_SHAPE_H_
