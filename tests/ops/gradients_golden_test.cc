// Gradients of small composed graphs through the FakeQuant ops and CropAndResize, built with
// AddSymbolicGradients, against what TensorFlow 2.21 computes for the same graphs
// (tests/golden/gradients.pb, written by generate_gradients.py with tf.gradients). Gradients
// made of elementwise arithmetic only must have TF's bits; those that pass through sums
// (MatMul, bias and min/max reductions) must agree to float rounding.
#include <cmath>
#include <functional>

#include "tensorflow/cc/framework/gradients.h"
#include "tests/ops/golden_harness.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

// Builds case `c`'s forward graph from placeholders `in` (one per input_<i>); returns the loss.
Output Forward(const Scope& s, const NodeDef& c, const std::vector<Output>& in) {
  const std::string& name = c.op();
  int64_t num_bits = 8;
  bool narrow = false;
  std::string method;
  GetNodeAttr(AttrSlice(c), "num_bits", &num_bits).IgnoreError();
  GetNodeAttr(AttrSlice(c), "narrow_range", &narrow).IgnoreError();
  GetNodeAttr(AttrSlice(c), "method", &method).IgnoreError();
  if (absl::StartsWith(name, "qat_")) {
    auto y = AddV2(s, MatMul(s, in[0], in[1]), in[2]);
    Output q;
    if (name == "qat_vars") {
      q = FakeQuantWithMinMaxVars(s, y, in[3], in[4],
                                  FakeQuantWithMinMaxVars::NumBits(num_bits).NarrowRange(narrow));
    } else if (name == "qat_per_channel") {
      q = FakeQuantWithMinMaxVarsPerChannel(
          s, y, in[3], in[4],
          FakeQuantWithMinMaxVarsPerChannel::NumBits(num_bits).NarrowRange(narrow));
    } else {
      q = FakeQuantWithMinMaxArgs(
          s, y,
          FakeQuantWithMinMaxArgs::Min(-1.5f).Max(2.0f).NumBits(num_bits).NarrowRange(narrow));
    }
    return Mean(s, Square(s, Sub(s, q, in[5])), {0, 1});
  }
  if (name == "fake_quant_elementwise") {
    auto q = FakeQuantWithMinMaxVars(
        s, in[0], in[1], in[2], FakeQuantWithMinMaxVars::NumBits(num_bits).NarrowRange(narrow));
    return Sub(s, Mul(s, Square(s, q), 3.0f), in[0]);
  }
  auto crops = CropAndResize(s, in[0], in[1], {0, 0, 1}, {3, 4}, CropAndResize::Method(method));
  return Sum(s, Square(s, Sub(s, crops, in[2])), {0, 1, 2, 3});
}

::testing::AssertionResult Agree(const Tensor& mine, const Tensor& tf, bool exact) {
  if (mine.dtype() != tf.dtype() || mine.shape() != tf.shape()) {
    return ::testing::AssertionFailure() << mine.DebugString() << " vs " << tf.DebugString();
  }
  if (exact) {
    if (golden::SameBits(mine, tf)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "bits differ:\n  minitf " << mine.SummarizeValue(40)
                                         << "\n  TF     " << tf.SummarizeValue(40);
  }
  for (int64_t i = 0; i < tf.NumElements(); ++i) {
    const float a = mine.flat<float>()(i), b = tf.flat<float>()(i);
    if (!(std::abs(a - b) <= 1e-5f * (std::abs(b) + 1e-3f))) {
      return ::testing::AssertionFailure() << "element " << i << ": " << a << " vs " << b;
    }
  }
  return ::testing::AssertionSuccess();
}

TEST(GradientsGoldenTest, ComposedGraphsMatchTensorFlow) {
  const GraphDef golden = golden::Load("gradients.pb");
  ASSERT_EQ(golden.node_size(), 10);
  int exact_checked = 0, close_checked = 0;
  for (const NodeDef& c : golden.node()) {
    SCOPED_TRACE(c.name() + " " + c.op());
    Scope s = Scope::NewRootScope();
    std::vector<Output> in;
    ClientSession::FeedType feeds;
    for (int i = 0;; ++i) {
      Tensor t;
      if (!GetNodeAttr(AttrSlice(c), absl::StrCat("input_", i), &t).ok()) break;
      in.push_back(Placeholder(s, t.dtype(), Placeholder::Shape(t.shape())));
      feeds.emplace(in.back(), Input::Initializer(t));
    }
    Output loss = Forward(s, c, in);
    std::vector<Output> wrt;
    std::vector<int> which;
    for (int i = 0; i < static_cast<int>(in.size()); ++i) {
      if (c.attr().count(absl::StrCat("expected_", i)) != 0) {
        wrt.push_back(in[i]);
        which.push_back(i);
      }
    }
    std::vector<Output> grads;
    TF_ASSERT_OK(AddSymbolicGradients(s, {loss}, wrt, &grads));
    std::vector<Output> fetches = {loss};
    fetches.insert(fetches.end(), grads.begin(), grads.end());
    ClientSession session(s);
    std::vector<Tensor> out;
    TF_ASSERT_OK(session.Run(feeds, fetches, &out));
    Tensor expected_loss;
    TF_ASSERT_OK(GetNodeAttr(AttrSlice(c), "expected_loss", &expected_loss));
    EXPECT_TRUE(Agree(out[0], expected_loss, false)) << "loss";
    for (size_t k = 0; k < which.size(); ++k) {
      Tensor expected;
      bool exact = false;
      TF_ASSERT_OK(GetNodeAttr(AttrSlice(c), absl::StrCat("expected_", which[k]), &expected));
      TF_ASSERT_OK(GetNodeAttr(AttrSlice(c), absl::StrCat("exact_", which[k]), &exact));
      EXPECT_TRUE(Agree(out[1 + k], expected, exact)) << "gradient wrt input " << which[k];
      ++(exact ? exact_checked : close_checked);
    }
  }
  EXPECT_GE(exact_checked, 2);
  EXPECT_GE(close_checked, 20);
}

}  // namespace
}  // namespace tensorflow
