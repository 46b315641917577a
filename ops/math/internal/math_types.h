// minitf internal: the dtype sets of the math family, each in the two spellings it is needed
// in, side by side: an OpDef type set ("T: " MINITF_ARITHMETIC_TYPE_SET) and a list of C++
// types for kernel registration (MINITF_CALL_ARITHMETIC_TYPES(REGISTER)). The completeness
// test (tests/ops/op_completeness_test.cc) checks that the kernels cover what the OpDefs admit.
#ifndef MINITF_OPS_MATH_INTERNAL_MATH_TYPES_H_
#define MINITF_OPS_MATH_INTERNAL_MATH_TYPES_H_

// clang-format off
// Arithmetic: every number type TF's AddV2/Sub/Mul/Div/Square CPU kernels take.
#define MINITF_ARITHMETIC_TYPE_SET                                                         \
  "{bfloat16, half, float, double, uint8, int8, uint16, int16, int32, int64, complex64, "  \
  "complex128, uint32, uint64}"
#define MINITF_CALL_ARITHMETIC_TYPES(M)                                                    \
  M(float) M(double) M(Eigen::half) M(Eigen::bfloat16) M(int8_t) M(int16_t) M(int32_t)    \
  M(int64_t) M(uint8_t) M(uint16_t) M(uint32_t) M(uint64_t) M(complex64) M(complex128)

// Signed: Neg's types (no unsigned integers).
#define MINITF_SIGNED_TYPE_SET                                                             \
  "{bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128}"
#define MINITF_CALL_SIGNED_TYPES(M)                                                        \
  M(float) M(double) M(Eigen::half) M(Eigen::bfloat16) M(int8_t) M(int16_t) M(int32_t)    \
  M(int64_t) M(complex64) M(complex128)

// Floating and complex: Sqrt and SqrtGrad.
#define MINITF_FLOAT_COMPLEX_TYPE_SET "{bfloat16, half, float, double, complex64, complex128}"
#define MINITF_CALL_FLOAT_COMPLEX_TYPES(M)                                                 \
  M(float) M(double) M(Eigen::half) M(Eigen::bfloat16) M(complex64) M(complex128)
// clang-format on

#endif  // MINITF_OPS_MATH_INTERNAL_MATH_TYPES_H_
