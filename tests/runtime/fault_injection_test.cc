// Fault injection over a training step (forward, gradients, a resource-variable update): the
// N-th tensor allocation fails, or the N-th kernel throws, for every N the step reaches. Each
// faulty Run ends in a clean Status (ResourceExhausted with TF's OOM text, or Internal naming
// the node), nothing leaks (ASan's leak checker runs this too), and the next Run succeeds with
// the numbers a fault-free session computes for the same step.
#include <string>
#include <vector>

#include "framework/internal/tensor_memory.h"
#include "gtest/gtest.h"
#include "runtime/executor.h"
#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/framework/gradients.h"
#include "tensorflow/cc/ops/resource_variable_ops.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor_testutil.h"
#include "tensorflow/core/lib/core/status_test_util.h"

namespace tensorflow {
namespace {

struct Step {
  Scope root = Scope::NewRootScope();
  Output x, loss;
  Operation init, train;
  Output weights;
};

// loss = sum((x w)^2); w -= 0.01 * dloss/dw.
Step MakeStep() {
  Step s;
  s.x = ops::Placeholder(s.root, DT_FLOAT);
  auto w = ops::VarHandleOp(s.root, DT_FLOAT, TensorShape({3, 2}));
  s.init =
      ops::AssignVariableOp(s.root, w, ops::Const(s.root, {{0.5f, -1.f}, {0.25f, 2.f}, {1.f, 0.f}}))
          .operation;
  auto read = ops::ReadVariableOp(s.root, w, DT_FLOAT);
  auto y = ops::MatMul(s.root, s.x, read);
  s.loss = ops::Sum(s.root, ops::Square(s.root, y), {0, 1});
  std::vector<Output> grads;
  TF_CHECK_OK(AddSymbolicGradients(s.root, {s.loss}, {read}, &grads));
  s.train = ops::ResourceApplyGradientDescent(s.root, w, 0.01f, grads[0]).operation;
  s.weights = ops::ReadVariableOp(s.root.WithControlDependencies({s.train}), w, DT_FLOAT);
  TF_CHECK_OK(s.root.status());
  return s;
}

const Tensor& Input() {
  static const Tensor* x = new Tensor(test::AsTensor<float>({1, 2, 3, -1, 0.5f, 2}, {2, 3}));
  return *x;
}

// The loss and the updated weights of `steps` steps from a fresh initialization.
std::vector<Tensor> Train(ClientSession& session, const Step& s, int steps) {
  std::vector<Tensor> out;
  TF_CHECK_OK(session.Run({}, {}, {s.init}, &out));
  for (int i = 0; i < steps; ++i)
    TF_CHECK_OK(session.Run({{s.x, Input()}}, {s.loss, s.weights}, &out));
  return out;
}

// Sweeps `inject(n)` for n = 1..max_n over one training step: each faulty Run must be
// `code` with every text of `texts` in its message, and two clean steps afterwards must give a
// fault-free session's numbers. Returns how many Runs failed.
template <typename Inject>
int SweepTrainingStep(Inject inject, int max_n, absl::StatusCode code,
                      const std::vector<std::string>& texts) {
  Step s = MakeStep();
  ClientSession reference(s.root);
  const std::vector<Tensor> want = Train(reference, s, 2);

  ClientSession session(s.root);
  int failures = 0;
  for (int n = 1; n <= max_n; ++n) {
    std::vector<Tensor> out;
    TF_CHECK_OK(session.Run({}, {}, {s.init}, &out));
    inject(n);
    Status st = session.Run({{s.x, Input()}}, {s.loss, s.weights}, &out);
    inject(0);
    if (!st.ok()) {
      ++failures;
      EXPECT_EQ(st.code(), code) << n << ": " << st;
      for (const std::string& text : texts) {
        EXPECT_NE(st.message().find(text), std::string::npos) << text << " in " << st;
      }
    }
    // The session is whole: two clean steps from a fresh start give the reference's numbers.
    const std::vector<Tensor> got = Train(session, s, 2);
    test::ExpectTensorEqual<float>(got[0], want[0]);
    test::ExpectTensorEqual<float>(got[1], want[1]);
  }
  return failures;
}

TEST(FaultInjection, EveryAllocationOfATrainingStepMayFail) {
  const int failures =
      SweepTrainingStep(tensor_memory::FailNthAllocationForTest, 64,
                        absl::StatusCode::kResourceExhausted, {"OOM when allocating tensor"});
  EXPECT_GT(failures, 3);  // the sweep reached the step's allocations
}

TEST(FaultInjection, EveryKernelOfATrainingStepMayThrow) {
  const int failures =
      SweepTrainingStep(runtime::ThrowFromNthKernelForTest, 40, absl::StatusCode::kInternal,
                        {"fault injected", "[[{{node "});
  EXPECT_GT(failures, 5);
}

}  // namespace
}  // namespace tensorflow
