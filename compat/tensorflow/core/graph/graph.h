// Forwarding header: TensorFlow's include path for minitf's framework/graph.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_GRAPH_GRAPH_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_GRAPH_GRAPH_H_

#include "framework/graph.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_GRAPH_GRAPH_H_
