// The test helpers themselves: they must fail when values differ.
#include "tensorflow/core/framework/tensor_testutil.h"

#include <cmath>
#include <limits>

#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"

namespace tensorflow {
namespace {

TEST(TensorTestUtilTest, BuildersAndFillers) {
  Tensor s = test::AsScalar<int64_t>(5);
  EXPECT_EQ(s.dtype(), DT_INT64);
  EXPECT_EQ(s.scalar<int64_t>()(), 5);
  Tensor t = test::AsTensor<float>({1, 2, 3, 4}, {2, 2});
  EXPECT_EQ(t.matrix<float>()(1, 0), 3.f);
  Tensor f(DT_DOUBLE, TensorShape({3}));
  test::FillValues<double, int>(&f, {1, 2, 3});
  EXPECT_EQ(f.flat<double>()(2), 3.0);
  test::FillIota<double>(&f, 10.0);
  EXPECT_EQ(f.flat<double>()(2), 12.0);
  test::FillFn<double>(&f, [](int i) { return i * 0.5; });
  EXPECT_EQ(f.flat<double>()(1), 0.5);
}

TEST(TensorTestUtilTest, EqualityAndTolerances) {
  Tensor a = test::AsTensor<float>({1.f, NAN});
  Tensor b = test::AsTensor<float>({1.f, NAN});
  test::ExpectTensorEqual<float>(a, b);  // NaN equals NaN
  Tensor c = test::AsTensor<float>({1.0001f, NAN});
  EXPECT_NONFATAL_FAILURE(test::ExpectTensorEqual<float>(a, c), "element 0");
  test::ExpectTensorNear<float>(a, c, 1e-3);
  EXPECT_NONFATAL_FAILURE(test::ExpectTensorNear<float>(a, c, 1e-6), "index = 0");
  test::ExpectClose(a, c, 1e-3, 0.0);
  EXPECT_NONFATAL_FAILURE(test::ExpectClose(a, c), "index = 0");
  EXPECT_NONFATAL_FAILURE(
      test::ExpectTensorEqual<int>(test::AsTensor<int>({1}), test::AsTensor<int>({2})),
      "element 0");
  EXPECT_NONFATAL_FAILURE(test::ExpectEqual(test::AsTensor<int>({1}), test::AsTensor<int64_t>({1})),
                          "int32 vs int64");
  EXPECT_NONFATAL_FAILURE(
      test::ExpectEqual(test::AsTensor<int>({1, 2}), test::AsTensor<int>({1, 2}, {1, 2})),
      "[2] vs [1,2]");
  // Within 4 ULP counts as equal for floats.
  Tensor d = test::AsTensor<float>({std::nextafter(1.f, 2.f), NAN});
  test::ExpectTensorEqual<float>(a, d);
}

// TF's ExpectClose: by default 5 float epsilons absolute plus 5 relative to the first
// argument's magnitude; 0/0 means equal; infinities equal themselves.
TEST(TensorTestUtilTest, ExpectCloseHasTfsTolerances) {
  const float eps = std::numeric_limits<float>::epsilon();
  // |x - y| = 9 eps at x = 1: within 5 eps + 5 eps * 1.
  test::ExpectClose(test::AsTensor<float>({1.f}), test::AsTensor<float>({1.f + 9 * eps}));
  // 12 eps is not.
  EXPECT_NONFATAL_FAILURE(
      test::ExpectClose(test::AsTensor<float>({1.f}), test::AsTensor<float>({1.f + 12 * eps})),
      "index = 0");
  // Relative to x, the first argument: rtol 0.6 of |2| covers a difference of 1, of |1| not.
  test::ExpectClose(test::AsTensor<float>({2.f}), test::AsTensor<float>({1.f}), 0.0, 0.6);
  EXPECT_NONFATAL_FAILURE(
      test::ExpectClose(test::AsTensor<float>({1.f}), test::AsTensor<float>({2.f}), 0.0, 0.6),
      "index = 0");
  // Zero tolerances: only equal values pass.
  EXPECT_NONFATAL_FAILURE(
      test::ExpectClose(test::AsTensor<float>({100.f}),
                        test::AsTensor<float>({std::nextafter(100.f, 200.f)}), 0.0, 0.0),
      "index = 0");
  test::ExpectClose(test::AsTensor<float>({INFINITY, NAN}), test::AsTensor<float>({INFINITY, NAN}),
                    0.0, 0.0);
  // Complex: each part on its own.
  test::ExpectClose(test::AsTensor<complex64>({complex64(1, 2)}),
                    test::AsTensor<complex64>({complex64(1, 2)}), 0.0, 0.0);
  EXPECT_NONFATAL_FAILURE(test::ExpectClose(test::AsTensor<complex64>({complex64(1, 2)}),
                                            test::AsTensor<complex64>({complex64(1, 2.5f)})),
                          "index = 0");
}

}  // namespace
}  // namespace tensorflow
