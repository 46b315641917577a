// Forwarding header: TensorFlow's include path for minitf's framework/graph_constructor.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_COMMON_RUNTIME_GRAPH_CONSTRUCTOR_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_COMMON_RUNTIME_GRAPH_CONSTRUCTOR_H_

#include "framework/graph_constructor.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_COMMON_RUNTIME_GRAPH_CONSTRUCTOR_H_
