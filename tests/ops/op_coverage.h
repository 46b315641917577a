// What the table-driven checks cover, declared next to each check, so that the completeness
// test (op_completeness_test.cc) can ask of every registered op whether something checks it.
//
//   GRADIENT_CHECK_TEST(MatMulEveryTranspose, "MatMul") { ... ComputeGradientError ... }
//
// is TEST(GradientCheckTest, MatMulEveryTranspose) that also records "MatMul" as checked by
// the gradient checker. Declarations run at load time, so every test process sees them all.
#ifndef MINITF_TESTS_OPS_OP_COVERAGE_H_
#define MINITF_TESTS_OPS_OP_COVERAGE_H_

#include <initializer_list>
#include <set>
#include <string>

#include "gtest/gtest.h"

namespace tensorflow {
namespace test_coverage {

// The ops some gradient-checker test declares it checks.
inline std::set<std::string>& GradientCheckedOps() {
  static std::set<std::string> ops;
  return ops;
}

inline bool DeclareGradientChecked(std::initializer_list<const char*> ops) {
  for (const char* op : ops) GradientCheckedOps().insert(op);
  return true;
}

}  // namespace test_coverage
}  // namespace tensorflow

#define GRADIENT_CHECK_TEST(name, ...)                                    \
  static const bool minitf_gradient_checked_##name [[maybe_unused]] =     \
      ::tensorflow::test_coverage::DeclareGradientChecked({__VA_ARGS__}); \
  TEST(GradientCheckTest, name)

#endif  // MINITF_TESTS_OPS_OP_COVERAGE_H_
