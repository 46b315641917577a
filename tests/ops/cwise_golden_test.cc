// The elementwise math ops against TensorFlow 2.21's outputs: the unary ops and their gradient
// ops (tests/golden/unary.pb, from generate_unary.py) and the binary, comparison, logical and
// select ops with Range, Fill and Rank (tests/golden/binary.pb, from generate_binary.py), both
// and the nn family's activations, BiasAdd and its sums (tests/golden/nn.pb, from
// generate_nn.py) and the array family's data movement (tests/golden/array.pb, from
// generate_array.py) and indexing (indexing.pb, from generate_indexing.py), ClipByValue and
// Cumsum (clip_scan.pb), ScaleAndTranslate (scale_and_translate.pb), TopKV2 and the
// NonMaxSuppression ops (detection.pb), the image codecs (image_io.pb), all written with live TF.
// Every real dtype must have TF's bits, in whole AVX packets and in the scalar tail alike (TF's two
// code paths); complex results, which minitf computes with the standard library rather than Eigen's
// formulas, must agree within a few units of rounding.
#include <cmath>
#include <complex>
#include <cstring>
#include <set>

#include "tests/ops/golden_harness.h"

namespace tensorflow {
namespace {

template <typename T>
::testing::AssertionResult ComplexClose(const Tensor& mine, const Tensor& expected, double tol) {
  for (int64_t i = 0; i < expected.NumElements(); ++i) {
    const std::complex<double> a(mine.flat<T>()(i)), b(expected.flat<T>()(i));
    for (const auto& [x, y] : {std::pair{a.real(), b.real()}, std::pair{a.imag(), b.imag()}}) {
      if (std::isnan(y)
              ? !std::isnan(x)
              : (std::isinf(y) ? x != y : std::abs(x - y) > tol * (std::abs(b) + 1e-300))) {
        return ::testing::AssertionFailure() << "element " << i << ": " << a << " vs TF " << b;
      }
    }
  }
  return ::testing::AssertionSuccess();
}

// Ops whose float results TF 2.21 computes differently on different CPU models: Rsqrt and
// Reciprocal start from the CPU's rsqrt/rcp estimates, whose tables are the CPU maker's; Atan,
// Atan2, Ndtri, Erfinv, LRN and the Adagrad step moved by up to 3 ulp between an AVX-512 Xeon
// (which wrote the golden files) and an AVX2 EPYC, minitf's with TF's. minitf has live TF's bits
// on the machines seen (the cross-check compares the files with live TF within the same
// tolerances, generate_*.py's cpu_dependent), so a file written on another CPU is matched within
// these ulps, NaNs in place. (ApplyAdadelta, whose trajectories amplify the estimate's ulp, is
// compared as a sum.)
int CpuDependentUlps(const golden::Case& c, DataType dtype) {
  static const auto* const ulps = new std::map<std::string, int>{
      {"Rsqrt", 2}, {"Reciprocal", 2}, {"Atan", 2}, {"Atan2", 2},
      {"Ndtri", 2}, {"Erfinv", 3},     {"LRN", 4},  {"ApplyAdagrad", 2}};
  const auto it = ulps->find(c.def->op());
  return dtype == DT_FLOAT && it != ulps->end() ? it->second : 0;
}
::testing::AssertionResult WithinUlps(const Tensor& mine, const Tensor& expected, int ulps) {
  for (int64_t i = 0; i < expected.NumElements(); ++i) {
    const float a = mine.flat<float>()(i), b = expected.flat<float>()(i);
    int32_t ia, ib;
    std::memcpy(&ia, &a, sizeof(a));
    std::memcpy(&ib, &b, sizeof(b));
    const bool ok = std::isnan(b)
                        ? std::isnan(a)
                        : std::abs(static_cast<int64_t>(ia) - static_cast<int64_t>(ib)) <= ulps;
    if (!ok) return ::testing::AssertionFailure() << "element " << i << ": " << a << " vs TF " << b;
  }
  return ::testing::AssertionSuccess();
}

// ResizeBicubic: where an inf meets a zero weight, which NaN TF's compiled sums keep (its sign)
// is not reproduced; every other bit is.
bool AnyNanCase(const golden::Case& c, DataType dtype) {
  return dtype == DT_FLOAT && c.def->op() == "ResizeBicubic";
}
::testing::AssertionResult SameBitsOrBothNan(const Tensor& mine, const Tensor& expected) {
  for (int64_t i = 0; i < expected.NumElements(); ++i) {
    const float a = mine.flat<float>()(i), b = expected.flat<float>()(i);
    if (std::isnan(a) && std::isnan(b)) continue;
    if (std::memcmp(&a, &b, sizeof(a)) != 0) {
      return ::testing::AssertionFailure() << "element " << i << ": " << a << " vs TF " << b;
    }
  }
  return ::testing::AssertionSuccess();
}

// "element 17: input 0x7fc00000, minitf 0xffc00000, TF 0x7fc00000" for the first difference.
std::string FirstDifference(const golden::Case& c, const Tensor& mine, const Tensor& expected) {
  if (expected.dtype() == DT_STRING) {
    return absl::StrCat("minitf ", mine.SummarizeValue(10), ", TF ", expected.SummarizeValue(10));
  }
  const int64_t size = DataTypeSize(expected.dtype());
  const auto a = mine.tensor_data(), b = expected.tensor_data();
  for (int64_t i = 0; i < expected.NumElements(); ++i) {
    if (a.substr(i * size, size) == b.substr(i * size, size)) continue;
    auto hex = [&](absl::string_view s) {
      uint64_t v = 0;
      std::memcpy(&v, s.data(), s.size());
      return absl::StrCat("0x", absl::Hex(v));
    };
    Tensor in;
    std::string input = "?";
    if (GetNodeAttr(AttrSlice(*c.def), "input_0", &in).ok() && in.dtype() == expected.dtype() &&
        i < in.NumElements()) {
      input = hex(in.tensor_data().substr(i * size, size));
    }
    return absl::StrCat("element ", i, " of ", expected.NumElements(), ": input ", input,
                        ", minitf ", hex(a.substr(i * size, size)), ", TF ",
                        hex(b.substr(i * size, size)));
  }
  return "same bits";
}

// Sums whose order TF's Eigen picks (BiasAddGrad, L2Loss): within a few units of rounding of
// the largest term, exactly for integers.
::testing::AssertionResult SumClose(const Tensor& mine, const Tensor& expected, bool exact) {
  if (DataTypeIsInteger(expected.dtype())) {
    return golden::SameBits(mine, expected) ? ::testing::AssertionSuccess()
                                            : ::testing::AssertionFailure() << "integers differ";
  }
  Tensor a(DT_DOUBLE, mine.shape()), b(DT_DOUBLE, expected.shape());
  for (auto [t, d] : {std::pair{&mine, &a}, std::pair{&expected, &b}}) {
    Tensor c;
    // Through the complex parts: real and imaginary compared alike.
    if (t->dtype() == DT_COMPLEX64 || t->dtype() == DT_COMPLEX128) {
      for (int64_t i = 0; i < t->NumElements(); ++i) {
        const std::complex<double> z = t->dtype() == DT_COMPLEX64
                                           ? std::complex<double>(t->flat<complex64>()(i))
                                           : t->flat<complex128>()(i);
        d->flat<double>()(i) = z.real() + 3 * z.imag();
      }
      continue;
    }
    for (int64_t i = 0; i < t->NumElements(); ++i) {
      switch (t->dtype()) {
        case DT_FLOAT:
          d->flat<double>()(i) = t->flat<float>()(i);
          break;
        case DT_DOUBLE:
          d->flat<double>()(i) = t->flat<double>()(i);
          break;
        case DT_HALF:
          d->flat<double>()(i) = static_cast<float>(t->flat<Eigen::half>()(i));
          break;
        default:
          d->flat<double>()(i) = static_cast<float>(t->flat<Eigen::bfloat16>()(i));
          break;
      }
    }
  }
  const double tol = exact                                                                  ? 0.0
                     : expected.dtype() == DT_HALF                                          ? 1e-2
                     : expected.dtype() == DT_BFLOAT16                                      ? 4e-2
                     : (expected.dtype() == DT_DOUBLE || expected.dtype() == DT_COMPLEX128) ? 1e-12
                                                                                            : 1e-5;
  double scale = 1;
  for (int64_t i = 0; i < b.NumElements(); ++i)
    scale = std::max(scale, std::abs(b.flat<double>()(i)));
  for (int64_t i = 0; i < b.NumElements(); ++i) {
    const double x = a.flat<double>()(i), y = b.flat<double>()(i);
    if (std::isnan(x) || std::isnan(y) || std::isinf(x) || std::isinf(y)) {
      if ((std::isnan(x) && std::isnan(y)) || x == y) continue;
      return ::testing::AssertionFailure() << "element " << i << ": " << x << " vs TF " << y;
    }
    if (std::abs(x - y) > tol * scale) {
      return ::testing::AssertionFailure()
             << "element " << i << ": " << a.flat<double>()(i) << " vs TF " << b.flat<double>()(i);
    }
  }
  return ::testing::AssertionSuccess();
}

// Runs every case of `file` and compares each output with TF's (`sums` by SumClose, with
// tolerance 0 for the reductions whose only order effects are which NaN and which zero wins:
// Max and Min); returns the ops checked.
std::map<std::string, int> CheckFile(const std::string& file,
                                     const std::set<std::string>& sums = {}) {
  const GraphDef golden = golden::Load(file);
  std::map<std::string, int> checked;
  golden::RunAndCheck(golden, nullptr, [&](const golden::Case& c, int o, const Tensor& mine) {
    Tensor expected;
    TF_ASSERT_OK(GetNodeAttr(AttrSlice(*c.def), absl::StrCat("expected_", o), &expected));
    ASSERT_EQ(mine.dtype(), expected.dtype()) << golden::Describe(c, o);
    ASSERT_EQ(mine.shape(), expected.shape()) << golden::Describe(c, o);
    if (sums.count(c.def->op())) {
      const bool exact = c.def->op() == "Max" || c.def->op() == "Min";
      EXPECT_TRUE(SumClose(mine, expected, exact)) << golden::Describe(c, o);
    } else if (expected.dtype() == DT_COMPLEX64) {
      EXPECT_TRUE(ComplexClose<complex64>(mine, expected, 2e-6)) << golden::Describe(c, o);
    } else if (expected.dtype() == DT_COMPLEX128) {
      EXPECT_TRUE(ComplexClose<complex128>(mine, expected, 1e-14)) << golden::Describe(c, o);
    } else if (const int ulps = CpuDependentUlps(c, expected.dtype()); ulps > 0) {
      EXPECT_TRUE(WithinUlps(mine, expected, ulps)) << golden::Describe(c, o);
    } else if (AnyNanCase(c, expected.dtype()) && mine.shape() == expected.shape()) {
      EXPECT_TRUE(SameBitsOrBothNan(mine, expected)) << golden::Describe(c, o);
    } else {
      EXPECT_TRUE(golden::SameBits(mine, expected))
          << golden::Describe(c, o) << " " << DataTypeString(expected.dtype()) << ": "
          << FirstDifference(c, mine, expected);
    }
    ++checked[c.def->op()];
  });
  return checked;
}

TEST(CwiseGoldenTest, UnaryOpsMatchTensorFlow) { EXPECT_GE(CheckFile("unary.pb").size(), 19u); }

TEST(CwiseGoldenTest, BinaryOpsMatchTensorFlow) {
  EXPECT_GE(CheckFile("binary.pb", {"Max", "Min"}).size(), 24u);
}

TEST(CwiseGoldenTest, ArrayOpsMatchTensorFlow) { EXPECT_GE(CheckFile("array.pb").size(), 10u); }

TEST(CwiseGoldenTest, ResizeOpsMatchTensorFlow) { EXPECT_EQ(CheckFile("resize.pb").size(), 6u); }

// ScaleAndTranslate and its gradient op (scale_and_translate.pb, from
// generate_scale_and_translate.py): every sampling kernel, antialias on and off, TF's bits.
TEST(CwiseGoldenTest, ScaleAndTranslateMatchesTensorFlow) {
  EXPECT_EQ(CheckFile("scale_and_translate.pb").size(), 2u);
}

// TopKV2 and the NonMaxSuppression ops (detection.pb, from generate_detection.py): TF's
// values, indices and orders (sorted=false included), bit for bit.
TEST(CwiseGoldenTest, DetectionOpsMatchTensorFlow) {
  EXPECT_EQ(CheckFile("detection.pb").size(), 8u);
}

// The codecs (image_io.pb, from generate_image_io.py): TF's pixels from the same PNG and JPEG
// files, TF's PNG and JPEG bytes from the same images.
TEST(CwiseGoldenTest, ImageCodecsMatchTensorFlow) {
  EXPECT_EQ(CheckFile("image_io.pb").size(), 7u);
}

// One step of each optimizer from states along TF's own trajectories: TF's bits.
TEST(CwiseGoldenTest, OptimizerStepsMatchTensorFlow) {
  EXPECT_EQ(CheckFile("training.pb", {"ApplyAdadelta"}).size(), 6u);
}

TEST(CwiseGoldenTest, ClipAndCumsumMatchTensorFlow) {
  EXPECT_GE(CheckFile("clip_scan.pb", {"Prod"}).size(), 3u);
}

// TensorScatter{Update,Add,Sub,Min,Max}, and ScatterNd{Update,Add,Sub,Min,Max} and
// Scatter{Update,Add,Sub,Mul,Div,Min,Max} on reference variables (scatter.pb, from
// generate_scatter.py): TF's bits, NaNs, signed zeros and subnormals included.
TEST(CwiseGoldenTest, ScatterOpsMatchTensorFlow) { EXPECT_EQ(CheckFile("scatter.pb").size(), 17u); }

TEST(CwiseGoldenTest, IndexingOpsMatchTensorFlow) {
  EXPECT_GE(CheckFile("indexing.pb").size(), 14u);
}

TEST(CwiseGoldenTest, NnOpsMatchTensorFlow) {
  EXPECT_GE(
      CheckFile("nn.pb", {"BiasAddGrad", "L2Loss", "Softmax", "LogSoftmax",
                          "SoftmaxCrossEntropyWithLogits", "SparseSoftmaxCrossEntropyWithLogits"})
          .size(),
      21u);
}

// Convolutions and batched products within TF's tolerance (their sums' order is Eigen's); the
// pools with TF's bits.
TEST(CwiseGoldenTest, ConvPoolAndBatchMatMulMatchTensorFlow) {
  EXPECT_GE(CheckFile("conv.pb", {"Conv2D", "Conv2DBackpropInput", "Conv2DBackpropFilter",
                                  "BatchMatMul", "BatchMatMulV2", "BatchMatMulV3"})
                .size(),
            9u);
}

}  // namespace
}  // namespace tensorflow
