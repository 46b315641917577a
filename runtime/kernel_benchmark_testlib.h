// minitf: TF's kernel benchmark runner (tensorflow/core/common_runtime/
// kernel_benchmark_testlib.h): runs every node of a Graph once per benchmark iteration. TF's
// kernel tests pair it with graph/testlib.h:
//
//   static void BM_Neg(::testing::benchmark::State& state) {
//     Graph* g = new Graph(OpRegistry::Global());
//     test::graph::Unary(g, "Neg", test::graph::Constant(g, Tensor(DT_FLOAT, {1024})));
//     test::Benchmark("cpu", g).Run(state);      // takes ownership of g
//   }
//   BENCHMARK(BM_Neg);
//
// An `init` graph runs once first, in the same session: its variables (VariableV2, Variable,
// VarHandleOp nodes named as one of the graph's) are the graph's; its other nodes are kept
// apart under "init/". Only the CPU exists: another device stops the program, as TF's runner
// does for a device it cannot create. A program that includes this links
// benchmark::benchmark (Google Benchmark), as for test_benchmark.h.
#ifndef MINITF_RUNTIME_KERNEL_BENCHMARK_TESTLIB_H_
#define MINITF_RUNTIME_KERNEL_BENCHMARK_TESTLIB_H_

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "framework/graph.h"
#include "framework/logging.h"
#include "framework/status.h"
#include "framework/tensor_id.h"
#include "framework/test_benchmark.h"
#include "runtime/session.h"
#include "runtime/session_options.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/protobuf/config.pb.h"

namespace tensorflow {

class Rendezvous;  // TF's; minitf has no Send/Recv, so benchmarks never pass one

namespace test {

class Benchmark {
 public:
  // Takes ownership of `g` and `init`. `options` (may be null) sets the session's threads.
  Benchmark(const std::string& device, Graph* g, const SessionOptions* options = nullptr,
            Graph* init = nullptr, Rendezvous* rendez = nullptr, const char* executor_type = "",
            bool old_benchmark_api = false) {
    (void)executor_type;
    (void)old_benchmark_api;
    CHECK(absl::AsciiStrToUpper(device) == "CPU") << "Could not create a " << device << " device";
    CHECK(rendez == nullptr) << "minitf has no Rendezvous (no Send/Recv ops)";
    std::unique_ptr<Graph> graph(g), init_graph(init);
    GraphDef def;
    graph->ToGraphDef(&def);
    std::vector<std::string> init_targets;
    if (init_graph != nullptr) AddInit(*init_graph, &def, &init_targets);
    session_.reset(NewSession(options != nullptr ? *options : SessionOptions()));
    TF_CHECK_OK(session_->Create(def));
    if (!init_targets.empty()) {
      std::vector<Tensor> unused;
      TF_CHECK_OK(session_->Run({}, {}, init_targets, &unused));
    }
    CallableOptions callable;
    for (const NodeDef& n : def.node()) {
      if (!absl::StartsWith(n.name(), kInitPrefix)) callable.add_target(n.name());
    }
    TF_CHECK_OK(session_->MakeCallable(callable, &handle_));
  }
  Benchmark(const std::string& device, Graph* g, bool old_benchmark_api)
      : Benchmark(device, g, nullptr, nullptr, nullptr, "", old_benchmark_api) {}
  ~Benchmark() {
    if (session_ != nullptr) {
      (void)session_->ReleaseCallable(handle_);
      (void)session_->Close();
    }
  }
  Benchmark(const Benchmark&) = delete;
  Benchmark& operator=(const Benchmark&) = delete;

  // One run of the whole graph per iteration (a first run outside the timing warms it up).
  void Run(::testing::benchmark::State& state) {
    std::vector<Tensor> outputs;
    TF_CHECK_OK(session_->RunCallable(handle_, {}, &outputs, nullptr));
    for (auto s : state) {
      outputs.clear();
      TF_CHECK_OK(session_->RunCallable(handle_, {}, &outputs, nullptr));
    }
  }

 private:
  static constexpr const char* kInitPrefix = "init/";

  static bool IsVariable(const NodeDef& n) {
    return n.op() == "VariableV2" || n.op() == "Variable" || n.op() == "VarHandleOp";
  }

  // Adds `init`'s nodes to `def`: a variable the graph also has is shared, everything else is
  // renamed under kInitPrefix (inputs follow). Its nodes become `targets`.
  static void AddInit(const Graph& init, GraphDef* def, std::vector<std::string>* targets) {
    std::set<std::string> shared;
    std::set<std::string> main_variables;
    for (const NodeDef& n : def->node()) {
      if (IsVariable(n)) main_variables.insert(n.name());
    }
    GraphDef init_def;
    init.ToGraphDef(&init_def);
    for (const NodeDef& n : init_def.node()) {
      if (IsVariable(n) && main_variables.count(n.name()) > 0) shared.insert(n.name());
    }
    auto renamed = [&](const std::string& name) {
      return shared.count(name) > 0 ? name : absl::StrCat(kInitPrefix, name);
    };
    for (const NodeDef& n : init_def.node()) {
      if (shared.count(n.name()) > 0) continue;
      NodeDef* copy = def->add_node();
      *copy = n;
      copy->set_name(renamed(n.name()));
      for (std::string& input : *copy->mutable_input()) {
        const TensorId id = ParseTensorName(input);
        input = SafeTensorId(renamed(std::string(id.node())), id.index()).ToString();
      }
      targets->push_back(copy->name());
    }
  }

  std::unique_ptr<Session> session_;
  Session::CallableHandle handle_ = 0;
};

}  // namespace test
}  // namespace tensorflow

#endif  // MINITF_RUNTIME_KERNEL_BENCHMARK_TESTLIB_H_
