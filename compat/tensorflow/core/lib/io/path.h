// Forwarding header: TensorFlow's include path for minitf's framework/path.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_LIB_IO_PATH_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_LIB_IO_PATH_H_

#include "framework/path.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_LIB_IO_PATH_H_
