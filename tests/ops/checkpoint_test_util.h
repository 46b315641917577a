// Helpers shared by the checkpoint tests (checkpoint_test.cc, checkpoint_corruption_test.cc):
// temporary folders, whole-file reads and writes, bit-exact tensor comparison, and the values
// of the TF-written checkpoints in tests/golden/checkpoints.
#ifndef MINITF_TESTS_OPS_CHECKPOINT_TEST_UTIL_H_
#define MINITF_TESTS_OPS_CHECKPOINT_TEST_UTIL_H_

#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "gtest/gtest.h"
#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/framework/tensor.pb.h"

namespace tensorflow {
namespace checkpoint_test {

inline const std::string kGolden = std::string(MINITF_GOLDEN_DIR) + "/checkpoints/";

// A new folder under /tmp, removed with its contents when the test program exits.
inline std::string TempDir() {
  struct Folders {
    std::vector<std::string> paths;
    ~Folders() {
      std::error_code ignored;
      for (const auto& p : paths) std::filesystem::remove_all(p, ignored);
    }
  };
  static Folders* folders = new Folders();  // NOLINT: removed by the atexit below
  static const bool registered = [] {
    std::atexit([] { delete folders; });
    return true;
  }();
  (void)registered;
  char tmpl[] = "/tmp/minitf_ckpt_XXXXXX";
  const char* dir = mkdtemp(tmpl);
  EXPECT_NE(dir, nullptr);
  if (dir == nullptr) return "/tmp";
  folders->paths.emplace_back(dir);
  return dir;
}

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void WriteFile(const std::string& path, const std::string& contents) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << contents;
}

// Same dtype, shape and bits (strings element by element).
inline void ExpectSameBits(const Tensor& expected, const Tensor& actual, const std::string& what) {
  ASSERT_EQ(expected.dtype(), actual.dtype()) << what;
  ASSERT_EQ(expected.shape(), actual.shape()) << what;
  if (expected.dtype() == DT_STRING) {
    for (int64_t i = 0; i < expected.NumElements(); ++i) {
      EXPECT_EQ(expected.flat<tstring>()(i), actual.flat<tstring>()(i)) << what << " [" << i << "]";
    }
  } else {
    EXPECT_EQ(expected.tensor_data(), actual.tensor_data()) << what;
  }
}

inline std::vector<std::pair<std::string, Tensor>> GoldenExpected(const std::string& name) {
  std::vector<std::pair<std::string, Tensor>> out;
  std::ifstream in(kGolden + name + ".expected");
  std::string key, hex;
  while (in >> key >> hex) {
    TensorProto proto;
    EXPECT_TRUE(proto.ParseFromString(absl::HexStringToBytes(hex))) << key;
    Tensor t;
    EXPECT_TRUE(t.FromProto(proto)) << key;
    out.emplace_back(key, t);
  }
  return out;
}

}  // namespace checkpoint_test
}  // namespace tensorflow

#endif  // MINITF_TESTS_OPS_CHECKPOINT_TEST_UTIL_H_
