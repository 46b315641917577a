// Forwarding header: TensorFlow's include path for minitf's runtime/session_options.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PUBLIC_SESSION_OPTIONS_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PUBLIC_SESSION_OPTIONS_H_

#include "runtime/session_options.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PUBLIC_SESSION_OPTIONS_H_
