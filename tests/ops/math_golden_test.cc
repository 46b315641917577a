// The math and shape ops against TensorFlow 2.21's own outputs (tests/golden/math.pb, written
// by generate_math.py with live TF): every dtype, broadcasting both ways, NaN/inf/-0/subnormal
// inputs, empty tensors. Elementwise and shape ops must have TF's bits; the floating-point
// sums of Sum, Mean and MatMul (whose order TF's Eigen/oneDNN code picks by CPU) must agree
// within a few units of rounding, and exactly for integers; so must complex Div, RealDiv,
// DivNoNan, Sqrt and SqrtGrad, whose formulas in TF's Eigen (scaled complex division) minitf does
// not copy.
#include <cmath>
#include <complex>
#include <set>

#include "tests/ops/golden_harness.h"

namespace tensorflow {
namespace {

// Element i of a numeric tensor as a complex double (real types have imaginary part 0).
std::complex<double> At(const Tensor& t, int64_t i) {
  switch (t.dtype()) {
// clang-format off
#define MINITF_AT_CASE(T)        \
  case DataTypeToEnum<T>::value: \
    return std::complex<double>(static_cast<double>(t.flat<T>()(i)), 0);
    MINITF_AT_CASE(float) MINITF_AT_CASE(double) MINITF_AT_CASE(Eigen::half)
    MINITF_AT_CASE(Eigen::bfloat16) MINITF_AT_CASE(int8_t) MINITF_AT_CASE(int16_t)
    MINITF_AT_CASE(int32_t) MINITF_AT_CASE(int64_t) MINITF_AT_CASE(uint8_t)
    MINITF_AT_CASE(uint16_t) MINITF_AT_CASE(uint32_t) MINITF_AT_CASE(uint64_t)
#undef MINITF_AT_CASE
        // clang-format on
        case DT_COMPLEX64 : return std::complex<double>(t.flat<complex64>()(i));
    case DT_COMPLEX128:
      return t.flat<complex128>()(i);
    default:
      return {NAN, NAN};
  }
}

// Relative tolerance of a reordered floating-point sum, by dtype.
double SumTolerance(DataType t) {
  switch (t) {
    case DT_FLOAT:
    case DT_COMPLEX64:
      return 1e-5;
    case DT_DOUBLE:
    case DT_COMPLEX128:
      return 1e-13;
    case DT_HALF:
      return 1e-2;
    case DT_BFLOAT16:
      return 4e-2;
    default:
      return 0;  // integers: exact
  }
}

bool Close(double a, double b, double tol, double scale) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::abs(a - b) <= tol * (std::abs(b) + scale);
}

// Close elementwise, with `scale` the largest finite magnitude in the expected tensor (the
// size of the terms cancelled in a sum).
::testing::AssertionResult SumsAgree(const Tensor& mine, const Tensor& expected) {
  if (mine.dtype() != expected.dtype() || mine.shape() != expected.shape()) {
    return ::testing::AssertionFailure()
           << "dtype/shape " << mine.DebugString() << " vs " << expected.DebugString();
  }
  const double tol = SumTolerance(expected.dtype());
  if (tol == 0) {
    return golden::SameBits(mine, expected) ? ::testing::AssertionSuccess()
                                            : ::testing::AssertionFailure() << "integers differ";
  }
  double scale = 1;
  for (int64_t i = 0; i < expected.NumElements(); ++i) {
    const double m = std::abs(At(expected, i));
    if (std::isfinite(m)) scale = std::max(scale, m);
  }
  for (int64_t i = 0; i < expected.NumElements(); ++i) {
    const auto a = At(mine, i), b = At(expected, i);
    if (!Close(a.real(), b.real(), tol, scale) || !Close(a.imag(), b.imag(), tol, scale)) {
      return ::testing::AssertionFailure() << "element " << i << ": " << a << " vs " << b;
    }
  }
  return ::testing::AssertionSuccess();
}

TEST(MathGoldenTest, MatchesTensorFlow) {
  const GraphDef golden = golden::Load("math.pb");
  ASSERT_GT(golden.node_size(), 1000);
  const std::set<std::string> reordered = {"Sum", "Mean", "MatMul"};
  std::map<std::string, int> checked;
  golden::RunAndCheck(golden, nullptr, [&](const golden::Case& c, int o, const Tensor& mine) {
    Tensor expected;
    TF_ASSERT_OK(GetNodeAttr(AttrSlice(*c.def), absl::StrCat("expected_", o), &expected));
    // Complex division and square roots: TF's Eigen uses its own scaled formulas there.
    const bool complex_formula =
        (expected.dtype() == DT_COMPLEX64 || expected.dtype() == DT_COMPLEX128) &&
        (c.def->op() == "Div" || c.def->op() == "RealDiv" || c.def->op() == "DivNoNan" ||
         c.def->op() == "Sqrt" || c.def->op() == "SqrtGrad");
    if (reordered.count(c.def->op()) != 0 || complex_formula) {
      EXPECT_TRUE(SumsAgree(mine, expected)) << golden::Describe(c, o);
    } else {
      EXPECT_TRUE(golden::SameBits(mine, expected))
          << golden::Describe(c, o) << " " << DataTypeString(expected.dtype()) << ":\n  minitf "
          << mine.SummarizeValue(40) << "\n  TF     " << expected.SummarizeValue(40);
    }
    ++checked[c.def->op()];
  });
  // Which ops must have cases here is the completeness test's business
  // (op_completeness_test.cc reads every golden file).
  EXPECT_GT(checked.size(), 20u);
}

}  // namespace
}  // namespace tensorflow
