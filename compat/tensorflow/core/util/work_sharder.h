// Forwarding header: TensorFlow's include path for minitf's runtime/work_sharder.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_UTIL_WORK_SHARDER_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_UTIL_WORK_SHARDER_H_

#include "runtime/work_sharder.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_UTIL_WORK_SHARDER_H_
