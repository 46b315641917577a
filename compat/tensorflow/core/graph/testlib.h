// Forwarding header: TensorFlow's include path for minitf's framework/graph_testlib.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_GRAPH_TESTLIB_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_GRAPH_TESTLIB_H_

#include "framework/graph_testlib.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_GRAPH_TESTLIB_H_
