#include "framework/graph.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "framework/errors.h"

namespace tensorflow {

void EdgeSet::erase(const Edge* e) {
  auto it = std::find(edges_.begin(), edges_.end(), e);
  if (it != edges_.end()) edges_.erase(it);
}

bool Edge::IsControlEdge() const { return src_output_ == Graph::kControlSlot; }

std::string Edge::DebugString() const {
  return absl::StrCat("[id=", id_, " ", src_->name(), ":", src_output_, " -> ", dst_->name(), ":",
                      dst_input_, "]");
}

DataType Node::input_type(int32_t i) const {
  CHECK_GE(i, 0);
  CHECK_LT(i, num_inputs());
  return input_types_[i];
}

DataType Node::output_type(int32_t o) const {
  CHECK_GE(o, 0);
  CHECK_LT(o, num_outputs());
  return output_types_[o];
}

std::vector<Node*> Node::in_nodes() const {
  std::vector<Node*> out;
  for (const Edge* e : in_edges_) out.push_back(e->src());
  return out;
}

std::vector<Node*> Node::out_nodes() const {
  std::vector<Node*> out;
  for (const Edge* e : out_edges_) out.push_back(e->dst());
  return out;
}

Status Node::input_edge(int idx, const Edge** e) const {
  if (idx < 0 || idx >= num_inputs()) {
    return errors::InvalidArgument("Invalid input_edge index: ", idx, ", Node ", name(),
                                   " only has ", num_inputs(), " inputs.");
  }
  for (const Edge* edge : in_edges_) {
    if (edge->dst_input() == idx) {
      *e = edge;
      return OkStatus();
    }
  }
  return errors::NotFound("Could not find input edge ", idx, " for ", name());
}

Status Node::input_edges(std::vector<const Edge*>* edges) const {
  edges->assign(num_inputs(), nullptr);
  for (const Edge* edge : in_edges_) {
    if (edge->IsControlEdge()) continue;
    (*edges)[edge->dst_input()] = edge;
  }
  for (int i = 0; i < num_inputs(); ++i) {
    if ((*edges)[i] == nullptr) {
      edges->clear();
      return errors::InvalidArgument("Missing edge input number: ", i);
    }
  }
  return OkStatus();
}

Status Node::input_node(int idx, const Node** n) const {
  const Edge* e;
  TF_RETURN_IF_ERROR(input_edge(idx, &e));
  *n = e->src();
  return OkStatus();
}

Status Node::input_node(int idx, Node** n) const {
  const Edge* e;
  TF_RETURN_IF_ERROR(input_edge(idx, &e));
  *n = e->src();
  return OkStatus();
}

std::string Node::DebugString() const {
  return absl::StrCat(
      "{name:'", name(), "' id:", id_,
      IsSource() ? " source}"
      : IsSink() ? " sink}"
                 : "",
      IsOp() ? absl::StrCat(" op device:{requested: '", requested_device(), "', assigned: '",
                            assigned_device_, "'} def:{", SummarizeNodeDef(def_), "}}")
             : "");
}

namespace {

// SOURCE and SINK are NoOps that live outside any registry.
const OpRegistrationData* SourceSinkRegistration() {
  static const OpRegistrationData* data = [] {
    auto* d = new OpRegistrationData;
    d->op_def.set_name("NoOp");
    d->shape_inference_fn = shape_inference::NoOutputs;
    return d;
  }();
  return data;
}

// The most tensors one argument of a node may stand for. A GraphDef is untrusted: a number
// attr such as AddN's N is checked against this before anything is sized from it (TF's ops
// never come near it; a NodeDef listing a million inputs is itself tens of megabytes).
constexpr int64_t kMaxArgTensors = int64_t{1} << 20;

// Appends the types of one signature arg to `out`.
Status AddArgTypes(const NodeDef& ndef, const OpDef::ArgDef& arg, DataTypeVector* out) {
  int count = 1;
  if (!arg.number_attr().empty()) {
    int64_t n;
    TF_RETURN_IF_ERROR(GetNodeAttr(AttrSlice(ndef), arg.number_attr(), &n));
    if (n < 0) return errors::InvalidArgument("Negative ", arg.number_attr(), " for ", arg.name());
    if (n > kMaxArgTensors) {
      return errors::InvalidArgument("Attr ", arg.number_attr(), " = ", n, " for ", arg.name(),
                                     " is more than the ", kMaxArgTensors,
                                     " tensors one argument may have");
    }
    count = static_cast<int>(n);
  }
  if (!arg.type_list_attr().empty()) {
    DataTypeVector types;
    TF_RETURN_IF_ERROR(GetNodeAttr(AttrSlice(ndef), arg.type_list_attr(), &types));
    for (DataType dt : types) out->push_back(arg.is_ref() ? MakeRefType(dt) : dt);
    return OkStatus();
  }
  DataType dt = arg.type();
  if (!arg.type_attr().empty()) {
    TF_RETURN_IF_ERROR(GetNodeAttr(AttrSlice(ndef), arg.type_attr(), &dt));
  }
  if (arg.is_ref()) dt = MakeRefType(dt);
  for (int i = 0; i < count; ++i) out->push_back(dt);
  return OkStatus();
}

}  // namespace

Status InOutTypesForNode(const NodeDef& node_def, const OpDef& op_def, DataTypeVector* inputs,
                         DataTypeVector* outputs) {
  inputs->clear();
  outputs->clear();
  for (const auto& arg : op_def.input_arg()) {
    TF_RETURN_IF_ERROR(AddArgTypes(node_def, arg, inputs));
  }
  for (const auto& arg : op_def.output_arg()) {
    TF_RETURN_IF_ERROR(AddArgTypes(node_def, arg, outputs));
  }
  return OkStatus();
}

Graph::Graph(const OpRegistry* ops) : ops_(ops) {
  versions_.set_producer(TF_GRAPH_DEF_VERSION);
  versions_.set_min_consumer(TF_GRAPH_DEF_VERSION_MIN_CONSUMER);
  NodeDef source;
  source.set_name("_SOURCE");
  source.set_op("NoOp");
  NodeDef sink;
  sink.set_name("_SINK");
  sink.set_op("NoOp");
  Node* src = AllocateNode(source, SourceSinkRegistration(), {}, {});
  Node* snk = AllocateNode(sink, SourceSinkRegistration(), {}, {});
  AddControlEdge(src, snk);
}

Graph::~Graph() = default;

Node* Graph::AllocateNode(NodeDef def, const OpRegistrationData* reg, DataTypeVector in,
                          DataTypeVector out) {
  std::unique_ptr<Node> node(new Node);
  node->id_ = static_cast<int>(nodes_.size());
  node->def_ = std::move(def);
  node->op_reg_ = reg;
  node->input_types_ = std::move(in);
  node->output_types_ = std::move(out);
  node->output_shapes_.assign(node->output_types_.size(), PartialTensorShape());
  nodes_.push_back(std::move(node));
  ++num_nodes_;
  return nodes_.back().get();
}

absl::StatusOr<Node*> Graph::AddNode(NodeDef node_def) {
  const OpRegistrationData* reg;
  TF_RETURN_IF_ERROR(ops_->LookUp(node_def.op(), &reg));
  DataTypeVector in, out;
  Status s = InOutTypesForNode(node_def, reg->op_def, &in, &out);
  if (!s.ok()) {
    return errors::Prepend(s, "Node '", node_def.name(), "': ");
  }
  node_def.clear_input();
  return AllocateNode(std::move(node_def), reg, std::move(in), std::move(out));
}

Node* Graph::AddNode(NodeDef node_def, Status* status) {
  auto r = AddNode(std::move(node_def));
  if (!r.ok()) {
    *status = r.status();
    return nullptr;
  }
  *status = OkStatus();
  return *r;
}

void Graph::RemoveNode(Node* node) {
  CHECK(node->IsOp()) << "cannot remove SOURCE or SINK";
  while (!node->in_edges_.empty()) RemoveEdge(*node->in_edges_.begin());
  while (!node->out_edges_.empty()) RemoveEdge(*node->out_edges_.begin());
  nodes_[node->id()].reset();
  --num_nodes_;
}

const Edge* Graph::AddEdge(Node* source, int x, Node* dest, int y) {
  std::unique_ptr<Edge> e(new Edge);
  e->src_ = source;
  e->dst_ = dest;
  e->src_output_ = x;
  e->dst_input_ = y;
  e->id_ = static_cast<int>(edges_.size());
  const Edge* raw = e.get();
  edges_.push_back(std::move(e));
  source->out_edges_.insert(raw);
  dest->in_edges_.insert(raw);
  ++num_edges_;
  return raw;
}

const Edge* Graph::AddControlEdge(Node* source, Node* dest, bool allow_duplicates) {
  if (!allow_duplicates) {
    for (const Edge* e : dest->in_edges()) {
      if (e->IsControlEdge() && e->src() == source) return nullptr;
    }
  }
  const Edge* e = AddEdge(source, kControlSlot, dest, kControlSlot);
  SyncDefInputs(dest);
  return e;
}

void Graph::SyncDefInputs(Node* node) {
  if (!node->IsOp()) return;
  std::vector<std::string> data(node->num_inputs());
  std::vector<std::string> controls;
  for (const Edge* e : node->in_edges()) {
    if (!e->src()->IsOp()) continue;
    if (e->IsControlEdge()) {
      controls.push_back(absl::StrCat("^", e->src()->name()));
    } else if (e->dst_input() >= 0 && e->dst_input() < node->num_inputs()) {
      data[e->dst_input()] = e->src_output() == 0
                                 ? e->src()->name()
                                 : absl::StrCat(e->src()->name(), ":", e->src_output());
    }
  }
  auto* inputs = node->def_.mutable_input();
  inputs->Clear();
  for (auto& d : data) {
    if (!d.empty()) inputs->Add(std::move(d));
  }
  for (auto& c : controls) inputs->Add(std::move(c));
}

void Graph::RemoveEdge(const Edge* e) {
  Node* dst = e->dst_;
  e->src_->out_edges_.erase(e);
  dst->in_edges_.erase(e);
  edges_[e->id()].reset();
  --num_edges_;
  SyncDefInputs(dst);
}

Status Graph::UpdateEdge(Node* new_src, int new_src_index, Node* dst, int dst_index) {
  const Edge* old = nullptr;
  for (const Edge* e : dst->in_edges()) {
    if (e->dst_input() == dst_index && !e->IsControlEdge()) old = e;
  }
  if (old == nullptr) {
    return errors::InvalidArgument("Couldn't find edge to ", dst->name(), ":", dst_index);
  }
  RemoveEdge(old);
  AddEdge(new_src, new_src_index, dst, dst_index);
  SyncDefInputs(dst);
  return OkStatus();
}

Node* Graph::FindNodeId(int id) const {
  if (id < 0 || id >= static_cast<int>(nodes_.size())) return nullptr;
  return nodes_[id].get();
}

std::vector<Node*> Graph::nodes() const {
  std::vector<Node*> out;
  for (const auto& n : nodes_) {
    if (n) out.push_back(n.get());
  }
  return out;
}

std::vector<Node*> Graph::op_nodes() const {
  std::vector<Node*> out;
  for (const auto& n : nodes_) {
    if (n && n->IsOp()) out.push_back(n.get());
  }
  return out;
}

std::vector<const Edge*> Graph::edges() const {
  std::vector<const Edge*> out;
  for (const auto& e : edges_) {
    if (e) out.push_back(e.get());
  }
  return out;
}

void Graph::ToGraphDef(GraphDef* graph_def, bool include_flib_def, bool include_debug_info) const {
  ToGraphDefSubRange(graph_def, 0, include_flib_def, include_debug_info);
}

void Graph::ToGraphDefSubRange(GraphDef* graph_def, int from_node_id, bool include_flib_def,
                               bool /*include_debug_info*/) const {
  graph_def->Clear();
  *graph_def->mutable_versions() = versions_;
  if (include_flib_def) graph_def->mutable_library();
  for (int id = std::max(from_node_id, 0); id < static_cast<int>(nodes_.size()); ++id) {
    const Node* node = nodes_[id].get();
    if (node == nullptr || !node->IsOp()) continue;
    NodeDef* def = graph_def->add_node();
    *def = node->def();
    def->clear_input();
    if (!node->assigned_device_name().empty()) def->set_device(node->assigned_device_name());
    std::vector<const Edge*> data(node->num_inputs(), nullptr);
    std::vector<const Node*> controls;
    for (const Edge* e : node->in_edges()) {
      if (e->IsControlEdge()) {
        if (e->src()->IsOp()) controls.push_back(e->src());
      } else if (e->dst_input() >= 0 && e->dst_input() < node->num_inputs()) {
        data[e->dst_input()] = e;
      }
    }
    for (const Edge* e : data) {
      if (e == nullptr || !e->src()->IsOp()) continue;
      def->add_input(e->src_output() == 0 ? e->src()->name()
                                          : absl::StrCat(e->src()->name(), ":", e->src_output()));
    }
    std::sort(controls.begin(), controls.end(),
              [](const Node* a, const Node* b) { return a->name() < b->name(); });
    for (const Node* c : controls) def->add_input(absl::StrCat("^", c->name()));
  }
}

std::string Graph::NewName(absl::string_view prefix) {
  return absl::StrCat(prefix, "/_", name_counter_++);
}

}  // namespace tensorflow
