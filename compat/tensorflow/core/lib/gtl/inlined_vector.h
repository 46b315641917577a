// Forwarding header: TensorFlow's include path for gtl::InlinedVector (minitf's framework/types.h).
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_LIB_GTL_INLINED_VECTOR_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_LIB_GTL_INLINED_VECTOR_H_

#include "framework/types.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_LIB_GTL_INLINED_VECTOR_H_
