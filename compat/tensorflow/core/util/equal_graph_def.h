// Forwarding header: TensorFlow's include path for minitf's framework/equal_graph_def.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_UTIL_EQUAL_GRAPH_DEF_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_UTIL_EQUAL_GRAPH_DEF_H_

#include "framework/equal_graph_def.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_UTIL_EQUAL_GRAPH_DEF_H_
