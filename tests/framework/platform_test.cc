// The TF platform pieces tests and programs include: strings, str_util, status matchers,
// EqualGraphDef, the error::Code enum, CallGradFunction.
#include "google/protobuf/text_format.h"
#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/gradients/grad_testutil.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tensorflow/core/lib/strings/str_util.h"
#include "tensorflow/core/lib/strings/strcat.h"
#include "tensorflow/core/platform/status_matchers.h"
#include "tensorflow/core/platform/test.h"
#include "tensorflow/core/protobuf/error_codes.pb.h"
#include "tensorflow/core/util/equal_graph_def.h"

namespace tensorflow {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(Strings, StrCatIsAbseils) {
  EXPECT_EQ(strings::StrCat("x", 1, ":", 2.5f, " ", 0.1), "x1:2.5 0.1");
  std::string s = "a";
  strings::StrAppend(&s, strings::Hex(255), "-", strings::Hex(5, strings::kZeroPad4));
  EXPECT_EQ(s, "aff-0005");
}

TEST(StrUtil, SplitJoinAndFriends) {
  EXPECT_THAT(str_util::Split("a,b;;c", ",;"), ElementsAre("a", "b", "", "c"));
  EXPECT_THAT(str_util::Split("a,b;;c", ",;", str_util::SkipEmpty()), ElementsAre("a", "b", "c"));
  EXPECT_THAT(str_util::Split("a, ,b", ',', str_util::SkipWhitespace()), ElementsAre("a", "b"));
  EXPECT_TRUE(str_util::Split("", ',').empty());
  EXPECT_EQ(str_util::Join(std::vector<int>{1, 2, 3}, ", "), "1, 2, 3");
  EXPECT_EQ(str_util::StringReplace("aXbXc", "X", "--", false), "a--bXc");
  EXPECT_EQ(str_util::StringReplace("aXbXc", "X", "--", true), "a--b--c");
  EXPECT_EQ(str_util::Lowercase("AbC"), "abc");
  std::string title = "hello world-wide";
  str_util::TitlecaseString(&title, " -");
  EXPECT_EQ(title, "Hello World-Wide");
  EXPECT_EQ(str_util::ArgDefCase("FooBar"), "foo_bar");
  EXPECT_EQ(str_util::ArgDefCase("Conv2D"), "conv2_d");
  EXPECT_EQ(str_util::ArgDefCase("3dShape"), "d_shape");
  EXPECT_EQ(str_util::ArgDefCase("A-B"), "a_b");
  absl::string_view text = "  12345abc def ";
  EXPECT_EQ(str_util::RemoveLeadingWhitespace(&text), 2u);
  uint64_t digits = 0;
  EXPECT_TRUE(str_util::ConsumeLeadingDigits(&text, &digits));
  EXPECT_EQ(digits, 12345u);
  absl::string_view word;
  EXPECT_TRUE(str_util::ConsumeNonWhitespace(&text, &word));
  EXPECT_EQ(word, "abc");
  EXPECT_EQ(str_util::RemoveWhitespaceContext(&text), 2u);
  EXPECT_EQ(text, "def");
  absl::string_view huge = "99999999999999999999";  // > 2^64
  EXPECT_FALSE(str_util::ConsumeLeadingDigits(&huge, &digits));
  EXPECT_EQ(huge.size(), 20u);
}

TEST(ErrorCode, IsTheProtoEnumAndComparesWithStatusCodes) {
  const Status s = errors::InvalidArgument("bad");
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(error::INVALID_ARGUMENT, s.code());
  EXPECT_NE(s.code(), error::INTERNAL);
  EXPECT_EQ(error::Code_Name(error::NOT_FOUND), "NOT_FOUND");
  error::Code parsed;
  ASSERT_TRUE(error::Code_Parse("DATA_LOSS", &parsed));
  EXPECT_EQ(parsed, absl::StatusCode::kDataLoss);
}

absl::StatusOr<int> Twice(int x) {
  if (x < 0) return errors::OutOfRange("negative: ", x);
  return 2 * x;
}

TEST(StatusMatchers, MatchCodesMessagesAndValues) {
  using testing::IsOk;
  using testing::IsOkAndHolds;
  using testing::StatusIs;
  EXPECT_THAT(OkStatus(), IsOk());
  EXPECT_THAT(Twice(2), IsOkAndHolds(4));
  EXPECT_THAT(Twice(-1), ::testing::Not(IsOk()));
  EXPECT_THAT(Twice(-1), StatusIs(error::OUT_OF_RANGE));
  EXPECT_THAT(Twice(-1).status(), StatusIs(absl::StatusCode::kOutOfRange, HasSubstr("-1")));
  EXPECT_THAT(Twice(-1).status(), ::testing::Not(StatusIs(error::OUT_OF_RANGE, "other")));
  EXPECT_THAT(Twice(-1), StatusIs(::testing::Ne(absl::StatusCode::kOk)));
}

TEST(StatusMatchers, AssertOkAndAssign) {
  TF_ASSERT_OK_AND_ASSIGN(int four, Twice(2));
  EXPECT_EQ(four, 4);
}

NodeDef MakeNode(const std::string& text) {
  NodeDef node;
  CHECK(google::protobuf::TextFormat::ParseFromString(text, &node)) << text;
  return node;
}

TEST(EqualGraphDef, OrderAndSpellingsThatDoNotMatter) {
  GraphDef a, b;
  *a.add_node() = MakeNode("name: 'x' op: 'Const'");
  *a.add_node() = MakeNode("name: 'y' op: 'Neg' input: 'x:0' input: '^p' input: '^q'");
  *b.add_node() = MakeNode("name: 'y' op: 'Neg' input: 'x' input: '^q' input: '^p'");
  *b.add_node() = MakeNode("name: 'x' op: 'Const' attr { key: '_class' value { s: 'z' } }");
  b.mutable_versions()->set_producer(99);
  std::string diff;
  EXPECT_TRUE(EqualGraphDef(a, b, &diff)) << diff;
  EXPECT_EQ(GraphDefHash(a), GraphDefHash(b));
  EqualGraphDefOptions strict;
  strict.ignore_internal_attrs = false;
  EXPECT_FALSE(EqualGraphDef(a, b, &diff, strict));
  EXPECT_EQ(diff, "Node named 'x' missing expected attr '_class' with value: \"z\"");
}

TEST(EqualGraphDef, NamesTheFirstDifference) {
  GraphDef a, b;
  *a.add_node() = MakeNode("name: 'y' op: 'Neg' input: 'x' input: 'w'");
  *b.add_node() = MakeNode("name: 'y' op: 'Neg' input: 'w' input: 'x'");
  std::string diff;
  EXPECT_FALSE(EqualGraphDef(a, b, &diff));
  EXPECT_EQ(diff, "Node named 'y' has input 0 'x' that doesn't match expected 'w'");
  *b.mutable_node(0) = MakeNode("name: 'y' op: 'Abs' input: 'x' input: 'w'");
  EXPECT_FALSE(EqualGraphDef(a, b, &diff));
  EXPECT_EQ(diff, "Node named 'y' has op 'Neg' that is not expected 'Abs'");
  *b.add_node() = MakeNode("name: 'z' op: 'NoOp'");
  *b.mutable_node(0) = a.node(0);
  EXPECT_FALSE(EqualGraphDef(a, b, &diff));
  EXPECT_THAT(diff, HasSubstr("Did not find expected node '{{node z}} = NoOp"));
  EXPECT_FALSE(EqualGraphDef(b, a, &diff));
  EXPECT_THAT(diff, HasSubstr("Found unexpected node '{{node z}} = NoOp"));
}

TEST(EqualGraphDef, GraphsBuiltTwiceAreEqual) {
  auto build = [](GraphDef* out) {
    Scope root = Scope::NewRootScope();
    auto x = ops::Placeholder(root.WithOpName("x"), DT_FLOAT);
    auto y = ops::Square(root.WithOpName("y"), x);
    (void)y;
    TF_CHECK_OK(root.ToGraphDef(out));
  };
  GraphDef a, b;
  build(&a);
  build(&b);
  TF_EXPECT_GRAPH_EQ(a, b);
}

TEST(CallGradFunction, AddsTheRegisteredGradient) {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root, DT_FLOAT);
  auto y = ops::Neg(root, x);
  auto dy = ops::Placeholder(root, DT_FLOAT);
  std::vector<Output> grads;
  TF_ASSERT_OK(test::CallGradFunction(root, Operation(y.node()), {dy}, &grads));
  ASSERT_EQ(grads.size(), 1u);
  EXPECT_EQ(grads[0].node()->type_string(), "Neg");
  auto c = ops::Const(root, 1.0f);  // registered as having no gradient
  TF_ASSERT_OK(test::CallGradFunction(root, Operation(c.node()), {dy}, &grads));
  EXPECT_TRUE(grads.empty());
  auto shape = ops::Shape(root, x);
  TF_ASSERT_OK(test::CallGradFunction(root, Operation(shape.node()), {dy}, &grads));
  ASSERT_EQ(grads.size(), 1u);
  EXPECT_EQ(grads[0].node(), nullptr);  // NoGradient
  auto s = ops::FakeQuantWithMinMaxVarsGradient(root, dy, x, c, c);
  EXPECT_THAT(test::CallGradFunction(root, Operation(s.backprops_wrt_input.node()), {dy}, &grads),
              testing::StatusIs(error::NOT_FOUND, HasSubstr("No gradient defined for op")));
}

}  // namespace
}  // namespace tensorflow
