// Forwarding header: TensorFlow's include path for minitf's ops/array/no_op.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_OPS_NO_OP_H_
#define MINITF_COMPAT_TENSORFLOW_CC_OPS_NO_OP_H_

#include "ops/array/no_op.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_OPS_NO_OP_H_
