// Forwarding header: TensorFlow's include path for minitf's framework/default_device.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_GRAPH_DEFAULT_DEVICE_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_GRAPH_DEFAULT_DEVICE_H_

#include "framework/default_device.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_GRAPH_DEFAULT_DEVICE_H_
