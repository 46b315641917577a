// Prints Tensors and shapes the ways TF users do. Built against TensorFlow and minitf, the
// output must match.
#include <cmath>
#include <iostream>
#include <limits>

#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/framework/tensor_shape.h"

using namespace tensorflow;  // NOLINT

template <typename T>
Tensor Iota(DataType dt, TensorShape shape, double start, double step) {
  Tensor t(dt, shape);
  for (int64_t i = 0; i < t.NumElements(); ++i) t.flat<T>()(i) = static_cast<T>(start + step * i);
  return t;
}

void Show(const Tensor& t) {
  std::cout << t.DebugString() << "\n"
            << t.DebugString(7) << "\n"
            << t.SummarizeValue(-1) << "\n"
            << t.SummarizeValue(5, true) << "\n"
            << t.SummarizeValue(-1, true) << "\n"
            << t.NumElements() << " " << t.TotalBytes() << " " << t.dims() << "\n";
}

int main() {
  Show(Iota<float>(DT_FLOAT, {2, 3}, -1.5, 0.7));
  Show(Iota<float>(DT_FLOAT, {3, 4, 5}, 0, 1.0 / 3));
  Show(Iota<double>(DT_DOUBLE, {4}, 1e-3, 12345.678));
  Show(Iota<int32_t>(DT_INT32, {2, 2, 2}, -3, 2));
  Show(Iota<int64_t>(DT_INT64, {12}, 1e12, -3e11));
  Show(Iota<uint8_t>(DT_UINT8, {2, 5}, 250, 1));
  Show(Iota<int8_t>(DT_INT8, {3}, -128, 100));
  Show(Iota<int16_t>(DT_INT16, {2}, -5, 3));
  Show(Iota<uint16_t>(DT_UINT16, {2}, 60000, 3));
  Show(Iota<uint32_t>(DT_UINT32, {2}, 4e9, 3));
  Show(Iota<uint64_t>(DT_UINT64, {2}, 1e19, 3));
  Show(Iota<bool>(DT_BOOL, {2, 3}, 0, 0.5));
  Tensor h(DT_HALF, TensorShape({4}));
  Tensor b(DT_BFLOAT16, TensorShape({4}));
  for (int i = 0; i < 4; ++i) {
    h.flat<Eigen::half>()(i) = Eigen::half(0.1f * i - 0.15f);
    b.flat<Eigen::bfloat16>()(i) = Eigen::bfloat16(100.3f * i + 0.01f);
  }
  Show(h);
  Show(b);
  Tensor special(DT_FLOAT, TensorShape({6}));
  special.flat<float>().setValues({std::numeric_limits<float>::quiet_NaN(),
                                   -std::numeric_limits<float>::infinity(), -0.f,
                                   std::numeric_limits<float>::denorm_min(), 1e-38f, 3e38f});
  Show(special);
  Tensor c(DT_COMPLEX64, TensorShape({2}));
  c.flat<complex64>()(0) = complex64(1.5f, -2.f);
  c.flat<complex64>()(1) = complex64(0.1f, 1e10f);
  Show(c);
  Tensor s(DT_STRING, TensorShape({2, 2}));
  s.flat<tstring>()(0) = "plain";
  s.flat<tstring>()(1) = "tab\there";
  s.flat<tstring>()(2) = std::string("nul\0byte", 8);
  s.flat<tstring>()(3) = "\xc3\xa9t\xc3\xa9 \xff";
  Show(s);
  Show(Tensor(DT_FLOAT, TensorShape({0, 4})));
  Show(Tensor(DT_INT32, TensorShape({3, 0, 2})));
  Show(Tensor(3.25f));
  Show(Tensor("scalar"));
  Show(Iota<int32_t>(DT_INT32, {2, 6}, 1, 1));
  Show(Iota<float>(DT_FLOAT, {1, 1, 1, 1}, 9, 0));
  Show(Iota<int32_t>(DT_INT32, {20}, 0, 1));
  Show(Iota<int32_t>(DT_INT32, {3, 20}, 0, 1));
  Tensor t;
  std::cout << t.DebugString() << " " << t.IsInitialized() << "\n";
  std::cout << Tensor(DT_INT32).DebugString() << "\n";
  Tensor slice = Iota<int32_t>(DT_INT32, {4, 3}, 0, 1).Slice(1, 3);
  std::cout << slice.DebugString() << "\n";
  std::cout << Iota<int32_t>(DT_INT32, {4, 3}, 0, 1).SubSlice(2).DebugString() << "\n";

  std::cout << TensorShape({2, 3}).DebugString() << " " << TensorShape().DebugString() << " "
            << TensorShape({0}).num_elements() << " " << PartialTensorShape().DebugString() << " "
            << PartialTensorShape({-1, 4}).DebugString() << " "
            << PartialTensorShape({}).DebugString() << "\n";
  PartialTensorShape merged;
  std::cout << PartialTensorShape({-1, 4}).MergeWith(PartialTensorShape({3, -1}), &merged).ok()
            << " " << merged.DebugString() << " "
            << PartialTensorShape({-1, 4}).IsCompatibleWith(PartialTensorShape({2, 5})) << " "
            << PartialTensorShape({2}).Concatenate(PartialTensorShape({-1})).DebugString() << "\n";
  TensorShape grow({2});
  grow.AddDim(5);
  grow.InsertDim(0, 7);
  grow.set_dim(2, 1);
  std::cout << grow.DebugString() << " " << grow.num_elements() << " "
            << TensorShapeUtils::IsMatrixOrHigher(grow) << "\n";
  std::cout << DataTypeString(DT_FLOAT) << " " << DataTypeString(DT_BFLOAT16) << " "
            << DataTypeString(DT_UINT64) << " " << DataTypeString(DT_FLOAT_REF) << " "
            << DataTypeSize(DT_HALF) << " " << DataTypeSize(DT_STRING) << " "
            << DataTypeSize(DT_COMPLEX128) << "\n";
  return 0;
}
