// Forwarding header: TensorFlow's include path for minitf's framework/scope.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_SCOPE_H_
#define MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_SCOPE_H_

#include "framework/scope.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_SCOPE_H_
