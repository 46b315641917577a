// Forwarding header: TensorFlow's include path for minitf's framework/node_def_builder.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_NODE_DEF_BUILDER_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_NODE_DEF_BUILDER_H_

#include "framework/node_def_builder.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_NODE_DEF_BUILDER_H_
