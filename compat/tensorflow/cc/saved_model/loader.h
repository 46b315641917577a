// Forwarding header: TensorFlow's include path for minitf's runtime/saved_model_loader.h.
#ifndef MINITF_COMPAT_TENSORFLOW_CC_SAVED_MODEL_LOADER_H_
#define MINITF_COMPAT_TENSORFLOW_CC_SAVED_MODEL_LOADER_H_

#include "runtime/saved_model_loader.h"  // IWYU pragma: export

#endif  // MINITF_COMPAT_TENSORFLOW_CC_SAVED_MODEL_LOADER_H_
