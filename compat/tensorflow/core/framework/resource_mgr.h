// Forwarding header: TensorFlow's include path for minitf's framework/resource_mgr.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_RESOURCE_MGR_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_RESOURCE_MGR_H_

#include "framework/resource_mgr.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_RESOURCE_MGR_H_
