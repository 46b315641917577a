// Reference variables and ApplyGradientDescent through a ClientSession: state that persists
// across Runs and fetch sets, one store per session, TF's error texts (recorded from TF 2.21
// graphs run in a tf.compat.v1.Session), TF's numbers, and updates that lose nothing under
// concurrent Runs.
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"
#include "tests/ops/session_errors.h"

namespace tensorflow {
namespace {

using namespace ops;  // NOLINT

TEST(StateOpsTest, AssignedValuePersistsAcrossRunsAndFetches) {
  Scope root = Scope::NewRootScope();
  auto v = Variable(root.WithOpName("v"), {2}, DT_FLOAT);
  EXPECT_EQ(v.ref.type(), DT_FLOAT_REF);
  auto init = Assign(root, v, Const(root, {1.5f, -2.f}));
  auto inited = IsVariableInitialized(root, v);
  auto doubled = Mul(root, v, 2.f);
  TF_ASSERT_OK(root.status());
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({inited}, &out));
  EXPECT_FALSE(out[0].scalar<bool>()());
  TF_ASSERT_OK(session.Run({}, {}, {init.operation}, nullptr));
  TF_ASSERT_OK(session.Run({inited, doubled}, &out));  // another plan, the same variable
  EXPECT_TRUE(out[0].scalar<bool>()());
  test::ExpectTensorEqual<float>(out[1], test::AsTensor<float>({3.f, -4.f}));
  TF_ASSERT_OK(session.Run({v}, &out));  // a fetched reference is the value
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({1.5f, -2.f}));
}

// Each session has its own variables (TF's cc_ops_test ControlDeps relies on it).
TEST(StateOpsTest, EachSessionHasItsOwnVariables) {
  Scope root = Scope::NewRootScope();
  auto v = Variable(root, {}, DT_FLOAT);
  auto assign = Assign(root, v, 41.f);
  auto add = Add(root.WithControlDependencies(assign), v, 1.f);
  auto inited = IsVariableInitialized(root, v);
  std::vector<Tensor> out;
  {
    ClientSession session(root);
    TF_ASSERT_OK(session.Run({add, inited}, &out));
    EXPECT_EQ(out[0].scalar<float>()(), 42.f);
  }
  ClientSession fresh(root);
  TF_ASSERT_OK(fresh.Run({inited}, &out));
  EXPECT_FALSE(out[0].scalar<bool>()());
}

TEST(StateOpsTest, SharedNameNamesTheVariable) {
  Scope root = Scope::NewRootScope();
  auto a = Variable(root.WithOpName("a"), {}, DT_INT32, Variable::SharedName("shared"));
  auto b = Variable(root.WithOpName("b"), {}, DT_INT32, Variable::SharedName("shared"));
  auto c = Variable(root.WithOpName("c"), {}, DT_INT32);
  auto init = Assign(root, a, 7);
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({}, {}, {init.operation}, nullptr));
  TF_ASSERT_OK(session.Run({Identity(root, b), IsVariableInitialized(root, c)}, &out));
  EXPECT_EQ(out[0].scalar<int32_t>()(), 7);
  EXPECT_FALSE(out[1].scalar<bool>()());
}

TEST(StateOpsTest, AssignAddSubAndUnvalidatedAssign) {
  Scope root = Scope::NewRootScope();
  auto v = Variable(root, {3}, DT_INT32);
  auto init = Assign(root, v, {1, 2, 3});
  auto add = AssignAdd(root, v, {10, 20, 30});
  auto sub = AssignSub(root, v, {1, 1, 1});
  auto reshape = Assign(root, v, {{4, 5}, {6, 7}}, Assign::ValidateShape(false));
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({init}, &out));
  test::ExpectTensorEqual<int32_t>(out[0], test::AsTensor<int32_t>({1, 2, 3}));
  TF_ASSERT_OK(session.Run({add}, &out));
  TF_ASSERT_OK(session.Run({sub}, &out));
  test::ExpectTensorEqual<int32_t>(out[0], test::AsTensor<int32_t>({10, 21, 32}));
  TF_ASSERT_OK(session.Run({reshape}, &out));
  test::ExpectTensorEqual<int32_t>(out[0], test::AsTensor<int32_t>({4, 5, 6, 7}, {2, 2}));
}

// A value read before an update keeps its value: the fetch is a copy, and an update never
// writes into a buffer another tensor views.
TEST(StateOpsTest, ReadValuesDoNotChangeWithLaterUpdates) {
  Scope root = Scope::NewRootScope();
  auto v = Variable(root, {2}, DT_FLOAT);
  auto init = Assign(root, v, {1.f, 2.f});
  auto add = AssignAdd(root, v, {1.f, 1.f});
  ClientSession session(root);
  std::vector<Tensor> before, after;
  TF_ASSERT_OK(session.Run({init}, &before));
  TF_ASSERT_OK(session.Run({add}, &after));
  test::ExpectTensorEqual<float>(before[0], test::AsTensor<float>({1.f, 2.f}));
  test::ExpectTensorEqual<float>(after[0], test::AsTensor<float>({2.f, 3.f}));
}

TEST(StateOpsTest, ErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  auto v = Variable(root.WithOpName("v"), {2}, DT_FLOAT);
  test_ops::ExpectError(root, {}, Identity(root.WithOpName("id"), v),
                        "Attempting to use uninitialized value v", error::FAILED_PRECONDITION);
  test_ops::ExpectError(root, {}, AssignAdd(root.WithOpName("aa"), v, {1.f, 2.f}),
                        "Attempting to use uninitialized value v", error::FAILED_PRECONDITION);
  test_ops::ExpectError(root, {}, ApplyGradientDescent(root.WithOpName("gd"), v, 0.1f, {1.f, 2.f}),
                        "Attempting to use uninitialized value v", error::FAILED_PRECONDITION);
  test_ops::ExpectError(root, {}, v, "Attempting to use uninitialized value v",
                        error::FAILED_PRECONDITION);

  auto init = Assign(root, v, {1.f, 2.f});
  auto alpha = Placeholder(root, DT_FLOAT);
  auto delta = Placeholder(root, DT_FLOAT);
  auto gd = ApplyGradientDescent(root.WithControlDependencies(init), v, alpha, delta);
  auto aa = AssignAdd(root.WithControlDependencies(init), v, delta);
  test_ops::ExpectError(root, {{alpha, {0.1f, 0.2f}}, {delta, {1.f, 2.f}}}, gd,
                        "alpha is not a scalar: [2]");
  test_ops::ExpectError(root, {{alpha, 0.1f}, {delta, {1.f, 2.f, 3.f}}}, gd,
                        "var and delta do not have the same shape[2] [3]");
  test_ops::ExpectError(root, {{delta, {1.f, 2.f, 3.f}}}, aa,
                        "Parameters and update must be the same size");

  // Graph-time shape checks (the shape functions).
  Scope s = root.NewSubScope("bad");
  Assign(s, v, {1.f, 2.f, 3.f});
  EXPECT_EQ(s.status().code(), error::INVALID_ARGUMENT);
  EXPECT_NE(std::string(s.status().message())
                .find("Dimension 0 in both shapes must be equal, but are 2 and 3"),
            std::string::npos)
      << s.status();
}

// The optimizers' kernel checks (texts from TF 2.21, odd spaces included): strict scalars
// except ApplyGradientDescent's alpha (a one-element vector passes there).
TEST(StateOpsTest, OptimizerErrorsAreTFs) {
  Scope root = Scope::NewRootScope();
  std::vector<Output> slots;
  std::vector<Operation> inits;
  for (const char* name : {"var", "s1", "s2"}) {
    slots.push_back(Variable(root.WithOpName(name), {2}, DT_FLOAT));
    inits.push_back(Assign(root, slots.back(), {1.f, 2.f}).operation);
  }
  const Scope s = root.WithControlDependencies(inits);
  std::vector<Output> p;
  for (int i = 0; i < 7; ++i) p.push_back(Placeholder(root, DT_FLOAT));
  auto mom = ApplyMomentum(s, slots[0], slots[1], p[0], p[1], p[2]);
  auto adam = ApplyAdam(s, slots[0], slots[1], slots[2], p[0], p[1], p[2], p[3], p[4], p[5], p[6]);
  auto rms = ApplyRMSProp(s, slots[0], slots[1], slots[2], p[0], p[1], p[2], p[3], p[4]);
  const Input::Initializer one({0.5f}), two({1.f, 1.f}), three({1.f, 1.f, 1.f});
  auto feeds = [&](int n, int bad, const Input::Initializer& value, int grad) {
    ClientSession::FeedType f;
    for (int i = 0; i < n; ++i) f.emplace(p[i], i == grad ? two : Input::Initializer(0.5f));
    f.erase(p[bad]);
    f.emplace(p[bad], value);
    return f;
  };
  test_ops::ExpectError(root, feeds(3, 0, one, 1), mom, "lr is not a scalar: [1]");
  test_ops::ExpectError(root, feeds(3, 2, two, 1), mom, "momentum is not a scalar: [2]");
  test_ops::ExpectError(root, feeds(3, 1, three, 1), mom,
                        "var and grad do not have the same shape[2] [3]");
  test_ops::ExpectError(root, feeds(7, 0, one, 6), adam, "beta1_power is not a scalar: [1]");
  test_ops::ExpectError(root, feeds(7, 2, one, 6), adam, "lr is not a scalar : [1]");
  test_ops::ExpectError(root, feeds(7, 5, two, 6), adam, "epsilon is not a scalar: [2]");
  test_ops::ExpectError(root, feeds(7, 6, one, 6), adam,
                        "var and grad do not have the same shape[2] [1]");
  test_ops::ExpectError(root, feeds(5, 0, one, 4), rms, "lr is not a scalar : [1]");
  test_ops::ExpectError(root, feeds(5, 1, one, 4), rms, "rho is not a scalar: [1]");
  test_ops::ExpectError(root, feeds(5, 4, one, 4), rms,
                        "var and grad do not have the same shape[2] [1]");
  // ApplyGradientDescent's alpha may be a one-element vector.
  auto gd = ApplyGradientDescent(s, slots[0], p[0], p[1]);
  ClientSession session(root);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({{p[0], one}, {p[1], two}}, {gd}, &out));
  test::ExpectTensorEqual<float>(out[0], test::AsTensor<float>({0.5f, 1.5f}));
}

// TF 2.21's numbers: VariableV2 [5], Assign, then 7 runs of ApplyGradientDescent with
// alpha 0.1 (tf.raw_ops in a tf.compat.v1 graph and session).
TEST(StateOpsTest, ApplyGradientDescentStepsGiveTFsBits) {
  const std::vector<float> init = {0.5f, -1.25f, 3.0f, 1e-3f, 7.75f};
  const std::vector<float> delta = {0.3f, -0.7f, 1.1f, 2.5e-2f, -3.3f};
  Scope root = Scope::NewRootScope();
  auto v = Variable(root, {5}, DT_FLOAT);
  auto assign = Assign(root, v, test::AsTensor<float>(init, {5}));
  auto step = ApplyGradientDescent(root, v, 0.1f, test::AsTensor<float>(delta, {5}));
  auto vd = Variable(root, {5}, DT_DOUBLE);
  const std::vector<double> init_d = {0.5, -1.25, 3.0, 1e-3, 7.75};
  const std::vector<double> delta_d = {0.3, -0.7, 1.1, 2.5e-2, -3.3};
  auto assign_d = Assign(root, vd, test::AsTensor<double>(init_d, {5}));
  auto step_d = ApplyGradientDescent(root, vd, 0.1, test::AsTensor<double>(delta_d, {5}));
  ClientSession session(root);
  TF_ASSERT_OK(session.Run({}, {}, {assign.operation, assign_d.operation}, nullptr));
  for (int i = 0; i < 7; ++i) {
    TF_ASSERT_OK(session.Run({}, {}, {step.operation, step_d.operation}, nullptr));
  }
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({v, vd}, &out));
  test::ExpectTensorEqual<float>(
      out[0], test::AsTensor<float>({0x1.28f5c2p-2f, -0x1.851eb4p-1f, 0x1.1d70aap+1f,
                                     -0x1.0e5606p-6f, 0x1.41eb84p+3f}));
  test::ExpectTensorEqual<double>(
      out[1],
      test::AsTensor<double>({0x1.28f5c28f5c28cp-2, -0x1.851eb851eb852p-1, 0x1.1d70a3d70a3d9p+1,
                              -0x1.0e5604189374cp-6, 0x1.41eb851eb851fp+3}));
}

// Concurrent Runs that add to one variable lose no update.
TEST(StateOpsTest, ConcurrentAssignAddLosesNothing) {
  Scope root = Scope::NewRootScope();
  auto v = Variable(root, {}, DT_INT32);
  auto init = Assign(root, v, 0);
  auto add = AssignAdd(root, v, 1, AssignAdd::UseLocking(true));
  SessionOptions options;
  options.config.set_intra_op_parallelism_threads(2);
  ClientSession session(root, options);
  TF_ASSERT_OK(session.Run({}, {}, {init.operation}, nullptr));
  std::vector<std::thread> threads;
  std::vector<Status> results(8);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 1000 && results[t].ok(); ++i) {
        results[t] = session.Run({}, {}, {add.operation}, nullptr);
      }
    });
  }
  for (auto& t : threads) t.join();
  for (const Status& s : results) TF_EXPECT_OK(s);
  std::vector<Tensor> out;
  TF_ASSERT_OK(session.Run({v}, &out));
  EXPECT_EQ(out[0].scalar<int32_t>()(), 8000);
}

// The C++ training loop TF users write: gradients of a loss with respect to a variable, applied
// with ApplyGradientDescent in one target per step.
TEST(StateOpsTest, GradientDescentOnAVariableLowersTheLoss) {
  Scope root = Scope::NewRootScope();
  auto w = Variable(root, {2, 1}, DT_FLOAT);
  auto init = Assign(root, w, {{0.f}, {0.f}});
  auto x = Const(root, {{1.f, 2.f}, {3.f, 4.f}, {5.f, 6.f}});
  auto y = Const(root, {{5.f}, {11.f}, {17.f}});  // y = x * [1, 2]
  auto loss = Mean(root, Square(root, Sub(root, MatMul(root, x, w), y)), {0, 1});
  std::vector<Output> grads;
  TF_ASSERT_OK(AddSymbolicGradients(root, {loss}, {w}, &grads));
  EXPECT_EQ(grads[0].type(), DT_FLOAT);
  auto step = ApplyGradientDescent(root, w, 0.03f, grads[0]);
  ClientSession session(root);
  TF_ASSERT_OK(session.Run({}, {}, {init.operation}, nullptr));
  std::vector<Tensor> first, last;
  TF_ASSERT_OK(session.Run({loss}, &first));
  for (int i = 0; i < 2000; ++i) TF_ASSERT_OK(session.Run({}, {}, {step.operation}, nullptr));
  TF_ASSERT_OK(session.Run({loss, w}, &last));
  EXPECT_LT(last[0].scalar<float>()(), 1e-2f * first[0].scalar<float>()());
  EXPECT_NEAR(last[1].matrix<float>()(0, 0), 1.f, 1e-2f);
  EXPECT_NEAR(last[1].matrix<float>()(1, 0), 2.f, 1e-2f);
}

}  // namespace
}  // namespace tensorflow
