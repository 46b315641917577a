#include "framework/graph_constructor.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/errors.h"
#include "framework/node_builder.h"
#include "framework/node_shapes.h"

namespace tensorflow {

namespace {

// Where an input of an imported node comes from: another imported node, or a node already in
// the graph (through input_map or, for Session::Extend, by name).
struct Source {
  int imported = -1;
  Node* existing = nullptr;
  int index = 0;
};

class Importer {
 public:
  Importer(const ImportGraphDefOptions& opts, bool may_name_existing, Graph* g)
      : opts_(opts), may_name_existing_(may_name_existing), g_(g) {}

  Status Run(const GraphDef& gdef, ImportGraphDefResults* results);

 private:
  Status CheckOptions();
  Status ReadNodes(const GraphDef& gdef);
  Status ResolveInputs();
  Status ResolveInput(size_t i, const std::string& text, Source* source);
  Status SortTopologically();
  Status CheckTypes();
  Status MarkSkipped();
  Status CheckResults();
  void AddToGraph();
  void FillResults(ImportGraphDefResults* results);
  void MergeVersions(const GraphDef& gdef);

  const ImportGraphDefOptions& opts_;
  const bool may_name_existing_;
  Graph* g_;
  std::string prefix_;
  std::map<std::string, Node*> existing_;  // the graph's nodes before the import
  std::map<std::string, int> index_of_;    // gdef name (unprefixed) -> position
  std::vector<std::string> gdef_names_;    // unprefixed
  std::vector<NodeDef> defs_;              // prefixed, defaults filled in
  std::vector<std::vector<Source>> data_;  // per node, per data input
  std::vector<std::vector<Source>> controls_;
  std::vector<DataTypeVector> in_types_, out_types_;
  std::vector<char> skipped_;
  std::vector<int> order_;  // topological, skipped nodes left out
  std::vector<Node*> nodes_;
  std::set<SafeTensorId> used_keys_;
};

Status Importer::CheckOptions() {
  if (opts_.uniquify_names || opts_.uniquify_prefix) {
    return errors::InvalidArgument(
        "ImportGraphDef: uniquify_names / uniquify_prefix are not supported by minitf; choose "
        "a prefix that is not used in the graph");
  }
  if (opts_.skip_mapped_nodes && !opts_.return_nodes.empty()) {
    return errors::InvalidArgument(
        "Requesting return_nodes with skip_mapped_nodes set is not currently supported");
  }
  for (Node* n : g_->op_nodes()) existing_.emplace(n->name(), n);
  if (!opts_.prefix.empty()) {
    prefix_ = opts_.prefix;
    if (prefix_.back() != '/') prefix_ += '/';
  }
  for (const auto& kv : opts_.input_map) {
    auto it = existing_.find(kv.second.node());
    if (it == existing_.end()) {
      return errors::InvalidArgument("node '", kv.second.node(),
                                     "' in input_map does not exist in graph (input_map entry: ",
                                     kv.first.ToString(), "->", kv.second.ToString(), ")");
    }
    if ((kv.first.index() == -1) != (kv.second.index() == -1)) {
      return errors::InvalidArgument("input_map entry ", kv.first.ToString(), "->",
                                     kv.second.ToString(),
                                     " between control edge and non-control edge");
    }
  }
  for (const auto& name : opts_.control_dependencies) {
    if (!existing_.count(name)) {
      return errors::InvalidArgument("node '", name,
                                     "' in control_dependencies does not exist in graph");
    }
  }
  return OkStatus();
}

Status Importer::ReadNodes(const GraphDef& gdef) {
  for (int i = 0; i < gdef.node_size(); ++i) {
    NodeDef def = gdef.node(i);
    if (!index_of_.emplace(def.name(), i).second) {
      return errors::InvalidArgument("Node '", def.name(), "' is not unique");
    }
    if (!IsValidNodeName(def.name())) {
      return errors::InvalidArgument("Node '", def.name(),
                                     "': Node name contains invalid characters");
    }
    gdef_names_.push_back(def.name());
    def.set_name(prefix_ + def.name());
    if (existing_.count(def.name())) {
      return errors::InvalidArgument("Node name '", def.name(), "' already exists in the Graph");
    }
    const OpRegistrationData* reg;
    TF_RETURN_IF_ERROR(g_->op_registry()->LookUp(def.op(), &reg));
    AddDefaultsToNodeDef(reg->op_def, &def);
    TF_RETURN_IF_ERROR(ValidateNodeDef(def, *reg));
    if (def.device().empty()) def.set_device(opts_.default_device);
    defs_.push_back(std::move(def));
  }
  return OkStatus();
}

Status Importer::ResolveInput(size_t i, const std::string& text, Source* source) {
  std::string node;
  int index;
  if (!ParseTensorName(text, &node, &index)) {
    return errors::InvalidArgument("Node '", gdef_names_[i], "': malformed input '", text, "'");
  }
  source->index = index;
  auto mapped = opts_.input_map.find(SafeTensorId(node, index));
  if (mapped != opts_.input_map.end()) {
    used_keys_.insert(mapped->first);
    source->existing = existing_.at(mapped->second.node());
    source->index = mapped->second.index();
    return OkStatus();
  }
  auto it = index_of_.find(node);
  if (it != index_of_.end()) {
    source->imported = it->second;
    return OkStatus();
  }
  auto old = existing_.find(node);
  if (may_name_existing_ && old != existing_.end()) {
    source->existing = old->second;
    return OkStatus();
  }
  return errors::InvalidArgument("Node '", gdef_names_[i], "': Unknown input node '", text, "'");
}

Status Importer::ResolveInputs() {
  data_.resize(defs_.size());
  controls_.resize(defs_.size());
  for (size_t i = 0; i < defs_.size(); ++i) {
    for (const std::string& text : defs_[i].input()) {
      Source source;
      TF_RETURN_IF_ERROR(ResolveInput(i, text, &source));
      const bool control = !text.empty() && text[0] == '^';
      if (!control && !controls_[i].empty()) {
        return errors::InvalidArgument("Node '", gdef_names_[i],
                                       "': control input before data input '", text, "'");
      }
      (control ? controls_[i] : data_[i]).push_back(source);
    }
  }
  return OkStatus();
}

Status Importer::CheckTypes() {
  in_types_.resize(defs_.size());
  out_types_.resize(defs_.size());
  for (size_t i = 0; i < defs_.size(); ++i) {
    const OpDef* op_def;
    TF_RETURN_IF_ERROR(g_->op_registry()->LookUpOpDef(defs_[i].op(), &op_def));
    TF_RETURN_IF_ERROR(InOutTypesForNode(defs_[i], *op_def, &in_types_[i], &out_types_[i]));
    if (data_[i].size() != in_types_[i].size()) {
      return errors::InvalidArgument("Node '", gdef_names_[i], "' has ", data_[i].size(),
                                     " inputs but its op takes ", in_types_[i].size());
    }
  }
  for (size_t i = 0; i < defs_.size(); ++i) {
    for (size_t k = 0; k < data_[i].size(); ++k) {
      const Source& s = data_[i][k];
      const std::string src_name = s.existing ? s.existing->name() : gdef_names_[s.imported];
      const DataTypeVector& outs = s.existing ? s.existing->output_types() : out_types_[s.imported];
      if (s.index >= static_cast<int>(outs.size())) {
        return errors::InvalidArgument("Node '", gdef_names_[i], "': Connecting to invalid output ",
                                       s.index, " of source node ", src_name, " which has ",
                                       outs.size(), " outputs.");
      }
      if (BaseType(outs[s.index]) != BaseType(in_types_[i][k])) {
        return errors::InvalidArgument("Input ", k, " of node ", gdef_names_[i], " was passed ",
                                       DataTypeString(outs[s.index]), " from ", src_name, ":",
                                       s.index, " incompatible with expected ",
                                       DataTypeString(in_types_[i][k]), ".");
      }
    }
  }
  return OkStatus();
}

Status Importer::MarkSkipped() {
  skipped_.assign(defs_.size(), 0);
  if (!opts_.skip_mapped_nodes) return OkStatus();
  for (size_t i = 0; i < defs_.size(); ++i) {
    bool all_mapped = !out_types_[i].empty();
    for (size_t o = 0; o < out_types_[i].size() && all_mapped; ++o) {
      all_mapped = opts_.input_map.count(SafeTensorId(gdef_names_[i], static_cast<int>(o))) > 0;
    }
    skipped_[i] = all_mapped;
  }
  return OkStatus();
}

Status Importer::SortTopologically() {
  std::vector<int> pending(defs_.size(), 0);
  std::vector<std::vector<int>> consumers(defs_.size());
  for (size_t i = 0; i < defs_.size(); ++i) {
    if (skipped_[i]) continue;
    for (const auto* inputs : {&data_[i], &controls_[i]}) {
      for (const Source& s : *inputs) {
        if (s.imported < 0 || skipped_[s.imported]) continue;
        consumers[s.imported].push_back(static_cast<int>(i));
        ++pending[i];
      }
    }
  }
  size_t live = 0;
  for (size_t i = 0; i < defs_.size(); ++i) {
    if (skipped_[i]) continue;
    ++live;
    if (pending[i] == 0) order_.push_back(static_cast<int>(i));
  }
  for (size_t k = 0; k < order_.size(); ++k) {
    for (int c : consumers[order_[k]]) {
      if (--pending[c] == 0) order_.push_back(c);
    }
  }
  if (order_.size() != live) {
    return errors::InvalidArgument(live - order_.size(), " nodes in a cycle");
  }
  return OkStatus();
}

void Importer::AddToGraph() {
  // Nodes in GraphDef order (ids follow it), then edges.
  nodes_.assign(defs_.size(), nullptr);
  for (size_t i = 0; i < defs_.size(); ++i) {
    if (!skipped_[i]) nodes_[i] = g_->AddNode(defs_[i]).value();
  }
  auto node_of = [&](const Source& s) { return s.existing ? s.existing : nodes_[s.imported]; };
  for (size_t i = 0; i < defs_.size(); ++i) {
    if (skipped_[i]) continue;
    bool has_imported_input = false;
    for (size_t k = 0; k < data_[i].size(); ++k) {
      const Source& s = data_[i][k];
      has_imported_input |= s.imported >= 0;
      g_->AddEdge(node_of(s), s.index, nodes_[i], static_cast<int>(k));
    }
    for (const Source& s : controls_[i]) {
      if (s.imported >= 0 && skipped_[s.imported]) continue;
      has_imported_input |= s.imported >= 0;
      g_->AddControlEdge(node_of(s), nodes_[i]);
    }
    if (!has_imported_input) {
      for (const auto& name : opts_.control_dependencies) {
        g_->AddControlEdge(existing_.at(name), nodes_[i]);
      }
    }
    g_->SyncDefInputs(nodes_[i]);  // the inputs' names as they are in this graph
  }
}

Status Importer::CheckResults() {
  for (const SafeTensorId& id : opts_.return_tensors) {
    if (opts_.input_map.count(id)) continue;
    auto it = index_of_.find(id.node());
    if (it == index_of_.end()) {
      return errors::InvalidArgument("Requested return tensor '", id.ToString(),
                                     "' not found in graph def");
    }
    const int outputs = skipped_[it->second] ? 0 : static_cast<int>(out_types_[it->second].size());
    if (id.index() < 0 || id.index() >= outputs) {
      return errors::InvalidArgument("Invalid return output ", id.index(), " of node '", id.node(),
                                     "', which has ", outputs, " output(s)");
    }
  }
  for (const std::string& name : opts_.return_nodes) {
    if (!index_of_.count(name)) {
      return errors::InvalidArgument("Requested return node '", name, "' not found in graph def");
    }
  }
  return OkStatus();
}

void Importer::FillResults(ImportGraphDefResults* results) {
  for (const SafeTensorId& id : opts_.return_tensors) {
    auto mapped = opts_.input_map.find(id);
    if (mapped != opts_.input_map.end()) {
      results->return_tensors.emplace_back(existing_.at(mapped->second.node()),
                                           mapped->second.index());
    } else {
      results->return_tensors.emplace_back(nodes_[index_of_.at(id.node())], id.index());
    }
  }
  for (const std::string& name : opts_.return_nodes) {
    results->return_nodes.push_back(nodes_[index_of_.at(name)]);
  }
  for (const auto& kv : opts_.input_map) {
    if (used_keys_.count(kv.first)) continue;
    auto it = index_of_.find(kv.first.node());
    if (it == index_of_.end() ||
        kv.first.index() >= static_cast<int>(out_types_[it->second].size())) {
      results->missing_unused_input_map_keys.push_back(kv.first);
    }
  }
}

void Importer::MergeVersions(const GraphDef& gdef) {
  if (existing_.empty()) {
    if (gdef.has_versions()) g_->set_versions(gdef.versions());
    return;
  }
  // As TF: the oldest producer, the newest min_consumer, every bad consumer.
  VersionDef merged = g_->versions();
  merged.set_producer(std::min(merged.producer(), gdef.versions().producer()));
  merged.set_min_consumer(std::max(merged.min_consumer(), gdef.versions().min_consumer()));
  for (int bad : gdef.versions().bad_consumers()) {
    const auto& list = merged.bad_consumers();
    if (std::find(list.begin(), list.end(), bad) == list.end()) merged.add_bad_consumers(bad);
  }
  g_->set_versions(merged);
}

Status Importer::Run(const GraphDef& gdef, ImportGraphDefResults* results) {
  if (results == nullptr && !opts_.return_tensors.empty()) {
    return errors::InvalidArgument(
        "results argument to ImportGraphDef() must be non-null if opts.return_tensors is "
        "non-empty");
  }
  if (results == nullptr && !opts_.return_nodes.empty()) {
    return errors::InvalidArgument(
        "results argument to ImportGraphDef() must be non-null if opts.return_nodes is "
        "non-empty");
  }
  // Everything is checked before the graph is touched.
  TF_RETURN_IF_ERROR(internal::CheckGraphDefVersions(gdef.versions()));
  TF_RETURN_IF_ERROR(CheckOptions());
  TF_RETURN_IF_ERROR(ReadNodes(gdef));
  TF_RETURN_IF_ERROR(ResolveInputs());
  TF_RETURN_IF_ERROR(CheckTypes());
  TF_RETURN_IF_ERROR(MarkSkipped());
  TF_RETURN_IF_ERROR(SortTopologically());
  TF_RETURN_IF_ERROR(CheckResults());
  AddToGraph();
  // Shapes in topological order; on a shape error the imported nodes are taken out again.
  for (int i : order_) {
    Status s = InferNodeShapes(nodes_[i]);
    if (!s.ok()) {
      for (Node* n : nodes_) {
        if (n != nullptr) g_->RemoveNode(n);
      }
      return s;
    }
  }
  MergeVersions(gdef);
  if (results != nullptr) {
    *results = ImportGraphDefResults();
    FillResults(results);
  }
  return OkStatus();
}

}  // namespace

namespace internal {

Status CheckGraphDefVersions(const VersionDef& versions) {
  constexpr int kMinProducer = 0;
  const char* kTfVersion = "2.21.0";
  if (versions.producer() < kMinProducer) {
    return errors::InvalidArgument(
        "GraphDef producer version ", versions.producer(), " below min producer ", kMinProducer,
        " supported by TensorFlow ", kTfVersion, ".  Please regenerate your graph.");
  }
  if (versions.min_consumer() > TF_GRAPH_DEF_VERSION) {
    return errors::InvalidArgument("GraphDef min consumer version ", versions.min_consumer(),
                                   " above current version ", TF_GRAPH_DEF_VERSION,
                                   " for TensorFlow ", kTfVersion, ".  Please upgrade TensorFlow.");
  }
  for (int bad : versions.bad_consumers()) {
    if (bad == TF_GRAPH_DEF_VERSION) {
      return errors::InvalidArgument("GraphDef disallows consumer version ", bad,
                                     ".  Please upgrade TensorFlow: this version is likely buggy.");
    }
  }
  return OkStatus();
}

Status ExtendGraph(const GraphDef& gdef, Graph* g) {
  return Importer(ImportGraphDefOptions(), /*may_name_existing=*/true, g).Run(gdef, nullptr);
}

}  // namespace internal

Status ConvertGraphDefToGraph(const GraphConstructorOptions& /*opts*/, const GraphDef& gdef,
                              Graph* g) {
  return Importer(ImportGraphDefOptions(), /*may_name_existing=*/false, g).Run(gdef, nullptr);
}

Status ImportGraphDef(const ImportGraphDefOptions& opts, const GraphDef& gdef, Graph* g,
                      ShapeRefiner* /*refiner*/, ImportGraphDefResults* results) {
  return Importer(opts, /*may_name_existing=*/false, g).Run(gdef, results);
}

}  // namespace tensorflow
