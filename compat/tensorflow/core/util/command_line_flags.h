// Forwarding header: TensorFlow's include path for minitf's framework/command_line_flags.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_UTIL_COMMAND_LINE_FLAGS_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_UTIL_COMMAND_LINE_FLAGS_H_

#include "framework/command_line_flags.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_UTIL_COMMAND_LINE_FLAGS_H_
