#include "framework/tensor_testutil.h"

#include <cmath>
#include <cstring>

// The integer element types, each compared exactly (ExpectEqual) or within atol (ExpectNear).
#define MINITF_INTEGER_TYPES(M) \
  M(int32_t) M(int64_t) M(int16_t) M(int8_t) M(uint8_t) M(uint16_t) M(uint32_t) M(uint64_t)

namespace tensorflow {
namespace test {

namespace {

bool SameKind(const Tensor& x, const Tensor& y) {
  EXPECT_EQ(x.dtype(), y.dtype()) << DataTypeString(x.dtype()) << " vs "
                                  << DataTypeString(y.dtype());
  EXPECT_TRUE(x.shape().IsSameSize(y.shape()))
      << x.shape().DebugString() << " vs " << y.shape().DebugString();
  return x.dtype() == y.dtype() && x.shape().IsSameSize(y.shape());
}

// Distance in units of the last place between two finite values of the same type.
template <typename F>
int64_t UlpDistance(F a, F b) {
  typedef typename std::conditional<
      sizeof(F) == 8, int64_t,
      typename std::conditional<sizeof(F) == 4, int32_t, int16_t>::type>::type Bits;
  Bits ia, ib;
  std::memcpy(&ia, &a, sizeof(F));
  std::memcpy(&ib, &b, sizeof(F));
  // Map sign-magnitude to a monotonic integer line.
  int64_t la = ia < 0 ? static_cast<int64_t>(std::numeric_limits<Bits>::min()) - ia : ia;
  int64_t lb = ib < 0 ? static_cast<int64_t>(std::numeric_limits<Bits>::min()) - ib : ib;
  return la > lb ? la - lb : lb - la;
}

template <typename F>
void ExpectFloatsEqual(const Tensor& x, const Tensor& y) {
  auto a = x.flat<F>();
  auto b = y.flat<F>();
  for (int64_t i = 0; i < a.size(); ++i) {
    const double da = static_cast<double>(a(i)), db = static_cast<double>(b(i));
    if (std::isnan(da) && std::isnan(db)) continue;
    if (da == db) continue;
    EXPECT_TRUE(std::isfinite(da) && std::isfinite(db) && UlpDistance(a(i), b(i)) <= 4)
        << "element " << i << ": " << da << " vs " << db;
  }
}

template <typename T>
void ExpectExactlyEqual(const Tensor& x, const Tensor& y) {
  auto a = x.flat<T>();
  auto b = y.flat<T>();
  for (int64_t i = 0; i < a.size(); ++i) {
    EXPECT_TRUE(a(i) == b(i)) << "element " << i << " differs";
  }
}

template <typename T>
void ExpectWithin(const Tensor& x, const Tensor& y, double atol, double rtol) {
  auto a = x.flat<T>();
  auto b = y.flat<T>();
  for (int64_t i = 0; i < a.size(); ++i) {
    const double da = static_cast<double>(a(i)), db = static_cast<double>(b(i));
    if (std::isnan(da) && std::isnan(db)) continue;
    if (da == db) continue;
    EXPECT_LE(std::fabs(da - db), atol + rtol * std::fabs(db))
        << "element " << i << ": " << da << " vs " << db;
  }
}

}  // namespace

void ExpectEqual(const Tensor& x, const Tensor& y) {
  if (!SameKind(x, y)) return;
  switch (x.dtype()) {
    case DT_FLOAT:
      return ExpectFloatsEqual<float>(x, y);
    case DT_DOUBLE:
      return ExpectFloatsEqual<double>(x, y);
    case DT_HALF:
      return ExpectFloatsEqual<Eigen::half>(x, y);
    case DT_BFLOAT16:
      return ExpectFloatsEqual<Eigen::bfloat16>(x, y);
#define MINITF_CASE(T)           \
  case DataTypeToEnum<T>::value: \
    return ExpectExactlyEqual<T>(x, y);
      MINITF_INTEGER_TYPES(MINITF_CASE)
      MINITF_CASE(bool)
      MINITF_CASE(tstring)
      MINITF_CASE(complex64)
      MINITF_CASE(complex128)
#undef MINITF_CASE
    default:
      ADD_FAILURE() << "ExpectEqual: unsupported dtype " << DataTypeString(x.dtype());
  }
}

namespace {

// TF's element test: both NaN, equal (infinities too), or |x - y| <= atol + rtol * |x|, in
// the element type's own arithmetic.
template <typename T, typename Real>
bool IsClose(T x, T y, Real atol, Real rtol) {
  if (Eigen::numext::isnan(x) && Eigen::numext::isnan(y)) return true;
  if (x == y) return true;
  const Real tolerance = atol + rtol * static_cast<Real>(Eigen::numext::abs(x));
  return static_cast<Real>(Eigen::numext::abs(x - y)) <= tolerance;
}

template <typename T, typename Real>
bool IsClose(std::complex<T> x, std::complex<T> y, Real atol, Real rtol) {
  return IsClose(x.real(), y.real(), atol, rtol) && IsClose(x.imag(), y.imag(), atol, rtol);
}

template <typename T>
void ExpectCloseTyped(const Tensor& x, const Tensor& y, double atol, double rtol) {
  using Real = decltype(Eigen::NumTraits<T>::epsilon());
  const Real default_tolerance = static_cast<Real>(5.0) * Eigen::NumTraits<T>::epsilon();
  const Real a = atol < 0 ? default_tolerance : static_cast<Real>(atol);
  const Real r = rtol < 0 ? default_tolerance : static_cast<Real>(rtol);
  auto tx = x.flat<T>();
  auto ty = y.flat<T>();
  int failures = 0;
  for (int64_t i = 0; i < tx.size(); ++i) {
    if (IsClose(tx(i), ty(i), a, r)) continue;
    ADD_FAILURE() << "index = " << i << " x = " << tx(i) << " y = " << ty(i)
                  << " typed_atol = " << a << " typed_rtol = " << r;
    if (++failures >= 10) {
      ADD_FAILURE() << "Too many mismatches, giving up.";
      return;
    }
  }
}

}  // namespace

void ExpectClose(const Tensor& x, const Tensor& y, double atol, double rtol) {
  if (!SameKind(x, y)) return;
  switch (x.dtype()) {
    case DT_HALF:
      return ExpectCloseTyped<Eigen::half>(x, y, atol, rtol);
    case DT_BFLOAT16:
      return ExpectCloseTyped<Eigen::bfloat16>(x, y, atol, rtol);
    case DT_FLOAT:
      return ExpectCloseTyped<float>(x, y, atol, rtol);
    case DT_DOUBLE:
      return ExpectCloseTyped<double>(x, y, atol, rtol);
    case DT_COMPLEX64:
      return ExpectCloseTyped<complex64>(x, y, atol, rtol);
    case DT_COMPLEX128:
      return ExpectCloseTyped<complex128>(x, y, atol, rtol);
    default:  // integers, bools, strings: equal
      ExpectEqual(x, y);
  }
}

void ExpectNear(const Tensor& x, const Tensor& y, double atol) {
  if (!SameKind(x, y)) return;
  switch (x.dtype()) {
    case DT_HALF:
    case DT_BFLOAT16:
    case DT_FLOAT:
    case DT_DOUBLE:
    case DT_COMPLEX64:
    case DT_COMPLEX128:
      return ExpectClose(x, y, atol, 0.0);
#define MINITF_CASE(T)           \
  case DataTypeToEnum<T>::value: \
    return ExpectWithin<T>(x, y, atol, 0.0);
      MINITF_INTEGER_TYPES(MINITF_CASE)
#undef MINITF_CASE
    default:
      ExpectEqual(x, y);
  }
}

}  // namespace test
}  // namespace tensorflow

#undef MINITF_INTEGER_TYPES
