// minitf: TensorFlow's test header (tensorflow/core/platform/test.h): GoogleTest and GoogleMock,
// and the environment helpers TF's tests call.
//
//   TEST(MyOp, Works) {
//     const std::string dir = testing::TmpDir();   // $TEST_TMPDIR, else $TMPDIR, else /tmp
//     random::PhiloxRandom philox(testing::RandomSeed());  // $TEST_RANDOM_SEED, else 301
//   }
#ifndef MINITF_FRAMEWORK_TEST_H_
#define MINITF_FRAMEWORK_TEST_H_

#include <string>

#include "framework/types.h"
#include "gmock/gmock.h"  // IWYU pragma: export
#include "gtest/gtest.h"  // IWYU pragma: export

namespace tensorflow {
namespace testing {

// A directory tests may write to.
std::string TmpDir();
// Where TF's sources would be under a test runner ($TEST_SRCDIR/$TEST_WORKSPACE/tensorflow).
std::string TensorFlowSrcRoot();
// The seed a test should use: $TEST_RANDOM_SEED when it holds an integer, else 301.
int RandomSeed();
// A TCP port no one listens on now (aborts when the system has none to give).
int PickUnusedPortOrDie();

}  // namespace testing
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_TEST_H_
