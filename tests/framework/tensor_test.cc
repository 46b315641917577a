// Tensor: storage, views, proto conversion and printing (TF_CPP_API.md §1.8). The printed
// formats were checked against TensorFlow 2.21 (tf.strings.format uses the same element
// printer: floats in the shortest of %.6g/%.9g that reads back exactly).
#include "tensorflow/core/framework/tensor.h"

#include <sstream>

#include "gtest/gtest.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

TEST(TensorTest, DefaultIsEmptyFloatVector) {
  Tensor t;
  EXPECT_EQ(t.dtype(), DT_FLOAT);
  EXPECT_EQ(t.shape().DebugString(), "[0]");
  EXPECT_TRUE(t.IsInitialized());
  EXPECT_EQ(t.NumElements(), 0);
  EXPECT_EQ(t.TotalBytes(), 0u);
  Tensor i(DT_INT32);
  EXPECT_EQ(i.dtype(), DT_INT32);
  EXPECT_EQ(i.dims(), 1);
}

TEST(TensorTest, AllocationIsAlignedAndShared) {
  Tensor t(DT_FLOAT, TensorShape({3, 5}));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data()) % 64, 0u);
  EXPECT_TRUE(t.IsAligned());
  EXPECT_EQ(t.TotalBytes(), 60u);
  EXPECT_GE(t.AllocatedBytes(), 60u);
  EXPECT_TRUE(t.RefCountIsOne());
  Tensor u = t;
  EXPECT_TRUE(u.SharesBufferWith(t));
  EXPECT_FALSE(t.RefCountIsOne());
  t.flat<float>().setConstant(2.f);
  EXPECT_EQ(u.matrix<float>()(2, 4), 2.f);
  Tensor deep = tensor::DeepCopy(t);
  EXPECT_FALSE(deep.SharesBufferWith(t));
  test::ExpectTensorEqual<float>(deep, t);
  Tensor moved = std::move(u);
  EXPECT_TRUE(moved.SharesBufferWith(t));
  u = moved;
  EXPECT_TRUE(u.SharesBufferWith(moved));
}

TEST(TensorTest, ScalarConstructors) {
  EXPECT_EQ(Tensor(1.5f).scalar<float>()(), 1.5f);
  EXPECT_EQ(Tensor(2.5).scalar<double>()(), 2.5);
  EXPECT_EQ(Tensor(int32_t{-3}).scalar<int32_t>()(), -3);
  EXPECT_EQ(Tensor(int64_t{1} << 40).scalar<int64_t>()(), int64_t{1} << 40);
  EXPECT_EQ(Tensor(uint8_t{200}).scalar<uint8_t>()(), 200);
  EXPECT_EQ(Tensor(uint16_t{7}).dtype(), DT_UINT16);
  EXPECT_EQ(Tensor(uint32_t{7}).dtype(), DT_UINT32);
  EXPECT_EQ(Tensor(uint64_t{7}).dtype(), DT_UINT64);
  EXPECT_EQ(Tensor(int16_t{7}).dtype(), DT_INT16);
  EXPECT_EQ(Tensor(int8_t{7}).dtype(), DT_INT8);
  EXPECT_EQ(Tensor(true).scalar<bool>()(), true);
  EXPECT_EQ(Tensor(Eigen::half(0.5f)).dtype(), DT_HALF);
  EXPECT_EQ(Tensor(Eigen::bfloat16(0.5f)).dtype(), DT_BFLOAT16);
  EXPECT_EQ(Tensor(complex64(1, 2)).scalar<complex64>()(), complex64(1, 2));
  EXPECT_EQ(Tensor(complex128(1, 2)).dtype(), DT_COMPLEX128);
  EXPECT_EQ(Tensor("abc").scalar<tstring>()(), "abc");
  EXPECT_EQ(Tensor(tstring("xyz")).dtype(), DT_STRING);
  EXPECT_EQ(Tensor(1.5f).dims(), 0);
}

TEST(TensorTest, EigenViews) {
  Tensor t(DT_FLOAT, TensorShape({2, 3, 4}));
  t.flat<float>().setRandom();
  auto flat = t.flat<float>();
  for (int i = 0; i < 24; ++i) flat(i) = static_cast<float>(i);
  EXPECT_EQ((t.tensor<float, 3>()(1, 2, 3)), 23.f);
  auto inner = t.flat_inner_dims<float>();
  EXPECT_EQ(inner.dimension(0), 6);
  EXPECT_EQ(inner.dimension(1), 4);
  auto outer = t.flat_outer_dims<float>();
  EXPECT_EQ(outer.dimension(0), 2);
  EXPECT_EQ(outer.dimension(1), 12);
  auto inner3 = t.flat_inner_dims<float, 4>();
  EXPECT_EQ(inner3.dimension(0), 1);
  EXPECT_EQ(inner3.dimension(3), 4);
  auto shaped = t.shaped<float, 2>({4, 6});
  EXPECT_EQ(shaped(3, 5), 23.f);
  EXPECT_EQ(t.unaligned_flat<float>()(5), 5.f);
  const Tensor& c = t;
  EXPECT_EQ(c.flat<float>()(7), 7.f);
  float sum = 0;
  Eigen::Tensor<float, 0, Eigen::RowMajor> s = c.flat<float>().sum();
  sum = s();
  EXPECT_EQ(sum, 276.f);
  Tensor v(DT_INT32, TensorShape({3}));
  v.vec<int32_t>().setValues({1, 2, 3});
  EXPECT_EQ(v.vec<int32_t>()(2), 3);
  std::ostringstream os;
  Tensor m(DT_FLOAT, TensorShape({2, 2}));
  m.matrix<float>().setValues({{19, 0}, {-3, 1}});
  os << m.matrix<float>();
  EXPECT_EQ(os.str(), "19  0\n-3  1");
}

TEST(TensorTest, SliceAndCopyFrom) {
  Tensor t(DT_INT32, TensorShape({4, 2}));
  test::FillIota<int32_t>(&t, 0);
  Tensor s = t.Slice(1, 3);
  EXPECT_EQ(s.shape().DebugString(), "[2,2]");
  EXPECT_TRUE(s.SharesBufferWith(t));
  EXPECT_EQ(s.unaligned_flat<int32_t>()(0), 2);
  Tensor row = t.SubSlice(3);
  EXPECT_EQ(row.shape().DebugString(), "[2]");
  EXPECT_EQ(row.unaligned_flat<int32_t>()(1), 7);
  Tensor r;
  EXPECT_TRUE(r.CopyFrom(t, TensorShape({8})));
  EXPECT_TRUE(r.SharesBufferWith(t));
  EXPECT_FALSE(r.CopyFrom(t, TensorShape({3})));
  Tensor b;
  TF_EXPECT_OK(b.BitcastFrom(t, DT_UINT32, TensorShape({8})));
  EXPECT_EQ(b.flat<uint32_t>()(7), 7u);
  EXPECT_FALSE(b.BitcastFrom(t, DT_INT64, TensorShape({8})).ok());
}

TEST(TensorTest, ProtoRoundTrips) {
  Tensor t(DT_FLOAT, TensorShape({2, 2}));
  test::FillValues<float>(&t, {1.5f, -2.f, 0.f, 3.25f});
  TensorProto field, content;
  t.AsProtoField(&field);
  t.AsProtoTensorContent(&content);
  EXPECT_EQ(field.float_val_size(), 4);
  EXPECT_EQ(content.tensor_content().size(), 16u);
  Tensor a, b;
  ASSERT_TRUE(a.FromProto(field));
  ASSERT_TRUE(b.FromProto(content));
  test::ExpectTensorEqual<float>(a, t);
  test::ExpectTensorEqual<float>(b, t);

  // A short typed field repeats its last value; an empty one gives zeros.
  TensorProto short_proto;
  short_proto.set_dtype(DT_INT32);
  TensorShape({3}).AsProto(short_proto.mutable_tensor_shape());
  short_proto.add_int_val(4);
  Tensor s;
  ASSERT_TRUE(s.FromProto(short_proto));
  test::ExpectTensorEqual<int32_t>(s, test::AsTensor<int32_t>({4, 4, 4}));
  short_proto.clear_int_val();
  ASSERT_TRUE(s.FromProto(short_proto));
  test::ExpectTensorEqual<int32_t>(s, test::AsTensor<int32_t>({0, 0, 0}));

  // Strings: typed field and TF's varint-length tensor_content encoding.
  Tensor str(DT_STRING, TensorShape({2}));
  str.flat<tstring>()(0) = "ab";
  str.flat<tstring>()(1) = std::string(200, 'x');
  TensorProto sp;
  str.AsProtoTensorContent(&sp);
  EXPECT_EQ(sp.tensor_content().substr(0, 3), std::string("\x02\xc8\x01", 3));
  Tensor str2;
  ASSERT_TRUE(str2.FromProto(sp));
  test::ExpectTensorEqual<tstring>(str2, str);

  // Half / bfloat16 travel as bit patterns in half_val.
  Tensor h(DT_HALF, TensorShape({1}));
  h.flat<Eigen::half>()(0) = Eigen::half(1.0f);
  TensorProto hp;
  h.AsProtoField(&hp);
  ASSERT_EQ(hp.half_val_size(), 1);
  EXPECT_EQ(hp.half_val(0), 0x3c00);
  Tensor h2;
  ASSERT_TRUE(h2.FromProto(hp));
  test::ExpectTensorEqual<Eigen::half>(h2, h);

  // Malformed protos are rejected, not read out of bounds.
  TensorProto bad = content;
  bad.set_tensor_content("abc");
  Tensor x;
  EXPECT_FALSE(x.FromProto(bad));
  TensorProto neg;
  neg.set_dtype(DT_FLOAT);
  neg.mutable_tensor_shape()->add_dim()->set_size(-1);
  EXPECT_FALSE(x.FromProto(neg));
  TensorProto resource;
  resource.set_dtype(DT_RESOURCE);
  EXPECT_FALSE(x.FromProto(resource));
}

// A bool tensor's bytes from a proto's tensor_content: any nonzero byte is true (C++ has only
// 0 and 1 for a bool; the tensor fuzzer found SummarizeValue reading 255), and is 1 from then on.
TEST(TensorTest, BoolContentBytesAreZeroOrOne) {
  TensorProto proto;
  proto.set_dtype(DT_BOOL);
  proto.mutable_tensor_shape()->add_dim()->set_size(4);
  proto.set_tensor_content(std::string("\x02\x00\xff\x01", 4));
  Tensor t;
  ASSERT_TRUE(t.FromProto(proto));
  test::ExpectTensorEqual<bool>(t, test::AsTensor<bool>({true, false, true, true}));
  EXPECT_EQ(t.SummarizeValue(10), "1 0 1 1");
  TensorProto back;
  t.AsProtoTensorContent(&back);
  EXPECT_EQ(back.tensor_content(), std::string("\x01\x00\x01\x01", 4));
}

TEST(TensorTest, DebugStringFormats) {
  Tensor m = test::AsTensor<int32_t>({1, 2, 3, 4}, {2, 2});
  EXPECT_EQ(m.SummarizeValue(10), "[1 2][3 4]");
  EXPECT_EQ(m.SummarizeValue(3), "[1 2][3...]...");
  EXPECT_EQ(m.DebugString(), "Tensor<type: int32 shape: [2,2] values: [1 2][3...]...>");
  EXPECT_EQ(test::AsTensor<int32_t>({1, 2, 3}).SummarizeValue(10), "1 2 3");
  EXPECT_EQ(test::AsTensor<int32_t>({1, 2, 3, 4}).SummarizeValue(2), "1 2...");
  EXPECT_EQ(Tensor(3.5f).DebugString(), "Tensor<type: float shape: [] values: 3.5>");
  EXPECT_EQ(Tensor(DT_FLOAT, TensorShape({0, 3})).SummarizeValue(3), "");
  EXPECT_EQ(m.DeviceSafeDebugString(), "Tensor<type: int32 shape: [2,2]>");
  std::ostringstream os;
  os << m;
  EXPECT_EQ(os.str(), "Tensor<type: int32 shape: [2,2] values: [1 2][3 4]>");
  // Printed by TF 2.21 as: [0.333333343 0.1 1e-07 123456792 1e+20 nan inf]
  Tensor f = test::AsTensor<float>({1.f / 3, 0.1f, 1e-7f, 123456789.f, 1e20f, NAN, INFINITY});
  EXPECT_EQ(f.SummarizeValue(-1), "0.333333343 0.1 1e-07 123456792 1e+20 nan inf");
  EXPECT_EQ(f.SummarizeValue(-1, true), "[0.333333343 0.1 1e-07 123456792 1e+20 nan inf]");
  // TF 2.21: [0.33333333333333331 0.1 1e-07 2.5]
  Tensor d = test::AsTensor<double>({1.0 / 3, 0.1, 1e-7, 2.5});
  EXPECT_EQ(d.SummarizeValue(-1), "0.33333333333333331 0.1 1e-07 2.5");
  // TF 2.21 prints halves as floats: [0.333251953 0.0999755859]
  Tensor h(DT_HALF, TensorShape({2}));
  h.flat<Eigen::half>()(0) = Eigen::half(1.0f / 3);
  h.flat<Eigen::half>()(1) = Eigen::half(0.1f);
  EXPECT_EQ(h.SummarizeValue(-1), "0.333251953 0.0999755859");
  EXPECT_EQ(test::AsTensor<bool>({true, false}).SummarizeValue(-1), "1 0");
  Tensor s(DT_STRING, TensorShape({2}));
  s.flat<tstring>()(0) = "a\n";
  s.flat<tstring>()(1) = "b\"";
  EXPECT_EQ(s.SummarizeValue(-1), "a\\n b\\\"");
  EXPECT_EQ(s.SummarizeValue(-1, true), "[\"a\\n\" \"b\\\"\"]");
  EXPECT_EQ(test::AsTensor<int8_t>({-1}).SummarizeValue(-1), "-1");
  EXPECT_EQ(m.SummarizeValue(-1, true), "[[1 2]\n [3 4]]");
}

TEST(TensorTest, BuildTensorRejectsUnsupportedTypes) {
  Tensor t;
  EXPECT_EQ(Tensor::BuildTensor(DT_VARIANT, TensorShape({1}), &t).code(), error::INVALID_ARGUMENT);
  TF_EXPECT_OK(Tensor::BuildTensor(DT_UINT16, TensorShape({1}), &t));
  EXPECT_EQ(t.dtype(), DT_UINT16);
}

// DT_RESOURCE tensors hold ResourceHandles: made empty, copied deeply, through TensorProto's
// resource_handle_val and back.
TEST(TensorTest, ResourceHandleTensors) {
  Tensor t(DT_RESOURCE, TensorShape({2}));
  EXPECT_EQ(t.flat<ResourceHandle>()(0).name(), "");
  ResourceHandle h;
  h.set_container("localhost");
  h.set_name("w");
  h.set_dtypes_and_shapes({{DT_FLOAT, PartialTensorShape({2, -1})}});
  t.flat<ResourceHandle>()(1) = h;
  const Tensor copy = tensor::DeepCopy(t);
  TensorProto proto;
  copy.AsProtoTensorContent(&proto);
  EXPECT_EQ(proto.resource_handle_val_size(), 2);
  Tensor back;
  ASSERT_TRUE(back.FromProto(proto));
  const ResourceHandle& got = back.flat<ResourceHandle>()(1);
  EXPECT_EQ(got.container(), "localhost");
  EXPECT_EQ(got.name(), "w");
  ASSERT_EQ(got.dtypes_and_shapes().size(), 1u);
  EXPECT_EQ(got.dtypes_and_shapes()[0].shape.DebugString(), "[2,?]");
  proto.mutable_resource_handle_val()->RemoveLast();  // one handle short of the shape
  EXPECT_FALSE(back.FromProto(proto));
}

TEST(TensorDeathTest, WrongViewsStopWithBothNames) {
  Tensor t(DT_INT32, TensorShape({2, 2}));
  EXPECT_DEATH(t.flat<float>(), "float expected, got int32");
  EXPECT_DEATH((t.tensor<int32_t, 3>()), "Asking for tensor of 3 dimensions from a tensor of 2");
  EXPECT_DEATH(t.scalar<int32_t>(), "Must have a one element tensor");
  EXPECT_DEATH((t.shaped<int32_t, 2>({3, 3})), "element count");
  EXPECT_DEATH(Tensor(DT_STRING, TensorShape({1})).tensor_data(), "not defined for string");
}

}  // namespace
}  // namespace tensorflow
