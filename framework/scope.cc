#include "framework/scope.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "framework/const_node.h"
#include "framework/errors.h"
#include "framework/graph_constructor.h"
#include "framework/node_builder.h"
#include "framework/node_shapes.h"

namespace tensorflow {

namespace {
const char kScopeSeparator[] = "/";
const char kSuffixSeparator[] = "_";
}  // namespace

class Scope::Impl {
 public:
  typedef std::unordered_map<std::string, int> NameMap;

  Impl(Graph* graph, Status* status, NameMap* name_map, bool disable_shape_inference)
      : graph_(graph),
        status_(status),
        name_map_(name_map),
        disable_shape_inference_(disable_shape_inference) {}
  Impl(const std::shared_ptr<Graph>& graph, const std::shared_ptr<Status>& status,
       const std::shared_ptr<NameMap>& name_map, bool disable_shape_inference)
      : graph_(graph),
        status_(status),
        name_map_(name_map),
        disable_shape_inference_(disable_shape_inference) {}
  Impl(const Impl&) = default;

  std::string GetUniqueName(const std::string& prefix, bool check_single_use) const;
  std::string GetNameForOp(const std::string& default_name) const;
  bool single_use_scope() const { return scope_used_ != nullptr; }

  std::shared_ptr<Graph> graph_;
  std::shared_ptr<Status> status_;
  std::shared_ptr<NameMap> name_map_;
  // Non-null only for a single-use scope (CompositeOpScopes::last).
  std::shared_ptr<bool> scope_used_;
  std::vector<Operation> control_deps_;
  std::string name_;
  std::string op_name_;
  bool exit_on_error_ = false;
  std::string kernel_label_;
  std::string device_;
  std::string assigned_device_;
  std::string xla_cluster_;
  std::unordered_set<std::string> colocation_constraints_;
  bool disable_shape_inference_ = false;
};

Scope::Scope(Impl* impl) : impl_(impl) {}
Scope::Scope(const Scope& other) : impl_(new Impl(*other.impl())) {}
Scope::~Scope() = default;
Scope& Scope::operator=(const Scope& other) {
  impl_.reset(new Impl(*other.impl_));
  return *this;
}

Scope Scope::NewRootScope() {
  return Scope(new Impl(std::make_shared<Graph>(), std::make_shared<Status>(),
                        std::make_shared<Impl::NameMap>(), false));
}

Scope Scope::DisabledShapeInferenceScope() {
  return Scope(new Impl(std::make_shared<Graph>(), std::make_shared<Status>(),
                        std::make_shared<Impl::NameMap>(), true));
}

Scope NewInternalScope(Graph* graph, Status* status, ShapeRefiner* /*refiner*/) {
  auto* impl = new Scope::Impl(std::shared_ptr<Graph>(graph, [](Graph*) {}),
                               std::shared_ptr<Status>(status, [](Status*) {}),
                               std::make_shared<Scope::Impl::NameMap>(), false);
  // Seed the name map with the graph's existing names so new ones never collide.
  for (const Node* n : graph->op_nodes()) (*impl->name_map_)[n->name()] = 0;
  return Scope(impl);
}

std::string Scope::Impl::GetUniqueName(const std::string& prefix, bool check_single_use) const {
  if (check_single_use && single_use_scope()) {
    if (*scope_used_) {
      *status_ = errors::AlreadyExists(prefix, " already exists in the current scope");
      return "";
    }
    *scope_used_ = true;
    return prefix;
  }
  auto entry = name_map_->find(prefix);
  if (entry == name_map_->end()) {
    name_map_->insert({prefix, 0});
    return prefix;
  }
  std::string unique_name;
  do {
    unique_name = absl::StrCat(prefix, kSuffixSeparator, ++entry->second);
  } while (name_map_->find(unique_name) != name_map_->end());
  name_map_->insert({unique_name, 0});
  return unique_name;
}

std::string Scope::Impl::GetNameForOp(const std::string& default_name) const {
  const std::string unique_name = GetUniqueName(default_name, /*check_single_use=*/true);
  const std::string sep = name_.empty() || unique_name.empty() ? "" : kScopeSeparator;
  return absl::StrCat(name_, sep, unique_name);
}

std::string Scope::GetUniqueNameForOp(const std::string& default_name) const {
  if (impl()->single_use_scope()) {
    if (impl()->op_name_.empty() || *impl()->scope_used_) {
      UpdateStatus(errors::InvalidArgument("Cannot get a unique name in this scope"));
      return "";
    }
    *impl()->scope_used_ = true;
    return impl()->op_name_;
  }
  return impl()->op_name_.empty() ? impl()->GetNameForOp(default_name)
                                  : impl()->GetNameForOp(impl()->op_name_);
}

Scope Scope::NewSubScope(const std::string& child_scope_name) const {
  Impl* impl = new Impl(*impl_);
  impl->op_name_.clear();
  impl->scope_used_.reset();
  if (child_scope_name.empty()) return Scope(impl);
  const std::string unique_name =
      impl_->GetUniqueName(child_scope_name, /*check_single_use=*/false);
  const std::string sep = impl_->name_.empty() || unique_name.empty() ? "" : kScopeSeparator;
  impl->name_ = absl::StrCat(impl_->name_, sep, unique_name);
  impl->name_map_ = std::make_shared<Impl::NameMap>();
  return Scope(impl);
}

Scope Scope::WithOpNameImpl(const std::string& op_name) const {
  if (impl()->single_use_scope()) {
    UpdateStatus(errors::InvalidArgument("Cannot set op name ", op_name, " on this scope"));
    return *this;
  }
  Impl* impl = new Impl(*impl_);
  impl->op_name_ = op_name;
  return Scope(impl);
}

Scope Scope::WithControlDependencies(absl::Span<const Operation> control_deps) const {
  Impl* impl = new Impl(*impl_);
  impl->control_deps_.insert(impl->control_deps_.end(), control_deps.begin(), control_deps.end());
  return Scope(impl);
}

Scope Scope::WithControlDependencies(const Output& control_dep) const {
  Impl* impl = new Impl(*impl_);
  impl->control_deps_.push_back(control_dep.op());
  return Scope(impl);
}

Scope Scope::WithNoControlDependencies() const {
  Impl* impl = new Impl(*impl_);
  impl->control_deps_.clear();
  return Scope(impl);
}

Scope Scope::WithDevice(const std::string& device) const {
  Impl* impl = new Impl(*impl_);
  impl->device_ = device;
  return Scope(impl);
}

Scope Scope::WithAssignedDevice(const std::string& assigned_device) const {
  Impl* impl = new Impl(*impl_);
  impl->assigned_device_ = assigned_device;
  return Scope(impl);
}

Scope Scope::WithXlaCluster(const std::string& xla_cluster) const {
  Impl* impl = new Impl(*impl_);
  impl->xla_cluster_ = xla_cluster;
  return Scope(impl);
}

Scope Scope::ColocateWith(const Operation& op) const {
  Impl* impl = new Impl(*impl_);
  if (op.node() != nullptr) {
    std::vector<std::string> groups;
    if (GetNodeAttr(op.node()->attrs(), kColocationAttrName, &groups).ok()) {
      const std::string prefix = kColocationGroupPrefix;
      for (const auto& g : groups) {
        if (absl::StartsWith(g, prefix)) {
          impl->colocation_constraints_.insert(g.substr(prefix.size()));
        }
      }
    } else {
      impl->colocation_constraints_.insert(op.node()->name());
    }
  }
  return Scope(impl);
}

Scope Scope::ClearColocation() const {
  Impl* impl = new Impl(*impl_);
  impl->colocation_constraints_.clear();
  return Scope(impl);
}

Scope Scope::ExitOnError() const {
  Impl* impl = new Impl(*impl_);
  impl->exit_on_error_ = true;
  return Scope(impl);
}

Scope Scope::WithKernelLabel(const std::string& kernel_label) const {
  Impl* impl = new Impl(*impl_);
  impl->kernel_label_ = kernel_label;
  return Scope(impl);
}

CompositeOpScopes Scope::GetCompositeOpScopes(const std::string& composite_op_name) const {
  if (impl()->op_name_.empty() && composite_op_name.empty()) {
    UpdateStatus(errors::InvalidArgument("Cannot create composite op scopes with empty name"));
    return {*this, *this};
  }
  if (!impl()->single_use_scope()) {
    Scope child = NewSubScope(impl()->op_name_.empty() ? composite_op_name : impl()->op_name_);
    const std::string child_op_sep = impl()->name_.empty() ? "" : kSuffixSeparator;
    const std::string child_name = absl::StrCat(impl()->name_, child_op_sep, child.impl()->name_);
    // `last` shares the child's name map (TF builds it from the child scope).
    Impl* last = new Impl(*child.impl_);
    last->op_name_ = child_name;
    last->scope_used_ = std::make_shared<bool>(false);
    return {child, Scope(last)};
  }
  Impl* child = new Impl(*impl_);
  child->name_ = impl()->op_name_;
  child->op_name_.clear();
  child->scope_used_.reset();
  return {Scope(child), *this};
}

void Scope::UpdateStatus(const Status& s) const {
  impl()->status_->Update(s);
  if (impl()->exit_on_error_ && !ok()) LOG(FATAL) << *impl()->status_;
}

void Scope::UpdateBuilder(NodeBuilder* builder) const {
  std::vector<Node*> control_inputs;
  for (const auto& op : impl()->control_deps_) {
    if (op.node() != nullptr) control_inputs.push_back(op.node());
  }
  builder->ControlInputs(control_inputs);
  if (!impl()->kernel_label_.empty()) builder->Attr("_kernel", impl()->kernel_label_);
  if (!impl()->colocation_constraints_.empty()) {
    std::vector<std::string> constraints(impl()->colocation_constraints_.begin(),
                                         impl()->colocation_constraints_.end());
    std::sort(constraints.begin(), constraints.end());
    for (auto& c : constraints) c = absl::StrCat(kColocationGroupPrefix, c);
    builder->Attr(kColocationAttrName, constraints);
  }
  if (!impl()->device_.empty()) builder->Device(impl()->device_);
  if (!impl()->assigned_device_.empty()) builder->AssignedDevice(impl()->assigned_device_);
  if (!impl()->xla_cluster_.empty()) builder->Attr("_XlaCluster", impl()->xla_cluster_);
}

bool Scope::ok() const { return impl()->status_->ok(); }
Graph* Scope::graph() const { return impl()->graph_.get(); }
std::shared_ptr<Graph> Scope::graph_as_shared_ptr() const { return impl()->graph_; }
Status Scope::status() const { return *impl()->status_; }
const std::vector<Operation>& Scope::control_deps() const { return impl()->control_deps_; }

Status Scope::ToGraphDef(GraphDef* gdef, bool include_debug_info) const {
  if (!ok()) return *impl()->status_;
  graph()->ToGraphDef(gdef, /*include_flib_def=*/true, include_debug_info);
  return OkStatus();
}

Status Scope::ToGraph(Graph* g, GraphConstructorOptions opts) const {
  if (ok()) {
    GraphDef graph_def;
    graph()->ToGraphDef(&graph_def);
    UpdateStatus(ConvertGraphDefToGraph(opts, graph_def, g));
  }
  return *impl()->status_;
}

Status Scope::DoShapeInference(Node* node) const {
  if (impl()->disable_shape_inference_) return OkStatus();
  return InferNodeShapes(node);
}

Status CreateOutputWithScope(std::string op_name, absl::Span<const ::tensorflow::Input> inputs,
                             const Scope& scope, Output* output) {
  TF_RETURN_IF_ERROR(scope.status());
  const auto unique_name = scope.GetUniqueNameForOp(op_name);
  auto builder = NodeBuilder(unique_name, op_name);
  for (const auto& input : inputs) {
    TF_RETURN_IF_ERROR(scope.status());
    builder = builder.Input(ops::AsNodeOut(scope, input));
  }
  ::tensorflow::Node* ret;
  scope.UpdateBuilder(&builder);
  TF_RETURN_IF_ERROR(scope.status());
  scope.UpdateStatus(builder.Finalize(scope.graph(), &ret));
  TF_RETURN_IF_ERROR(scope.status());
  *output = Output(ret, 0);
  return OkStatus();
}

}  // namespace tensorflow
