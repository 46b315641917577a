// The test helpers themselves: they must fail when values differ.
#include "tensorflow/core/framework/tensor_testutil.h"

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
  EXPECT_NONFATAL_FAILURE(test::ExpectTensorNear<float>(a, c, 1e-6), "element 0");
  test::ExpectClose(a, c, 1e-3, 0.0);
  EXPECT_NONFATAL_FAILURE(test::ExpectClose(a, c), "element 0");
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

}  // namespace
}  // namespace tensorflow
