// Forwarding header: TensorFlow's include path for minitf's framework/op.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_OP_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_OP_H_

#include "framework/op.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_OP_H_
