#include "framework/test.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "framework/logging.h"

namespace tensorflow {
namespace testing {
namespace {

const char* NonEmptyEnv(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && value[0] != '\0' ? value : nullptr;
}

}  // namespace

std::string TmpDir() {
  if (const char* dir = NonEmptyEnv("TEST_TMPDIR")) return dir;
  if (const char* dir = NonEmptyEnv("TMPDIR")) return dir;
  return "/tmp";
}

std::string TensorFlowSrcRoot() {
  const char* root = NonEmptyEnv("TEST_SRCDIR");
  const char* workspace = NonEmptyEnv("TEST_WORKSPACE");
  if (root == nullptr) return "tensorflow";
  std::string path = root;
  if (workspace != nullptr) path = path + "/" + workspace;
  return path + "/tensorflow";
}

int RandomSeed() {
  int seed = 301;
  if (const char* value = NonEmptyEnv("TEST_RANDOM_SEED")) {
    int parsed;
    if (std::sscanf(value, "%d", &parsed) == 1) seed = parsed;
  }
  return seed;
}

int PickUnusedPortOrDie() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  CHECK(fd >= 0) << "PickUnusedPortOrDie: no socket";
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;  // the kernel picks a free port
  socklen_t len = sizeof(addr);
  const bool ok = bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0 &&
                  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0;
  close(fd);
  CHECK(ok) << "PickUnusedPortOrDie: no free port";
  return ntohs(addr.sin_port);
}

}  // namespace testing
}  // namespace tensorflow
