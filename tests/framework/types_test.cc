// DataType names, sizes and the C++ type mapping (TF_CPP_API.md §1.10).
#include "tensorflow/core/framework/types.h"
#include "tensorflow/cc/framework/ops.h"

#include "gtest/gtest.h"

namespace tensorflow {
namespace {

TEST(TypesTest, EnumValuesAreTFs) {
  EXPECT_EQ(DT_FLOAT, 1);
  EXPECT_EQ(DT_DOUBLE, 2);
  EXPECT_EQ(DT_INT32, 3);
  EXPECT_EQ(DT_STRING, 7);
  EXPECT_EQ(DT_INT64, 9);
  EXPECT_EQ(DT_BOOL, 10);
  EXPECT_EQ(DT_BFLOAT16, 14);
  EXPECT_EQ(DT_UINT16, 17);
  EXPECT_EQ(DT_HALF, 19);
  EXPECT_EQ(DT_UINT32, 22);
  EXPECT_EQ(DT_UINT64, 23);
  EXPECT_EQ(DT_FLOAT_REF, 101);
  EXPECT_EQ(DT_HALF_REF, 119);
}

TEST(TypesTest, DataTypeString) {
  EXPECT_EQ(DataTypeString(DT_FLOAT), "float");
  EXPECT_EQ(DataTypeString(DT_INT32), "int32");
  EXPECT_EQ(DataTypeString(DT_STRING), "string");
  EXPECT_EQ(DataTypeString(DT_HALF), "half");
  EXPECT_EQ(DataTypeString(DT_BFLOAT16), "bfloat16");
  EXPECT_EQ(DataTypeString(DT_COMPLEX128), "complex128");
  EXPECT_EQ(DataTypeString(DT_INVALID), "INVALID");
  EXPECT_EQ(DataTypeString(DT_FLOAT_REF), "float_ref");
  EXPECT_EQ(DataTypeString(static_cast<DataType>(77)), "unknown dtype enum (77)");
  // One reference level, as TF; a GraphDef's dtype can be any int (this once recursed per 100).
  EXPECT_EQ(DataTypeString(static_cast<DataType>(250)), "unknown dtype enum (150)_ref");
  EXPECT_EQ(DataTypeString(static_cast<DataType>(2147483647)),
            "unknown dtype enum (2147483547)_ref");
  DataType dt;
  ASSERT_TRUE(DataTypeFromString("float32", &dt));
  EXPECT_EQ(dt, DT_FLOAT);
  ASSERT_TRUE(DataTypeFromString("float16", &dt));
  EXPECT_EQ(dt, DT_HALF);
  ASSERT_TRUE(DataTypeFromString("int64_ref", &dt));
  EXPECT_EQ(dt, DT_INT64_REF);
  EXPECT_FALSE(DataTypeFromString("floaty", &dt));
}

TEST(TypesTest, SizesAndRefs) {
  EXPECT_EQ(DataTypeSize(DT_FLOAT), 4);
  EXPECT_EQ(DataTypeSize(DT_HALF), 2);
  EXPECT_EQ(DataTypeSize(DT_BFLOAT16), 2);
  EXPECT_EQ(DataTypeSize(DT_INT64), 8);
  EXPECT_EQ(DataTypeSize(DT_BOOL), 1);
  EXPECT_EQ(DataTypeSize(DT_COMPLEX64), 8);
  EXPECT_EQ(DataTypeSize(DT_STRING), 0);
  EXPECT_TRUE(IsRefType(DT_FLOAT_REF));
  EXPECT_EQ(MakeRefType(DT_INT32), DT_INT32_REF);
  EXPECT_EQ(BaseType(DT_INT32_REF), DT_INT32);
  EXPECT_EQ(DataTypeSliceString({DT_FLOAT, DT_INT32}), "float, int32");
}

TEST(TypesTest, CppTypeMapping) {
  EXPECT_EQ(DataTypeToEnum<float>::value, DT_FLOAT);
  EXPECT_EQ(DataTypeToEnum<double>::value, DT_DOUBLE);
  EXPECT_EQ(DataTypeToEnum<int>::value, DT_INT32);
  EXPECT_EQ(DataTypeToEnum<int64_t>::value, DT_INT64);
  EXPECT_EQ(DataTypeToEnum<uint8>::value, DT_UINT8);
  EXPECT_EQ(DataTypeToEnum<tstring>::value, DT_STRING);
  EXPECT_EQ(DataTypeToEnum<Eigen::half>::value, DT_HALF);
  EXPECT_EQ(DataTypeToEnum<Eigen::bfloat16>::value, DT_BFLOAT16);
  EXPECT_EQ(DataTypeToEnum<complex64>::v(), DT_COMPLEX64);
  EXPECT_EQ(DataTypeToEnum<bool>::ref(), DT_BOOL_REF);
  static_assert(std::is_same<EnumToDataType<DT_INT64>::Type, int64_t>::value, "");
  static_assert(std::is_same<EnumToDataType<DT_HALF>::Type, Eigen::half>::value, "");
}

}  // namespace
}  // namespace tensorflow

namespace tensorflow {
namespace {

// TF maps long long / unsigned long long (distinct from int64_t on Linux) to the 64-bit dtypes.
TEST(TypesTest, LongLongIsInt64) {
  EXPECT_EQ(DataTypeToEnum<long long>::v(), DT_INT64);              // NOLINT(runtime/int)
  EXPECT_EQ(DataTypeToEnum<unsigned long long>::value, DT_UINT64);  // NOLINT(runtime/int)
  Input::Initializer init({1LL, -2LL});
  ASSERT_TRUE(init.status.ok()) << init.status;
  EXPECT_EQ(init.tensor.dtype(), DT_INT64);
  EXPECT_EQ(init.tensor.flat<long long>()(1), -2);  // NOLINT(runtime/int)
  EXPECT_EQ(init.tensor.flat<int64_t>()(0), 1);
}

}  // namespace
}  // namespace tensorflow
