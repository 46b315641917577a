// TensorFlow's example_trainer (tensorflow/cc/tutorials/example_trainer.cc), ported to minitf
// unchanged in shape: a graph built with the C++ API is turned into a GraphDef, pinned to the
// CPU with graph::SetDefaultDevice, and run by several sessions at once, each by several
// threads at once, through TF's core Session API (NewSession, Create, Run by name, Close).
// Each step runs power iteration for the largest eigenvalue of A = [3 2; -1 0] (it is 2).
//
// One change from TF's program: its start vector comes from Eigen's setRandom(); here it is
// derived from the session and step numbers, so that runs are reproducible and the output of
// TensorFlow and minitf can be compared line for line (after a stable sort by prefix).
//
//   example_trainer --num_concurrent_sessions=2 --num_concurrent_steps=3 --num_iterations=20
#include <cmath>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/graph/default_device.h"
#include "tensorflow/core/lib/core/threadpool.h"
#include "tensorflow/core/lib/strings/stringprintf.h"
#include "tensorflow/core/platform/env.h"
#include "tensorflow/core/platform/init_main.h"
#include "tensorflow/core/platform/logging.h"
#include "tensorflow/core/public/session.h"
#include "tensorflow/core/util/command_line_flags.h"

namespace tensorflow {
namespace example {

struct Options {
  int num_concurrent_sessions = 10;  // sessions running at once
  int num_concurrent_steps = 10;     // steps running at once in each session
  int num_iterations = 100;          // iterations of each step
  bool use_gpu = false;              // minitf has no GPU: "/gpu:0" is refused
};

// A = [3 2; -1 0]; x = [1; 1]; y = A x; y_normalized = y / |y|.
GraphDef CreateGraphDef() {
  Scope root = Scope::NewRootScope();
  using namespace ::tensorflow::ops;  // NOLINT(build/namespaces)
  auto a = Const(root, {{3.f, 2.f}, {-1.f, 0.f}});
  auto x = Const(root.WithOpName("x"), {{1.f}, {1.f}});
  auto y = MatMul(root.WithOpName("y"), a, x);
  auto y2 = Square(root, y);
  auto y2_sum = Sum(root, y2, 0);
  auto y_norm = Sqrt(root, y2_sum);
  Div(root.WithOpName("y_normalized"), y, y_norm);
  GraphDef def;
  TF_CHECK_OK(root.ToGraphDef(&def));
  return def;
}

// lambda = x'y (x has norm 1), with x and y.
std::string DebugString(const Tensor& x, const Tensor& y) {
  CHECK_EQ(x.NumElements(), 2);
  CHECK_EQ(y.NumElements(), 2);
  auto x_flat = x.flat<float>();
  auto y_flat = y.flat<float>();
  const float lambda = x_flat(0) * y_flat(0) + x_flat(1) * y_flat(1);
  return strings::Printf("lambda = %8.6f x = [%8.6f %8.6f] y = [%8.6f %8.6f]", lambda, x_flat(0),
                         x_flat(1), y_flat(0), y_flat(1));
}

void ConcurrentSteps(const Options* opts, int session_index) {
  SessionOptions options;
  std::unique_ptr<Session> session(NewSession(options));
  GraphDef def = CreateGraphDef();
  if (options.target.empty()) {
    graph::SetDefaultDevice(opts->use_gpu ? "/gpu:0" : "/cpu:0", &def);
  }
  TF_CHECK_OK(session->Create(def));
  {
    // M threads for M concurrent steps; the pool's destructor waits for them.
    const int M = opts->num_concurrent_steps;
    thread::ThreadPool step_threads(Env::Default(), "trainer", M);
    for (int step = 0; step < M; ++step) {
      step_threads.Schedule([&session, opts, session_index, step]() {
        Tensor x(DT_FLOAT, TensorShape({2, 1}));
        auto x_flat = x.flat<float>();
        const float angle = 0.1f + 0.37f * static_cast<float>(session_index * 31 + step);
        x_flat(0) = std::cos(angle);
        x_flat(1) = std::sin(angle);
        std::vector<Tensor> outputs;
        for (int iter = 0; iter < opts->num_iterations; ++iter) {
          outputs.clear();
          TF_CHECK_OK(session->Run({{"x", x}}, {"y:0", "y_normalized:0"}, {}, &outputs));
          CHECK_EQ(size_t{2}, outputs.size());
          const Tensor& y = outputs[0];
          const Tensor& y_norm = outputs[1];
          std::printf("%06d/%06d %s\n", session_index, step, DebugString(x, y).c_str());
          x = y_norm;  // the next iteration starts from y / |y|
        }
      });
    }
  }
  TF_CHECK_OK(session->Close());
}

void ConcurrentSessions(const Options& opts) {
  const int N = opts.num_concurrent_sessions;
  thread::ThreadPool session_threads(Env::Default(), "trainer", N);
  for (int i = 0; i < N; ++i) {
    session_threads.Schedule(std::bind(&ConcurrentSteps, &opts, i));
  }
}

}  // namespace example
}  // namespace tensorflow

int main(int argc, char* argv[]) {
  tensorflow::example::Options opts;
  std::vector<tensorflow::Flag> flag_list = {
      tensorflow::Flag("num_concurrent_sessions", &opts.num_concurrent_sessions,
                       "sessions running at once"),
      tensorflow::Flag("num_concurrent_steps", &opts.num_concurrent_steps,
                       "steps running at once in each session"),
      tensorflow::Flag("num_iterations", &opts.num_iterations, "iterations of each step"),
      tensorflow::Flag("use_gpu", &opts.use_gpu, "place the graph on /gpu:0"),
  };
  const std::string usage = tensorflow::Flags::Usage(argv[0], flag_list);
  if (!tensorflow::Flags::Parse(&argc, argv, flag_list) || argc > 1) {
    std::cerr << usage;
    return 2;
  }
  tensorflow::port::InitMain(argv[0], &argc, &argv);
  if (opts.num_concurrent_sessions < 1 || opts.num_concurrent_steps < 1) {
    std::cerr << "the session and step counts must be at least 1\n" << usage;
    return 2;
  }
  tensorflow::example::ConcurrentSessions(opts);
  return 0;
}
