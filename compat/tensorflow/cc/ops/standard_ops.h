// Forwarding header: TensorFlow's include path for minitf's tensorflow/cc/ops/array_ops.h, tensorflow/cc/ops/const_op.h, tensorflow/cc/ops/math_ops.h, tensorflow/cc/ops/no_op.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_OPS_STANDARD_OPS_H_
#define MINITF_COMPAT_TENSORFLOW_CC_OPS_STANDARD_OPS_H_

#include "tensorflow/cc/ops/array_ops.h"  // IWYU pragma: export
#include "tensorflow/cc/ops/const_op.h"  // IWYU pragma: export
#include "tensorflow/cc/ops/image_ops.h"  // IWYU pragma: export
#include "tensorflow/cc/ops/math_ops.h"  // IWYU pragma: export
#include "tensorflow/cc/ops/no_op.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_OPS_STANDARD_OPS_H_
