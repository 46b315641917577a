// Forwarding header: TensorFlow's include path for minitf's framework/fake_input.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_FAKE_INPUT_H_
#define MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_FAKE_INPUT_H_

#include "framework/fake_input.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CORE_FRAMEWORK_FAKE_INPUT_H_
