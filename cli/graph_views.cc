#include "cli/graph_views.h"

#include <cstdio>
#include <map>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/types.h"
#include "tensorflow/core/framework/types.pb.h"

namespace minitf {
namespace {

using tensorflow::Graph;
using tensorflow::Node;

// A string as a JSON double-quoted literal, or with `dot` as a Graphviz one (where "\n" is a
// centred line break).
std::string Quote(absl::string_view s, bool dot = false) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(c);
    } else if (dot && c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", static_cast<unsigned char>(c));
      out += buf;
    } else {
      out.push_back(c);
    }
  }
  return out + "\"";
}

std::string OutputDescription(const Node& node, int o) {
  return absl::StrCat(tensorflow::DataTypeString(node.output_type(o)), " ",
                      node.output_shape(o).DebugString());
}

std::string ShapeForCli(const tensorflow::TensorShapeProto& shape) {
  if (shape.unknown_rank()) return "unknown_rank";
  std::vector<int64_t> dims;
  for (const auto& d : shape.dim()) dims.push_back(d.size());
  return absl::StrCat("(", absl::StrJoin(dims, ", "), ")");
}

void DescribeTensors(absl::string_view direction,
                     const google::protobuf::Map<std::string, tensorflow::TensorInfo>& map,
                     std::string* out) {
  absl::StrAppend(out, "  The given SavedModel SignatureDef contains the following ", direction,
                  "(s):\n");
  std::map<std::string, const tensorflow::TensorInfo*> sorted;
  for (const auto& [key, info] : map) sorted[key] = &info;
  for (const auto& [key, info] : sorted) {
    absl::StrAppend(out, "    ", direction, "s['", key, "'] tensor_info:\n",
                    "        dtype: ", tensorflow::DataType_Name(info->dtype()), "\n",
                    "        shape: ", ShapeForCli(info->tensor_shape()), "\n",
                    "        name: ", info->name(), "\n");
  }
}

}  // namespace

std::string DescribeModel(const Model& model) {
  std::string out;
  if (const tensorflow::MetaGraphDef* meta = model.meta_graph()) {
    std::vector<std::string> tags(meta->meta_info_def().tags().begin(),
                                  meta->meta_info_def().tags().end());
    absl::StrAppend(&out, "MetaGraphDef with tag-set: '", absl::StrJoin(tags, ", "),
                    "' contains the following SignatureDefs:\n");
    std::map<std::string, const tensorflow::SignatureDef*> sorted;
    for (const auto& [key, sig] : meta->signature_def()) sorted[key] = &sig;
    for (const auto& [key, sig] : sorted) {
      absl::StrAppend(&out, "\nsignature_def['", key, "']:\n");
      DescribeTensors("input", sig->inputs(), &out);
      DescribeTensors("output", sig->outputs(), &out);
      absl::StrAppend(&out, "  Method name is: ", sig->method_name(), "\n");
    }
    absl::StrAppend(&out, "\n");
  }
  const Graph& graph = model.graph();
  absl::StrAppend(&out, "graph: ", graph.num_op_nodes(), " nodes\n");
  for (const Node* node : graph.op_nodes()) {
    std::vector<std::string> outputs;
    for (int o = 0; o < node->num_outputs(); ++o) outputs.push_back(OutputDescription(*node, o));
    absl::StrAppend(&out, "  ", node->name(), " = ", node->type_string(), "(",
                    absl::StrJoin(node->def().input(), ", "), ")");
    if (!outputs.empty()) absl::StrAppend(&out, " -> ", absl::StrJoin(outputs, ", "));
    absl::StrAppend(&out, "\n");
  }
  return out;
}

std::string GraphToDot(const Graph& graph) {
  std::string out = "digraph minitf {\n  node [shape=box, fontname=\"Helvetica\"];\n";
  for (const Node* node : graph.op_nodes()) {
    absl::StrAppend(&out, "  ", Quote(node->name()),
                    " [label=", Quote(absl::StrCat(node->name(), "\n", node->type_string()), true),
                    "];\n");
  }
  for (const Node* node : graph.op_nodes()) {
    for (const tensorflow::Edge* e : node->in_edges()) {
      if (!e->src()->IsOp()) continue;
      absl::StrAppend(&out, "  ", Quote(e->src()->name()), " -> ", Quote(node->name()));
      if (e->IsControlEdge()) {
        absl::StrAppend(&out, " [style=dashed];\n");
      } else {
        std::string label = OutputDescription(*e->src(), e->src_output());
        if (e->src()->num_outputs() > 1) label = absl::StrCat(e->src_output(), ": ", label);
        absl::StrAppend(&out, " [label=", Quote(label), "];\n");
      }
    }
  }
  return out + "}\n";
}

std::string ChromeTrace(const tensorflow::StepStats& stats, const Graph& graph) {
  std::map<std::string, const Node*> nodes;
  for (const Node* node : graph.op_nodes()) nodes[node->name()] = node;
  std::vector<std::string> events;
  events.push_back(
      R"({"name": "process_name", "ph": "M", "pid": 0, "args": {"name": "Allocators"}})");
  int pid = 1;
  for (const tensorflow::DeviceStepStats& device : stats.dev_stats()) {
    events.push_back(absl::StrCat(R"({"name": "process_name", "ph": "M", "pid": )", pid,
                                  R"(, "args": {"name": )",
                                  Quote(absl::StrCat(device.device(), " Compute")), "}}"));
    for (const tensorflow::NodeExecStats& n : device.node_stats()) {
      auto it = nodes.find(n.node_name());
      const std::string op = it == nodes.end() ? n.node_name() : it->second->type_string();
      std::string args =
          absl::StrCat(R"("name": )", Quote(n.node_name()), R"(, "op": )", Quote(op));
      if (it != nodes.end()) {
        int i = 0;
        for (const std::string& input : it->second->def().input()) {
          absl::StrAppend(&args, R"(, "input)", i++, R"(": )", Quote(input));
        }
      }
      events.push_back(absl::StrCat(R"({"ph": "X", "cat": "Op", "name": )", Quote(op),
                                    R"(, "pid": )", pid, R"(, "tid": )", n.thread_id(),
                                    R"(, "ts": )", n.all_start_micros(), R"(, "dur": )",
                                    n.all_end_rel_micros(), R"(, "args": {)", args, "}}"));
    }
    ++pid;
  }
  return absl::StrCat("{\n    \"traceEvents\": [\n        ", absl::StrJoin(events, ",\n        "),
                      "\n    ]\n}\n");
}

}  // namespace minitf
