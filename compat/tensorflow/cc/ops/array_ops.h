// Forwarding header: TensorFlow's include path for minitf's array ops.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_OPS_ARRAY_OPS_H_
#define MINITF_COMPAT_TENSORFLOW_CC_OPS_ARRAY_OPS_H_

#include "ops/array/array_ops.h"  // IWYU pragma: export
#include "ops/array/shape_ops.h"  // IWYU pragma: export
#include "ops/fake_quant/fake_quant_ops.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_OPS_ARRAY_OPS_H_
