// Forwarding header: TensorFlow's include path for minitf's framework/events_writer.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_UTIL_EVENTS_WRITER_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_UTIL_EVENTS_WRITER_H_

#include "framework/events_writer.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_UTIL_EVENTS_WRITER_H_
