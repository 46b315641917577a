// Forwarding header: TensorFlow's include path for minitf's framework/grad_op_registry.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_GRAD_OP_REGISTRY_H_
#define MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_GRAD_OP_REGISTRY_H_

#include "framework/grad_op_registry.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_GRAD_OP_REGISTRY_H_
