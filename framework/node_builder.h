// minitf: NodeBuilder, the one way nodes enter a Graph (TF's node_builder.h). It matches
// inputs to the op's signature, infers type and length attrs from them, adds defaults,
// validates every attr (types, allowed values, minimums), then adds the node and its edges.
//
//   Node* n;
//   TF_RETURN_IF_ERROR(NodeBuilder("y", "Identity").Input(x_node).Finalize(graph, &n));
//
// Errors use TF's wording and name the node ("... while building NodeDef 'y' using Op<...>",
// "Value for attr 'T' of string is not in the list of allowed values: ...; NodeDef: {{node y}}").
#ifndef MINITF_FRAMEWORK_NODE_BUILDER_H_
#define MINITF_FRAMEWORK_NODE_BUILDER_H_

#include <string>
#include <vector>

#include "framework/attr_value_util.h"
#include "framework/graph.h"
#include "framework/op.h"
#include "framework/status.h"

namespace tensorflow {

class NodeBuilder {
 public:
  // One input: an output of a node already in the graph.
  struct NodeOut {
    NodeOut(Node* n, int32_t i = 0);  // NOLINT(runtime/explicit)
    // A by-name input (TF's backward edges); minitf's graphs reject these at Finalize.
    NodeOut(absl::string_view name, int32_t i, DataType t);
    NodeOut();

    Node* node = nullptr;
    bool error = false;  // set when made from an unusable Node (null)
    std::string name;
    int32_t index = 0;
    DataType dt = DT_FLOAT;
  };

  NodeBuilder(absl::string_view name, absl::string_view op_name,
              const OpRegistry* op_registry = OpRegistry::Global());

  NodeBuilder& Input(Node* src_node, int src_index = 0);
  NodeBuilder& Input(NodeOut src);
  NodeBuilder& Input(absl::Span<const NodeOut> src_list);
  NodeBuilder& ControlInput(Node* src_node);
  NodeBuilder& ControlInputs(absl::Span<Node* const> src_nodes);
  NodeBuilder& Device(absl::string_view device_spec);
  NodeBuilder& AssignedDevice(absl::string_view device);

  template <class T>
  NodeBuilder& Attr(absl::string_view attr_name, T&& value) {
    AttrValue v;
    SetAttrValue(std::forward<T>(value), &v);
    attrs_.emplace_back(std::string(attr_name), std::move(v));
    return *this;
  }
  template <class T>
  NodeBuilder& Attr(absl::string_view attr_name, std::initializer_list<T> value) {
    AttrValue v;
    SetAttrValue(value, &v);
    attrs_.emplace_back(std::string(attr_name), std::move(v));
    return *this;
  }

  // Validates and adds the node. On error nothing is added to `graph`.
  Status Finalize(Graph* graph, Node** created_node, bool consume = false);

  const std::string& node_name() const { return name_; }
  const OpDef& op_def() const;

 private:
  struct ArgInput {
    bool is_list = false;
    std::vector<NodeOut> outs;
  };
  // Builds the NodeDef (attrs inferred, defaults added, validated) and collects edges.
  Status BuildNodeDef(NodeDef* def) const;

  std::string name_;
  std::string op_name_;
  const OpRegistrationData* reg_ = nullptr;
  Status lookup_status_;
  std::vector<ArgInput> inputs_;
  std::vector<std::pair<std::string, AttrValue>> attrs_;
  std::vector<Node*> control_inputs_;
  std::string device_;
  std::string assigned_device_;
  std::vector<std::string> errors_;
};

// Checks `node_def` against `op_def`: every attr present, none unknown (names starting
// with '_' are free), each of the right type, allowed and above its minimum.
Status ValidateNodeDef(const NodeDef& node_def, const OpDef& op_def);
// ValidateNodeDef plus the op's own attr check, if it registered one.
Status ValidateNodeDef(const NodeDef& node_def, const OpRegistrationData& reg);
// Adds the op's default for every attr the NodeDef lacks.
void AddDefaultsToNodeDef(const OpDef& op_def, NodeDef* node_def);
// True for names TF accepts: [A-Za-z0-9.][A-Za-z0-9_>./]*
bool IsValidNodeName(absl::string_view name);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_NODE_BUILDER_H_
