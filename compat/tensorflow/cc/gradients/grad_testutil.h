// Forwarding header: TensorFlow's include path for minitf's framework/grad_testutil.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_GRADIENTS_GRAD_TESTUTIL_H_
#define MINITF_COMPAT_TENSORFLOW_CC_GRADIENTS_GRAD_TESTUTIL_H_

#include "framework/grad_testutil.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_GRADIENTS_GRAD_TESTUTIL_H_
