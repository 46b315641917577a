#include "framework/env.h"

namespace tensorflow {

Env* Env::Default() {
  static Env env;
  return &env;
}

}  // namespace tensorflow
