// Forwarding header: TensorFlow's include path for minitf's runtime/session.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_PUBLIC_SESSION_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_PUBLIC_SESSION_H_

#include "runtime/session.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_PUBLIC_SESSION_H_
