// minitf: TF's TF_CALL_* macros (tensorflow/core/framework/register_types.h), which apply a
// macro to each element type of a family, e.g. to register a templated kernel per type:
//
//   #define REGISTER(T) \
//     REGISTER_KERNEL_BUILDER(Name("MyOp").Device(DEVICE_CPU).TypeConstraint<T>("T"), MyOp<T>);
//   TF_CALL_REAL_NUMBER_TYPES(REGISTER)
//   #undef REGISTER
//
// The families and their order are TF 2.21's. Types minitf's tensors cannot hold (variant,
// the quantized, 8-bit float and sub-byte integer types) expand to nothing, as TF does for
// the types a platform lacks.
#ifndef MINITF_FRAMEWORK_REGISTER_TYPES_H_
#define MINITF_FRAMEWORK_REGISTER_TYPES_H_

#include "framework/resource_handle.h"
#include "framework/types.h"

// clang-format off
#define TF_CALL_float(m) m(float)
#define TF_CALL_double(m) m(double)
#define TF_CALL_int32(m) m(::int32_t)
#define TF_CALL_uint32(m) m(::uint32_t)
#define TF_CALL_uint8(m) m(::uint8_t)
#define TF_CALL_int16(m) m(::int16_t)
#define TF_CALL_int8(m) m(::int8_t)
#define TF_CALL_string(m) m(::tensorflow::tstring)
#define TF_CALL_tstring(m) m(::tensorflow::tstring)
#define TF_CALL_resource(m) m(::tensorflow::ResourceHandle)
#define TF_CALL_complex64(m) m(::tensorflow::complex64)
#define TF_CALL_int64(m) m(::int64_t)
#define TF_CALL_uint64(m) m(::uint64_t)
#define TF_CALL_bool(m) m(bool)
#define TF_CALL_bfloat16(m) m(::tensorflow::bfloat16)
#define TF_CALL_uint16(m) m(::uint16_t)
#define TF_CALL_complex128(m) m(::tensorflow::complex128)
#define TF_CALL_half(m) m(Eigen::half)
// Not held by minitf's tensors.
#define TF_CALL_variant(m)
#define TF_CALL_qint8(m)
#define TF_CALL_quint8(m)
#define TF_CALL_qint32(m)
#define TF_CALL_qint16(m)
#define TF_CALL_quint16(m)
#define TF_CALL_float8_e5m2(m)
#define TF_CALL_float8_e4m3fn(m)
#define TF_CALL_float8_e4m3fnuz(m)
#define TF_CALL_float8_e4m3b11fnuz(m)
#define TF_CALL_float8_e5m2fnuz(m)
#define TF_CALL_float4_e2m1fn(m)
#define TF_CALL_int4(m)
#define TF_CALL_uint4(m)
#define TF_CALL_int2(m)
#define TF_CALL_uint2(m)

#define TF_CALL_INTEGRAL_TYPES_NO_INT32(m) \
  TF_CALL_uint64(m) TF_CALL_int64(m) TF_CALL_uint32(m) TF_CALL_uint16(m) TF_CALL_int16(m) \
  TF_CALL_uint8(m) TF_CALL_int8(m)
#define TF_CALL_INTEGRAL_TYPES(m) TF_CALL_INTEGRAL_TYPES_NO_INT32(m) TF_CALL_int32(m)
#define TF_CALL_FLOAT_TYPES(m) \
  TF_CALL_half(m) TF_CALL_bfloat16(m) TF_CALL_float(m) TF_CALL_double(m)
#define TF_CALL_REAL_NUMBER_TYPES(m) TF_CALL_INTEGRAL_TYPES(m) TF_CALL_FLOAT_TYPES(m)
#define TF_CALL_REAL_NUMBER_TYPES_NO_BFLOAT16(m) \
  TF_CALL_INTEGRAL_TYPES(m) TF_CALL_half(m) TF_CALL_float(m) TF_CALL_double(m)
#define TF_CALL_REAL_NUMBER_TYPES_NO_INT32(m) \
  TF_CALL_half(m) TF_CALL_bfloat16(m) TF_CALL_float(m) TF_CALL_double(m) \
  TF_CALL_INTEGRAL_TYPES_NO_INT32(m)
#define TF_CALL_COMPLEX_TYPES(m) TF_CALL_complex64(m) TF_CALL_complex128(m)
#define TF_CALL_NUMBER_TYPES(m) TF_CALL_REAL_NUMBER_TYPES(m) TF_CALL_COMPLEX_TYPES(m)
#define TF_CALL_NUMBER_TYPES_NO_INT32(m) \
  TF_CALL_REAL_NUMBER_TYPES_NO_INT32(m) TF_CALL_COMPLEX_TYPES(m)
#define TF_CALL_POD_TYPES(m) TF_CALL_NUMBER_TYPES(m) TF_CALL_bool(m)
#define TF_CALL_ALL_TYPES(m) \
  TF_CALL_POD_TYPES(m) TF_CALL_tstring(m) TF_CALL_resource(m) TF_CALL_variant(m)
#define TF_CALL_POD_STRING_TYPES(m) TF_CALL_POD_TYPES(m) TF_CALL_tstring(m)
#define TF_CALL_GPU_NUMBER_TYPES(m) \
  TF_CALL_half(m) TF_CALL_bfloat16(m) TF_CALL_float(m) TF_CALL_double(m)
#define TF_CALL_GPU_ALL_TYPES(m) \
  TF_CALL_GPU_NUMBER_TYPES(m) TF_CALL_COMPLEX_TYPES(m) TF_CALL_bool(m)
#define TF_CALL_GPU_NUMBER_TYPES_NO_HALF(m) TF_CALL_float(m) TF_CALL_double(m)
#define TF_CALL_QUANTIZED_TYPES(m) TF_CALL_qint8(m) TF_CALL_quint8(m) TF_CALL_qint32(m)
#define TF_CALL_SAVE_RESTORE_TYPES(m) \
  TF_CALL_REAL_NUMBER_TYPES_NO_BFLOAT16(m) TF_CALL_COMPLEX_TYPES(m) \
  TF_CALL_QUANTIZED_TYPES(m) TF_CALL_bool(m) TF_CALL_tstring(m)
// clang-format on

#endif  // MINITF_FRAMEWORK_REGISTER_TYPES_H_
