// The TF C++ inference program: a model saved as a binary GraphDef is read back with
// ReadBinaryProto and run by a Session by name; then the GraphDef is imported twice into one
// graph with ImportGraphDef (prefixes, input_map, return tensors), and bad inputs are tried.
// Outputs print as hex floats (softmax to 5 digits), so TensorFlow 2.21 and minitf must agree
// bit for bit.
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "tensorflow/cc/framework/scope.h"
#include "tensorflow/cc/ops/standard_ops.h"
#include "tensorflow/core/common_runtime/graph_constructor.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/tensor.h"
#include "tensorflow/core/graph/graph.h"
#include "tensorflow/core/platform/env.h"
#include "tensorflow/core/public/session.h"

using namespace tensorflow;  // NOLINT

namespace {

void Print(const char* what, const Status& s) {
  std::printf("%s: %s [%s]\n", what, absl::StatusCodeToString(s.code()).c_str(),
              std::string(s.message()).c_str());
}

// Floats as hex (every bit), or to 5 digits where minitf is within rounding of TF by design
// (Softmax sums and exponentiates in its own order, docs/design.md).
void PrintTensor(const std::string& name, const Tensor& t, bool rounded = false) {
  std::printf("  %s %s %s:", name.c_str(), DataTypeString(t.dtype()).c_str(),
              t.shape().DebugString().c_str());
  if (t.dtype() == DT_FLOAT) {
    auto flat = t.flat<float>();
    for (int64_t i = 0; i < flat.size(); ++i) std::printf(rounded ? " %.4e" : " %a", flat(i));
  } else if (t.dtype() == DT_INT64) {
    auto flat = t.flat<int64_t>();
    for (int64_t i = 0; i < flat.size(); ++i) std::printf(" %lld", static_cast<long long>(flat(i)));
  }
  std::printf("\n");
}

// A two-layer classifier with fixed weights: input [batch, 3] -> probs [batch, 4], label.
GraphDef BuildModel() {
  Scope root = Scope::NewRootScope();
  auto input =
      ops::Placeholder(root.WithOpName("input"), DT_FLOAT, ops::Placeholder::Shape({-1, 3}));
  auto w1 = ops::Const(root.WithOpName("w1"), {{0.5f, -0.25f, 1.0f, 0.75f, -1.5f},
                                               {-0.5f, 0.125f, 0.3f, -0.7f, 0.9f},
                                               {1.25f, 0.6f, -0.4f, 0.2f, 0.1f}});
  auto b1 = ops::Const(root.WithOpName("b1"), {0.1f, -0.2f, 0.3f, 0.0f, 0.05f});
  auto hidden =
      ops::Relu(root.WithOpName("hidden"), ops::BiasAdd(root, ops::MatMul(root, input, w1), b1));
  auto w2 = ops::Const(root.WithOpName("w2"), {{0.3f, -0.6f, 0.9f, 0.1f},
                                               {-0.2f, 0.4f, 0.7f, -0.8f},
                                               {0.5f, 0.5f, -0.5f, 0.25f},
                                               {1.1f, -0.3f, 0.2f, 0.6f},
                                               {-0.9f, 0.8f, 0.05f, 0.35f}});
  auto logits = ops::Add(root.WithOpName("logits"), ops::MatMul(root, hidden, w2),
                         ops::Const(root, {0.01f, 0.02f, -0.03f, 0.04f}));
  auto probs = ops::Softmax(root.WithOpName("probs"), logits);
  ops::ArgMax(root.WithOpName("label"), probs, 1);
  GraphDef def;
  TF_CHECK_OK(root.ToGraphDef(&def));
  return def;
}

Tensor Batch() {
  Tensor t(DT_FLOAT, TensorShape({4, 3}));
  const float values[] = {1.0f, 2.0f, 3.0f, -1.0f, 0.5f,  0.25f,
                          0.0f, 0.0f, 0.0f, 3.5f,  -2.0f, 1.0f};
  auto flat = t.flat<float>();
  for (int i = 0; i < 12; ++i) flat(i) = values[i];
  return t;
}

}  // namespace

int main() {
  const std::string path = "/tmp/minitf_session_inference_" + std::to_string(getpid()) + ".pb";
  TF_CHECK_OK(WriteBinaryProto(Env::Default(), path, BuildModel()));

  // What an inference program does.
  GraphDef graph_def;
  TF_CHECK_OK(ReadBinaryProto(Env::Default(), path, &graph_def));
  std::unique_ptr<Session> session(NewSession(SessionOptions()));
  TF_CHECK_OK(session->Create(graph_def));
  std::vector<Tensor> outputs;
  TF_CHECK_OK(session->Run({{"input", Batch()}}, {"probs:0", "label", "hidden"}, {}, &outputs));
  std::printf("inference\n");
  PrintTensor("probs", outputs[0], /*rounded=*/true);
  PrintTensor("label", outputs[1]);
  PrintTensor("hidden", outputs[2]);

  std::printf("errors\n");
  Tensor wrong(DT_FLOAT, TensorShape({2, 3}));
  wrong.flat<float>().setZero();
  Print("fetch unknown", session->Run({{"input", wrong}}, {"nope:0"}, {}, &outputs));
  Print("fetch bad index", session->Run({{"input", wrong}}, {"probs:1"}, {}, &outputs));
  Print("target unknown", session->Run({{"input", wrong}}, {}, {"b", "a"}, &outputs));
  Print("unfed", session->Run({}, {"label"}, {}, &outputs));
  Print("int feed", session->Run({{"input", Tensor(int64_t{1})}}, {"label"}, {}, &outputs));
  Print("nothing", session->Run({{"input", wrong}}, {}, {}, &outputs));
  Print("create again", session->Create(graph_def));
  Print("extend", session->Extend(graph_def));
  TF_CHECK_OK(session->Run({{"input", wrong}}, {"label"}, {}, &outputs));
  PrintTensor("label after errors", outputs[0]);
  Print("close", session->Close());
  Print("run after close", session->Run({{"input", wrong}}, {"label"}, {}, &outputs));

  std::unique_ptr<Session> bad(NewSession(SessionOptions()));
  GraphDef future = graph_def;
  future.mutable_versions()->set_min_consumer(100000);
  Print("future graph", bad->Create(future));
  GraphDef cyclic = graph_def;
  cyclic.mutable_node(0)->add_input("^label");
  Print("cycle", bad->Create(cyclic));
  GraphDef dangling = graph_def;
  dangling.mutable_node(dangling.node_size() - 1)->set_input(0, "missing");
  Print("dangling", bad->Create(dangling));
  const std::string garbage = path + ".bad";
  TF_CHECK_OK(WriteStringToFile(Env::Default(), garbage, std::string("\x0a\xff\xff\xff\x0f", 5)));
  GraphDef parsed;
  std::printf(
      "garbage file: %s\n",
      absl::StatusCodeToString(ReadBinaryProto(Env::Default(), garbage, &parsed).code()).c_str());

  // Two copies in one graph: the second reads the first's hidden layer through input_map.
  std::printf("import\n");
  Graph graph(OpRegistry::Global());
  ImportGraphDefOptions first;
  first.prefix = "a";
  TF_CHECK_OK(ImportGraphDef(first, graph_def, &graph, nullptr));
  ImportGraphDefOptions second;
  second.prefix = "b";
  second.input_map[{"hidden", 0}] = {"a/hidden", 0};
  second.return_tensors.push_back({"label", 0});
  second.return_tensors.push_back({"hidden", 0});
  ImportGraphDefResults results;
  TF_CHECK_OK(ImportGraphDef(second, graph_def, &graph, nullptr, &results));
  for (const auto& t : results.return_tensors) {
    std::printf("  return %s:%d\n", t.first->name().c_str(), t.second);
  }
  for (const Node* n : graph.op_nodes()) {
    std::printf("  %s = %s(", n->name().c_str(), n->type_string().c_str());
    std::vector<const Edge*> in(n->in_edges().begin(), n->in_edges().end());
    bool first_input = true;
    for (const Edge* e : in) {
      if (e->IsControlEdge()) continue;
      std::printf("%s%s:%d", first_input ? "" : ", ", e->src()->name().c_str(), e->src_output());
      first_input = false;
    }
    std::printf(")\n");
  }
  std::remove(path.c_str());
  std::remove(garbage.c_str());
  return 0;
}
