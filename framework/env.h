// minitf: TF's platform environment (tensorflow/core/platform/env.h): the file system and
// clock a TF program reaches through Env::Default().
#ifndef MINITF_FRAMEWORK_ENV_H_
#define MINITF_FRAMEWORK_ENV_H_

#include <cstddef>

namespace tensorflow {

// TF's environment handle; minitf has one default environment (the local POSIX one).
class Env {
 public:
  static Env* Default();
};

// How to start a thread; minitf's pools take the defaults.
struct ThreadOptions {
  size_t stack_size = 0;  // 0: the platform's default
  size_t guard_size = 0;
  int numa_node = -1;  // -1: any
};

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_ENV_H_
