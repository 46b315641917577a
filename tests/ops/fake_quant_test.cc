// FakeQuant family: TF's published vectors (SEED_OPS.md §C.1-C.3), graph-time shape and attr
// checks, and the kernel-time checks that replace TF's crashes.
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/op_kernel.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

using ops::FakeQuantWithMinMaxArgs;
using ops::FakeQuantWithMinMaxArgsGradient;
using ops::FakeQuantWithMinMaxVars;
using ops::FakeQuantWithMinMaxVarsGradient;
using ops::FakeQuantWithMinMaxVarsPerChannel;
using ops::FakeQuantWithMinMaxVarsPerChannelGradient;

std::vector<Tensor> RunGraph(const Scope& root, const std::vector<Output>& fetches) {
  TF_CHECK_OK(root.status());
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_CHECK_OK(session.Run(fetches, &out));
  return out;
}

struct ArgsCase {
  int bits;
  bool narrow;
  float min, max;
  std::vector<float> in, expected;
};

// FakeQuantWithMinMaxArgs rows of TF's fake_quant_ops_test.cc (shape [2,3]).
const std::vector<ArgsCase>& ArgsVectors() {
  // clang-format off
  static const auto* v = new std::vector<ArgsCase>{
      {8, false, -10.0f, 53.75f, {-10.1f, -10.0f, -9.9f, -9.75f, 53.75f, 53.8f}, {-10, -10, -10, -9.75f, 53.75f, 53.75f}},
      {8, true, -10.0f, 53.5f, {-10.1f, -10.0f, -9.9f, -9.75f, 53.5f, 53.6f}, {-10, -10, -10, -9.75f, 53.5f, 53.5f}},
      {8, false, -0.1f, 63.65f, {-0.1f, 0, 0.1f, 0.25f, 63.75f, 63.8f}, {0, 0, 0, 0.25f, 63.75f, 63.75f}},
      {8, true, -0.1f, 63.4f, {-0.1f, 0, 0.1f, 0.25f, 63.5f, 63.6f}, {0, 0, 0, 0.25f, 63.5f, 63.5f}},
      {8, false, -0.1275f, 63.6225f, {-0.26f, -0.25f, -0.24f, 0, 63.5f, 63.6f}, {-0.25f, -0.25f, -0.25f, 0, 63.5f, 63.5f}},
      {8, true, -0.1275f, 63.3725f, {-0.26f, -0.25f, -0.24f, 0, 63.25f, 63.3f}, {-0.25f, -0.25f, -0.25f, 0, 63.25f, 63.25f}},
      {8, false, -63.65f, 0.1f, {-63.8f, -63.75f, -63.7f, -63.5f, 0, 0.1f}, {-63.75f, -63.75f, -63.75f, -63.5f, 0, 0}},
      {8, true, -63.4f, 0.1f, {-63.6f, -63.5f, -63.4f, -63.25f, 0, 0.1f}, {-63.5f, -63.5f, -63.5f, -63.25f, 0, 0}},
      {4, false, -6.0f, 1.5f, {-6.1f, -6.0f, -5.9f, -5.5f, 1.5f, 1.6f}, {-6, -6, -6, -5.5f, 1.5f, 1.5f}},
      {4, true, -6.0f, 1.0f, {-6.1f, -6.0f, -5.9f, -5.5f, 1.0f, 1.1f}, {-6, -6, -6, -5.5f, 1, 1}},
      {4, false, -0.1f, 7.4f, {-0.1f, 0, 0.1f, 0.5f, 7.5f, 7.6f}, {0, 0, 0, 0.5f, 7.5f, 7.5f}},
      {4, true, -0.1f, 6.9f, {-0.1f, 0, 0.1f, 0.5f, 7.0f, 7.1f}, {0, 0, 0, 0.5f, 7, 7}},
      {4, false, -0.4f, 7.1f, {-0.6f, -0.5f, -0.24f, 0, 7.0f, 7.1f}, {-0.5f, -0.5f, 0, 0, 7, 7}},
      {4, true, -0.4f, 6.6f, {-0.6f, -0.5f, -0.24f, 0, 6.5f, 6.6f}, {-0.5f, -0.5f, 0, 0, 6.5f, 6.5f}},
      {4, false, -7.3f, 0.2f, {-7.6f, -7.5f, -7.4f, -7.2f, 0, 0.1f}, {-7.5f, -7.5f, -7.5f, -7, 0, 0}},
      {4, true, -6.8f, 0.2f, {-7.1f, -7.0f, -6.9f, -6.7f, 0, 0.1f}, {-7, -7, -7, -6.5f, 0, 0}},
      {2, false, -1.0f, 0.5f, {-1.1f, -1.0f, -0.9f, -0.3f, 0.1f, 0.6f}, {-1, -1, -1, -0.5f, 0, 0.5f}},
      {2, true, -1.0f, 0.0f, {-1.1f, -1.0f, -0.9f, -0.3f, 0, 0.1f}, {-1, -1, -1, -0.5f, 0, 0}},
      {2, false, -0.1f, 1.4f, {-0.2f, 0.1f, 0.7f, 1.0f, 1.3f, 1.6f}, {0, 0, 0.5f, 1, 1.5f, 1.5f}},
      {2, true, -0.1f, 0.9f, {-0.1f, 0.1f, 0.7f, 0.9f, 1.0f, 1.1f}, {0, 0, 0.5f, 1, 1, 1}},
      {2, false, -0.4f, 1.1f, {-0.6f, -0.5f, -0.24f, 0, 1.0f, 1.1f}, {-0.5f, -0.5f, 0, 0, 1, 1}},
      {2, true, -0.4f, 0.6f, {-0.6f, -0.5f, -0.24f, 0, 0.5f, 0.6f}, {-0.5f, -0.5f, 0, 0, 0.5f, 0.5f}},
  };
  // clang-format on
  return *v;
}

TEST(FakeQuantTest, ArgsPublishedVectors) {
  for (const ArgsCase& c : ArgsVectors()) {
    Scope root = Scope::NewRootScope();
    auto y = FakeQuantWithMinMaxArgs(
        root, test::AsTensor<float>(c.in, {2, 3}),
        FakeQuantWithMinMaxArgs::Min(c.min).Max(c.max).NumBits(c.bits).NarrowRange(c.narrow));
    test::ExpectClose(RunGraph(root, {y})[0], test::AsTensor<float>(c.expected, {2, 3}));
  }
}

TEST(FakeQuantTest, VarsPublishedVectors) {
  // The Vars rows that differ from Args (TF's test), plus the zero range.
  // clang-format off
  const std::vector<ArgsCase> cases = {
      {8, false, -0.125f, 63.625f, {-0.26f, -0.25f, -0.24f, 0, 63.5f, 63.6f}, {-0.25f, -0.25f, -0.25f, 0, 63.5f, 63.5f}},
      {8, true, -0.125f, 63.375f, {-0.26f, -0.25f, -0.24f, 0, 63.25f, 63.3f}, {-0.25f, -0.25f, -0.25f, 0, 63.25f, 63.25f}},
      {8, false, -63.65f, 0.1f, {-63.80f, -63.75f, -63.70f, -63.5f, 0, 0.1f}, {-63.75f, -63.75f, -63.75f, -63.5f, 0, 0}},
      {4, true, -6.8f, 0.2f, {-7.1f, -7.0f, -6.9f, -6.5f, 0, 0.1f}, {-7, -7, -7, -6.5f, 0, 0}},
      {8, false, 0.0f, 0.0f, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}},
  };
  // clang-format on
  for (const ArgsCase& c : cases) {
    Scope root = Scope::NewRootScope();
    auto y =
        FakeQuantWithMinMaxVars(root, test::AsTensor<float>(c.in, {2, 3}), c.min, c.max,
                                FakeQuantWithMinMaxVars::NumBits(c.bits).NarrowRange(c.narrow));
    test::ExpectClose(RunGraph(root, {y})[0], test::AsTensor<float>(c.expected, {2, 3}));
  }
}

TEST(FakeQuantTest, ReportedOutputs) {
  // SEED_OPS.md §C.3: the 16-bit doc example (needs a uint16 zero point), issues #858,
  // #117962, #23351 and #16995.
  Scope root = Scope::NewRootScope();
  auto a = FakeQuantWithMinMaxArgs(root, {10.03f, -10.23f, 3.f},
                                   FakeQuantWithMinMaxArgs::Min(-5).Max(5).NumBits(16));
  auto b = FakeQuantWithMinMaxVars(root, {-1.f, 0.f, 1.f}, -1.f, 1.f);
  auto c = FakeQuantWithMinMaxVars(root, {2.579f, -0.6f, 2.6f}, -0.5f, 2.5f,
                                   FakeQuantWithMinMaxVars::NumBits(4));
  auto d = FakeQuantWithMinMaxArgs(root, 123.f, FakeQuantWithMinMaxArgs::Min(12).Max(123));
  auto e = FakeQuantWithMinMaxVars(root, {0.1f, 0.12f}, 0.0748544f, 0.12734564f);
  auto out = RunGraph(root, {a, b, c, d, e});
  test::ExpectClose(out[0], test::AsTensor<float>({4.9999237f, -5.0000763f, 3.0000763f}), 1e-6, 0);
  test::ExpectClose(out[1], test::AsTensor<float>({-0.9960785f, 0, 1.0039215f}), 1e-6, 0);
  test::ExpectClose(out[2], test::AsTensor<float>({2.4f, -0.6f, 2.4f}), 1e-6, 0);
  test::ExpectClose(out[3], Tensor(111.f), 1e-4, 0);
  test::ExpectClose(out[4], test::AsTensor<float>({0.05249124f, 0.05249124f}), 1e-6, 0);
}

TEST(FakeQuantTest, GradientVectors) {
  // TF's gradient tests: inputs on and beyond the nudged edges; g = 1..6.
  // clang-format off
  const std::vector<ArgsCase> cases = {
      {8, false, -0.125f, 63.625f, {-0.26f, -0.25f, -0.24f, 0, 63.5f, 63.6f}, {}},
      {8, true, -0.125f, 63.375f, {-0.26f, -0.25f, -0.24f, 0, 63.25f, 63.3f}, {}},
      {4, false, -0.4f, 7.1f, {-0.6f, -0.5f, -0.4f, 0, 7.0f, 7.1f}, {}},
      {4, true, -0.4f, 6.6f, {-0.6f, -0.5f, -0.4f, 0, 6.5f, 6.6f}, {}},
  };
  // clang-format on
  const Tensor g = test::AsTensor<float>({1, 2, 3, 4, 5, 6}, {2, 3});
  const Tensor masked = test::AsTensor<float>({0, 2, 3, 4, 5, 0}, {2, 3});
  for (const ArgsCase& c : cases) {
    Scope root = Scope::NewRootScope();
    Tensor x = test::AsTensor<float>(c.in, {2, 3});
    auto args = FakeQuantWithMinMaxArgsGradient(
        root, g, x,
        FakeQuantWithMinMaxArgsGradient::Min(c.min).Max(c.max).NumBits(c.bits).NarrowRange(
            c.narrow));
    auto vars = FakeQuantWithMinMaxVarsGradient(
        root, g, x, c.min, c.max,
        FakeQuantWithMinMaxVarsGradient::NumBits(c.bits).NarrowRange(c.narrow));
    auto out = RunGraph(
        root, {args, vars.backprops_wrt_input, vars.backprop_wrt_min, vars.backprop_wrt_max});
    test::ExpectTensorEqual<float>(out[0], masked);
    test::ExpectTensorEqual<float>(out[1], masked);
    test::ExpectTensorEqual<float>(out[2], Tensor(1.f));
    test::ExpectTensorEqual<float>(out[3], Tensor(6.f));
  }
  // min == max == 0: the gradient passes through, the sums are zero.
  Scope root = Scope::NewRootScope();
  auto zero = FakeQuantWithMinMaxVarsGradient(
      root, g, test::AsTensor<float>({0, 0, 0, 0, 0, 0}, {2, 3}), 0.f, 0.f);
  auto out =
      RunGraph(root, {zero.backprops_wrt_input, zero.backprop_wrt_min, zero.backprop_wrt_max});
  test::ExpectTensorEqual<float>(out[0], g);
  test::ExpectTensorEqual<float>(out[1], Tensor(0.f));
  test::ExpectTensorEqual<float>(out[2], Tensor(0.f));
}

TEST(FakeQuantTest, XlaTestRangesNudge) {
  // SEED_OPS.md §C.2: (min, max, bits, narrow) -> nudged min, max, step; forward and gradients
  // over the 11 probe inputs, gradients 1..11.
  struct Range {
    float min, max;
    int bits;
    bool narrow;
    float nmin, nmax, step;
  };
  // clang-format off
  const std::vector<Range> ranges = {
      {0, 255, 8, false, 0, 255, 1},           {0.5f, 128, 8, false, 0, 127.5f, 0.5f},
      {-128, -0.5f, 8, false, -127.5f, 0, 0.5f}, {-0.1f, 127.4f, 8, false, 0, 127.5f, 0.5f},
      {0, 254, 8, true, 0, 254, 1},            {0.1f, 127.1f, 8, true, 0, 127, 0.5f},
      {-127.1f, -0.1f, 8, true, -127, 0, 0.5f}, {-0.1f, 126.9f, 8, true, 0, 127, 0.5f},
      {0, 127, 7, false, 0, 127, 1},           {0.5f, 64, 7, false, 0, 63.5f, 0.5f},
      {-64, -0.5f, 7, false, -63.5f, 0, 0.5f},  {-0.1f, 63.4f, 7, false, 0, 63.5f, 0.5f},
      {0, 126, 7, true, 0, 126, 1},            {0.1f, 63.1f, 7, true, 0, 63, 0.5f},
      {-63.1f, -0.1f, 7, true, -63, 0, 0.5f},   {-0.1f, 62.9f, 7, true, 0, 63, 0.5f},
  };
  // clang-format on
  for (const Range& r : ranges) {
    const float nm = r.nmin, nM = r.nmax, s = r.step;
    Tensor x = test::AsTensor<float>({nm - s, nm - 0.01f, nm, nm + 0.01f, nm + s - 0.01f, nm + s,
                                      nm + s + 0.01f, nM - 0.01f, nM, nM + 0.01f, nM + s});
    Tensor expected =
        test::AsTensor<float>({nm, nm, nm, nm, nm + s, nm + s, nm + s, nM, nM, nM, nM});
    Tensor g = test::AsTensor<float>({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
    Scope root = Scope::NewRootScope();
    auto attrs = FakeQuantWithMinMaxVars::NumBits(r.bits).NarrowRange(r.narrow);
    auto fwd = FakeQuantWithMinMaxVars(root, x, r.min, r.max, attrs);
    auto grad = FakeQuantWithMinMaxVarsGradient(
        root, g, x, r.min, r.max,
        FakeQuantWithMinMaxVarsGradient::NumBits(r.bits).NarrowRange(r.narrow));
    auto out = RunGraph(
        root, {fwd, grad.backprops_wrt_input, grad.backprop_wrt_min, grad.backprop_wrt_max});
    test::ExpectClose(out[0], expected, 1e-5, 1e-3);
    test::ExpectTensorEqual<float>(out[1],
                                   test::AsTensor<float>({0, 0, 3, 4, 5, 6, 7, 8, 9, 0, 0}));
    test::ExpectTensorEqual<float>(out[2], Tensor(3.f));
    test::ExpectTensorEqual<float>(out[3], Tensor(21.f));
  }
}

TEST(FakeQuantTest, PerChannelVectors) {
  // Dim2 rows of TF's test: shape [2,3] with min/max [3] the same in every channel.
  Scope root = Scope::NewRootScope();
  auto mins = test::AsTensor<float>({-0.125f, -0.125f, -0.125f});
  auto maxs = test::AsTensor<float>({63.625f, 63.625f, 63.625f});
  Tensor x = test::AsTensor<float>({-0.26f, -0.25f, -0.24f, 0, 63.5f, 63.6f}, {2, 3});
  auto y = FakeQuantWithMinMaxVarsPerChannel(root, x, mins, maxs);
  Tensor g = test::AsTensor<float>({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor xg = test::AsTensor<float>({-0.3f, -0.25f, -0.2f, 0, 63.5f, 63.6f}, {2, 3});
  auto grad = FakeQuantWithMinMaxVarsPerChannelGradient(root, g, xg, mins, maxs);
  auto out =
      RunGraph(root, {y, grad.backprops_wrt_input, grad.backprop_wrt_min, grad.backprop_wrt_max});
  test::ExpectClose(out[0],
                    test::AsTensor<float>({-0.25f, -0.25f, -0.25f, 0, 63.5f, 63.5f}, {2, 3}));
  test::ExpectTensorEqual<float>(out[1], test::AsTensor<float>({0, 2, 3, 4, 5, 0}, {2, 3}));
  test::ExpectTensorEqual<float>(out[2], test::AsTensor<float>({1, 0, 0}));
  test::ExpectTensorEqual<float>(out[3], test::AsTensor<float>({0, 0, 6}));
}

TEST(FakeQuantTest, WrapperShapeAndNames) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root, DT_FLOAT, ops::Placeholder::Shape({-1, 8}));
  auto grad = FakeQuantWithMinMaxVarsGradient(root.WithOpName("fq_grad"), x, x, -1.f, 1.f,
                                              FakeQuantWithMinMaxVarsGradient::NumBits(4));
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(grad.operation.node()->name(), "fq_grad");
  EXPECT_EQ(grad.backprop_wrt_max.index(), 2);
  EXPECT_EQ(grad.backprops_wrt_input.node()->output_shape(0).DebugString(), "[?,8]");
  EXPECT_EQ(grad.backprop_wrt_min.node()->output_shape(1).DebugString(), "[]");
  int64_t bits;
  TF_ASSERT_OK(GetNodeAttr(grad.operation.node()->attrs(), "num_bits", &bits));
  EXPECT_EQ(bits, 4);
  auto pc = FakeQuantWithMinMaxVarsPerChannelGradient(root, x, x, {0.f, 1.f}, {1.f, 2.f});
  EXPECT_FALSE(root.status().ok());  // 2 channels against a last dimension of 8
}

// ---- Errors -----------------------------------------------------------------------------

Status BuildStatus(const std::function<void(const Scope&)>& build) {
  Scope root = Scope::NewRootScope();
  build(root);
  return root.status();
}

TEST(FakeQuantErrorTest, BadAttrsBuildAndFailWhenTheNodeRuns) {
  // TF 2.21 accepts any num_bits (and min >= max) when the node is built; running the node
  // fails with the kernel's text, and the graph's other nodes still run.
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT);
  auto y = ops::Identity(root.WithOpName("y"), x);
  std::vector<Output> bad;
  for (int bits : {1, 17, 0, -3}) {
    bad.push_back(FakeQuantWithMinMaxVarsGradient(root.WithOpName(absl::StrCat("g", bits + 3)), x,
                                                  x, 0.f, 1.f,
                                                  FakeQuantWithMinMaxVarsGradient::NumBits(bits))
                      .backprops_wrt_input);
  }
  bad.push_back(FakeQuantWithMinMaxVars(root.WithOpName("v"), x, 0.f, 1.f,
                                        FakeQuantWithMinMaxVars::NumBits(40)));
  auto args =
      FakeQuantWithMinMaxArgs(root.WithOpName("a"), x, FakeQuantWithMinMaxArgs::Min(2).Max(1));
  TF_ASSERT_OK(root.status());
  ClientSession session(root);
  std::vector<Tensor> out;
  for (const Output& o : bad) {
    Status s = session.Run({{x, 1.f}}, {o}, &out);
    EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
    EXPECT_EQ(s.message(),
              absl::StrCat("num_bits must be between 2 and 16, inclusive\n\t [[{{node ",
                           o.node()->name(), "}}]]"));
  }
  Status s = session.Run({{x, 1.f}}, {args}, &out);
  EXPECT_EQ(s.message(), "min has to be smaller than max, was: 2 >= 1\n\t [[{{node a}}]]");
  TF_ASSERT_OK(session.Run({{x, 1.f}}, {y}, &out));
  test::ExpectTensorEqual<float>(out[0], Tensor(1.f));
}

TEST(FakeQuantErrorTest, NumBitsIsCheckedWhenTheKernelIsCreated) {
  NodeDef def;
  def.set_name("imported");
  def.set_op("FakeQuantWithMinMaxVars");
  AddNodeAttr("num_bits", 20, &def);
  AddNodeAttr("narrow_range", false, &def);
  std::unique_ptr<OpKernel> kernel;
  DataType f = DT_FLOAT;
  Status s = CreateOpKernel(def, {f, f, f}, {f}, &kernel);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(s.message(), "num_bits must be between 2 and 16, inclusive");
}

TEST(FakeQuantErrorTest, ShapeFunctions) {
  // SEED_OPS.md §C.6 shape-function expectations.
  auto has = [](const Status& s, const char* text) {
    return s.code() == error::INVALID_ARGUMENT && s.message().find(text) != absl::string_view::npos;
  };
  EXPECT_TRUE(has(BuildStatus([](const Scope& r) {
                    FakeQuantWithMinMaxVars(r, {1.f, 2.f}, {0.f}, 1.f);
                  }),
                  "Shape must be rank 0 but is rank 1"));
  EXPECT_TRUE(has(BuildStatus([](const Scope& r) {
                    FakeQuantWithMinMaxVarsGradient(r, {1.f, 2.f}, {1.f, 2.f}, 0.f, {{1.f}});
                  }),
                  "Shapes must be equal rank, but are 0 and 2"));
  EXPECT_TRUE(has(BuildStatus([](const Scope& r) {
                    FakeQuantWithMinMaxVarsGradient(r, {1.f, 2.f}, {1.f, 2.f, 3.f}, 0.f, 1.f);
                  }),
                  "Dimension 0 in both shapes must be equal"));
  EXPECT_TRUE(
      has(BuildStatus([](const Scope& r) {
            FakeQuantWithMinMaxVarsPerChannel(r, {{1.f, 2.f, 3.f}}, {0.f, 0.f}, {1.f, 1.f, 1.f});
          }),
          "Dimensions must be equal, but are 3 and 2"));
  EXPECT_TRUE(has(
      BuildStatus([](const Scope& r) { FakeQuantWithMinMaxVarsPerChannel(r, 1.f, {0.f}, {1.f}); }),
      "Shape must be at least rank 1 but is rank 0"));
  EXPECT_TRUE(has(BuildStatus([](const Scope& r) {
                    FakeQuantWithMinMaxVarsPerChannel(r, {1.f}, {{0.f}}, {1.f});
                  }),
                  "Shape must be rank 1 but is rank 2"));
  Tensor five(DT_FLOAT, TensorShape({1, 1, 1, 1, 1}));
  five.flat<float>().setZero();
  EXPECT_TRUE(has(BuildStatus([&](const Scope& r) {
                    FakeQuantWithMinMaxVarsPerChannelGradient(r, five, five, {0.f}, {1.f});
                  }),
                  "Shape must be at most rank 4 but is rank 5"));
}

TEST(FakeQuantErrorTest, KernelChecksReplaceTFsCrashes) {
  // Shapes unknown at graph time reach the kernel, which must refuse them cleanly.
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT);
  auto g = ops::Placeholder(root.WithOpName("g"), DT_FLOAT);
  auto mn = ops::Placeholder(root.WithOpName("mn"), DT_FLOAT);
  auto mx = ops::Placeholder(root.WithOpName("mx"), DT_FLOAT);
  auto vars = FakeQuantWithMinMaxVars(root.WithOpName("vars"), x, mn, mx);
  auto vgrad = FakeQuantWithMinMaxVarsGradient(root.WithOpName("vgrad"), g, x, mn, mx);
  auto pc = FakeQuantWithMinMaxVarsPerChannel(root.WithOpName("pc"), x, mn, mx);
  auto pcgrad = FakeQuantWithMinMaxVarsPerChannelGradient(root.WithOpName("pcgrad"), g, x, mn, mx);
  auto agrad = FakeQuantWithMinMaxArgsGradient(root.WithOpName("agrad"), g, x);
  TF_ASSERT_OK(root.status());
  ClientSession session(root);
  std::vector<Tensor> out;
  auto expect = [&](ClientSession::FeedType feeds, Output fetch, const std::string& message) {
    Status s = session.Run(feeds, {fetch}, &out);
    EXPECT_EQ(s.code(), error::INVALID_ARGUMENT) << message;
    EXPECT_EQ(s.message().substr(0, message.size()), message) << s.message();
    EXPECT_NE(s.message().find("{{node " + fetch.node()->name() + "}}"), absl::string_view::npos);
  };
  const Tensor v3 = test::AsTensor<float>({1, 2, 3});
  expect({{x, v3}, {mn, {0.f}}, {mx, 1.f}}, vars, "`min` must be rank 0 but is rank 1");
  expect({{x, v3}, {mn, 0.f}, {mx, {{1.f}}}}, vars, "`max` must be rank 0 but is rank 2");
  expect({{x, v3}, {mn, -INFINITY}, {mx, 1.f}}, vars, "`min` must be finite, got -inf");
  expect({{x, v3}, {mn, 0.f}, {mx, NAN}}, vars, "`max` must be finite, got nan");
  expect({{g, v3}, {x, v3}, {mn, {0.f, 1.f}}, {mx, 1.f}}, vgrad.backprop_wrt_min,
         "`min` must be rank 0 but is rank 1");
  expect({{g, {1.f, 2.f}}, {x, v3}, {mn, 0.f}, {mx, 1.f}}, vgrad.backprops_wrt_input,
         "gradient and input must be the same size");
  expect({{x, 1.f}, {mn, {0.f}}, {mx, {1.f}}}, pc, "input must be at least rank 1");
  expect({{x, v3}, {mn, {0.f, 0.f}}, {mx, {1.f, 1.f, 1.f}}}, pc,
         "min has incorrect size, expected 3 was 2");
  expect({{x, v3}, {mn, {0.f, 0.f, 0.f}}, {mx, {{1.f, 1.f, 1.f}}}}, pc,
         "`max` must be rank 1 but is rank 2");
  expect({{x, v3}, {mn, {0.f, 0.f, 0.f}}, {mx, {1.f, INFINITY, 1.f}}}, pc,
         "`max` must be finite, got inf");
  expect({{g, 1.f}, {x, 1.f}, {mn, {0.f}}, {mx, {1.f}}}, pcgrad.backprops_wrt_input,
         "input must be at least rank 1");
  expect({{g, v3}, {x, v3}, {mn, 0.f}, {mx, {1.f, 1.f, 1.f}}}, pcgrad.backprop_wrt_max,
         "`min` must be rank 1 but is rank 0");
  expect({{g, {1.f, 2.f}}, {x, v3}}, agrad,
         "Inputs to operation agrad of type FakeQuantWithMinMaxArgsGradient must have the same "
         "size and shape.  Input 0: [2] != input 1: [3]");
  // Empty inputs are fine: empty outputs, zero sums.
  TF_ASSERT_OK(session.Run({{g, Tensor(DT_FLOAT, TensorShape({0}))},
                            {x, Tensor(DT_FLOAT, TensorShape({0}))},
                            {mn, -1.f},
                            {mx, 1.f}},
                           {vgrad.backprops_wrt_input, vgrad.backprop_wrt_min}, &out));
  EXPECT_EQ(out[0].NumElements(), 0);
  test::ExpectTensorEqual<float>(out[1], Tensor(0.f));
  // An empty input whose last dimension claims 2^40 channels: the per-channel gradient's
  // min/max outputs would be 4 TiB. Refused (the min/max sizes differ, and no 4 TiB output is
  // attempted), never an abort. (Reliability issue: this once ended in SIGABRT.)
  const Tensor empty_wide(DT_FLOAT, TensorShape({0, int64_t{1} << 40}));
  Status s = session.Run({{g, empty_wide}, {x, empty_wide}, {mn, {0.f}}, {mx, {1.f}}},
                         {pcgrad.backprop_wrt_min}, &out);
  EXPECT_TRUE(s.code() == error::INVALID_ARGUMENT || s.code() == error::RESOURCE_EXHAUSTED) << s;
}

}  // namespace
}  // namespace tensorflow
