// The summary family (ops/summary) against TensorFlow 2.21: the serialized Summary protos of
// tests/golden/summary.pb (generate_summary.py, live TF) byte for byte, at 1, 2 and 4 threads;
// TF's error texts (read from TF 2.21 in graph mode); the histogram's buckets.
#include <cfloat>
#include <map>
#include <string>
#include <vector>

#include "ops/summary/internal/histogram.h"
#include "tensorflow/cc/ops/logging_ops.h"
#include "tensorflow/core/framework/summary.pb.h"
#include "tests/ops/golden_harness.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

TEST(SummaryGoldenTest, SerializedSummariesMatchTensorFlowByteForByte) {
  const GraphDef golden = golden::Load("summary.pb");
  ASSERT_GT(golden.node_size(), 30);
  std::map<std::string, int> checked;
  golden::RunAndCheck(golden, nullptr, [&](const golden::Case& c, int o, const Tensor& mine) {
    Tensor expected;
    TF_ASSERT_OK(GetNodeAttr(AttrSlice(*c.def), absl::StrCat("expected_", o), &expected));
    ASSERT_EQ(mine.dtype(), DT_STRING);
    ASSERT_EQ(mine.shape(), TensorShape({}));
    const std::string& got = mine.scalar<tstring>()();
    const std::string& want = expected.scalar<tstring>()();
    if (got != want) {
      Summary a, b;
      a.ParseFromString(got);
      b.ParseFromString(want);
      ADD_FAILURE() << golden::Describe(c, o) << ":\n  minitf " << a.DebugString() << "\n  TF     "
                    << b.DebugString();
    }
    ++checked[c.def->op()];
  });
  EXPECT_GE(checked["ScalarSummary"], 15);
  EXPECT_GE(checked["HistogramSummary"], 15);
  EXPECT_GE(checked["MergeSummary"], 5);
}

TEST(SummaryOpsTest, WrappersBuildRunnableSummaries) {
  Scope root = Scope::NewRootScope();
  auto scalar = ops::ScalarSummary(root.WithOpName("loss_summary"), std::string("loss"), 0.5f);
  auto histo = ops::HistogramSummary(root, std::string("w"), {{1.0, 2.0}, {-3.0, 0.0}});
  auto merged = ops::MergeSummary(root, {scalar.summary, histo.summary});
  TF_ASSERT_OK(root.status());
  EXPECT_EQ(merged.node()->output_shape(0).DebugString(), "[]");
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({merged}, &out));
  Summary s;
  ASSERT_TRUE(s.ParseFromString(out[0].scalar<tstring>()()));
  ASSERT_EQ(s.value_size(), 2);
  EXPECT_EQ(s.value(0).tag(), "loss");
  EXPECT_EQ(s.value(0).simple_value(), 0.5f);
  const HistogramProto& h = s.value(1).histo();
  EXPECT_EQ(s.value(1).tag(), "w");
  EXPECT_EQ(h.min(), -3.0);
  EXPECT_EQ(h.max(), 2.0);
  EXPECT_EQ(h.num(), 4.0);
  EXPECT_EQ(h.sum(), 0.0);
  EXPECT_EQ(h.sum_squares(), 14.0);
}

TEST(SummaryOpsTest, ErrorsHaveTensorFlowsTexts) {
  {
    Scope root = Scope::NewRootScope();
    auto s = ops::ScalarSummary(root.WithOpName("sc"), {"a", "b"}, {1.0f, 2.0f, 3.0f});
    test_ops::ExpectError(root, {}, s, "tags and values are not the same shape: [2] != [3]");
  }
  {
    Scope root = Scope::NewRootScope();
    auto s = ops::ScalarSummary(root.WithOpName("sc"), std::string("a"), {1.0f, 2.0f});
    test_ops::ExpectError(root, {}, s,
                          "tags and values are not the same shape: [] != [2] (tag 'a')");
  }
  {
    Scope root = Scope::NewRootScope();
    auto s = ops::ScalarSummary(root.WithOpName("sc"), {{"a", "b"}}, {1.0f, 2.0f});
    test_ops::ExpectError(root, {}, s, "tags and values are not the same shape: [1,2] != [2]");
  }
  {
    Scope root = Scope::NewRootScope();
    auto h = ops::HistogramSummary(root.WithOpName("hist"), {"a"}, {1.0f, 2.0f});
    test_ops::ExpectError(root, {}, h, "tags must be scalar");
  }
  {
    Scope root = Scope::NewRootScope();
    auto h =
        ops::HistogramSummary(root.WithOpName("hist"), std::string("a"), {1.0f, NAN, INFINITY});
    test_ops::ExpectError(root, {}, h, "Nan in summary histogram for: hist");
  }
  {
    Scope root = Scope::NewRootScope();
    auto h =
        ops::HistogramSummary(root.WithOpName("hist"), std::string("a"), {1.0f, -INFINITY, NAN});
    test_ops::ExpectError(root, {}, h, "Infinity in Histogram for: hist");
  }
  {
    Scope root = Scope::NewRootScope();
    auto x = ops::ScalarSummary(root, std::string("x"), 1.0f);
    auto yx = ops::ScalarSummary(root, {"y", "x"}, {1.0f, 2.0f});
    auto m = ops::MergeSummary(root.WithOpName("merge"), {x.summary, yx.summary});
    test_ops::ExpectError(root, {}, m, "Duplicate tag x found in summary inputs ");
  }
  {
    Scope root = Scope::NewRootScope();
    auto m = ops::MergeSummary(root.WithOpName("merge"), {Input({std::string("\x0a\x05")})});
    test_ops::ExpectError(root, {}, m, "Could not parse one of the summary inputs");
  }
}

TEST(SummaryOpsTest, TypesOutsideRealNumbersAreRejectedWhenBuilding) {
  Scope root = Scope::NewRootScope();
  ops::ScalarSummary(root, std::string("b"), true);
  EXPECT_FALSE(root.status().ok());
  EXPECT_TRUE(absl::StrContains(root.status().message(), "bool")) << root.status();
}

TEST(SummaryHistogramTest, DefaultBucketsAreTfs) {
  const std::vector<double>& limits = summary_internal::DefaultBucketLimits();
  ASSERT_EQ(limits.size(), 1551u);  // 775 positive (774 powers and DBL_MAX), 775 negative, 0
  EXPECT_EQ(limits.front(), -DBL_MAX);
  EXPECT_EQ(limits[775], 0.0);
  EXPECT_EQ(limits[776], 1e-12);
  EXPECT_EQ(limits[777], 1e-12 * 1.1);
  EXPECT_EQ(limits.back(), DBL_MAX);
  for (size_t i = 1; i < limits.size(); ++i) {
    ASSERT_LT(limits[i - 1], limits[i]) << i;
    EXPECT_EQ(limits[i], -limits[limits.size() - 1 - i]) << i;
  }
  EXPECT_LT(limits[limits.size() - 2], 1e20);
}

TEST(SummaryHistogramTest, EmptyRunsCollapseAndDblMaxStaysInTheLastBucket) {
  summary_internal::Histogram h;
  HistogramProto p;
  h.EncodeToProto(&p, false);
  // Nothing added: one bucket, TF's initial min and max.
  EXPECT_EQ(p.min(), DBL_MAX);
  EXPECT_EQ(p.max(), -DBL_MAX);
  ASSERT_EQ(p.bucket_size(), 1);
  EXPECT_EQ(p.bucket_limit(0), DBL_MAX);
  EXPECT_EQ(p.bucket(0), 0.0);
  h.EncodeToProto(&p, true);
  EXPECT_EQ(p.bucket_size(), 1551);

  // TF's upper_bound would index past its buckets for DBL_MAX itself (and corrupt memory);
  // minitf counts it in the last bucket.
  h.Add(DBL_MAX);
  h.Add(0.0);
  h.EncodeToProto(&p, false);
  // The empty buckets up to the limit 0, then 0.0 in [0, 1e-12), the empty run up to the
  // last limit below 1e20, then DBL_MAX in the last bucket.
  const std::vector<double>& limits = summary_internal::DefaultBucketLimits();
  ASSERT_EQ(p.bucket_size(), 4);
  EXPECT_EQ(p.bucket_limit(0), 0.0);
  EXPECT_EQ(p.bucket(0), 0.0);
  EXPECT_EQ(p.bucket_limit(1), 1e-12);
  EXPECT_EQ(p.bucket(1), 1.0);
  EXPECT_EQ(p.bucket_limit(2), limits[limits.size() - 2]);
  EXPECT_EQ(p.bucket(2), 0.0);
  EXPECT_EQ(p.bucket_limit(3), DBL_MAX);
  EXPECT_EQ(p.bucket(3), 1.0);
  EXPECT_EQ(p.max(), DBL_MAX);
}

}  // namespace
}  // namespace tensorflow
