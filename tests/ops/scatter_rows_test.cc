// The row scatters (ScatterUpdate/Add/Sub/Mul/Div/Min/Max on reference variables, their
// ResourceScatter* forms) against TF 2.21's texts, codes and values, recorded from
// tf.compat.v1 graphs of the raw ops in a tf.compat.v1.Session with the indices and updates fed
// through placeholder_with_default (so the kernels, not the shape functions, see them): each
// form's checks in TF's order, a bad index failing the Run after the updates before it landed,
// the resource forms' own rules (a zero divisor of any type, a scalar variable as one row), and
// the variable's value after each failure. Where TF would divide an integer by zero (SIGFPE) or
// write past a resource variable (rows of another size), minitf's errors are checked.
// tests/golden/scatter.pb (cwise_golden_test.cc) checks the reference forms' numbers over
// every dtype; the resource forms run the same kernels.
#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/resource_variable_ops.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

std::string FirstLine(const Status& s) {
  const std::string message(s.message());
  return message.substr(0, message.find('\n'));
}

// A [5, 3] variable (reference or resource) holding 0..14, indices and updates fed.
template <typename T = float>
struct Rows {
  explicit Rows(bool resource, DataType dtype = DataTypeToEnum<T>::v(),
                TensorShape shape = TensorShape({5, 3}))
      : indices(Placeholder(root, DT_INT32)), updates(Placeholder(root, dtype)) {
    Tensor value(dtype, shape);
    for (int64_t i = 0; i < value.NumElements(); ++i) value.flat<T>()(i) = static_cast<T>(i);
    if (resource) {
      handle = VarHandleOp(root, dtype, shape, VarHandleOp::SharedName("v"));
      init = AssignVariableOp(root, handle, value);
      read = ReadVariableOp(root, handle, dtype);
    } else {
      handle = Variable(root.WithOpName("var"), shape, dtype);
      init = Assign(root, handle, value).operation;
      read = Identity(root, handle);
    }
  }
  // Runs `op` once after initializing the variable: its Status; *after is the variable then.
  Status Run(const Operation& op, const Tensor& idx, const Tensor& upd, Tensor* after) {
    ClientSession session(root);
    TF_CHECK_OK(session.Run({}, {}, {init}, nullptr));
    const Status s = session.Run({{indices, idx}, {updates, upd}}, {}, {op}, nullptr);
    std::vector<Tensor> out;
    TF_CHECK_OK(session.Run({read}, &out));
    *after = out[0];
    return s;
  }

  Scope root = Scope::NewRootScope();
  Output indices, updates, handle, read;
  Operation init;
};

const Tensor kRange15 =
    test::AsTensor<float>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, {5, 3});

void ExpectRunError(const Status& s, const std::string& text) {
  EXPECT_EQ(s.code(), error::INVALID_ARGUMENT) << s;
  EXPECT_EQ(FirstLine(s), text);
}

TEST(ScatterRowsTest, ReferenceFormsHaveTfsTextsAndValues) {
  const Tensor ones3x3 = test::AsTensor<float>({1, 1, 1, 1, 1, 1, 1, 1, 1}, {3, 3});
  Tensor after;
  {
    Rows<> v(false);
    auto add = ScatterAdd(v.root, v.handle, v.indices, v.updates);
    ExpectRunError(v.Run(add.operation, test::AsTensor<int32_t>({4, 7, 0}), ones3x3, &after),
                   "indices[1] = 7 is not in [0, 5)");
    // Row 4 was updated before the bad index, row 0 after it was not (TF's).
    test::ExpectTensorEqual<float>(
        after, test::AsTensor<float>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15}, {5, 3}));
  }
  {
    Rows<> v(false);
    auto update = ScatterUpdate(v.root, v.handle, v.indices, v.updates);
    ExpectRunError(v.Run(update.operation, test::AsTensor<int32_t>({0, 1, 9, 2}, {2, 2}),
                         test::AsTensor<float>(std::vector<float>(12, 1.f), {2, 2, 3}), &after),
                   "indices[1,0] = 9 is not in [0, 5)");
    test::ExpectTensorEqual<float>(
        after, test::AsTensor<float>({1, 1, 1, 1, 1, 1, 6, 7, 8, 9, 10, 11, 12, 13, 14}, {5, 3}));
  }
  {
    Rows<> v(false);
    auto sub = ScatterSub(v.root, v.handle, v.indices, v.updates);
    ExpectRunError(
        v.Run(sub.operation, test::AsTensor<int32_t>({2, -1}), test::AsScalar<float>(1), &after),
        "indices[1] = -1 is not in [0, 5)");
    test::ExpectTensorEqual<float>(
        after, test::AsTensor<float>({0, 1, 2, 3, 4, 5, 5, 6, 7, 9, 10, 11, 12, 13, 14}, {5, 3}));
  }
  {
    Rows<> v(false);
    auto add = ScatterAdd(v.root, v.handle, v.indices, v.updates);
    ExpectRunError(v.Run(add.operation, test::AsTensor<int32_t>({1, 2}),
                         test::AsTensor<float>({1, 1, 1, 1}, {2, 2}), &after),
                   "Must have updates.shape = indices.shape + params.shape[1:] or updates.shape = "
                   "[], got updates.shape [2,2], indices.shape [2], params.shape [5,3]");
    test::ExpectTensorEqual<float>(after, kRange15);
    // Checked even when there is nothing to update.
    ExpectRunError(v.Run(add.operation, Tensor(DT_INT32, TensorShape({0})),
                         Tensor(DT_FLOAT, TensorShape({0, 4})), &after),
                   "Must have updates.shape = indices.shape + params.shape[1:] or updates.shape = "
                   "[], got updates.shape [0,4], indices.shape [0], params.shape [5,3]");
  }
  {
    Rows<> v(false);
    auto mul = ScatterMul(v.root, v.handle, v.indices, v.updates);
    ExpectRunError(v.Run(mul.operation, test::AsTensor<int32_t>({1, 2}, {1, 2}),
                         test::AsTensor<float>({1, 1, 1, 1, 1, 1}, {2, 3}), &after),
                   "Must have updates.shape = indices.shape + params.shape[1:] or updates.shape = "
                   "[], got updates.shape [2,3], indices.shape [1,2], params.shape [5,3]");
  }
  {
    Rows<> v(false, DT_FLOAT, TensorShape({}));
    auto add = ScatterAdd(v.root, v.handle, v.indices, v.updates);
    ExpectRunError(
        v.Run(add.operation, test::AsTensor<int32_t>({0}), test::AsScalar<float>(1), &after),
        "params must be at least 1-D, got shape []");
  }
  {
    // A float divided by zero is IEEE's infinity, as TF's.
    Rows<> v(false);
    auto div = ScatterDiv(v.root, v.handle, v.indices, v.updates);
    TF_ASSERT_OK(v.Run(div.operation, test::AsTensor<int32_t>({1}),
                       test::AsTensor<float>({0, -0.f, 2}, {1, 3}), &after));
    EXPECT_EQ(after.matrix<float>()(1, 0), std::numeric_limits<float>::infinity());
    EXPECT_EQ(after.matrix<float>()(1, 1), -std::numeric_limits<float>::infinity());
    EXPECT_EQ(after.matrix<float>()(1, 2), 2.5f);
  }
  {
    // TF divides an int32 by zero (SIGFPE); minitf refuses before any update.
    Rows<int32_t> v(false);
    auto div = ScatterDiv(v.root, v.handle, v.indices, v.updates);
    ExpectRunError(v.Run(div.operation, test::AsTensor<int32_t>({1, 2}),
                         test::AsTensor<int32_t>({1, 1, 1, 1, 0, 1}, {2, 3}), &after),
                   "updates must not contain 0");
    test::ExpectTensorEqual<int32_t>(
        after, test::AsTensor<int32_t>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, {5, 3}));
  }
}

TEST(ScatterRowsTest, ShapeFunctionsHaveTfsTexts) {
  test_ops::ExpectShapeError(
      [](const Scope& root) {
        auto v = Variable(root, {5, 3}, DT_FLOAT);
        ScatterAdd(root, v, {1, 2}, {{1.f, 1.f}, {1.f, 1.f}});
      },
      "Dimension 1 in both shapes must be equal, but are 2 and 3. Shapes are [2,2] and [2,3].");
  test_ops::ExpectShapeError(
      [](const Scope& root) {
        auto v = Variable(root, {5, 3}, DT_FLOAT);
        ScatterMin(root, v, {1, 2}, Tensor(DT_FLOAT, TensorShape({3, 3})));
      },
      "Dimension 0 in both shapes must be equal, but are 3 and 2. Shapes are [3,3] and [2,3].");
  test_ops::ExpectShapeError(
      [](const Scope& root) {
        auto h = VarHandleOp(root, DT_FLOAT, {5, 3});
        ResourceScatterAdd(root, h, {1, 2}, {{1.f, 1.f}, {1.f, 1.f}});
      },
      "Dimension 1 in both shapes must be equal, but are 2 and 3. Shapes are [2,2] and [2,3].");
}

TEST(ResourceScatterRowsTest, EachFormHasItsValues) {
  // [5, 6, 7] at rows 2 and 0 with updates [2, 4] (Min and Max: [0, 9]); exact in float.
  struct Case {
    const char* form;
    std::vector<float> updates, want;
  };
  const std::vector<Case> cases = {{"Update", {2, 4}, {4, 6, 2}},   {"Add", {2, 4}, {9, 6, 9}},
                                   {"Sub", {2, 4}, {1, 6, 5}},      {"Mul", {2, 4}, {20, 6, 14}},
                                   {"Div", {2, 4}, {1.25, 6, 3.5}}, {"Min", {0, 9}, {5, 6, 0}},
                                   {"Max", {0, 9}, {9, 6, 7}}};
  for (const Case& c : cases) {
    Scope root = Scope::NewRootScope();
    auto h = VarHandleOp(root, DT_FLOAT, {3}, VarHandleOp::SharedName("v"));
    auto init = AssignVariableOp(root, h, {5.f, 6.f, 7.f});
    auto idx = Const(root, {2, 0});
    auto upd = Const(root, {c.updates[0], c.updates[1]});
    Operation op;
    const std::string form = c.form;
    if (form == "Update") op = ResourceScatterUpdate(root, h, idx, upd).operation;
    if (form == "Add") op = ResourceScatterAdd(root, h, idx, upd).operation;
    if (form == "Sub") op = ResourceScatterSub(root, h, idx, upd).operation;
    if (form == "Mul") op = ResourceScatterMul(root, h, idx, upd).operation;
    if (form == "Div") op = ResourceScatterDiv(root, h, idx, upd).operation;
    if (form == "Min") op = ResourceScatterMin(root, h, idx, upd).operation;
    if (form == "Max") op = ResourceScatterMax(root, h, idx, upd).operation;
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

TEST(ResourceScatterRowsTest, ChecksHaveTfsTextsAndOrder) {
  Tensor after;
  {
    Rows<> v(true);
    auto add = ResourceScatterAdd(v.root, v.handle, v.indices, v.updates);
    ExpectRunError(v.Run(add.operation, test::AsTensor<int32_t>({4, 7, 0}),
                         test::AsTensor<float>(std::vector<float>(9, 1.f), {3, 3}), &after),
                   "indices[1] = 7 is not in [0, 5)");
    test::ExpectTensorEqual<float>(
        after, test::AsTensor<float>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15}, {5, 3}));
    ExpectRunError(v.Run(add.operation, test::AsTensor<int32_t>({1, 2}),
                         test::AsTensor<float>(std::vector<float>(9, 1.f), {3, 3}), &after),
                   "The shape of indices ([2]) must be a prefix of the shape of updates ([3,3])");
    test::ExpectTensorEqual<float>(after, kRange15);
    // TF checks nothing more when there is nothing to update.
    TF_ASSERT_OK(v.Run(add.operation, Tensor(DT_INT32, TensorShape({0})),
                       Tensor(DT_FLOAT, TensorShape({0, 4})), &after));
    // Rows of another size than the variable's: TF writes past the variable.
    ExpectRunError(v.Run(add.operation, test::AsTensor<int32_t>({1, 2}),
                         test::AsTensor<float>(std::vector<float>(10, 1.f), {2, 5}), &after),
                   "Must have updates.shape = indices.shape + params.shape[1:] or updates.shape = "
                   "[], got updates.shape [2,5], indices.shape [2], params.shape [5,3]");
    test::ExpectTensorEqual<float>(after, kRange15);
  }
  {
    Rows<> v(true);
    auto update = ResourceScatterUpdate(v.root, v.handle, v.indices, v.updates);
    ExpectRunError(v.Run(update.operation, test::AsTensor<int32_t>({1, 2}),
                         test::AsTensor<float>({1, 1}), &after),
                   "Must have updates.shape = indices.shape + params.shape[1:] or updates.shape = "
                   "[], got updates.shape [2], indices.shape [2], params.shape [5,3]");
  }
  {
    // A zero divisor of any type, scalar or not, before anything else is updated.
    Rows<> v(true);
    auto div = ResourceScatterDiv(v.root, v.handle, v.indices, v.updates);
    ExpectRunError(v.Run(div.operation, test::AsTensor<int32_t>({1}),
                         test::AsTensor<float>({1, -0.f, 2}, {1, 3}), &after),
                   "updates must not contain 0");
    ExpectRunError(
        v.Run(div.operation, test::AsTensor<int32_t>({1}), test::AsScalar<float>(0), &after),
        "updates must not contain 0");
    test::ExpectTensorEqual<float>(after, kRange15);
    Rows<int32_t> w(true);
    auto int_div = ResourceScatterDiv(w.root, w.handle, w.indices, w.updates);
    ExpectRunError(w.Run(int_div.operation, test::AsTensor<int32_t>({1}),
                         test::AsTensor<int32_t>({1, 0, 2}, {1, 3}), &after),
                   "updates must not contain 0");
  }
  {
    Rows<> v(true);
    auto max = ResourceScatterMax(v.root, v.handle, v.indices, v.updates);
    ExpectRunError(v.Run(max.operation, test::AsTensor<int32_t>({1, 5}, {2, 1}),
                         test::AsScalar<float>(9), &after),
                   "indices[1,0] = 5 is not in [0, 5)");
    test::ExpectTensorEqual<float>(
        after, test::AsTensor<float>({0, 1, 2, 9, 9, 9, 6, 7, 8, 9, 10, 11, 12, 13, 14}, {5, 3}));
  }
}

TEST(ResourceScatterRowsTest, AScalarVariableIsOneRow) {
  // TF checks no rank here: a scalar variable is one row of one element, and its bad index's
  // text says [0, 0).
  Tensor after;
  Rows<> v(true, DT_FLOAT, TensorShape({}));
  auto add = ResourceScatterAdd(v.root, v.handle, v.indices, v.updates);
  TF_ASSERT_OK(
      v.Run(add.operation, test::AsTensor<int32_t>({0}), test::AsScalar<float>(1), &after));
  test::ExpectTensorEqual<float>(after, test::AsScalar<float>(1));
  ExpectRunError(
      v.Run(add.operation, test::AsTensor<int32_t>({1}), test::AsScalar<float>(1), &after),
      "indices[0] = 1 is not in [0, 0)");
  ExpectRunError(v.Run(add.operation, test::AsTensor<int32_t>({0}, {1, 1}),
                       test::AsTensor<float>({1}), &after),
                 "The shape of indices ([1,1]) must be a prefix of the shape of updates ([1])");
}

TEST(ResourceScatterRowsTest, AVariableOfAnotherDtypeIsRefused) {
  // Two handles on one variable: the second claims int32, so the shape function lets the int32
  // updates through and the kernel sees the float variable.
  Scope root = Scope::NewRootScope();
  auto h = VarHandleOp(root, DT_FLOAT, {2}, VarHandleOp::SharedName("v"));
  auto init = AssignVariableOp(root, h, {1.f, 2.f});
  auto h_int = VarHandleOp(root, DT_INT32, {2}, VarHandleOp::SharedName("v"));
  auto add = ResourceScatterAdd(root, h_int, {1}, {3});
  ClientSession session(root);
  TF_ASSERT_OK(session.Run({}, {}, {init}, nullptr));
  const Status s = session.Run({}, {}, {add.operation}, nullptr);
  ExpectRunError(s, "DType of scatter resource and updates does not match.");
}

}  // namespace
}  // namespace tensorflow
