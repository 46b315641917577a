// Forwarding header: TensorFlow's include path for minitf's ops::internal classes.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_OPS_ARRAY_OPS_INTERNAL_H_
#define MINITF_COMPAT_TENSORFLOW_CC_OPS_ARRAY_OPS_INTERNAL_H_

#include "ops/array/shape_ops.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_OPS_ARRAY_OPS_INTERNAL_H_
