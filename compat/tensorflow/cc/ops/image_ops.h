// Forwarding header: TensorFlow's include path for minitf's ops/crop_and_resize/crop_and_resize_ops.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_OPS_IMAGE_OPS_H_
#define MINITF_COMPAT_TENSORFLOW_CC_OPS_IMAGE_OPS_H_

#include "ops/crop_and_resize/crop_and_resize_ops.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_OPS_IMAGE_OPS_H_
