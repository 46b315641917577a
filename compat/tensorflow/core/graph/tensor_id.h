// Forwarding header: TensorFlow's include path for minitf's framework/tensor_id.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_GRAPH_TENSOR_ID_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_GRAPH_TENSOR_ID_H_

#include "framework/tensor_id.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_GRAPH_TENSOR_ID_H_
