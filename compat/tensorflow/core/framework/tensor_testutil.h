// Forwarding header: TensorFlow's include path for minitf's framework/tensor_testutil.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_TENSOR_TESTUTIL_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_TENSOR_TESTUTIL_H_

#include "framework/tensor_testutil.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_TENSOR_TESTUTIL_H_
