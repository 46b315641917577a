// Forwarding header: TensorFlow's include path for minitf's runtime/testutil.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_TESTUTIL_H_
#define MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_TESTUTIL_H_

#include "runtime/testutil.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_FRAMEWORK_TESTUTIL_H_
