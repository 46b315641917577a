// minitf: Graph, Node and Edge, as TensorFlow's core/graph/graph.h.
//
// A Graph owns its Nodes and Edges. It starts with SOURCE (id 0) and SINK (id 1), joined by
// a control edge; neither is ever written to a GraphDef. Ops added by a Scope get ids from
// 2 in creation order, which is the order ToGraphDef writes them in.
//
//   for (const Node* n : graph.op_nodes()) {
//     LOG(INFO) << n->name() << " = " << n->type_string();
//     for (const Edge* e : n->in_edges()) ...   // data and control (e->IsControlEdge())
//   }
//
// Thread safety: a Graph is thread-compatible: concurrent reads are fine, any change needs
// exclusive access (as in TF).
#ifndef MINITF_FRAMEWORK_GRAPH_H_
#define MINITF_FRAMEWORK_GRAPH_H_

#include <memory>
#include <string>
#include <vector>

#include "framework/node_def_util.h"
#include "framework/op.h"
#include "framework/resource_handle.h"
#include "framework/status.h"
#include "framework/tensor_shape.h"
#include "framework/types.h"
#include "tensorflow/core/framework/graph.pb.h"
#include "tensorflow/core/framework/node_def.pb.h"
#include "tensorflow/core/framework/versions.pb.h"

namespace tensorflow {

class Edge;
class Graph;
class Node;

// The edges into or out of a node, in insertion order (data and control).
class EdgeSet {
 public:
  typedef std::vector<const Edge*>::const_iterator const_iterator;
  const_iterator begin() const { return edges_.begin(); }
  const_iterator end() const { return edges_.end(); }
  size_t size() const { return edges_.size(); }
  bool empty() const { return edges_.empty(); }

 private:
  friend class Graph;
  void insert(const Edge* e) { edges_.push_back(e); }
  void erase(const Edge* e);
  std::vector<const Edge*> edges_;
};

class Node {
 public:
  int id() const { return id_; }
  const std::string& name() const { return def_.name(); }
  const std::string& type_string() const { return def_.op(); }
  // The NodeDef with every attr (explicit, inferred and defaulted) and the requested
  // device. Its `input` field is empty here: inputs are the edges (Graph::ToGraphDef
  // writes them).
  const NodeDef& def() const { return def_; }
  const OpDef& op_def() const { return op_reg_->op_def; }

  int32_t num_inputs() const { return static_cast<int32_t>(input_types_.size()); }
  DataType input_type(int32_t i) const;
  const DataTypeVector& input_types() const { return input_types_; }
  int32_t num_outputs() const { return static_cast<int32_t>(output_types_.size()); }
  DataType output_type(int32_t o) const;
  const DataTypeVector& output_types() const { return output_types_; }

  const std::string& requested_device() const { return def_.device(); }
  const std::string& assigned_device_name() const { return assigned_device_; }
  void set_requested_device(const std::string& device) { def_.set_device(device); }
  void set_assigned_device_name(const std::string& device) { assigned_device_ = device; }

  AttrSlice attrs() const { return AttrSlice(def_); }
  // Sets or replaces an attr.
  template <typename T>
  void AddAttr(const std::string& name, const T& val) {
    AddNodeAttr(name, val, &def_);
  }
  void ClearAttr(const std::string& name) { def_.mutable_attr()->erase(name); }

  const EdgeSet& in_edges() const { return in_edges_; }
  const EdgeSet& out_edges() const { return out_edges_; }
  std::vector<Node*> in_nodes() const;
  std::vector<Node*> out_nodes() const;
  // The data edge into input `idx` (NotFound-style errors if absent).
  Status input_edge(int idx, const Edge** e) const;
  // The data edges in input order.
  Status input_edges(std::vector<const Edge*>* edges) const;
  Status input_node(int idx, const Node** n) const;
  Status input_node(int idx, Node** n) const;

  bool IsSource() const { return id_ == 0; }
  bool IsSink() const { return id_ == 1; }
  bool IsOp() const { return id_ > 1; }
  bool IsConstant() const { return type_string() == "Const" || type_string() == "HostConst"; }
  bool IsPlaceholder() const { return type_string() == "Placeholder"; }
  bool IsIdentity() const { return type_string() == "Identity" || type_string() == "RefIdentity"; }
  bool IsNoOp() const { return type_string() == "NoOp"; }
  bool IsVariable() const { return type_string() == "VariableV2" || type_string() == "Variable"; }
  bool IsControlFlow() const { return false; }

  // Output shapes from the last shape inference (unknown until then).
  const PartialTensorShape& output_shape(int o) const { return output_shapes_[o]; }
  void set_output_shapes(std::vector<PartialTensorShape> shapes) {
    output_shapes_ = std::move(shapes);
  }
  // What a resource output refers to (a variable's dtype and shape), from shape inference;
  // empty when unknown.
  const std::vector<DtypeAndPartialTensorShape>& output_handle_data(int o) const {
    static const std::vector<DtypeAndPartialTensorShape> kNone;
    return o < static_cast<int>(output_handle_data_.size()) ? output_handle_data_[o] : kNone;
  }
  void set_output_handle_data(std::vector<std::vector<DtypeAndPartialTensorShape>> data) {
    output_handle_data_ = std::move(data);
  }

  // "{name:'x' id:3 op device:{} def:{...}}" as TF's, for logs.
  std::string DebugString() const;

 private:
  friend class Graph;
  Node() = default;

  int id_ = -1;
  NodeDef def_;
  const OpRegistrationData* op_reg_ = nullptr;
  DataTypeVector input_types_;
  DataTypeVector output_types_;
  std::string assigned_device_;
  EdgeSet in_edges_;
  EdgeSet out_edges_;
  std::vector<PartialTensorShape> output_shapes_;
  std::vector<std::vector<DtypeAndPartialTensorShape>> output_handle_data_;
};

class Edge {
 public:
  Node* src() const { return src_; }
  Node* dst() const { return dst_; }
  int id() const { return id_; }
  // Output index of src (Graph::kControlSlot for a control edge).
  int src_output() const { return src_output_; }
  // Input index of dst (Graph::kControlSlot for a control edge).
  int dst_input() const { return dst_input_; }
  bool IsControlEdge() const;
  std::string DebugString() const;

 private:
  friend class Graph;
  Edge() = default;
  Node* src_ = nullptr;
  Node* dst_ = nullptr;
  int id_ = -1;
  int src_output_ = 0;
  int dst_input_ = 0;
};

// The version this build writes into GraphDefs (TensorFlow 2.21's TF_GRAPH_DEF_VERSION).
constexpr int TF_GRAPH_DEF_VERSION = 2474;
constexpr int TF_GRAPH_DEF_VERSION_MIN_CONSUMER = 0;
constexpr int TF_GRAPH_DEF_VERSION_MIN_PRODUCER = 0;

class Graph {
 public:
  static constexpr int kControlSlot = -1;

  // Nodes are looked up in `ops` (the global registry by default).
  explicit Graph(const OpRegistry* ops = OpRegistry::Global());
  ~Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  const VersionDef& versions() const { return versions_; }
  void set_versions(const VersionDef& versions) { versions_ = versions; }
  const OpRegistry* op_registry() const { return ops_; }

  // Adds a node for `node_def` (its `input` field is ignored: add edges separately).
  // Input and output types come from the op's signature and the node's attrs.
  absl::StatusOr<Node*> AddNode(NodeDef node_def);
  Node* AddNode(NodeDef node_def, Status* status);
  // Removes a node and its edges; its id is not reused.
  void RemoveNode(Node* node);

  const Edge* AddEdge(Node* source, int x, Node* dest, int y);
  // Adds a control edge unless an identical one exists (or allow_duplicates).
  const Edge* AddControlEdge(Node* source, Node* dest, bool allow_duplicates = false);
  void RemoveEdge(const Edge* edge);
  // Rewrites node->def()'s inputs from its in-edges, as TF's NodeBuilder writes them: data
  // inputs by index ("x", "x:1"), then control inputs ("^c") in the order they were added.
  // AddControlEdge, RemoveEdge and UpdateEdge call it; node builders call it once at the end.
  void SyncDefInputs(Node* node);
  void RemoveControlEdge(const Edge* edge) { RemoveEdge(edge); }
  // Replaces the data edge into dst:dst_index with one from new_src:new_src_index.
  Status UpdateEdge(Node* new_src, int new_src_index, Node* dst, int dst_index);

  // Counts include SOURCE and SINK, as TF's.
  int num_nodes() const { return num_nodes_; }
  int num_op_nodes() const { return num_nodes_ - 2; }
  int num_edges() const { return num_edges_; }
  // One more than the largest node id ever given.
  int num_node_ids() const { return static_cast<int>(nodes_.size()); }
  int num_edge_ids() const { return static_cast<int>(edges_.size()); }
  // The node with this id, or nullptr (removed or out of range).
  Node* FindNodeId(int id) const;
  Node* source_node() const { return nodes_[0].get(); }
  Node* sink_node() const { return nodes_[1].get(); }

  // Every live node (SOURCE and SINK included) / every op node, in id order.
  std::vector<Node*> nodes() const;
  std::vector<Node*> op_nodes() const;
  std::vector<const Edge*> edges() const;

  // Writes the op nodes in id order with inputs rebuilt from edges (data in index order,
  // then "^control" sorted by name), versions, and an (empty) function library.
  void ToGraphDef(GraphDef* graph_def, bool include_flib_def = true,
                  bool include_debug_info = false) const;
  // Like ToGraphDef for the nodes with id >= from_node_id.
  void ToGraphDefSubRange(GraphDef* graph_def, int from_node_id, bool include_flib_def = true,
                          bool include_debug_info = false) const;
  // A fresh name "prefix/_N".
  std::string NewName(absl::string_view prefix);

 private:
  Node* AllocateNode(NodeDef def, const OpRegistrationData* reg, DataTypeVector in,
                     DataTypeVector out);

  const OpRegistry* ops_;
  VersionDef versions_;
  std::vector<std::unique_ptr<Node>> nodes_;  // by id; null after RemoveNode
  std::vector<std::unique_ptr<Edge>> edges_;  // by id; null after RemoveEdge
  int num_nodes_ = 0;
  int num_edges_ = 0;
  int name_counter_ = 0;
};

// NameRangesForNode (node_def_util.h) of a graph node, as TF's generated wrappers call it.
inline Status NameRangesForNode(const Node& node, const OpDef& op_def, NameRangeMap* inputs,
                                NameRangeMap* outputs) {
  return NameRangesForNode(node.attrs(), op_def, inputs, outputs);
}

// Computes a node's input and output types from its op's signature and its attrs.
Status InOutTypesForNode(const NodeDef& node_def, const OpDef& op_def, DataTypeVector* inputs,
                         DataTypeVector* outputs);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_GRAPH_H_
