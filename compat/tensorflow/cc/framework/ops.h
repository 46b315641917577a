// Forwarding header: TensorFlow's include path for minitf's framework/ops.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_OPS_H_
#define MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_OPS_H_

#include "framework/ops.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_OPS_H_
