#include "framework/init_main.h"

namespace tensorflow {
namespace port {

void InitMain(const char* /*usage*/, int* /*argc*/, char*** /*argv*/) {}

}  // namespace port
}  // namespace tensorflow
