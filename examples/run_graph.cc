// Builds a graph and runs it with ClientSession, as a TensorFlow C++ program does.
//
//   x (Placeholder int32 [2])   c (Const {{3, 2}, {-1, 0}} -> Cast to float)
//        |                              |
//     Identity "y"                Identity "c_copy"
//
// It feeds x twice (the second Run reuses the compiled plan), fetches both results, runs a
// NoOp target, traces one step, and shows the error TF gives for an unfed placeholder.
#include <iostream>
#include <vector>

#include "tensorflow/cc/client/client_session.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/tensor.h"

using namespace tensorflow;  // NOLINT: as TF's own examples do

int main() {
  Scope root = Scope::NewRootScope();
  auto x = ops::Placeholder(root.WithOpName("x"), DT_INT32, ops::Placeholder::Shape({2}));
  auto y = ops::Identity(root.WithOpName("y"), x);
  auto c = ops::Const<float>(root, {{3, 2}, {-1, 0}});
  auto c_copy = ops::Identity(root.WithOpName("c_copy"), c);
  auto done = ops::NoOp(root.WithOpName("done").WithControlDependencies({y.operation}));
  TF_CHECK_OK(root.status());

  SessionOptions options;
  options.config.set_intra_op_parallelism_threads(2);
  options.config.set_inter_op_parallelism_threads(2);
  ClientSession session(root, options);
  std::vector<Tensor> outputs;
  TF_CHECK_OK(session.Run({{x, {1, 2}}}, {y, c_copy}, {done.operation}, &outputs));
  std::cout << "y = " << outputs[0].DebugString() << "\n";
  std::cout << "c_copy =\n" << outputs[1].matrix<float>() << "\n";
  TF_CHECK_OK(session.Run({{x, {40, 2}}}, {y}, &outputs));
  std::cout << "y = " << outputs[0].SummarizeValue(10) << "\n";

  RunOptions run_options;
  run_options.set_trace_level(RunOptions::FULL_TRACE);
  RunMetadata metadata;
  TF_CHECK_OK(session.Run(run_options, {{x, {7, 8}}}, {y}, {}, &outputs, &metadata));
  std::cout << "traced nodes: " << metadata.step_stats().dev_stats(0).node_stats_size() << "\n";

  Status unfed = session.Run({y}, &outputs);
  std::cout << "unfed: " << unfed.ToString() << "\n";
  return 0;
}
