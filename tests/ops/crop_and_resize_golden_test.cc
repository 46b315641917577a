// The CropAndResize family against TensorFlow 2.21's own outputs
// (tests/golden/crop_and_resize.pb, written by generate_crop_and_resize.py with live TF, op
// determinism on): every image dtype, both methods, crop sizes of 1, images of height or
// width 1, flipped and out-of-image boxes, grid-aligned samples, empty box lists. Every output
// must have TF's bits, at 1, 2 and 4 threads.
#include "tests/ops/golden_harness.h"

namespace tensorflow {
namespace {

TEST(CropAndResizeGoldenTest, MatchesTensorFlowBitForBit) {
  const GraphDef golden = golden::Load("crop_and_resize.pb");
  ASSERT_GT(golden.node_size(), 1000);
  std::map<std::string, int> checked;
  golden::RunAndCheck(golden, nullptr, [&](const golden::Case& c, int o, const Tensor& mine) {
    Tensor expected;
    TF_ASSERT_OK(GetNodeAttr(AttrSlice(*c.def), absl::StrCat("expected_", o), &expected));
    EXPECT_TRUE(golden::SameBits(mine, expected))
        << golden::Describe(c, o) << ":\n  minitf " << mine.SummarizeValue(40) << "\n  TF     "
        << expected.SummarizeValue(40);
    ++checked[c.def->op()];
  });
  EXPECT_GT(checked["CropAndResize"], 500);
  EXPECT_GT(checked["CropAndResizeGradBoxes"], 250);
  EXPECT_GT(checked["CropAndResizeGradImage"], 100);
}

}  // namespace
}  // namespace tensorflow
