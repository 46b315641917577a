// Forwarding header: TensorFlow's include path for minitf's framework/shape_inference.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_SHAPE_INFERENCE_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_SHAPE_INFERENCE_H_

#include "framework/shape_inference.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_SHAPE_INFERENCE_H_
