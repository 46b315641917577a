// Forwarding header: TensorFlow's include path for minitf's framework/ops_testutil.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_KERNELS_OPS_TESTUTIL_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_KERNELS_OPS_TESTUTIL_H_

#include "framework/ops_testutil.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_KERNELS_OPS_TESTUTIL_H_
