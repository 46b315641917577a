// Forwarding header: TensorFlow's include path for minitf's framework/init_main.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_INIT_MAIN_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_INIT_MAIN_H_

#include "framework/init_main.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PLATFORM_INIT_MAIN_H_
