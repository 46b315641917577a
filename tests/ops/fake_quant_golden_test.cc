// The FakeQuant family against TensorFlow 2.21's own outputs (tests/golden/fake_quant.pb,
// written by generate_fake_quant.py with live TF): every num_bits 2..16 with and without
// narrow_range, random and edge inputs, empty and rank-0 tensors, odd ranges.
//   - elementwise outputs: the same bits as TF;
//   - d_min / d_max sums: at least as close to the float64 sum as TF's, and the same bits at
//     1, 2 and 4 threads.
#include <cmath>

#include "tests/ops/golden_harness.h"

namespace tensorflow {
namespace {

// The large case's inputs, by the formula generate_fake_quant.py uses.
bool LcgInputs(const NodeDef& def, int j, Tensor* t) {
  int64_t n = 0;
  if (j > 1 || !TryGetNodeAttr(AttrSlice(def), "lcg_count", &n)) return false;
  *t = Tensor(DT_FLOAT, TensorShape({n}));
  for (int64_t i = 0; i < n; ++i) {
    const uint64_t u = static_cast<uint64_t>(i);
    const uint32_t hx = static_cast<uint32_t>(u * 2654435761ull);
    const uint32_t hg = static_cast<uint32_t>(u * 2246822519ull + 374761393ull);
    t->flat<float>()(i) = j == 1 ? static_cast<float>(hx >> 8) * std::ldexp(1.0f, -20) - 8.0f
                                 : static_cast<float>(hg >> 8) * std::ldexp(1.0f, -21) - 4.0f;
  }
  return true;
}

uint64_t Fnv1a64(const Tensor& t) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char b : t.tensor_data()) h = (h ^ b) * 0x100000001b3ull;
  return h;
}

TEST(FakeQuantGoldenTest, MatchesTensorFlow) {
  const GraphDef golden = golden::Load("fake_quant.pb");
  ASSERT_GT(golden.node_size(), 1000);
  int elementwise = 0, sums = 0;
  golden::RunAndCheck(golden, LcgInputs, [&](const golden::Case& c, int o, const Tensor& mine) {
    const AttrSlice attrs(*c.def);
    const std::string where = golden::Describe(c, o);
    int64_t hash;
    if (GetNodeAttr(attrs, absl::StrCat("expected_", o, "_fnv1a64"), &hash).ok()) {
      EXPECT_EQ(Fnv1a64(mine), static_cast<uint64_t>(hash)) << where;
      ++elementwise;
      return;
    }
    Tensor expected, exact;
    TF_ASSERT_OK(GetNodeAttr(attrs, absl::StrCat("expected_", o), &expected));
    if (!GetNodeAttr(attrs, absl::StrCat("exact_", o), &exact).ok()) {
      ++elementwise;
      EXPECT_TRUE(golden::SameBits(mine, expected))
          << where << ":\n  minitf " << mine.SummarizeValue(30) << "\n  TF     "
          << expected.SummarizeValue(30);
      return;
    }
    ++sums;
    ASSERT_EQ(mine.shape(), expected.shape()) << where;
    auto m = mine.flat<float>();
    auto tf = expected.flat<float>();
    auto ref = exact.flat<double>();
    for (int64_t i = 0; i < m.size(); ++i) {
      if (m(i) == tf(i)) continue;  // TF's own value (infinities included)
      if (std::isnan(tf(i)) || std::isnan(ref(i))) {
        EXPECT_TRUE(std::isnan(m(i))) << where << " [" << i << "]";
        continue;
      }
      const double my_err = std::fabs(static_cast<double>(m(i)) - ref(i));
      const double tf_err = std::fabs(static_cast<double>(tf(i)) - ref(i));
      const double ulp = std::fabs(std::nextafter(m(i), INFINITY) - m(i));
      EXPECT_LE(my_err, std::max(tf_err, 0.5 * ulp))
          << where << " [" << i << "]: minitf " << m(i) << ", TF " << tf(i) << ", exact " << ref(i);
    }
  });
  EXPECT_GT(elementwise, 3000);
  EXPECT_GT(sums, 500);
}

}  // namespace
}  // namespace tensorflow
