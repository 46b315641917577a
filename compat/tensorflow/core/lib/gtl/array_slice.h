// Forwarding header: TensorFlow's include path for gtl::ArraySlice (framework/types.h).
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_LIB_GTL_ARRAY_SLICE_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_LIB_GTL_ARRAY_SLICE_H_

#include "framework/types.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_LIB_GTL_ARRAY_SLICE_H_
