// Forwarding header: TensorFlow's include path for minitf's framework/gradients.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_GRADIENTS_H_
#define MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_GRADIENTS_H_

#include "framework/gradients.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_GRADIENTS_H_
