// minitf: TensorFlow's basic types — the DataType enum (from types.proto), the C++ element
// types behind each dtype, and the helpers TF has around them.
//
//   DataType dt = DataTypeToEnum<float>::value;       // DT_FLOAT
//   DataTypeString(dt);                               // "float"
//   DataTypeSize(DT_HALF);                            // 2
//   using T = EnumToDataType<DT_INT64>::Type;         // int64_t
//
// The 16-bit float types are Eigen's (`Eigen::half`, `Eigen::bfloat16`); string tensors
// hold `tstring`, which in minitf is `std::string`.
#ifndef MINITF_FRAMEWORK_TYPES_H_
#define MINITF_FRAMEWORK_TYPES_H_

#include <complex>
#include <cstdint>
#include <string>

#include "Eigen/Core"
#include "absl/container/inlined_vector.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "framework/platform_types.h"
#include "tensorflow/core/framework/types.pb.h"

// TF's spelling of [[nodiscard]], used by the generated Attrs setters.
#ifndef TF_MUST_USE_RESULT
#define TF_MUST_USE_RESULT [[nodiscard]]
#endif

namespace tensorflow {

// Fixed-width integer names TF code still uses, StringPiece and string: framework/platform_types.h.

typedef std::complex<float> complex64;
typedef std::complex<double> complex128;
typedef Eigen::half half;
typedef Eigen::bfloat16 bfloat16;

// TF's string element type. TF's class converts implicitly to and from std::string;
// minitf uses std::string itself, so both spellings work in user code.
typedef std::string tstring;

namespace gtl {
template <typename T>
using ArraySlice = absl::Span<const T>;
template <typename T>
using MutableArraySlice = absl::Span<T>;
template <typename T, size_t N>
using InlinedVector = absl::InlinedVector<T, N>;
}  // namespace gtl

typedef gtl::InlinedVector<DataType, 4> DataTypeVector;
typedef gtl::ArraySlice<DataType> DataTypeSlice;

// TF's offset between a type and its reference type (DT_FLOAT_REF = DT_FLOAT + 100).
constexpr int kDataTypeRefOffset = 100;
inline bool IsRefType(DataType dtype) { return dtype > kDataTypeRefOffset; }
inline DataType MakeRefType(DataType dtype) {
  return static_cast<DataType>(dtype + (IsRefType(dtype) ? 0 : kDataTypeRefOffset));
}
inline DataType RemoveRefType(DataType dtype) {
  return static_cast<DataType>(dtype - (IsRefType(dtype) ? kDataTypeRefOffset : 0));
}
inline DataType BaseType(DataType dtype) { return RemoveRefType(dtype); }

// TF's lower-case name: "float", "int32", "string", "float_ref", "INVALID".
std::string DataTypeString(DataType dtype);
// Parses DataTypeString's names (and "float32", "float64", "float16"); false if unknown.
bool DataTypeFromString(absl::string_view sp, DataType* dt);
// Bytes per element of a fixed-size type; 0 for string, resource, variant and invalid.
int DataTypeSize(DataType dt);
// True for types whose elements can be copied byte by byte (everything but string).
bool DataTypeCanUseMemcpy(DataType dt);
// "float, int32" — the names of a list of types, comma separated.
std::string DataTypeSliceString(DataTypeSlice types);
inline bool DataTypeIsFloating(DataType dt) {
  dt = BaseType(dt);
  return dt == DT_FLOAT || dt == DT_DOUBLE || dt == DT_HALF || dt == DT_BFLOAT16;
}
inline bool DataTypeIsComplex(DataType dt) {
  dt = BaseType(dt);
  return dt == DT_COMPLEX64 || dt == DT_COMPLEX128;
}
bool DataTypeIsInteger(DataType dt);

// Maps a C++ element type to its DataType: DataTypeToEnum<float>::value == DT_FLOAT.
// Types TF has no dtype for (char, long long) have no specialisation and fail to compile.
template <typename T>
struct DataTypeToEnum {
  static_assert(sizeof(T) == 0, "minitf: no DataType for this C++ type");
};
// Maps a DataType back to its C++ element type: EnumToDataType<DT_FLOAT>::Type is float.
template <DataType VALUE>
struct EnumToDataType {};

#define MINITF_MATCH_TYPE_AND_ENUM(TYPE, ENUM)          \
  template <>                                           \
  struct DataTypeToEnum<TYPE> {                         \
    static DataType v() { return ENUM; }                \
    static DataType ref() { return MakeRefType(ENUM); } \
    static constexpr DataType value = ENUM;             \
  };                                                    \
  template <>                                           \
  struct EnumToDataType<ENUM> {                         \
    typedef TYPE Type;                                  \
  }

MINITF_MATCH_TYPE_AND_ENUM(float, DT_FLOAT);
MINITF_MATCH_TYPE_AND_ENUM(double, DT_DOUBLE);
MINITF_MATCH_TYPE_AND_ENUM(int32_t, DT_INT32);
MINITF_MATCH_TYPE_AND_ENUM(uint32_t, DT_UINT32);
MINITF_MATCH_TYPE_AND_ENUM(uint16_t, DT_UINT16);
MINITF_MATCH_TYPE_AND_ENUM(uint8_t, DT_UINT8);
MINITF_MATCH_TYPE_AND_ENUM(int16_t, DT_INT16);
MINITF_MATCH_TYPE_AND_ENUM(int8_t, DT_INT8);
MINITF_MATCH_TYPE_AND_ENUM(tstring, DT_STRING);
MINITF_MATCH_TYPE_AND_ENUM(complex64, DT_COMPLEX64);
MINITF_MATCH_TYPE_AND_ENUM(complex128, DT_COMPLEX128);
MINITF_MATCH_TYPE_AND_ENUM(int64_t, DT_INT64);
MINITF_MATCH_TYPE_AND_ENUM(uint64_t, DT_UINT64);
MINITF_MATCH_TYPE_AND_ENUM(bool, DT_BOOL);
MINITF_MATCH_TYPE_AND_ENUM(Eigen::half, DT_HALF);
MINITF_MATCH_TYPE_AND_ENUM(Eigen::bfloat16, DT_BFLOAT16);

#undef MINITF_MATCH_TYPE_AND_ENUM

// long long and unsigned long long are 64-bit types distinct from int64_t/uint64_t (long) on
// Linux; TF maps them to DT_INT64/DT_UINT64 too, so `{1LL, 2LL}` literals make int64 tensors.
template <>
struct DataTypeToEnum<long long> {  // NOLINT(runtime/int)
  static constexpr DataType v() { return DT_INT64; }
  static DataType ref() { return MakeRefType(DT_INT64); }
  static constexpr DataType value = DT_INT64;
};
template <>
struct DataTypeToEnum<unsigned long long> {  // NOLINT(runtime/int)
  static constexpr DataType v() { return DT_UINT64; }
  static DataType ref() { return MakeRefType(DT_UINT64); }
  static constexpr DataType value = DT_UINT64;
};

// Calls M(T) for every element type a minitf Tensor can hold (TF's TF_CALL_ALL_TYPES, minus
// quantized, resource and variant types, which minitf does not support).
// clang-format off
#define MINITF_CALL_REAL_NUMBER_TYPES(M)                                                  \
  M(float) M(double) M(int32_t) M(uint32_t) M(uint16_t) M(uint8_t) M(int16_t) M(int8_t)   \
  M(int64_t) M(uint64_t) M(bool) M(Eigen::half) M(Eigen::bfloat16)
// clang-format on
#define MINITF_CALL_NUMBER_TYPES(M) \
  MINITF_CALL_REAL_NUMBER_TYPES(M) M(::tensorflow::complex64) M(::tensorflow::complex128)
#define MINITF_CALL_ALL_TYPES(M) MINITF_CALL_NUMBER_TYPES(M) M(::tensorflow::tstring)

// True for the dtypes a minitf Tensor can hold.
bool DataTypeIsSupported(DataType dt);

// A device kind ("CPU"), as TF's DeviceType; minitf runs on the CPU only.
class DeviceType {
 public:
  DeviceType(const char* type) : type_(type) {}  // NOLINT(runtime/explicit)
  explicit DeviceType(absl::string_view type) : type_(type) {}
  const char* type() const { return type_.c_str(); }
  const std::string& type_string() const { return type_; }
  bool operator<(const DeviceType& other) const { return type_ < other.type_; }
  bool operator==(const DeviceType& other) const { return type_ == other.type_; }
  bool operator!=(const DeviceType& other) const { return type_ != other.type_; }

 private:
  std::string type_;
};

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_TYPES_H_
