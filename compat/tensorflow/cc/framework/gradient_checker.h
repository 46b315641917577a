// Forwarding header: TensorFlow's include path for minitf's runtime/gradient_checker.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_GRADIENT_CHECKER_H_
#define MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_GRADIENT_CHECKER_H_

#include "runtime/gradient_checker.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_GRADIENT_CHECKER_H_
