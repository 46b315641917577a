// Forwarding header: TensorFlow's include path for minitf's ops/array/const_op.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_OPS_CONST_OP_H_
#define MINITF_COMPAT_TENSORFLOW_CC_OPS_CONST_OP_H_

#include "ops/array/const_op.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_OPS_CONST_OP_H_
