// Forwarding header: TensorFlow's include path for minitf's framework/op_kernel.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_OP_KERNEL_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_OP_KERNEL_H_

#include "framework/op_kernel.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_OP_KERNEL_H_
