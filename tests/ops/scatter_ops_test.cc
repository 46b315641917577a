// The scatters that update an existing tensor, against TF 2.21's texts, codes and numbers
// (recorded from tf.compat.v1 graphs of the raw ops in a tf.compat.v1.Session, inputs fed
// through placeholder_with_default so the kernels, not the shape functions, see them):
// TensorScatter*'s own checks, DoScatterNd's, bad_indices_policy, the variable forms on
// reference and resource variables (a bad index vector fails the Run after the other updates
// were applied, as in TF) and values read earlier keeping their value. The gradients are
// checked in gradient_check_test.cc.
// tests/golden/scatter.pb (cwise_golden_test.cc) checks the numbers over every dtype.
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/resource_variable_ops.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/cc/ops/state_ops_internal.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT
using test_ops::ExpectError;

// A float [3, 2] tensor of zeros, indices and updates fed as placeholders of unknown shape.
struct Fed {
  Scope root = Scope::NewRootScope();
  Output tensor = Placeholder(root, DT_FLOAT);
  Output indices = Placeholder(root, DT_INT32);
  Output updates = Placeholder(root, DT_FLOAT);
  ClientSession::FeedType Feeds(const Tensor& idx, const Tensor& upd,
                                const Tensor& t = Tensor(DT_FLOAT, TensorShape({3, 2}))) {
    Tensor zeros = t;
    if (zeros.NumElements() > 0) zeros.flat<float>().setZero();
    return {{tensor, zeros}, {indices, idx}, {updates, upd}};
  }
};

TEST(TensorScatterTest, KernelChecksHaveTfsTexts) {
  const Tensor ones2x2 = test::AsTensor<float>({1, 1, 1, 1}, {2, 2});
  {
    Fed f;
    auto y = TensorScatterUpdate(f.root, f.tensor, f.indices, f.updates);
    ExpectError(f.root, f.Feeds(test::AsTensor<int32_t>({1, 5}, {2, 1}), ones2x2), y,
                "indices[1] = [5] does not index into shape [3,2]");
  }
  {
    Fed f;
    auto y = TensorScatterAdd(f.root, f.tensor, f.indices, f.updates);
    ExpectError(f.root, f.Feeds(test::AsScalar<int32_t>(1), test::AsTensor<float>({1, 1})), y,
                "Indices shape must have rank at least one. Found:[]");
    ExpectError(f.root, f.Feeds(test::AsTensor<int32_t>({1}, {1, 1}), test::AsScalar<float>(1)), y,
                "Updates shape must have rank at least one. Found:[]");
  }
  {
    Fed f;
    auto y = TensorScatterSub(f.root, f.tensor, f.indices, f.updates);
    ExpectError(f.root,
                f.Feeds(test::AsTensor<int32_t>({1, 2}, {2, 1}),
                        test::AsTensor<float>({1, 1, 1, 1, 1, 1}, {3, 2})),
                y,
                "Outer dimensions of indices and update must match. Indices shape: [2,1], "
                "updates shape:[3,2]");
  }
  {
    // TF 2.21 aborts (CHECK d < dims(), TF issue #94132); minitf's text names the outer
    // dimensions, as TF's newer scatter_nd_op_test expects.
    Fed f;
    auto y = TensorScatterUpdate(f.root, f.tensor, f.indices, f.updates);
    ExpectError(f.root,
                f.Feeds(test::AsTensor<int32_t>({1}, {1, 1, 1}), test::AsTensor<float>({3})), y,
                "The rank of updates (1) must be at least the number of outer dimensions of "
                "indices (2). Indices shape: [1,1,1], updates shape:[1]");
  }
  {
    Fed f;
    auto y = TensorScatterMax(f.root, f.tensor, f.indices, f.updates);
    ExpectError(f.root,
                f.Feeds(test::AsTensor<int32_t>({1, 2}, {2, 1}), test::AsTensor<float>({1, 1})), y,
                "Inner dimensions of output shape must match inner dimensions of updates shape. "
                "Output: [3,2] updates: [2]");
  }
  {
    Fed f;
    auto y = TensorScatterMin(f.root, f.tensor, f.indices, f.updates);
    ExpectError(f.root,
                f.Feeds(test::AsTensor<int32_t>({1, 2}, {2, 1}),
                        test::AsTensor<float>({1, 1, 1, 1, 1, 1}, {2, 3})),
                y,
                "The inner 1 dimensions of output.shape=[3,2] must match the inner 1 dimensions "
                "of updates.shape=[2,3]");
  }
  {
    Fed f;
    auto y = TensorScatterUpdate(f.root, f.tensor, f.indices, f.updates);
    ExpectError(f.root,
                f.Feeds(test::AsTensor<int32_t>({0}, {1, 1}), test::AsTensor<float>({1, 1}, {1, 2}),
                        Tensor(DT_FLOAT, TensorShape({0, 2}))),
                y, "Indices and updates specified for empty output shape");
    ExpectError(f.root,
                f.Feeds(Tensor(DT_INT32, TensorShape({1, 8})), test::AsTensor<float>({1}),
                        Tensor(DT_FLOAT, TensorShape({1, 1, 1, 1, 1, 1, 1, 1}))),
                y,
                "Only indices.shape[-1] values between 1 and 5 are currently supported.  "
                "Requested rank: 8");
  }
}

TEST(TensorScatterTest, IgnoredBadIndicesAreSkipped) {
  Fed f;
  auto y = TensorScatterAdd(f.root, f.tensor, f.indices, f.updates,
                            TensorScatterAdd::BadIndicesPolicy("IGNORE"));
  ClientSession session(f.root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run(f.Feeds(test::AsTensor<int32_t>({1, 9, 1}, {3, 1}),
                                   test::AsTensor<float>({1, 2, 3}), Tensor(DT_FLOAT, {3})),
                           {y}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({0, 4, 0}));  // TF's
}

// A reference variable [3] of zeros, updates fed.
struct RefVar {
  Scope root = Scope::NewRootScope();
  Output var = Variable(root.WithOpName("var"), {3}, DT_FLOAT);
  Operation init = Assign(root, var, Const(root, {0.f, 0.f, 0.f})).operation;
  Output indices = Placeholder(root, DT_INT32);
};

TEST(ScatterNdVariableTest, BadIndexFailsAfterTheOtherUpdates) {
  RefVar v;
  auto add = ScatterNdAdd(v.root, v.var, v.indices, {1.f, 2.f, 3.f});
  auto read = Identity(v.root, v.var);
  ClientSession session(v.root);
  TF_ASSERT_OK(session.Run({}, {}, {v.init}, nullptr));
  std::vector<Tensor> out;
  const Status s =
      session.Run({{v.indices, test::AsTensor<int32_t>({0, 7, 2}, {3, 1})}}, {add}, &out);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT);
  EXPECT_EQ(std::string(s.message()).substr(0, std::string(s.message()).find('\n')),
            "indices[1] = [7] does not index into shape [3]");
  TF_ASSERT_OK(session.Run({read}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({1, 0, 3}));  // TF's
}

TEST(ScatterNdVariableTest, ChecksHaveTfsTexts) {
  RefVar v;
  auto updates = Placeholder(v.root, DT_FLOAT);
  auto sub = ScatterNdSub(v.root, v.var, v.indices, updates);
  ClientSession session(v.root);
  std::vector<Tensor> out;
  const ClientSession::FeedType feeds = {{v.indices, test::AsTensor<int32_t>({0, 1}, {2, 1})},
                                         {updates, test::AsTensor<float>({1, 2, 3})}};
  Status s = session.Run(feeds, {sub}, &out);
  EXPECT_EQ(s.code(), error::FAILED_PRECONDITION) << s;
  EXPECT_TRUE(absl::StartsWith(s.message(), "Attempting to use uninitialized value var")) << s;
  TF_ASSERT_OK(session.Run({}, {}, {v.init}, nullptr));
  s = session.Run(feeds, {sub}, &out);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT) << s;
  EXPECT_TRUE(absl::StartsWith(s.message(),
                               "Dimensions [0,1) of indices[shape=[2,1]] = 2 must match "
                               "dimensions [0,1) of updates[shape=[3]] = 3"))
      << s;
}

TEST(ScatterNdVariableTest, AValueReadEarlierKeepsItsValue) {
  RefVar v;
  auto update = ScatterNdUpdate(v.root, v.var, v.indices, {5.f});
  auto read = Identity(v.root, v.var);
  ClientSession session(v.root);
  TF_ASSERT_OK(session.Run({}, {}, {v.init}, nullptr));
  std::vector<Tensor> before, after;
  TF_ASSERT_OK(session.Run({read}, &before));
  TF_ASSERT_OK(session.Run({{v.indices, test::AsTensor<int32_t>({1}, {1, 1})}}, {update}, &after));
  test::ExpectTensorEqual<float>(before[0], test::AsTensor<float>({0, 0, 0}));
  test::ExpectTensorEqual<float>(after[0], test::AsTensor<float>({0, 5, 0}));
}

// Each ResourceScatterNd* on [5, 6, 7] at rows 2 and 0: TF 2.21's values.
TEST(ResourceScatterNdTest, EachFormHasTfsValues) {
  struct Case {
    const char* form;
    std::vector<float> updates, want;
  };
  const std::vector<Case> cases = {{"Update", {1, 2}, {2, 6, 1}},
                                   {"Add", {1, 2}, {7, 6, 8}},
                                   {"Sub", {1, 2}, {3, 6, 6}},
                                   {"Min", {0, 9}, {5, 6, 0}},
                                   {"Max", {0, 9}, {9, 6, 7}}};
  for (const Case& c : cases) {
    Scope root = Scope::NewRootScope();
    auto h = VarHandleOp(root, DT_FLOAT, {3}, VarHandleOp::SharedName("v"));
    auto init = AssignVariableOp(root, h, {5.f, 6.f, 7.f});
    auto idx = Const(root, {{2}, {0}});
    auto upd = Const(root, {c.updates[0], c.updates[1]});
    Operation op;
    const std::string form = c.form;
    if (form == "Update") op = ResourceScatterNdUpdate(root, h, idx, upd).operation;
    if (form == "Add") op = ResourceScatterNdAdd(root, h, idx, upd).operation;
    if (form == "Sub") op = ResourceScatterNdSub(root, h, idx, upd).operation;
    if (form == "Min") op = ResourceScatterNdMin(root, h, idx, upd).operation;
    if (form == "Max") op = ResourceScatterNdMax(root, h, idx, upd).operation;
    auto read = ReadVariableOp(root, h, DT_FLOAT);
    ClientSession session(root);
    std::vector<Tensor> out;
    TF_ASSERT_OK(session.Run({}, {}, {init}, nullptr));
    TF_ASSERT_OK(session.Run({}, {}, {op}, nullptr));
    TF_ASSERT_OK(session.Run({read}, &out));
    SCOPED_TRACE(c.form);
    test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>(c.want));
  }
}

TEST(ResourceScatterNdTest, ErrorsHaveTfsTextsAndKeepTheOtherUpdates) {
  Scope root = Scope::NewRootScope();
  auto h = VarHandleOp(root, DT_FLOAT, {3}, VarHandleOp::SharedName("v"));
  auto indices = Placeholder(root, DT_INT32);
  auto add = ResourceScatterNdAdd(root, h, indices, {1.f, 2.f});
  auto init = AssignVariableOp(root, h, {5.f, 6.f, 7.f});
  auto read = ReadVariableOp(root, h, DT_FLOAT);
  ClientSession session(root);
  std::vector<Tensor> out;
  const ClientSession::FeedType bad = {{indices, test::AsTensor<int32_t>({2, 4}, {2, 1})}};
  Status s = session.Run(bad, {}, {add}, nullptr);
  EXPECT_EQ(s.code(), error::NOT_FOUND) << s;
  EXPECT_TRUE(absl::StartsWith(s.message(),
                               "Container localhost does not exist. "
                               "(Could not find resource: localhost/v)"))
      << s;
  TF_ASSERT_OK(session.Run({}, {}, {init}, nullptr));
  s = session.Run(bad, {}, {add}, nullptr);
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT) << s;
  EXPECT_TRUE(absl::StartsWith(s.message(), "indices[1] = [4] does not index into shape [3]")) << s;
  TF_ASSERT_OK(session.Run({read}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({5, 6, 8}));  // TF's
}

}  // namespace
}  // namespace tensorflow
