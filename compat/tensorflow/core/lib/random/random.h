// Forwarding header: TensorFlow's include path for minitf's framework/random.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_LIB_RANDOM_RANDOM_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_LIB_RANDOM_RANDOM_H_

#include "framework/random.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_LIB_RANDOM_RANDOM_H_
