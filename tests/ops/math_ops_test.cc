// The math and shape ops' errors (TF 2.21's codes and texts, checked against TF's eager
// messages), graph-time shapes, and values the golden file does not cover (AddN, thread
// counts). Bit-exactness against TF is math_golden_test.cc.
#include <cmath>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/math_ops_internal.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

// Runs `fetch` with `feeds`; returns the status (the session stays usable: a second run of
// a good fetch must work).
Status RunWith(const Scope& root, const ClientSession::FeedType& feeds, Output fetch) {
  ClientSession session(root);
  std::vector<Tensor> out;
  Status s = session.Run(feeds, {fetch}, &out);
  auto ok = Const(root, 1.0f);
  TF_CHECK_OK(session.Run({ok}, &out));
  return s;
}

void ExpectError(const Status& s, const std::string& text) {
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT) << s;
  EXPECT_EQ(s.message().substr(0, text.size()), text) << s;
  EXPECT_NE(s.message().find("[[{{node "), std::string::npos) << s;
}

// Empty tensors may claim dimensions whose broadcast or product overflows int64, and Range's
// length may not fit: errors, where TF 2.21 aborts (AddV2, SelectV2, MatMul) or, for Range,
// TF's texts (recorded from live TF).
TEST(MathOpsTest, ShapesPastInt64AreErrors) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  auto y = Placeholder(root, DT_FLOAT);
  const int64_t big = int64_t{1} << 40;
  const Tensor a(DT_FLOAT, TensorShape({big, 1, 0})), b(DT_FLOAT, TensorShape({1, big, 0}));
  const std::string overflow3 =
      "Shape [1099511627776,1099511627776,0] results in overflow when computing number of "
      "elements";
  ExpectError(RunWith(root, {{x, a}, {y, b}}, AddV2(root, x, y)), overflow3);
  ExpectError(RunWith(root, {{x, a}, {y, b}}, SelectV2(root, true, x, y)), overflow3);
  ExpectError(RunWith(root,
                      {{x, Tensor(DT_FLOAT, TensorShape({big, 0}))},
                       {y, Tensor(DT_FLOAT, TensorShape({0, big}))}},
                      MatMul(root, x, y)),
              "Shape [1099511627776,1099511627776] results in overflow when computing number of "
              "elements");
  auto i = Placeholder(root, DT_INT64);
  auto j = Placeholder(root, DT_INT64);
  const std::string too_long = "Requires ((limit - start) / delta) <= 9223372036854775807";
  ExpectError(RunWith(root, {{i, int64_t{INT64_MIN}}, {j, int64_t{0}}}, Range(root, i, j, 1LL)),
              too_long);
  ExpectError(RunWith(root, {{i, int64_t{-1}}, {j, int64_t{INT64_MAX}}}, Range(root, i, j, 1LL)),
              too_long);
  ExpectError(RunWith(root, {{x, 0.0f}, {y, 9.223372e18f}}, Range(root, x, y, 1.0f)),
              "Expected a non-negative size, got -9223372036854775808");
}

TEST(MathOpsTest, RuntimeErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  auto y = Placeholder(root, DT_FLOAT);
  auto i = Placeholder(root, DT_INT32);
  auto j = Placeholder(root, DT_INT32);
  Tensor f23(DT_FLOAT, {2, 3}), f4(DT_FLOAT, {4}), f45(DT_FLOAT, {4, 5}), f3(DT_FLOAT, {3});
  ExpectError(RunWith(root, {{x, f23}, {y, f4}}, AddV2(root, x, y)),
              "Incompatible shapes: [2,3] vs. [4]");
  ExpectError(RunWith(root, {{i, {1, 2}}, {j, {1, 0}}}, Div(root, i, j)),
              "Integer division by zero");
  ExpectError(RunWith(root, {{x, f23}, {y, f45}}, MatMul(root, x, y)),
              "Matrix size-incompatible: In[0]: [2,3], In[1]: [4,5]");
  ExpectError(RunWith(root, {{x, f23}, {i, {4}}}, Reshape(root, x, i)),
              "Input to reshape is a tensor with 6 values, but the requested shape has 4");
  ExpectError(RunWith(root, {{x, f23}, {i, {-1, -1}}}, Reshape(root, x, i)),
              "Only one input size may be -1, not both 0 and 1");
  ExpectError(RunWith(root, {{x, f23}, {i, {2}}}, Sum(root, x, i)),
              "Invalid reduction dimension (2 for input with 2 dimension(s)");
  ExpectError(RunWith(root, {{x, f23}, {i, {1, 1}}}, Mean(root, x, i)),
              "Invalid reduction arguments: Axes contains duplicate dimension: 1");
  ExpectError(RunWith(root, {{x, f3}, {i, {2, 4}}}, BroadcastTo(root, x, i)),
              "Incompatible shapes: [3] vs. [2,4]");
  ExpectError(RunWith(root, {{x, f23}, {y, f3}}, AddN(root, {Output(x), Output(y)})),
              "Inputs to operation AddN of type AddN must have the same size and shape.  "
              "Input 0: [2,3] != input 1: [3]");
  // The gradient ops check element counts only, as TF's do (a [2,3] y with a [3,2] dy runs).
  typedef Output (*GradOp)(const Scope&, const Output&, const Output&);
  for (GradOp grad :
       std::vector<GradOp>{[](const Scope&s, const Output&a, const Output&b) -> Output {
                             return ops::internal::SqrtGrad(s, a, b);
                           },
                           [](const Scope&s, const Output&a, const Output&b) -> Output {
                             return ops::internal::TanhGrad(s, a, b);
                           },
                           [](const Scope&s, const Output&a, const Output&b) -> Output {
                             return ops::internal::SigmoidGrad(s, a, b);
                           },
                           [](const Scope&s, const Output&a, const Output&b) -> Output {
                             return ops::internal::RsqrtGrad(s, a, b);
                           },
                           [](const Scope&s, const Output&a, const Output&b) -> Output {
                             return ops::internal::ReciprocalGrad(s, a, b);
                           }}) {
    ExpectError(RunWith(root, {{x, f23}, {y, f4}}, grad(root, x, y)),
                "The two arguments to a cwise op must have same number of elements, got 6 and 4");
    Tensor f32(DT_FLOAT, {3, 2});
    TF_EXPECT_OK(RunWith(root, {{x, f23}, {y, f32}}, grad(root, x, y)));
  }
}

// The texts TF 2.21 gives for the new ops' bad inputs (checked against live TF).
TEST(MathOpsTest, BinarySelectRangeFillErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto b = Placeholder(root, DT_BOOL);
  auto x = Placeholder(root, DT_FLOAT);
  auto y = Placeholder(root, DT_FLOAT);
  auto i = Placeholder(root, DT_INT32);
  auto j = Placeholder(root, DT_INT32);
  auto k = Placeholder(root, DT_INT32);
  Tensor f2(DT_FLOAT, {2}), f3(DT_FLOAT, {3}), f22(DT_FLOAT, {2, 2});
  ExpectError(RunWith(root, {{i, {1, 2}}, {j, {1, 0}}}, FloorDiv(root, i, j)),
              "Integer division by zero");
  ExpectError(RunWith(root, {{i, {1, 2}}, {j, {1, 0}}}, FloorMod(root, i, j)),
              "Integer division by zero");
  ExpectError(RunWith(root, {{i, {1, 2}}, {j, {1, 2, 3}}}, Equal(root, i, j)),
              "Incompatible shapes: [2] vs. [3]");
  ExpectError(RunWith(root, {{b, {true, false}}, {x, f3}, {y, f3}}, Where3(root, b, x, y)),
              "Inputs to operation Where3 of type Select must have the same size and shape.  "
              "Input 0: [2] != input 1: [3]");
  ExpectError(RunWith(root, {{b, {true, false, true}}, {x, f22}, {y, f22}}, Where3(root, b, x, y)),
              "Number of batches of 'then' must match size of 'cond', but saw: 2 vs. 3");
  ExpectError(RunWith(root, {{b, true}, {x, f2}, {y, f3}}, Where3(root, b, x, y)),
              "'then' and 'else' must have the same size.  but received: [2] vs. [3]");
  ExpectError(
      RunWith(root, {{b, {true, false, true}}, {x, f22}, {y, f22}}, SelectV2(root, b, x, y)),
      "condition [3], then [2,2], and else [2,2] must be broadcastable");
  ExpectError(RunWith(root, {{i, 1}, {j, 5}, {k, 0}}, Range(root, i, j, k)),
              "Requires delta != 0: 0");
  ExpectError(RunWith(root, {{i, 5}, {j, 1}, {k, 1}}, Range(root, i, j, k)),
              "Requires start <= limit when delta > 0: 5/1");
  ExpectError(RunWith(root, {{i, 1}, {j, 5}, {k, -1}}, Range(root, i, j, k)),
              "Requires start >= limit when delta < 0: 1/5");
  ExpectError(RunWith(root, {{i, {1, 2}}, {j, 5}, {k, 1}}, Range(root, i, j, k)),
              "start must be a scalar, not shape [2]");
  ExpectError(RunWith(root, {{i, {2, -1}}, {x, 1.0f}}, Fill(root, i, x)),
              "Dimension -1 must be >= 0");
  ExpectError(RunWith(root, {{i, {2}}, {x, f2}}, Fill(root, i, x)),
              "value must represent a scalar, got shape [2]");
  Tensor f20(DT_FLOAT, {2, 0});
  ExpectError(RunWith(root, {{x, f20}, {i, 1}}, ArgMax(root, x, i)),
              "Reduction axis 1 is empty in shape [2,0]");
  ExpectError(RunWith(root, {{x, f22}, {i, 2}}, ArgMax(root, x, i)),
              "Expected dimension in the range [-2, 2), but got 2");
  ExpectError(RunWith(root, {{x, f22}, {i, {1}}}, ArgMin(root, x, i)),
              "dim must be a scalar, but received tensor of shape: [1]");
  // Equal with incompatible_shape_error = false: unequal shapes are simply unequal.
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({{i, {1, 2}}, {j, {1, 2, 3}}},
                           {Equal(root, i, j, Equal::IncompatibleShapeError(false)),
                            NotEqual(root, i, j, NotEqual::IncompatibleShapeError(false))},
                           &out));
  EXPECT_FALSE(out[0].scalar<bool>()());
  EXPECT_TRUE(out[1].scalar<bool>()());
}

TEST(MathOpsTest, ClipAndCumsumErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT);
  auto lo = Placeholder(root, DT_FLOAT);
  auto hi = Placeholder(root, DT_FLOAT);
  auto axis = Placeholder(root, DT_INT32);
  auto i = Placeholder(root, DT_INT32);
  Tensor f23(DT_FLOAT, {2, 3}), f3(DT_FLOAT, {3});
  f23.flat<float>().setZero();
  f3.flat<float>().setZero();
  ExpectError(RunWith(root, {{x, f23}, {lo, f3}, {hi, Tensor(1.0f)}}, ClipByValue(root, x, lo, hi)),
              "clip_value_min and clip_value_max must be either of the same shape as input, or "
              "a scalar. input shape: [2,3]clip_value_min shape: [3]clip_value_max shape: []");
  ExpectError(RunWith(root, {{x, f23}, {axis, 2}}, Cumsum(root, x, axis)),
              "ScanOp: Expected scan axis in the range [-2, 2), but got 2");
  ExpectError(RunWith(root, {{x, f23}, {axis, -3}}, Cumsum(root, x, axis)),
              "ScanOp: Expected scan axis in the range [-2, 2), but got -1");
  ExpectError(RunWith(root, {{x, f23}, {axis, {1}}}, Cumsum(root, x, axis)),
              "ScanOp: axis must be a scalar, not [1]");
  ExpectError(RunWith(root, {{x, Tensor(1.0f)}, {axis, 0}}, Cumsum(root, x, axis)),
              "ScanOp: Expected scan axis in the range [0, 0), but got 0");
  ExpectError(RunWith(root, {{axis, {2, 3}}, {i, {1, -1}}}, Pow(root, axis, i)),
              "Integers to negative integer powers are not allowed");
}

TEST(MathOpsTest, GraphTimeShapes) {
  Scope root = Scope::NewRootScope();
  auto x = Placeholder(root, DT_FLOAT, Placeholder::Shape(PartialTensorShape({-1, 3})));
  auto w = Placeholder(root, DT_FLOAT, Placeholder::Shape({3, 4}));
  EXPECT_EQ(MatMul(root, x, w).product.node()->output_shape(0).DebugString(), "[?,4]");
  EXPECT_EQ(Add(root, x, {1.f, 2.f, 3.f}).z.node()->output_shape(0).DebugString(), "[?,3]");
  EXPECT_EQ(Sum(root, x, {1}).output.node()->output_shape(0).DebugString(), "[?]");
  EXPECT_EQ(Mean(root, x, {0}, Mean::KeepDims(true)).output.node()->output_shape(0).DebugString(),
            "[1,3]");
  EXPECT_EQ(Reshape(root, w, {-1}).output.node()->output_shape(0).DebugString(), "[12]");
  TF_EXPECT_OK(root.status());

  Scope bad = Scope::NewRootScope();
  MatMul(bad, Const(bad, {{1.f, 2.f}}), Const(bad, {{1.f, 2.f}}));
  EXPECT_EQ(bad.status().code(), error::INVALID_ARGUMENT);
  EXPECT_NE(bad.status().message().find("Dimensions must be equal, but are 2 and 1"),
            std::string::npos)
      << bad.status();
}

TEST(MathOpsTest, ClassNamesAndAliases) {
  Scope root = Scope::NewRootScope();
  EXPECT_EQ(Sub(root, 1, 2).node()->name(), "Subtract");
  EXPECT_EQ(Mul(root, 1, 2).node()->type_string(), "Mul");
  EXPECT_EQ(Neg(root, 1).node()->name(), "Negate");
  EXPECT_EQ(ReduceSum(root, {1, 2}, 0).node()->type_string(), "Sum");
  TF_EXPECT_OK(root.status());
}

// AddN adds left to right in the input type (TF's order): (1e8 + 1) - 1e8 is 0 in float.
// Integer matrix products wrap as TF's do (values from live TF 2.21), without signed overflow's
// undefined behaviour (the op fuzzer found it under UBSan).
TEST(MathOpsTest, IntegerMatMulWraps) {
  Scope root = Scope::NewRootScope();
  auto i32 = MatMul(root, Const(root, {{2147483647, 3}}), Const(root, {{2}, {5}}));
  auto i64 = MatMul(root, Const(root, {{int64_t{INT64_MAX}, int64_t{1}}}),
                    Const(root, {{int64_t{3}}, {int64_t{1}}}));
  auto batch = BatchMatMulV2(root, Const(root, {{{2147483647, 3}}}), Const(root, {{{2}, {5}}}));
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({i32, i64, batch}, &out));
  test::ExpectTensorEqual<int32_t>(out[0], test::AsTensor<int32_t>({13}, {1, 1}));
  test::ExpectTensorEqual<int64_t>(out[1],
                                   test::AsTensor<int64_t>({9223372036854775806LL}, {1, 1}));
  test::ExpectTensorEqual<int32_t>(out[2], test::AsTensor<int32_t>({13}, {1, 1, 1}));
}

TEST(MathOpsTest, AddNOrderAndValues) {
  Scope root = Scope::NewRootScope();
  auto a = Const(root, {1e8f, 3.f}), b = Const(root, {1.f, 4.f}), c = Const(root, {-1e8f, 5.f});
  Tensor out;
  ClientSession session(root);
  std::vector<Tensor> outs;
  TF_ASSERT_OK(session.Run({AddN(root, {Output(a), Output(b), Output(c)})}, &outs));
  test::ExpectTensorEqual<float>(outs[0], test::AsTensor<float>({0.f, 12.f}));
}

// Large tensors split over threads give the same bits as one thread.
TEST(MathOpsTest, ThreadCountsAgree) {
  Scope root = Scope::NewRootScope();
  Tensor big(DT_FLOAT, {300, 1000});
  for (int64_t k = 0; k < big.NumElements(); ++k) big.flat<float>()(k) = std::sin(0.001f * k);
  auto x = Const(root, Input::Initializer(big));
  auto row = Const(root, Input::Initializer(test::AsTensor<float>(std::vector<float>(1000, 0.5f))));
  std::vector<Output> fetches = {Mul(root, x, row), Sum(root, x, {0}), Mean(root, x, {1}),
                                 MatMul(root, x, x, MatMul::TransposeB(true)),
                                 Sqrt(root, Square(root, x))};
  std::vector<std::vector<Tensor>> results;
  for (int threads : {1, 2}) {
    SessionOptions options;
    options.config.set_intra_op_parallelism_threads(threads);
    ClientSession session(root, options);
    results.emplace_back();
    TF_ASSERT_OK(session.Run(fetches, &results.back()));
  }
  for (size_t k = 0; k < fetches.size(); ++k) {
    EXPECT_EQ(results[0][k].tensor_data(), results[1][k].tensor_data()) << k;
  }
}

}  // namespace
}  // namespace tensorflow

namespace tensorflow {
namespace {

// Float MatMul at sizes that cross every blocking edge of the AVX2 kernel (6-row and
// 16-column tiles, 256-deep and 512-wide panels), all transposes, against a double
// reference: each element within a few float roundings of the exact product.
TEST(MathOpsTest, FloatMatMulAgainstDoubleReference) {
  struct Dims {
    int64_t m, n, k;
  };
  for (const Dims& d :
       std::vector<Dims>{{1, 1, 1}, {7, 17, 3}, {13, 530, 300}, {70, 33, 257}, {6, 16, 513}}) {
    for (int t = 0; t < 4; ++t) {
      const bool ta = t & 1, tb = t & 2;
      SCOPED_TRACE(testing::Message() << d.m << "x" << d.k << " * " << d.k << "x" << d.n
                                      << " ta=" << ta << " tb=" << tb);
      Tensor a(DT_FLOAT, ta ? TensorShape({d.k, d.m}) : TensorShape({d.m, d.k}));
      Tensor b(DT_FLOAT, tb ? TensorShape({d.n, d.k}) : TensorShape({d.k, d.n}));
      for (int64_t i = 0; i < a.NumElements(); ++i) a.flat<float>()(i) = std::sin(0.7f * i + 0.1f);
      for (int64_t i = 0; i < b.NumElements(); ++i) b.flat<float>()(i) = std::cos(1.3f * i);
      auto at = [&](int64_t i, int64_t p) {
        return static_cast<double>(ta ? a.matrix<float>()(p, i) : a.matrix<float>()(i, p));
      };
      auto bt = [&](int64_t p, int64_t j) {
        return static_cast<double>(tb ? b.matrix<float>()(j, p) : b.matrix<float>()(p, j));
      };
      Scope root = Scope::NewRootScope();
      auto c = MatMul(root, Const(root, Input::Initializer(a)), Const(root, Input::Initializer(b)),
                      MatMul::TransposeA(ta).TransposeB(tb));
      ClientSession session(root);
      std::vector<Tensor> out;
      TF_ASSERT_OK(session.Run({c}, &out));
      ASSERT_EQ(out[0].shape(), TensorShape({d.m, d.n}));
      for (int64_t i = 0; i < d.m; ++i) {
        for (int64_t j = 0; j < d.n; ++j) {
          double exact = 0, magnitude = 0;
          for (int64_t p = 0; p < d.k; ++p) {
            exact += at(i, p) * bt(p, j);
            magnitude += std::abs(at(i, p) * bt(p, j));
          }
          ASSERT_NEAR(out[0].matrix<float>()(i, j), exact, 1e-6 * magnitude + 1e-30)
              << "element " << i << "," << j;
        }
      }
    }
  }
}

}  // namespace
}  // namespace tensorflow

namespace tensorflow {
namespace {

// Complex gradients are conjugated as TF defines them (ConjugateHelper); the expected values
// are TF 2.21's (tf.GradientTape on the same inputs).
TEST(MathOpsTest, ComplexGradientsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto x = Const(root, Input::Initializer(test::AsTensor<complex64>({{1, 2}, {3, -1}})));
  auto y = Const(root, Input::Initializer(test::AsTensor<complex64>({{2, -1}, {0.5f, 4}})));
  auto k = Const(root, Input::Initializer(test::AsTensor<complex64>({{0, 1}, {2, 0}})));
  std::vector<Output> g_mul, g_sq, g_div, g_conj;
  TF_ASSERT_OK(AddSymbolicGradients(root, {Mul(root, x, y)}, {x}, &g_mul));
  TF_ASSERT_OK(AddSymbolicGradients(root, {Square(root, x)}, {x}, &g_sq));
  TF_ASSERT_OK(AddSymbolicGradients(root, {Div(root, x, y)}, {y}, &g_div));
  TF_ASSERT_OK(AddSymbolicGradients(root, {Mul(root, Conj(root, x), k)}, {x}, &g_conj));
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({g_mul[0], g_sq[0], g_div[0], g_conj[0]}, &out));
  test::ExpectTensorEqual<complex64>(out[0], test::AsTensor<complex64>({{2, 1}, {0.5f, -4}}));
  test::ExpectTensorEqual<complex64>(out[1], test::AsTensor<complex64>({{2, -4}, {6, 2}}));
  test::ExpectTensorNear<complex64>(
      out[2], test::AsTensor<complex64>({{0.2f, 0.4f}, {0.19408284f, 0.01420118f}}), 1e-6);
  test::ExpectTensorEqual<complex64>(out[3], test::AsTensor<complex64>({{0, 1}, {2, 0}}));

  // MatMul's gradient multiplies by the conjugated operands (TF 2.21's values).
  auto a = Const(root, Input::Initializer(test::AsTensor<complex64>({{1, 1}}, {1, 1})));
  auto b = Const(root, Input::Initializer(test::AsTensor<complex64>(
                           {{1, 2}, {3, -1}, {0.5f, 0}, {-2, 1}}, {2, 2})));
  std::vector<Output> g_aa, g_bb;
  TF_ASSERT_OK(AddSymbolicGradients(root, {MatMul(root, a, a)}, {a}, &g_aa));
  TF_ASSERT_OK(
      AddSymbolicGradients(root, {MatMul(root, b, b, MatMul::TransposeB(true))}, {b}, &g_bb));
  TF_ASSERT_OK(session.Run({g_aa[0], g_bb[0]}, &out));
  test::ExpectTensorEqual<complex64>(out[0], test::AsTensor<complex64>({{2, -2}}, {1, 1}));
  test::ExpectTensorEqual<complex64>(
      out[1], test::AsTensor<complex64>({{3, -4}, {2, 0}, {3, -4}, {2, 0}}, {2, 2}));
}

}  // namespace
}  // namespace tensorflow

namespace tensorflow {
namespace {

// Reducing over nothing (no axes, or only size-1 dims) hands the input on, as TF does: the
// bits survive, -0 included (an added-up sum would turn -0 into +0).
TEST(MathOpsTest, ReductionOverNothingKeepsTheBits) {
  Scope root = Scope::NewRootScope();
  auto x = Const(root, {{-0.0f, 1.5f, -3.0f}});
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({Sum(root, x, Const(root, Input::Initializer(Tensor(DT_INT32, {0})))),
                            Mean(root, x, {0}), Sum(root, x, {0}, Sum::KeepDims(true))},
                           &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({-0.0f, 1.5f, -3.0f}, {1, 3}));
  test::ExpectTensorEqual<float>(out[1], test::AsTensor<float>({-0.0f, 1.5f, -3.0f}, {3}));
  test::ExpectTensorEqual<float>(out[2], test::AsTensor<float>({-0.0f, 1.5f, -3.0f}, {1, 3}));
  for (const Tensor& t : out) EXPECT_TRUE(std::signbit(t.flat<float>()(0)));
}

}  // namespace
}  // namespace tensorflow
