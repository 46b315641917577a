// Integer arithmetic that wraps in two's complement, as TF's compiled kernels do in practice,
// without C++'s undefined behaviour: signed overflow, and the promotion of 16-bit operands to
// `int` (uint16 * uint16 can overflow int). Non-integer types (floats, 16-bit floats, complex)
// and bool use the plain operators, so kernels call these for every T.
#ifndef MINITF_FRAMEWORK_INTERNAL_WRAPPING_H_
#define MINITF_FRAMEWORK_INTERNAL_WRAPPING_H_

#include <type_traits>

namespace tensorflow {
namespace internal {

template <typename T>
inline constexpr bool kWraps = std::is_integral<T>::value && !std::is_same<T, bool>::value;

// The unsigned type the arithmetic is done in: at least `unsigned int`, so no promotion to int.
template <typename T>
using WrapUnsigned =
    std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned,
                       std::make_unsigned_t<std::conditional_t<kWraps<T>, T, int>>>;

template <typename T>
constexpr T WrappingAdd(T a, T b) {
  if constexpr (kWraps<T>) {
    return static_cast<T>(static_cast<WrapUnsigned<T>>(a) + static_cast<WrapUnsigned<T>>(b));
  } else {
    return a + b;
  }
}

template <typename T>
constexpr T WrappingSub(T a, T b) {
  if constexpr (kWraps<T>) {
    return static_cast<T>(static_cast<WrapUnsigned<T>>(a) - static_cast<WrapUnsigned<T>>(b));
  } else {
    return a - b;
  }
}

template <typename T>
constexpr T WrappingMul(T a, T b) {
  if constexpr (kWraps<T>) {
    return static_cast<T>(static_cast<WrapUnsigned<T>>(a) * static_cast<WrapUnsigned<T>>(b));
  } else {
    return a * b;
  }
}

template <typename T>
constexpr T WrappingNeg(T a) {
  if constexpr (kWraps<T>) {
    return static_cast<T>(WrapUnsigned<T>(0) - static_cast<WrapUnsigned<T>>(a));
  } else {
    return -a;
  }
}

// a / b, integers truncated toward zero: an integer divided by 0 gives 0 (the kernel then
// reports TF's error) and a signed minimum divided by -1 wraps to itself, where C++ traps.
template <typename T>
constexpr T WrappingDiv(T a, T b) {
  if constexpr (std::is_integral<T>::value) {
    if (b == T(0)) return T(0);
  }
  if constexpr (kWraps<T> && std::is_signed<T>::value) {
    return b == T(-1) ? WrappingNeg(a) : static_cast<T>(a / b);
  } else {
    return a / b;
  }
}

}  // namespace internal
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_INTERNAL_WRAPPING_H_
