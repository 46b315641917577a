// minitf: port::InitMain (TF's tensorflow/core/platform/init_main.h), which TF programs call
// first in main(). minitf has no flags or signal handlers of its own to set up: arguments are
// left as they are.
#ifndef MINITF_FRAMEWORK_INIT_MAIN_H_
#define MINITF_FRAMEWORK_INIT_MAIN_H_

namespace tensorflow {
namespace port {

void InitMain(const char* usage, int* argc, char*** argv);

}  // namespace port
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_INIT_MAIN_H_
