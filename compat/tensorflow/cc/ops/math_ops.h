// Forwarding header: TensorFlow's include path for minitf's math ops.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_OPS_MATH_OPS_H_
#define MINITF_COMPAT_TENSORFLOW_CC_OPS_MATH_OPS_H_

#include "ops/math/cast_op.h"  // IWYU pragma: export
#include "ops/math/math_ops.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_OPS_MATH_OPS_H_
