// minitf: tensor helpers for GoogleTest (TF's core/framework/tensor_testutil.h).
//
//   Tensor expected = test::AsTensor<float>({1, 2, 3, 4}, {2, 2});
//   test::ExpectTensorEqual<float>(outputs[0], expected);      // same dtype, shape, values
//   test::ExpectTensorNear<float>(outputs[0], expected, 1e-5);  // |a - b| <= atol
//   test::ExpectClose(expected, outputs[0]);                    // atol + rtol * |expected|
//
// Floating values compare equal within 4 ULP in ExpectEqual; NaNs equal NaNs everywhere.
#ifndef MINITF_FRAMEWORK_TENSOR_TESTUTIL_H_
#define MINITF_FRAMEWORK_TENSOR_TESTUTIL_H_

#include <functional>
#include <numeric>

#include "framework/tensor.h"
#include "gtest/gtest.h"

namespace tensorflow {
namespace test {

template <typename T>
Tensor AsScalar(const T& val) {
  Tensor ret(DataTypeToEnum<T>::value, {});
  ret.scalar<T>()() = val;
  return ret;
}

// A 1-D tensor of `vals` (write the type: AsTensor<int>({1, 2})).
template <typename T>
Tensor AsTensor(absl::Span<const T> vals) {
  Tensor ret(DataTypeToEnum<T>::value, {static_cast<int64_t>(vals.size())});
  std::copy_n(vals.data(), vals.size(), ret.flat<T>().data());
  return ret;
}

// `vals` laid out in `shape` (CHECK-fails when the counts differ).
template <typename T>
Tensor AsTensor(absl::Span<const T> vals, const TensorShape& shape) {
  Tensor ret;
  CHECK(ret.CopyFrom(AsTensor(vals), shape))
      << "AsTensor: " << vals.size() << " values do not fit " << shape.DebugString();
  return ret;
}

template <typename T>
void FillValues(Tensor* tensor, absl::Span<const T> vals) {
  auto flat = tensor->flat<T>();
  CHECK_EQ(flat.size(), static_cast<int64_t>(vals.size()));
  std::copy_n(vals.data(), vals.size(), flat.data());
}

// Converts each value from SrcType to T.
template <typename T, typename SrcType>
void FillValues(Tensor* tensor, std::initializer_list<SrcType> vals) {
  auto flat = tensor->flat<T>();
  CHECK_EQ(flat.size(), static_cast<int64_t>(vals.size()));
  int64_t i = 0;
  for (const auto& v : vals) flat(i++) = T(v);
}

// val, val + 1, val + 2, ...
template <typename T>
void FillIota(Tensor* tensor, const T& val) {
  auto flat = tensor->flat<T>();
  std::iota(flat.data(), flat.data() + flat.size(), val);
}

template <typename T>
void FillFn(Tensor* tensor, std::function<T(int)> fn) {
  auto flat = tensor->flat<T>();
  for (int64_t i = 0; i < flat.size(); ++i) flat(i) = fn(static_cast<int>(i));
}

// Same dtype, same shape, equal values (floats within 4 ULP, NaN == NaN).
void ExpectEqual(const Tensor& x, const Tensor& y);
// Same dtype and shape; per element both NaN, equal, or |x - y| <= atol + rtol * |x|, in the
// element type's arithmetic (complex: real and imaginary parts apart), as TF's. A negative
// tolerance means 5 epsilons of the type. Integers, bools and strings must be equal.
void ExpectClose(const Tensor& x, const Tensor& y, double atol = -1.0, double rtol = -1.0);
// Same dtype and shape; |x - y| <= atol per element (ExpectClose with rtol 0 for floats).
void ExpectNear(const Tensor& x, const Tensor& y, double atol);

template <typename T>
void ExpectTensorEqual(const Tensor& x, const Tensor& y) {
  EXPECT_EQ(x.dtype(), DataTypeToEnum<T>::value);
  ExpectEqual(x, y);
}

template <typename T>
void ExpectTensorNear(const Tensor& x, const Tensor& y, double atol) {
  EXPECT_EQ(x.dtype(), DataTypeToEnum<T>::value);
  ExpectNear(x, y, atol);
}

}  // namespace test
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_TENSOR_TESTUTIL_H_
