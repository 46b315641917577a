// Forwarding header: TensorFlow's include path for minitf's runtime/client_session.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_CLIENT_CLIENT_SESSION_H_
#define MINITF_COMPAT_TENSORFLOW_CC_CLIENT_CLIENT_SESSION_H_

#include "runtime/client_session.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_CLIENT_CLIENT_SESSION_H_
