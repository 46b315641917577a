// The gradient checker over every registered gradient: the Jacobian AddSymbolicGradients
// builds must match centred differences. Each GRADIENT_CHECK_TEST names the ops it checks;
// op_completeness_test.cc requires one for every op with a real gradient. Also checks the checker
// itself (TF's gradient_checker_test cases and errors).
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/gradient_checker.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/array_ops_internal.h"
#include "tensorflow/cc/ops/data_flow_ops.h"
#include "tensorflow/cc/ops/manip_ops.h"
#include "tensorflow/cc/ops/nn_ops_internal.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/op_kernel.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/op_coverage.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

Output D(const Scope& s, TensorShape shape) {
  return Placeholder(s, DT_DOUBLE, Placeholder::Shape(shape));
}
Output F(const Scope& s, TensorShape shape) {
  return Placeholder(s, DT_FLOAT, Placeholder::Shape(shape));
}

// Checks d ys / d xs for double tensors (random x in [0, 1)).
void CheckDouble(const Scope& s, const OutputList& xs, const std::vector<TensorShape>& x_shapes,
                 const OutputList& ys, const std::vector<TensorShape>& y_shapes,
                 double tolerance = 1e-6) {
  double max_error = -1;
  TF_ASSERT_OK(s.status());
  TF_ASSERT_OK((test::ComputeGradientErrorAllPairs<double, double, double>(s, xs, x_shapes, ys,
                                                                           y_shapes, &max_error)));
  EXPECT_GE(max_error, 0);
  EXPECT_LT(max_error, tolerance);
}

GRADIENT_CHECK_TEST(SquareFloatAsInTF, "Square") {
  Scope s = Scope::NewRootScope();
  TensorShape shape({2, 4, 3});
  auto x = F(s, shape);
  auto y = Square(s, x);
  float max_error;
  TF_ASSERT_OK(
      (ComputeGradientError<float, float, float>(s, {x}, {shape}, {y}, {shape}, &max_error)));
  EXPECT_LT(max_error, 1e-3);
}

GRADIENT_CHECK_TEST(BinaryOpsWithBroadcasting, "Add", "AddV2", "Sub", "Mul", "Div", "Pow") {
  const TensorShape xs({2, 3}), ys({3}), zs({2, 3});
  auto check = [&](auto make) {
    Scope s = Scope::NewRootScope();
    auto x = D(s, xs), y = D(s, ys);
    CheckDouble(s, {x, y}, {xs, ys}, {make(s, x, y)}, {zs});
  };
  check([](const Scope& s, Output x, Output y) { return Output(Add(s, x, y)); });
  check([](const Scope& s, Output x, Output y) { return Output(AddV2(s, y, x)); });
  check([](const Scope& s, Output x, Output y) { return Output(Sub(s, x, y)); });
  check([](const Scope& s, Output x, Output y) { return Output(Mul(s, y, x)); });
  // y + 1 keeps the divisor away from zero.
  check([](const Scope& s, Output x, Output y) {
    return Output(Div(s, x, AddV2(s, y, Cast(s, 1.0, DT_DOUBLE))));
  });
  // x + 0.5 keeps the base positive (and log(x) smooth).
  check([](const Scope& s, Output x, Output y) {
    return Output(Pow(s, AddV2(s, x, Cast(s, 0.5, DT_DOUBLE)), y));
  });
}

GRADIENT_CHECK_TEST(UnaryOps, "Neg", "Square", "Sqrt", "Identity") {
  const TensorShape shape({3, 2});
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, shape);
    CheckDouble(s, {x}, {shape}, {Neg(s, x)}, {shape});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, shape);
    CheckDouble(s, {x}, {shape}, {Square(s, x)}, {shape});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, shape);  // sqrt(x + 0.5): away from the pole at 0
    CheckDouble(s, {x}, {shape}, {Sqrt(s, AddV2(s, x, Cast(s, 0.5, DT_DOUBLE)))}, {shape});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, shape);
    CheckDouble(s, {x}, {shape}, {Identity(s, x)}, {shape});
  }
}

// Each unary op at x in [0.5, 1.5) (away from the poles of Log, Rsqrt and Reciprocal).
GRADIENT_CHECK_TEST(TranscendentalUnaryOps, "Exp", "Expm1", "Log", "Log1p", "Sin", "Cos", "Tanh",
                    "Sigmoid", "Reciprocal", "Rsqrt", "Erf", "Tan", "Sinh", "Cosh", "Asinh",
                    "Acosh", "Asin", "Acos", "Atan", "Atanh", "Atan2", "Lgamma", "Erfinv",
                    "Ndtri") {
  const TensorShape shape({2, 5});
  typedef Output (*Unary)(const Scope&, const Output&);
  const std::vector<std::pair<const char*, Unary>> ops = {
      {"Exp", [](const Scope& s, const Output& x) -> Output { return Exp(s, x); }},
      {"Expm1", [](const Scope& s, const Output& x) -> Output { return Expm1(s, x); }},
      {"Log", [](const Scope& s, const Output& x) -> Output { return Log(s, x); }},
      {"Log1p", [](const Scope& s, const Output& x) -> Output { return Log1p(s, x); }},
      {"Sin", [](const Scope& s, const Output& x) -> Output { return Sin(s, x); }},
      {"Cos", [](const Scope& s, const Output& x) -> Output { return Cos(s, x); }},
      {"Tanh", [](const Scope& s, const Output& x) -> Output { return Tanh(s, x); }},
      {"Sigmoid", [](const Scope& s, const Output& x) -> Output { return Sigmoid(s, x); }},
      {"Reciprocal", [](const Scope& s, const Output& x) -> Output { return Reciprocal(s, x); }},
      {"Rsqrt", [](const Scope& s, const Output& x) -> Output { return Rsqrt(s, x); }},
      {"Erf", [](const Scope& s, const Output& x) -> Output { return Erf(s, x); }},
      // Tan at x / 2: away from its pole at pi / 2.
      {"Tan",
       [](const Scope& s, const Output& x) -> Output { return Tan(s, Mul(s, x, Const(s, 0.5))); }},
      {"Sinh", [](const Scope& s, const Output& x) -> Output { return Sinh(s, x); }},
      {"Cosh", [](const Scope& s, const Output& x) -> Output { return Cosh(s, x); }},
      {"Asinh", [](const Scope& s, const Output& x) -> Output { return Asinh(s, x); }},
      // Acosh at x + 1 in [1.5, 2.5): inside its domain.
      {"Acosh",
       [](const Scope& s, const Output& x) -> Output {
         return Acosh(s, Add(s, x, Const(s, 1.0)));
       }},
      // Asin, Acos and Atanh at x / 2 in [0.25, 0.75): inside (-1, 1).
      {"Asin",
       [](const Scope& s, const Output& x) -> Output { return Asin(s, Mul(s, x, Const(s, 0.5))); }},
      {"Acos",
       [](const Scope& s, const Output& x) -> Output { return Acos(s, Mul(s, x, Const(s, 0.5))); }},
      {"Atan", [](const Scope& s, const Output& x) -> Output { return Atan(s, x); }},
      {"Atanh",
       [](const Scope& s, const Output& x) -> Output {
         return Atanh(s, Mul(s, x, Const(s, 0.5)));
       }},
      {"Lgamma", [](const Scope& s, const Output& x) -> Output { return Lgamma(s, x); }},
      // Erfinv and Ndtri at x / 2 in [0.25, 0.75): inside their domains.
      {"Erfinv",
       [](const Scope& s, const Output& x) -> Output {
         return Erfinv(s, Mul(s, x, Const(s, 0.5)));
       }},
      {"Ndtri",
       [](const Scope& s, const Output& x) -> Output {
         return Ndtri(s, Mul(s, x, Const(s, 0.5)));
       }},
      // Atan2(x, 1 - x): both arguments differentiated.
      {"Atan2",
       [](const Scope& s, const Output& x) -> Output {
         return Atan2(s, x, Sub(s, Const(s, 1.0), Mul(s, x, x)));
       }},
  };
  for (const auto& [name, op] : ops) {
    SCOPED_TRACE(name);
    Scope s = Scope::NewRootScope();
    auto x = D(s, shape);
    // 1e-5: the centred difference's own error where these curve most (1/x near 0.5).
    CheckDouble(s, {x}, {shape}, {op(s, AddV2(s, x, Cast(s, 0.5, DT_DOUBLE)))}, {shape}, 1e-5);
  }
}

// Maximum/Minimum with each branch winning (kept 2 apart, so no tie is within the step),
// broadcasting; SquaredDifference; Select and SelectV2 with fixed conditions; Abs on both
// sides of 0; Sign (zero gradient); Fill of a scalar.
GRADIENT_CHECK_TEST(BinarySelectAndSignOps, "Maximum", "Minimum", "SquaredDifference", "Select",
                    "SelectV2", "Abs", "Sign", "Fill") {
  const TensorShape s23({2, 3}), s3({3}), s13({1, 3});
  auto two = [](const Scope& s) { return Cast(s, 2.0, DT_DOUBLE); };
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    auto y = D(s, s3);
    CheckDouble(s, {x, y}, {s23, s3}, {Maximum(s, x, AddV2(s, y, two(s)))}, {s23});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    auto y = D(s, s3);
    CheckDouble(s, {x, y}, {s23, s3}, {Maximum(s, AddV2(s, x, two(s)), y)}, {s23});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    auto y = D(s, s3);
    CheckDouble(s, {x, y}, {s23, s3}, {Minimum(s, x, AddV2(s, y, two(s)))}, {s23});
    Scope s2 = Scope::NewRootScope();
    auto x2 = D(s2, s23);
    auto y2 = D(s2, s3);
    CheckDouble(s2, {x2, y2}, {s23, s3}, {Minimum(s2, AddV2(s2, x2, two(s2)), y2)}, {s23});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    auto y = D(s, s3);
    CheckDouble(s, {x, y}, {s23, s3}, {SquaredDifference(s, x, y)}, {s23});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    auto y = D(s, s23);
    auto c = Const(s, {{true, false, true}, {false, false, true}});
    CheckDouble(s, {x, y}, {s23, s23}, {Where3(s, c, x, y)}, {s23});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    auto y = D(s, s13);
    auto c = Const(s, {true, false, true});
    CheckDouble(s, {x, y}, {s23, s13}, {SelectV2(s, c, x, y)}, {s23});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    CheckDouble(s, {x}, {s23}, {Abs(s, Sub(s, x, two(s)))}, {s23});
    Scope s2 = Scope::NewRootScope();
    auto x2 = D(s2, s23);
    CheckDouble(s2, {x2}, {s23}, {Abs(s2, AddV2(s2, x2, Cast(s2, 0.5, DT_DOUBLE)))}, {s23});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    CheckDouble(s, {x}, {s23}, {Sign(s, AddV2(s, x, Cast(s, 0.5, DT_DOUBLE)))}, {s23});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, TensorShape({}));
    CheckDouble(s, {x}, {TensorShape({})}, {Fill(s, {2, 3}, x)}, {s23});
  }
}

// The nn activations away from their kinks (x in [0.5, 1.5) or [-1.5, -0.5)), BiasAdd in both
// formats, L2Loss, and LeakyReluGrad's own gradient.
GRADIENT_CHECK_TEST(NnOps, "Relu", "Relu6", "Elu", "Selu", "LeakyRelu", "Softplus", "Softsign",
                    "BiasAdd", "L2Loss", "LeakyReluGrad") {
  const TensorShape shape({2, 5});
  typedef Output (*Unary)(const Scope&, const Output&);
  const std::vector<std::pair<const char*, Unary>> ops = {
      {"Relu", [](const Scope& s, const Output& x) -> Output { return Relu(s, x); }},
      {"Relu6", [](const Scope& s, const Output& x) -> Output { return Relu6(s, x); }},
      {"Elu", [](const Scope& s, const Output& x) -> Output { return Elu(s, x); }},
      {"Selu", [](const Scope& s, const Output& x) -> Output { return Selu(s, x); }},
      {"LeakyRelu",
       [](const Scope& s, const Output& x) -> Output { return ops::internal::LeakyRelu(s, x); }},
      {"Softplus", [](const Scope& s, const Output& x) -> Output { return Softplus(s, x); }},
      {"Softsign", [](const Scope& s, const Output& x) -> Output { return Softsign(s, x); }},
  };
  for (const auto& [name, op] : ops) {
    for (double shift : {0.5, -1.5}) {
      SCOPED_TRACE(std::string(name) + " shift " + std::to_string(shift));
      Scope s = Scope::NewRootScope();
      auto x = D(s, shape);
      CheckDouble(s, {x}, {shape}, {op(s, AddV2(s, x, Cast(s, shift, DT_DOUBLE)))}, {shape}, 1e-5);
    }
  }
  for (const char* format : {"NHWC", "NCHW"}) {
    Scope s = Scope::NewRootScope();
    const TensorShape v({2, 3, 4}), b({std::string(format) == "NHWC" ? 4 : 3});
    auto x = D(s, v);
    auto bias = D(s, b);
    CheckDouble(s, {x, bias}, {v, b}, {BiasAdd(s, x, bias, BiasAdd::DataFormat(format))}, {v});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, shape);
    CheckDouble(s, {x}, {shape}, {L2Loss(s, x)}, {TensorShape({})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto g = D(s, shape);
    auto f = Const(s, {{1.0, -2.0, 3.0, -4.0, 5.0}, {-6.0, 7.0, -8.0, 9.0, -0.5}});
    CheckDouble(s, {g}, {shape}, {ops::internal::LeakyReluGrad(s, g, f)}, {shape});
  }
}

// Softmax and LogSoftmax of a [3, 4] input, the cross entropies wrt the logits (labels fixed),
// ExpandDims.
GRADIENT_CHECK_TEST(SoftmaxFamily, "Softmax", "LogSoftmax", "SoftmaxCrossEntropyWithLogits",
                    "SparseSoftmaxCrossEntropyWithLogits", "ExpandDims") {
  const TensorShape shape({3, 4});
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, shape);
    CheckDouble(s, {x}, {shape}, {Softmax(s, x)}, {shape});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, shape);
    CheckDouble(s, {x}, {shape}, {LogSoftmax(s, x)}, {shape});
  }
  {
    // In float: TF's C++ gradient multiplies by a float -1 (a double graph fails in TF too).
    Scope s = Scope::NewRootScope();
    auto x = F(s, shape);
    auto labels = Const(
        s, {{0.1f, 0.2f, 0.3f, 0.4f}, {1.0f, 0.0f, 0.0f, 0.0f}, {0.25f, 0.25f, 0.25f, 0.25f}});
    auto xent = SoftmaxCrossEntropyWithLogits(s, x, labels);
    float max_error = -1;
    TF_ASSERT_OK((ComputeGradientError<float, float, float>(s, {x}, {shape}, {xent.loss},
                                                            {TensorShape({3})}, &max_error)));
    EXPECT_GE(max_error, 0);
    EXPECT_LT(max_error, 1e-3);
    // Through the backprop output too (the second-order path, a BatchMatMul).
    max_error = -1;
    TF_ASSERT_OK((test::ComputeGradientErrorAllPairs<float, float, float>(
        s, {x}, {shape}, {xent.loss, xent.backprop}, {TensorShape({3}), shape}, &max_error)));
    EXPECT_GE(max_error, 0);
    EXPECT_LT(max_error, 1e-3);
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, shape);
    auto xent = SparseSoftmaxCrossEntropyWithLogits(s, x, Const(s, {3, 0, 1}));
    CheckDouble(s, {x}, {shape}, {xent.loss}, {TensorShape({3})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, shape);
    CheckDouble(s, {x}, {shape}, {ExpandDims(s, x, 1)}, {TensorShape({3, 1, 4})});
  }
}

// Max and Min along each axis; offsets 10 apart keep the winner unique within the step.
GRADIENT_CHECK_TEST(MaxMin, "Max", "Min") {
  const TensorShape shape({2, 3});
  for (int axis : {0, 1}) {
    for (bool keep : {false, true}) {
      Scope s = Scope::NewRootScope();
      auto x = D(s, shape);
      auto spread = AddV2(s, x, Const(s, {{0.0, 30.0, 10.0}, {20.0, 50.0, 40.0}}));
      const TensorShape out = keep ? (axis == 0 ? TensorShape({1, 3}) : TensorShape({2, 1}))
                                   : (axis == 0 ? TensorShape({3}) : TensorShape({2}));
      CheckDouble(s, {x}, {shape}, {Max(s, spread, axis, Max::KeepDims(keep))}, {out});
      CheckDouble(s, {x}, {shape}, {Min(s, spread, axis, Min::KeepDims(keep))}, {out});
    }
  }
}

// The data-movement ops: each moves gradient elements back where they came from.
GRADIENT_CHECK_TEST(DataMovement, "Transpose", "Pack", "Unpack", "Squeeze", "ConcatV2", "Slice",
                    "Pad", "Tile") {
  const TensorShape s23({2, 3}), s32({3, 2}), s234({2, 3, 4});
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s234);
    CheckDouble(s, {x}, {s234}, {Transpose(s, x, {2, 0, 1})}, {TensorShape({4, 2, 3})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto a = D(s, s23);
    auto b = D(s, s23);
    CheckDouble(s, {a, b}, {s23, s23}, {Stack(s, {a, b}, Stack::Axis(1))},
                {TensorShape({2, 2, 3})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    auto parts = Unstack(s, x, 3, Unstack::Axis(1));
    CheckDouble(s, {x}, {s23}, {parts.output[0], parts.output[2]},
                {TensorShape({2}), TensorShape({2})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, TensorShape({2, 1, 3}));
    CheckDouble(s, {x}, {TensorShape({2, 1, 3})}, {Squeeze(s, x)}, {s23});
  }
  {
    Scope s = Scope::NewRootScope();
    auto a = D(s, s23);
    auto b = D(s, TensorShape({2, 2}));
    CheckDouble(s, {a, b}, {s23, TensorShape({2, 2})}, {Concat(s, {a, b}, 1)},
                {TensorShape({2, 5})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s234);
    CheckDouble(s, {x}, {s234}, {Slice(s, x, {0, 1, 1}, {2, 2, -1})}, {TensorShape({2, 2, 3})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s32);
    CheckDouble(s, {x}, {s32}, {Pad(s, x, {{1, 0}, {2, 1}})}, {TensorShape({4, 5})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    CheckDouble(s, {x}, {s23}, {Tile(s, x, {3, 2})}, {TensorShape({6, 6})});
  }
}

// The TensorScatter family (TF's Python gradients): the tensor's gradient where no update landed
// (Update) or everywhere (Add, Sub), the updates' at their rows; Min and Max route each
// element's gradient to whichever of tensor and updates the output took.
GRADIENT_CHECK_TEST(TensorScatter, "TensorScatterUpdate", "TensorScatterAdd", "TensorScatterSub",
                    "TensorScatterMin", "TensorScatterMax") {
  const TensorShape s43({4, 3}), s23({2, 3});
  using Build = std::function<Output(const Scope&, const Output&, const Output&, const Output&)>;
  const std::vector<Build> builds = {
      [](const Scope& s, const Output& x, const Output& i, const Output& u) -> Output {
        return TensorScatterUpdate(s, x, i, u);
      },
      [](const Scope& s, const Output& x, const Output& i, const Output& u) -> Output {
        return TensorScatterAdd(s, x, i, u);
      },
      [](const Scope& s, const Output& x, const Output& i, const Output& u) -> Output {
        return TensorScatterSub(s, x, i, u);
      },
      [](const Scope& s, const Output& x, const Output& i, const Output& u) -> Output {
        return TensorScatterMin(s, x, i, u);
      },
      [](const Scope& s, const Output& x, const Output& i, const Output& u) -> Output {
        return TensorScatterMax(s, x, i, u);
      }};
  for (const Build& build : builds) {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s43);
    auto u = D(s, s23);
    CheckDouble(s, {x, u}, {s43, s23}, {build(s, x, Const(s, {{3}, {1}}), u)}, {s43});
  }
}

// The slicing and indexing ops: each sends gradient elements back to the elements they read
// (summed where an element was read twice: Gather with repeated indices).
GRADIENT_CHECK_TEST(SlicingAndIndexing, "StridedSlice", "Split", "SplitV", "ReverseV2", "PadV2",
                    "GatherV2", "Gather", "GatherNd", "ScatterNd", "ScatterNdNonAliasingAdd",
                    "DynamicStitch", "UnsortedSegmentSum") {
  const TensorShape s23({2, 3}), s234({2, 3, 4});
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s234);
    // x[1:, ::-2, newaxis, 1] (shrink on the last).
    auto y = StridedSlice(s, x, {1, 0, 0, 1}, {2, 0, 0, 2}, {1, -2, 1, 1},
                          StridedSlice::EndMask(2).BeginMask(2).NewAxisMask(4).ShrinkAxisMask(8));
    CheckDouble(s, {x}, {s234}, {y}, {TensorShape({1, 2, 1})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s234);
    auto parts = Split(s, 2, x, 2);
    CheckDouble(s, {x}, {s234}, {parts[0], parts[1]},
                {TensorShape({2, 3, 2}), TensorShape({2, 3, 2})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s234);
    auto parts = SplitV(s, x, {1, -1}, -2, 2);
    CheckDouble(s, {x}, {s234}, {parts[1]}, {TensorShape({2, 2, 4})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s234);
    CheckDouble(s, {x}, {s234}, {Reverse(s, x, {0, -1})}, {s234});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    auto c = Const(s, 0.5);
    CheckDouble(s, {x}, {s23}, {PadV2(s, x, {{0, 1}, {2, 0}}, c)}, {TensorShape({3, 5})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s234);
    CheckDouble(s, {x}, {s234}, {GatherV2(s, x, {{2, 0}, {2, 1}}, 1)}, {TensorShape({2, 2, 2, 4})});
  }
  {
    // batch_dims 1: each batch row gathers from its own slice.
    Scope s = Scope::NewRootScope();
    auto x = D(s, s234);
    CheckDouble(s, {x}, {s234}, {GatherV2(s, x, {{2, 0}, {1, 1}}, 1, GatherV2::BatchDims(1))},
                {TensorShape({2, 2, 4})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    CheckDouble(s, {x}, {s23}, {Gather(s, x, {1, 1, 0})}, {TensorShape({3, 3})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s234);
    CheckDouble(s, {x}, {s234}, {GatherNd(s, x, {{1, 2}, {0, 0}, {1, 2}})}, {TensorShape({3, 4})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto u = D(s, s23);
    CheckDouble(s, {u}, {s23}, {ScatterNd(s, {{3}, {1}}, u, {4, 3})}, {TensorShape({4, 3})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, TensorShape({4, 3}));
    auto u = D(s, s23);
    // Row 1 updated twice: its update gradients are the same rows of dy.
    CheckDouble(s, {x, u}, {TensorShape({4, 3}), s23},
                {ScatterNdNonAliasingAdd(s, x, {{1}, {1}}, u)}, {TensorShape({4, 3})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto a = D(s, TensorShape({2, 2}));
    auto b = D(s, TensorShape({1, 2}));
    auto y = DynamicStitch(s, {Input({0, 2}), Input({1})}, {a, b});
    CheckDouble(s, {a, b}, {TensorShape({2, 2}), TensorShape({1, 2})}, {y}, {TensorShape({3, 2})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, TensorShape({4, 2}));
    CheckDouble(s, {x}, {TensorShape({4, 2})}, {UnsortedSegmentSum(s, x, {2, -1, 0, 2}, 3)},
                {TensorShape({3, 2})});
  }
}

// SegmentSum gathers the gradient back to each row; UnsortedSegmentMax/Min send it to the
// element that won its segment (random inputs: no ties), none from an empty segment.
GRADIENT_CHECK_TEST(SegmentReductions, "SegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin") {
  const TensorShape s52({5, 2}), s42({4, 2});
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s52);
    CheckDouble(s, {x}, {s52}, {SegmentSum(s, x, {0, 0, 2, 2, 3})}, {TensorShape({4, 2})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s52);
    CheckDouble(s, {x}, {s52}, {UnsortedSegmentMax(s, x, {2, -1, 0, 2, 2}, 4)},
                {TensorShape({4, 2})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s42);
    CheckDouble(s, {x}, {s42}, {UnsortedSegmentMin(s, x, {1, 1, 0, 1}, 3)}, {TensorShape({3, 2})});
  }
}

// ClipByValue sends the gradient to t inside the bounds and to the bound that clipped it
// outside (summed over the elements a scalar bound clipped); Cumsum's runs the other way.
// Prod's gradient: the product of the other reduced elements (TF's two cumulative products).
GRADIENT_CHECK_TEST(Prod, "Prod") {
  const TensorShape s234({2, 3, 4});
  for (const std::vector<int>& axes : std::vector<std::vector<int>>{{1}, {0, 2}, {-1}}) {
    Scope s = Scope::NewRootScope();
    auto x = D(s, s234);
    Output y = Prod(s, x, test::AsTensor<int32_t>(axes));
    TensorShape out;
    for (int d = 0; d < 3; ++d) {
      if (std::find(axes.begin(), axes.end(), d) == axes.end() &&
          std::find(axes.begin(), axes.end(), d - 3) == axes.end()) {
        out.AddDim(s234.dim_size(d));
      }
    }
    CheckDouble(s, {x}, {s234}, {y}, {out});
  }
}

GRADIENT_CHECK_TEST(ClipAndCumsum, "ClipByValue", "Cumsum") {
  const TensorShape s23({2, 3});
  {
    // x and a scalar lower bound in [0, 1), the upper bound above them all.
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    auto lo = D(s, TensorShape({}));
    CheckDouble(s, {x, lo}, {s23, TensorShape({})}, {ClipByValue(s, x, lo, Const(s, 2.0))}, {s23});
  }
  {
    // A full-shape upper bound in [0, 1), the lower bound below them all.
    Scope s = Scope::NewRootScope();
    auto x = D(s, s23);
    auto hi = D(s, s23);
    CheckDouble(s, {x, hi}, {s23, s23}, {ClipByValue(s, x, Const(s, -1.0), hi)}, {s23});
  }
  for (bool exclusive : {false, true}) {
    for (bool reverse : {false, true}) {
      Scope s = Scope::NewRootScope();
      auto x = D(s, s23);
      auto y = Cumsum(s, x, 1, Cumsum::Exclusive(exclusive).Reverse(reverse));
      CheckDouble(s, {x}, {s23}, {y}, {s23});
    }
  }
}

GRADIENT_CHECK_TEST(Reductions, "Sum", "Mean") {
  const TensorShape shape({2, 3, 2});
  struct Case {
    std::vector<int> axes;
    bool keep_dims;
    TensorShape out;
  };
  for (const Case& c : std::vector<Case>{{{0}, false, {3, 2}},
                                         {{1}, true, {2, 1, 2}},
                                         {{-1, 0}, false, {3}},
                                         {{0, 1, 2}, false, {}},
                                         {{2, 0}, true, {1, 3, 1}}}) {
    SCOPED_TRACE(testing::Message()
                 << "keep_dims=" << c.keep_dims << " out=" << c.out.DebugString());
    {
      Scope s = Scope::NewRootScope();
      auto x = D(s, shape);
      auto axes = Const(s, Input::Initializer(test::AsTensor<int>(c.axes)));
      CheckDouble(s, {x}, {shape}, {Sum(s, x, axes, Sum::KeepDims(c.keep_dims))}, {c.out});
    }
    {
      Scope s = Scope::NewRootScope();
      auto x = D(s, shape);
      auto axes = Const(s, Input::Initializer(test::AsTensor<int>(c.axes)));
      CheckDouble(s, {x}, {shape}, {Mean(s, x, axes, Mean::KeepDims(c.keep_dims))}, {c.out});
    }
  }
}

GRADIENT_CHECK_TEST(ReductionWithUnknownBatchDim, "Mean") {
  Scope s = Scope::NewRootScope();
  auto x = Placeholder(s, DT_DOUBLE, Placeholder::Shape(PartialTensorShape({-1, 3})));
  auto y = Mean(s, x, {1});
  CheckDouble(s, {x}, {TensorShape({4, 3})}, {y}, {TensorShape({4})});
}

// Unknown rank and axes fed at run time: the gradient finds the kept shape at run time.
GRADIENT_CHECK_TEST(ReductionWithUnknownRankAndFedAxes, "Sum", "Mean") {
  Scope s = Scope::NewRootScope();
  auto x = Placeholder(s, DT_DOUBLE);
  auto axes = Placeholder(s, DT_INT32);
  auto y = Sum(s, x, axes);
  std::vector<Output> grads;
  TF_ASSERT_OK(AddSymbolicGradients(s, {y}, {x}, &grads));
  ClientSession session(s);
  std::vector<Tensor> out;
  TF_ASSERT_OK(
      session.Run({{x, {{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}}}, {axes, {-1}}}, {y, grads[0]}, &out));
  test::ExpectTensorEqual<double>(out[0], test::AsTensor<double>({6.0, 15.0}));
  test::ExpectTensorEqual<double>(out[1], test::AsTensor<double>({1, 1, 1, 1, 1, 1}, {2, 3}));

  Scope m = Scope::NewRootScope();
  auto mx = Placeholder(m, DT_DOUBLE);
  auto my = Mean(m, mx, {0});
  CheckDouble(m, {mx}, {TensorShape({4, 3})}, {my}, {TensorShape({3})});
}

// The default flows through when the placeholder is not fed (TF's Python gradient).
GRADIENT_CHECK_TEST(PlaceholderWithDefaultPassesTheGradient, "PlaceholderWithDefault") {
  const TensorShape shape({2, 3});
  Scope s = Scope::NewRootScope();
  auto x = D(s, shape);
  auto y = PlaceholderWithDefault(s, Square(s, x), PartialTensorShape({-1, 3}));
  CheckDouble(s, {x}, {shape}, {y}, {shape});
}

GRADIENT_CHECK_TEST(AddNAndShapeOps, "AddN", "Reshape", "BroadcastTo") {
  const TensorShape shape({2, 3});
  {
    Scope s = Scope::NewRootScope();
    auto a = D(s, shape), b = D(s, shape), c = D(s, shape);
    CheckDouble(s, {a, b, c}, {shape, shape, shape}, {AddN(s, {a, b, c, a})}, {shape});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, shape);
    CheckDouble(s, {x}, {shape}, {Reshape(s, x, {3, -1})}, {TensorShape({3, 2})});
  }
  {
    Scope s = Scope::NewRootScope();
    auto x = D(s, {3, 1});
    CheckDouble(s, {x}, {TensorShape({3, 1})}, {BroadcastTo(s, x, {2, 3, 4})},
                {TensorShape({2, 3, 4})});
  }
}

GRADIENT_CHECK_TEST(MatMulEveryTranspose, "MatMul") {
  for (int t = 0; t < 4; ++t) {
    const bool ta = t & 1, tb = t & 2;
    SCOPED_TRACE(testing::Message() << "ta=" << ta << " tb=" << tb);
    Scope s = Scope::NewRootScope();
    const TensorShape as = ta ? TensorShape({4, 2}) : TensorShape({2, 4});
    const TensorShape bs = tb ? TensorShape({3, 4}) : TensorShape({4, 3});
    auto a = D(s, as), b = D(s, bs);
    auto c = MatMul(s, a, b, MatMul::TransposeA(ta).TransposeB(tb));
    CheckDouble(s, {a, b}, {as, bs}, {c}, {TensorShape({2, 3})});
  }
}

GRADIENT_CHECK_TEST(CastBetweenFloatTypes, "Cast") {
  Scope s = Scope::NewRootScope();
  auto x = D(s, {4});
  auto y = Cast(s, x, DT_FLOAT);
  double max_error;
  TF_ASSERT_OK((ComputeGradientError<double, float, double>(s, {x}, {TensorShape({4})}, {y},
                                                            {TensorShape({4})}, &max_error)));
  EXPECT_LT(max_error, 1e-3);
}

// FakeQuant: the gradient is the straight-through estimator. At 16 bits the quantization
// step (~3e-5 over [-1, 1]) is far below the checker's delta, so the numeric derivative of
// the staircase agrees with it to within step / (2 delta) ~ 0.015; x values keep away from
// min/max by more than delta.
constexpr float kQuantTolerance = 0.05f;
Tensor QuantInputs() {
  return test::AsTensor<float>({-1.7f, -0.93f, -0.41f, 0.0237f, 0.35f, 0.66f, 0.981f, 1.9f},
                               {2, 4});
}

GRADIENT_CHECK_TEST(FakeQuantWithMinMaxArgs, "FakeQuantWithMinMaxArgs") {
  Scope s = Scope::NewRootScope();
  auto x = F(s, {2, 4});
  auto y = FakeQuantWithMinMaxArgs(s, x, FakeQuantWithMinMaxArgs::Min(-1.0f).Max(1.0f).NumBits(16));
  float max_error;
  TF_ASSERT_OK((ComputeGradientError<float, float, float>(s, x, QuantInputs(), y,
                                                          TensorShape({2, 4}), &max_error)));
  EXPECT_LT(max_error, kQuantTolerance);
}

GRADIENT_CHECK_TEST(FakeQuantWithMinMaxVarsEveryInput, "FakeQuantWithMinMaxVars") {
  const auto attrs = FakeQuantWithMinMaxVars::NumBits(16);
  for (int wrt = 0; wrt < 3; ++wrt) {
    SCOPED_TRACE(wrt);
    Scope s = Scope::NewRootScope();
    Output x = Const(s, Input::Initializer(QuantInputs()));
    Output min = Const(s, -1.0f), max = Const(s, 1.0f);
    Tensor init;
    Output* var = wrt == 0 ? &x : wrt == 1 ? &min : &max;
    init = wrt == 0 ? QuantInputs() : test::AsScalar<float>(wrt == 1 ? -1.0f : 1.0f);
    *var = Placeholder(s, DT_FLOAT);
    auto y = FakeQuantWithMinMaxVars(s, x, min, max, attrs);
    float max_error;
    TF_ASSERT_OK((ComputeGradientError<float, float, float>(s, *var, init, y, TensorShape({2, 4}),
                                                            &max_error)));
    EXPECT_LT(max_error, kQuantTolerance);
  }
}

GRADIENT_CHECK_TEST(FakeQuantWithMinMaxVarsPerChannelEveryInput,
                    "FakeQuantWithMinMaxVarsPerChannel") {
  const auto attrs = FakeQuantWithMinMaxVarsPerChannel::NumBits(16);
  const Tensor mins = test::AsTensor<float>({-1.0f, -0.5f, -2.0f, -1.0f});
  const Tensor maxs = test::AsTensor<float>({1.0f, 0.5f, 1.5f, 0.75f});
  for (int wrt = 0; wrt < 3; ++wrt) {
    SCOPED_TRACE(wrt);
    Scope s = Scope::NewRootScope();
    Output x = Const(s, Input::Initializer(QuantInputs()));
    Output min = Const(s, Input::Initializer(mins)), max = Const(s, Input::Initializer(maxs));
    Output* var = wrt == 0 ? &x : wrt == 1 ? &min : &max;
    const Tensor init = wrt == 0 ? QuantInputs() : wrt == 1 ? mins : maxs;
    *var = Placeholder(s, DT_FLOAT);
    auto y = FakeQuantWithMinMaxVarsPerChannel(s, x, min, max, attrs);
    float max_error;
    TF_ASSERT_OK((ComputeGradientError<float, float, float>(s, *var, init, y, TensorShape({2, 4}),
                                                            &max_error)));
    EXPECT_LT(max_error, kQuantTolerance);
  }
}

// CropAndResize is linear in the image; in the boxes it is smooth while no sample crosses
// the pixel grid, so the boxes put every sample 0.1 px or more away from it (TF's test does
// the same).
Tensor CropImage() {
  Tensor image(DT_FLOAT, TensorShape({1, 5, 5, 2}));
  for (int i = 0; i < 50; ++i) image.flat<float>()(i) = std::sin(0.7f * i) + 0.1f * i;
  return image;
}
const Tensor kBoxes =
    test::AsTensor<float>({0.1f, 0.15f, 0.7f, 0.8f, 0.3f, 0.2f, 0.9f, 0.65f}, {2, 4});

GRADIENT_CHECK_TEST(CropAndResizeImage, "CropAndResize") {
  for (const char* method : {"bilinear", "nearest"}) {
    SCOPED_TRACE(method);
    Scope s = Scope::NewRootScope();
    auto image = F(s, {1, 5, 5, 2});
    auto crops = CropAndResize(s, image, kBoxes, {0, 0}, {3, 3}, CropAndResize::Method(method));
    float max_error;
    TF_ASSERT_OK((ComputeGradientError<float, float, float>(
        s, image, CropImage(), crops, TensorShape({2, 3, 3, 2}), &max_error)));
    EXPECT_LT(max_error, 2e-3);
  }
}

GRADIENT_CHECK_TEST(CropAndResizeBoxes, "CropAndResize") {
  Scope s = Scope::NewRootScope();
  auto boxes = F(s, {2, 4});
  auto crops = CropAndResize(s, CropImage(), boxes, {0, 0}, {3, 3});
  float max_error;
  TF_ASSERT_OK((ComputeGradientError<float, float, float>(s, boxes, kBoxes, crops,
                                                          TensorShape({2, 3, 3, 2}), &max_error)));
  EXPECT_LT(max_error, 2e-2);
}

// The resize ops in every align_corners / half_pixel_centers mode, up and down.
GRADIENT_CHECK_TEST(Resize, "ResizeNearestNeighbor", "ResizeBilinear", "ResizeBicubic") {
  for (const auto& [ac, hp] :
       std::vector<std::pair<bool, bool>>{{false, false}, {true, false}, {false, true}}) {
    for (const auto& size : std::vector<std::vector<int>>{{5, 7}, {2, 3}}) {
      SCOPED_TRACE(::testing::Message() << ac << hp << size[0]);
      const TensorShape out({1, size[0], size[1], 2});
      Scope s = Scope::NewRootScope();
      auto image = F(s, {1, 4, 5, 2});
      auto sz = Const(s, {size[0], size[1]});
      const std::vector<Output> resized = {
          ResizeNearestNeighbor(s, image, sz,
                                ResizeNearestNeighbor::AlignCorners(ac).HalfPixelCenters(hp)),
          ResizeBilinear(s, image, sz, ResizeBilinear::AlignCorners(ac).HalfPixelCenters(hp)),
          ResizeBicubic(s, image, sz, ResizeBicubic::AlignCorners(ac).HalfPixelCenters(hp))};
      for (const Output& y : resized) {
        float max_error;
        TF_ASSERT_OK((ComputeGradientError<float, float, float>(
            s, {image}, {TensorShape({1, 4, 5, 2})}, {y}, {out}, &max_error)));
        EXPECT_LT(max_error, 2e-3) << y.node()->type_string();
      }
    }
  }
}

// ScaleAndTranslate with each sampling kernel, antialiased or not, up and down, with a
// translation (the images' gradient; none for size, scale and translation).
GRADIENT_CHECK_TEST(ScaleAndTranslate, "ScaleAndTranslate") {
  for (const char* kernel : {"lanczos1", "lanczos3", "lanczos5", "gaussian", "box", "triangle",
                             "keyscubic", "mitchellcubic"}) {
    for (const bool antialias : {true, false}) {
      for (const auto& [size, scale] :
           std::vector<std::pair<std::vector<int>, float>>{{{7, 9}, 1.7f}, {{2, 3}, 0.45f}}) {
        SCOPED_TRACE(::testing::Message() << kernel << antialias << size[0]);
        Scope s = Scope::NewRootScope();
        auto image = F(s, {1, 4, 5, 2});
        auto y = ScaleAndTranslate(s, image, Const(s, {size[0], size[1]}), {scale, scale * 1.1f},
                                   {0.3f, -0.6f},
                                   ScaleAndTranslate::KernelType(kernel).Antialias(antialias));
        float max_error;
        TF_ASSERT_OK((ComputeGradientError<float, float, float>(
            s, {image}, {TensorShape({1, 4, 5, 2})}, {y}, {TensorShape({1, size[0], size[1], 2})},
            &max_error)));
        EXPECT_LT(max_error, 2e-3);
        std::vector<Output> grads;
        TF_ASSERT_OK(AddSymbolicGradients(s, {y}, {image}, &grads));
        EXPECT_EQ(grads[0].node()->type_string(), "ScaleAndTranslateGrad");
      }
    }
  }
}

TEST(GradientCheckTest, IntegerImageHasNoImageGradient) {
  Scope s = Scope::NewRootScope();
  auto image = Placeholder(s, DT_INT32, Placeholder::Shape({1, 5, 5, 2}));
  auto boxes = F(s, {2, 4});
  auto crops = CropAndResize(s, image, boxes, {0, 0}, {3, 3});
  std::vector<Output> grads;
  TF_ASSERT_OK(AddSymbolicGradients(s, {crops}, {image, boxes}, &grads));
  EXPECT_EQ(NoGradient(), grads[0]);
  EXPECT_EQ(grads[1].node()->type_string(), "CropAndResizeGradBoxes");
}

TEST(GradientCheckTest, CheckerErrors) {
  Scope s = Scope::NewRootScope();
  auto x = F(s, {2});
  auto y = Square(s, x);
  float max_error;
  Status st = ComputeGradientError<float, float, float>(s, {x}, std::vector<TensorShape>{}, {y},
                                                        {TensorShape({2})}, &max_error);
  EXPECT_EQ(st.message(), "xs(size 1) and x_shapes(size 0) must be the same size.");
  st = ComputeGradientError<float, float, float>(s, {x}, {TensorShape({2})}, {y, y},
                                                 {TensorShape({2})}, &max_error);
  EXPECT_EQ(st.message(), "ys(size 2) and y_shapes(size 1) must be the same size.");
}

// TF's list form reports the last (x, y) block only. TF's nn_grad_test checks
// SoftmaxCrossEntropyWithLogits over {logits, labels} x {backprop, loss}: the C++ gradient
// leaves out the labels' path through backprop (d backprop / d labels = -1 on the diagonal),
// an earlier block, so TF's form passes where every block together shows that error of 1.
TEST(GradientCheckTest, ListFormReportsTheLastBlockAsTF) {
  Scope s = Scope::NewRootScope();
  const TensorShape shape({5, 3});
  auto logits = F(s, shape);
  auto labels = F(s, shape);
  auto y = SoftmaxCrossEntropyWithLogits(s, logits, labels);
  float as_tf = -1;
  TF_ASSERT_OK((ComputeGradientError<float, float, float>(s, {logits, labels}, {shape, shape},
                                                          {y.backprop, y.loss},
                                                          {shape, TensorShape({5})}, &as_tf)));
  EXPECT_GE(as_tf, 0);
  EXPECT_LT(as_tf, 1e-3);
  float all = -1;
  TF_ASSERT_OK((test::ComputeGradientErrorAllPairs<float, float, float>(
      s, {logits, labels}, {shape, shape}, {y.backprop, y.loss}, {shape, TensorShape({5})}, &all)));
  EXPECT_NEAR(all, 1.0f, 1e-2);
}

// A wrong gradient is caught: a user gradient for a test op that claims d(x^2)/dx = x.
Status WrongSquareGrad(const Scope& scope, const Operation& op, const std::vector<Output>& dy,
                       std::vector<Output>* dx) {
  dx->push_back(Mul(scope, dy[0], op.input(0)));
  return scope.status();
}
REGISTER_GRADIENT_OP("MinitfTestWrongSquare", WrongSquareGrad);
REGISTER_OP("MinitfTestWrongSquare")
    .Input("x: double")
    .Output("y: double")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Test op: y = x * x, with a wrong gradient.");

class WrongSquareOp : public OpKernel {
 public:
  explicit WrongSquareOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    Tensor* y = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, x.shape(), &y));
    y->flat<double>() = x.flat<double>() * x.flat<double>();
  }
};
REGISTER_KERNEL_BUILDER(Name("MinitfTestWrongSquare").Device(DEVICE_CPU), WrongSquareOp);

TEST(GradientCheckTest, WrongGradientIsDetected) {
  Scope s = Scope::NewRootScope();
  auto x = D(s, {3});
  Node* n;
  TF_ASSERT_OK(NodeBuilder("y", "MinitfTestWrongSquare").Input(x.node()).Finalize(s.graph(), &n));
  // Theoretical d/dx = x, numeric = 2x: the error is max |x| over random x in [0, 1).
  double max_error = 0;
  TF_ASSERT_OK((ComputeGradientError<double, double, double>(
      s, {x}, {TensorShape({3})}, {Output(n, 0)}, {TensorShape({3})}, &max_error)));
  EXPECT_GT(max_error, 1e-3);
  EXPECT_LT(max_error, 1.0);
}

// Conv2D in each padding and stride, its input gradient's own gradient, and the pools. MaxPool's
// input is spread 0.1 apart (no near-ties for the differences to cross); AvgPool in SAME
// divides its edge windows by their smaller counts.
GRADIENT_CHECK_TEST(WindowedOps, "Conv2D", "Conv2DBackpropInput", "MaxPool", "AvgPool",
                    "MaxPoolV2") {
  const TensorShape x_shape({2, 5, 4, 3}), f_shape({3, 2, 3, 4});
  for (const char* padding : {"VALID", "SAME"}) {
    for (int stride : {1, 2}) {
      SCOPED_TRACE(std::string(padding) + " stride " + std::to_string(stride));
      Scope s = Scope::NewRootScope();
      auto x = D(s, x_shape);
      auto f = D(s, f_shape);
      auto y = Conv2D(s, x, f, {1, stride, stride, 1}, padding);
      const int64_t rows =
          std::string(padding) == "SAME" ? (5 + stride - 1) / stride : (5 - 3 + stride) / stride;
      const int64_t cols =
          std::string(padding) == "SAME" ? (4 + stride - 1) / stride : (4 - 2 + stride) / stride;
      CheckDouble(s, {x, f}, {x_shape, f_shape}, {y}, {TensorShape({2, rows, cols, 4})});
    }
  }
  {
    Scope s = Scope::NewRootScope();
    const TensorShape dy_shape({2, 3, 3, 4});
    auto f = D(s, f_shape);
    auto dy = D(s, dy_shape);
    auto dx = Conv2DBackpropInput(s, Const(s, {2, 5, 4, 3}), f, dy, {1, 1, 1, 1}, "VALID");
    CheckDouble(s, {f, dy}, {f_shape, dy_shape}, {dx}, {x_shape});
  }
  Tensor spread(DT_DOUBLE, x_shape);
  for (int64_t i = 0; i < spread.NumElements(); ++i) {
    spread.flat<double>()(i) = 0.1 * static_cast<double>((i * 37) % spread.NumElements());
  }
  for (const char* padding : {"VALID", "SAME"}) {
    SCOPED_TRACE(padding);
    Scope s = Scope::NewRootScope();
    auto x = D(s, x_shape);
    auto y = MaxPool(s, x, {1, 2, 2, 1}, {1, 2, 1, 1}, padding);
    const TensorShape y_shape(
        {2, std::string(padding) == "SAME" ? 3 : 2, std::string(padding) == "SAME" ? 4 : 3, 3});
    double max_error = -1;
    TF_ASSERT_OK((ComputeGradientError<double, double>(s, x, spread, y, y_shape, &max_error)));
    EXPECT_LT(max_error, 1e-6);
    auto y2 = MaxPoolV2(s, x, Const(s, {1, 2, 2, 1}), Const(s, {1, 2, 1, 1}), padding);
    TF_ASSERT_OK((ComputeGradientError<double, double>(s, x, spread, y2, y_shape, &max_error)));
    EXPECT_LT(max_error, 1e-6);
    Scope a = Scope::NewRootScope();
    auto ax = D(a, x_shape);
    CheckDouble(a, {ax}, {x_shape}, {AvgPool(a, ax, {1, 3, 2, 1}, {1, 2, 1, 1}, padding)},
                {TensorShape({2, std::string(padding) == "SAME" ? 3 : 2,
                              std::string(padding) == "SAME" ? 4 : 3, 3})});
  }
}

// The fractional pools with fixed seeds (the same windows in every run), as TF's own
// nn_grad_test sets them up.
GRADIENT_CHECK_TEST(FractionalPools, "FractionalMaxPool", "FractionalAvgPool") {
  for (bool overlapping : {true, false}) {
    SCOPED_TRACE(overlapping);
    const TensorShape x_shape({1, 3, 7, 1}), y_shape({1, 2, 3, 1});
    Scope s = Scope::NewRootScope();
    auto x = D(s, x_shape);
    auto max_pool = FractionalMaxPool(
        s, x, {1, 1.2f, 1.9f, 1},
        FractionalMaxPool::Deterministic(true).Overlapping(overlapping).Seed(1).Seed2(2));
    CheckDouble(s, {x}, {x_shape}, {max_pool.output}, {y_shape});
    Scope a = Scope::NewRootScope();
    auto ax = D(a, x_shape);
    auto avg_pool = FractionalAvgPool(
        a, ax, {1, 1.2f, 1.9f, 1},
        FractionalAvgPool::Deterministic(true).Overlapping(overlapping).Seed(1).Seed2(2));
    CheckDouble(a, {ax}, {x_shape}, {avg_pool.output}, {y_shape});
  }
}

// The 3-D pools, VALID and SAME (float: TF's only CPU kernels besides bfloat16), on inputs
// kept apart (a finite difference must not reorder a window's values).
GRADIENT_CHECK_TEST(Pools3D, "MaxPool3D", "AvgPool3D") {
  const TensorShape x_shape({1, 3, 4, 3, 2});
  Tensor spread(DT_FLOAT, x_shape);
  for (int64_t i = 0; i < spread.NumElements(); ++i) {
    spread.flat<float>()(i) = 0.1f * static_cast<float>((i * 37) % spread.NumElements());
  }
  for (const char* padding : {"VALID", "SAME"}) {
    SCOPED_TRACE(padding);
    const bool same = std::string(padding) == "SAME";
    const TensorShape y_shape({1, same ? 2 : 1, 2, same ? 2 : 1, 2});
    Scope s = Scope::NewRootScope();
    auto x = F(s, x_shape);
    const std::vector<Output> ys = {MaxPool3D(s, x, {1, 2, 2, 2, 1}, {1, 2, 2, 2, 1}, padding),
                                    AvgPool3D(s, x, {1, 2, 2, 2, 1}, {1, 2, 2, 2, 1}, padding)};
    for (const Output& y : ys) {
      float max_error;
      TF_ASSERT_OK(
          (ComputeGradientError<float, float, float>(s, x, spread, y, y_shape, &max_error)));
      EXPECT_LT(max_error, 2e-3) << y.node()->type_string();
    }
  }
}

// LRN with its default attrs (TF's C++ gradient passes none to LRNGrad).
GRADIENT_CHECK_TEST(Lrn, "LRN") {
  const TensorShape shape({1, 2, 2, 9});
  Scope s = Scope::NewRootScope();
  auto x = F(s, {1, 2, 2, 9});
  float max_error;
  TF_ASSERT_OK((ComputeGradientError<float, float, float>(s, {x}, {shape}, {LRN(s, x)}, {shape},
                                                          &max_error)));
  EXPECT_LT(max_error, 2e-3);
}

// The batched products in every adjoint, V2 and V3 broadcasting a batch dimension (their
// gradients sum over it).
GRADIENT_CHECK_TEST(BatchMatMulOps, "BatchMatMul", "BatchMatMulV2", "BatchMatMulV3") {
  for (bool adj_x : {false, true}) {
    for (bool adj_y : {false, true}) {
      SCOPED_TRACE(std::to_string(adj_x) + std::to_string(adj_y));
      Scope s = Scope::NewRootScope();
      const TensorShape xs = adj_x ? TensorShape({2, 4, 3}) : TensorShape({2, 3, 4});
      const TensorShape ys = adj_y ? TensorShape({2, 5, 4}) : TensorShape({2, 4, 5});
      auto x = D(s, xs);
      auto y = D(s, ys);
      CheckDouble(s, {x, y}, {xs, ys}, {BatchMatMul(s, x, y, BatchMatMul::AdjX(adj_x).AdjY(adj_y))},
                  {TensorShape({2, 3, 5})});
    }
  }
  {
    Scope s = Scope::NewRootScope();
    const TensorShape xs({2, 1, 3, 4}), ys({3, 4, 2});
    auto x = D(s, xs);
    auto y = D(s, ys);
    CheckDouble(s, {x, y}, {xs, ys}, {BatchMatMulV2(s, x, y)}, {TensorShape({2, 3, 3, 2})});
  }
  {
    Scope s = Scope::NewRootScope();
    const TensorShape xs({3, 4}), ys({2, 4, 2});
    auto x = D(s, xs);
    auto y = D(s, ys);
    CheckDouble(s, {x, y}, {xs, ys},
                {BatchMatMulV3(s, x, y, DT_DOUBLE, BatchMatMulV3::AdjY(false))},
                {TensorShape({2, 3, 2})});
  }
}

// Complex numbers: each complex element counts as two real ones in the Jacobians (TF's
// checker convention). complex64 only: TF's gradients build default-typed (complex64/float)
// Complex and Real nodes.
GRADIENT_CHECK_TEST(ComplexParts, "Complex", "Real", "Imag", "Angle") {
  const TensorShape shape({2, 3});
  auto check = [&](auto make, bool complex_in, bool complex_out) {
    Scope s = Scope::NewRootScope();
    auto x = Placeholder(s, complex_in ? DT_COMPLEX64 : DT_FLOAT, Placeholder::Shape(shape));
    Output y = make(s, x);
    float max_error = -1;
    TF_ASSERT_OK(s.status());
    if (complex_in && complex_out) {
      TF_ASSERT_OK((ComputeGradientError<complex64, complex64, float>(s, {x}, {shape}, {y}, {shape},
                                                                      &max_error)));
    } else if (complex_in) {
      TF_ASSERT_OK((ComputeGradientError<complex64, float, float>(s, {x}, {shape}, {y}, {shape},
                                                                  &max_error)));
    } else {
      TF_ASSERT_OK((ComputeGradientError<float, complex64, float>(s, {x}, {shape}, {y}, {shape},
                                                                  &max_error)));
    }
    EXPECT_GE(max_error, 0);
    EXPECT_LT(max_error, 2e-3);
  };
  check([](const Scope& s, Output x) { return Complex(s, x, Square(s, x)); }, false, true);
  check([](const Scope& s, Output x) { return Real(s, Square(s, x)); }, true, false);
  check([](const Scope& s, Output x) { return Imag(s, Square(s, x)); }, true, false);
  check([](const Scope& s, Output x) { return Angle(s, x); }, true, false);
  check([](const Scope& s, Output x) { return Complex(s, Real(s, x), Imag(s, x)); }, true, true);
}

// The reordering, diagonal and block ops: their gradients move the incoming gradient back.
GRADIENT_CHECK_TEST(ReorderingOps, "CheckNumerics", "ReverseSequence", "MirrorPad", "MirrorPadGrad",
                    "Roll", "DynamicPartition") {
  auto check = [&](TensorShape in, TensorShape out, auto make) {
    Scope s = Scope::NewRootScope();
    auto x = D(s, in);
    Output y = make(s, x);
    CheckDouble(s, {x}, {in}, {y}, {out});
  };
  check({2, 3}, {2, 3}, [](const Scope& s, Output x) { return CheckNumerics(s, x, "ok"); });
  check({3, 4, 2}, {3, 4, 2}, [](const Scope& s, Output x) {
    return ReverseSequence(s, x, Const<int64_t>(s, {2, 0, 4}), 1);
  });
  for (const char* mode : {"REFLECT", "SYMMETRIC"}) {
    check({3, 4}, {6, 7}, [mode](const Scope& s, Output x) {
      return MirrorPad(s, x, Const(s, {{1, 2}, {2, 1}}), mode);
    });
    check({6, 7}, {3, 4}, [mode](const Scope& s, Output x) {
      return ops::internal::MirrorPadGrad(s, x, Const(s, {{1, 2}, {2, 1}}), mode);
    });
  }
  check({3, 4}, {3, 4}, [](const Scope& s, Output x) {
    return Roll(s, x, Const(s, {1, -3}), Const(s, {0, 1}));
  });
  Scope s = Scope::NewRootScope();
  auto x = D(s, {4, 2});
  auto parts = DynamicPartition(s, x, Const(s, {1, 0, 1, 1}), 2);
  CheckDouble(s, {x}, {{4, 2}}, parts.outputs, {{1, 2}, {3, 2}});
}

GRADIENT_CHECK_TEST(DiagonalOps, "Diag", "DiagPart", "MatrixDiag", "MatrixBandPart") {
  auto check = [&](TensorShape in, TensorShape out, auto make) {
    Scope s = Scope::NewRootScope();
    auto x = D(s, in);
    Output y = make(s, x);
    CheckDouble(s, {x}, {in}, {y}, {out});
  };
  check({2, 3}, {2, 3, 2, 3}, [](const Scope& s, Output x) { return Diag(s, x); });
  check({2, 3, 2, 3}, {2, 3}, [](const Scope& s, Output x) { return DiagPart(s, x); });
  check({2, 3}, {2, 3, 3}, [](const Scope& s, Output x) { return MatrixDiag(s, x); });
  check({2, 3, 4}, {2, 3, 4}, [](const Scope& s, Output x) {
    return MatrixBandPart(s, x, Const<int64_t>(s, 1), Const<int64_t>(s, -1));
  });
}

GRADIENT_CHECK_TEST(BlockOps, "SpaceToBatch", "SpaceToBatchND", "BatchToSpace", "BatchToSpaceND",
                    "SpaceToDepth", "DepthToSpace") {
  auto check = [&](TensorShape in, TensorShape out, auto make) {
    Scope s = Scope::NewRootScope();
    auto x = D(s, in);
    Output y = make(s, x);
    CheckDouble(s, {x}, {in}, {y}, {out});
  };
  check({1, 2, 2, 1}, {4, 2, 1, 1}, [](const Scope& s, Output x) {
    return SpaceToBatch(s, x, Const(s, {{1, 1}, {0, 0}}), 2);
  });
  check({4, 2, 1, 1}, {1, 2, 2, 1}, [](const Scope& s, Output x) {
    return BatchToSpace(s, x, Const(s, {{1, 1}, {0, 0}}), 2);
  });
  check({2, 3, 4, 1}, {12, 2, 2, 1}, [](const Scope& s, Output x) {
    return SpaceToBatchND(s, x, Const(s, {2, 3}), Const(s, {{1, 0}, {1, 1}}));
  });
  check({12, 2, 2, 1}, {2, 3, 4, 1}, [](const Scope& s, Output x) {
    return BatchToSpaceND(s, x, Const(s, {2, 3}), Const(s, {{1, 0}, {1, 1}}));
  });
  check({1, 2, 4, 3}, {1, 1, 2, 12},
        [](const Scope& s, Output x) { return SpaceToDepth(s, x, 2); });
  check({1, 1, 2, 12}, {1, 2, 4, 3},
        [](const Scope& s, Output x) { return DepthToSpace(s, x, 2); });
}

GRADIENT_CHECK_TEST(Divisions, "RealDiv", "DivNoNan") {
  const TensorShape xs({2, 3}), ys({3});
  Scope s = Scope::NewRootScope();
  auto x = D(s, xs), y = D(s, ys);
  // y + 0.5 keeps the divisor away from 0 (where DivNoNan's gradient is 0 on purpose).
  auto y1 = Add(s, y, Const(s, 0.5));
  CheckDouble(s, {x, y}, {xs, ys}, {RealDiv(s, x, y1)}, {xs}, 1e-4);
  Scope s2 = Scope::NewRootScope();
  auto x2 = D(s2, xs), y2 = D(s2, ys);
  CheckDouble(s2, {x2, y2}, {xs, ys}, {DivNoNan(s2, x2, Add(s2, y2, Const(s2, 0.5)))}, {xs}, 1e-4);
}

}  // namespace
}  // namespace tensorflow
