#include "framework/tensor_testutil.h"

#include <cmath>
#include <cstring>

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

template <typename C>
void ExpectComplexWithin(const Tensor& x, const Tensor& y, double atol, double rtol) {
  auto a = x.flat<C>();
  auto b = y.flat<C>();
  for (int64_t i = 0; i < a.size(); ++i) {
    EXPECT_LE(std::abs(a(i) - b(i)), atol + rtol * std::abs(b(i))) << "element " << i;
  }
}

void ExpectWithinTolerance(const Tensor& x, const Tensor& y, double atol, double rtol,
                           bool use_epsilon) {
  switch (x.dtype()) {
#define MINITF_CASE(T, EPS)                                                 \
  case DataTypeToEnum<T>::value:                                            \
    ExpectWithin<T>(x, y, use_epsilon && atol < 0 ? EPS : atol,             \
                    use_epsilon && rtol < 0 ? EPS : (rtol < 0 ? 0 : rtol)); \
    return;
    MINITF_CASE(float, 1.1920929e-07)
    MINITF_CASE(double, 2.220446049250313e-16)
    MINITF_CASE(Eigen::half, 0.0009765625)
    MINITF_CASE(Eigen::bfloat16, 0.0078125)
    MINITF_CASE(int32_t, 0.0)
    MINITF_CASE(int64_t, 0.0)
    MINITF_CASE(int16_t, 0.0)
    MINITF_CASE(int8_t, 0.0)
    MINITF_CASE(uint8_t, 0.0)
    MINITF_CASE(uint16_t, 0.0)
    MINITF_CASE(uint32_t, 0.0)
    MINITF_CASE(uint64_t, 0.0)
#undef MINITF_CASE
    case DT_COMPLEX64:
      ExpectComplexWithin<complex64>(x, y, atol < 0 ? 1.1920929e-07 : atol,
                                     rtol < 0 ? 1.1920929e-07 : rtol);
      return;
    case DT_COMPLEX128:
      ExpectComplexWithin<complex128>(x, y, atol < 0 ? 2.220446049250313e-16 : atol,
                                      rtol < 0 ? 2.220446049250313e-16 : rtol);
      return;
    default:
      ExpectEqual(x, y);
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
      MINITF_CASE(int32_t)
      MINITF_CASE(int64_t)
      MINITF_CASE(int16_t)
      MINITF_CASE(int8_t)
      MINITF_CASE(uint8_t)
      MINITF_CASE(uint16_t)
      MINITF_CASE(uint32_t)
      MINITF_CASE(uint64_t)
      MINITF_CASE(bool)
      MINITF_CASE(tstring)
      MINITF_CASE(complex64)
      MINITF_CASE(complex128)
#undef MINITF_CASE
    default:
      ADD_FAILURE() << "ExpectEqual: unsupported dtype " << DataTypeString(x.dtype());
  }
}

void ExpectClose(const Tensor& x, const Tensor& y, double atol, double rtol) {
  if (!SameKind(x, y)) return;
  ExpectWithinTolerance(x, y, atol, rtol, /*use_epsilon=*/true);
}

void ExpectNear(const Tensor& x, const Tensor& y, double atol) {
  if (!SameKind(x, y)) return;
  ExpectWithinTolerance(x, y, atol, 0.0, /*use_epsilon=*/false);
}

}  // namespace test
}  // namespace tensorflow
