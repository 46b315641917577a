#include "framework/node_builder.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/errors.h"

namespace tensorflow {

NodeBuilder::NodeOut::NodeOut(Node* n, int32_t i) : node(n), error(n == nullptr), index(i) {
  if (n != nullptr) {
    name = n->name();
    dt = i >= 0 && i < n->num_outputs() ? n->output_type(i) : DT_INVALID;
  }
}

NodeBuilder::NodeOut::NodeOut(absl::string_view n, int32_t i, DataType t)
    : node(nullptr), error(false), name(n), index(i), dt(t) {}

NodeBuilder::NodeOut::NodeOut() : node(nullptr), error(true), index(0), dt(DT_FLOAT) {}

NodeBuilder::NodeBuilder(absl::string_view name, absl::string_view op_name,
                         const OpRegistry* op_registry)
    : name_(name), op_name_(op_name) {
  lookup_status_ = op_registry->LookUp(op_name_, &reg_);
}

const OpDef& NodeBuilder::op_def() const {
  CHECK(reg_ != nullptr) << lookup_status_;
  return reg_->op_def;
}

NodeBuilder& NodeBuilder::Input(Node* src_node, int src_index) {
  return Input(NodeOut(src_node, src_index));
}

NodeBuilder& NodeBuilder::Input(NodeOut src) {
  ArgInput in;
  in.outs.push_back(std::move(src));
  inputs_.push_back(std::move(in));
  return *this;
}

NodeBuilder& NodeBuilder::Input(absl::Span<const NodeOut> src_list) {
  ArgInput in;
  in.is_list = true;
  in.outs.assign(src_list.begin(), src_list.end());
  inputs_.push_back(std::move(in));
  return *this;
}

NodeBuilder& NodeBuilder::ControlInput(Node* src_node) {
  if (src_node == nullptr) {
    errors_.push_back("Control input is a null node");
  } else {
    control_inputs_.push_back(src_node);
  }
  return *this;
}

NodeBuilder& NodeBuilder::ControlInputs(absl::Span<Node* const> src_nodes) {
  for (Node* n : src_nodes) ControlInput(n);
  return *this;
}

NodeBuilder& NodeBuilder::Device(absl::string_view device_spec) {
  device_ = std::string(device_spec);
  return *this;
}

NodeBuilder& NodeBuilder::AssignedDevice(absl::string_view device) {
  assigned_device_ = std::string(device);
  return *this;
}

bool IsValidNodeName(absl::string_view name) {
  if (name.empty()) return false;
  auto ok_first = [](char c) { return absl::ascii_isalnum(c) || c == '.'; };
  auto ok_rest = [](char c) {
    return absl::ascii_isalnum(c) || c == '_' || c == '>' || c == '.' || c == '/';
  };
  if (!ok_first(name[0])) return false;
  for (size_t i = 1; i < name.size(); ++i) {
    if (!ok_rest(name[i])) return false;
  }
  return true;
}

namespace {

// Sets attr `name`, reporting a clash with a value already there.
void SetInferredAttr(const std::string& name, const AttrValue& value, NodeDef* def,
                     std::vector<std::string>* errs) {
  auto* attrs = def->mutable_attr();
  auto it = attrs->find(name);
  if (it != attrs->end()) {
    if (!AreAttrValuesEqual(it->second, value)) {
      errs->push_back(absl::StrCat("Inconsistent values for attr '", name, "' ",
                                   SummarizeAttrValue(it->second), " vs. ",
                                   SummarizeAttrValue(value)));
    }
    return;
  }
  (*attrs)[name] = value;
}

AttrValue TypeValue(DataType dt) {
  AttrValue v;
  v.set_type(dt);
  return v;
}

// Checks the dtype of one input against the arg's signature and records inferred attrs.
void MatchOneInput(const OpDef::ArgDef& arg, DataType dt, NodeDef* def,
                   std::vector<std::string>* errs) {
  if (!arg.is_ref()) dt = BaseType(dt);
  if (arg.type() != DT_INVALID) {
    const DataType expected = arg.is_ref() ? MakeRefType(arg.type()) : arg.type();
    if (dt != expected) {
      errs->push_back(absl::StrCat("Input '", arg.name(), "' passed ", DataTypeString(dt),
                                   " expected ", DataTypeString(expected)));
    }
  } else if (!arg.type_attr().empty()) {
    SetInferredAttr(arg.type_attr(), TypeValue(BaseType(dt)), def, errs);
  }
}

std::string AllowedValuesString(const OpDef::AttrDef& attr) {
  const auto& l = attr.allowed_values().list();
  std::vector<std::string> parts;
  for (int t : l.type()) parts.push_back(DataTypeString(static_cast<DataType>(t)));
  for (const auto& s : l.s()) parts.push_back(absl::StrCat("\"", s, "\""));
  return absl::StrJoin(parts, ", ");
}

// TF's ValidateAttrValue for one attr.
Status ValidateAttrValue(const AttrValue& value, const OpDef::AttrDef& attr) {
  TF_RETURN_WITH_CONTEXT_IF_ERROR(AttrValueHasType(value, attr.type()), " for attr '", attr.name(),
                                  "'");
  if (attr.has_minimum()) {
    if (attr.type() == "int") {
      if (value.i() < attr.minimum()) {
        return errors::InvalidArgument("Value for attr '", attr.name(), "' of ", value.i(),
                                       " must be at least minimum ", attr.minimum());
      }
    } else {
      int len = value.list().s_size() + value.list().i_size() + value.list().f_size() +
                value.list().b_size() + value.list().type_size() + value.list().shape_size() +
                value.list().tensor_size() + value.list().func_size();
      if (len < attr.minimum()) {
        return errors::InvalidArgument("Length for attr '", attr.name(), "' of ", len,
                                       " must be at least minimum ", attr.minimum());
      }
    }
  }
  if (attr.has_allowed_values()) {
    const auto& allowed = attr.allowed_values().list();
    auto type_ok = [&](int t) {
      for (int a : allowed.type()) {
        if (a == t) return true;
      }
      return false;
    };
    auto string_ok = [&](const std::string& s) {
      for (const auto& a : allowed.s()) {
        if (a == s) return true;
      }
      return false;
    };
    if (attr.type() == "type" && !type_ok(value.type())) {
      return errors::InvalidArgument(
          "Value for attr '", attr.name(), "' of ", DataTypeString(value.type()),
          " is not in the list of allowed values: ", AllowedValuesString(attr));
    }
    if (attr.type() == "list(type)") {
      for (int t : value.list().type()) {
        if (!type_ok(t)) {
          return errors::InvalidArgument(
              "Value for attr '", attr.name(), "' of ", DataTypeString(static_cast<DataType>(t)),
              " is not in the list of allowed values: ", AllowedValuesString(attr));
        }
      }
    }
    if (attr.type() == "string" && !string_ok(value.s())) {
      return errors::InvalidArgument(
          "Value for attr '", attr.name(), "' of \"", value.s(),
          "\" is not in the list of allowed values: ", AllowedValuesString(attr));
    }
  }
  return OkStatus();
}

}  // namespace

void AddDefaultsToNodeDef(const OpDef& op_def, NodeDef* node_def) {
  for (const auto& attr : op_def.attr()) {
    if (attr.has_default_value() && !node_def->attr().count(attr.name())) {
      (*node_def->mutable_attr())[attr.name()] = attr.default_value();
    }
  }
}

Status ValidateNodeDef(const NodeDef& node_def, const OpDef& op_def) {
  const std::string context = absl::StrCat("; NodeDef: ", FormatNodeNameForError(node_def.name()),
                                           "; ", SummarizeOpDef(op_def));
  for (const auto& kv : node_def.attr()) {
    if (absl::StartsWith(kv.first, "_")) continue;
    const OpDef::AttrDef* attr = FindAttr(kv.first, op_def);
    if (attr == nullptr) {
      return errors::InvalidArgument(
          "NodeDef mentions attr '", kv.first, "' not in ", SummarizeOpDef(op_def),
          "; NodeDef: ", FormatNodeNameForError(node_def.name()),
          ". (Check whether your GraphDef-interpreting binary is up to date with your "
          "GraphDef-generating binary.).");
    }
    Status s = ValidateAttrValue(kv.second, *attr);
    if (!s.ok()) return errors::InvalidArgument(s.message(), context);
  }
  for (const auto& attr : op_def.attr()) {
    if (!node_def.attr().count(attr.name())) {
      return errors::InvalidArgument("NodeDef missing attr '", attr.name(), "' from ",
                                     SummarizeOpDef(op_def),
                                     "; NodeDef: ", FormatNodeNameForError(node_def.name()));
    }
  }
  return OkStatus();
}

Status ValidateNodeDef(const NodeDef& node_def, const OpRegistrationData& reg) {
  TF_RETURN_IF_ERROR(ValidateNodeDef(node_def, reg.op_def));
  if (reg.attr_check) {
    Status s = reg.attr_check(AttrSlice(node_def));
    if (!s.ok()) {
      return Status(s.code(), absl::StrCat(s.message(),
                                           "; NodeDef: ", FormatNodeNameForError(node_def.name())));
    }
  }
  return OkStatus();
}

Status NodeBuilder::BuildNodeDef(NodeDef* def) const {
  TF_RETURN_IF_ERROR(lookup_status_);
  const OpDef& op = reg_->op_def;
  std::vector<std::string> errs = errors_;
  def->set_name(name_);
  def->set_op(op_name_);
  if (!device_.empty()) def->set_device(device_);
  if (!IsValidNodeName(name_)) {
    return errors::InvalidArgument("Node '", name_, "': Node name contains invalid characters");
  }

  const int num_args = op.input_arg_size();
  const int given = static_cast<int>(inputs_.size());
  if (given > num_args) {
    errs.push_back(
        absl::StrCat("More Input() calls (", given, ") than the ", num_args, " input_args"));
  }
  for (int i = 0; i < std::min(given, num_args); ++i) {
    const OpDef::ArgDef& arg = op.input_arg(i);
    const ArgInput& in = inputs_[i];
    const bool arg_is_list = !arg.number_attr().empty() || !arg.type_list_attr().empty();
    for (const NodeOut& out : in.outs) {
      if (out.error) errs.push_back(absl::StrCat("Input '", arg.name(), "' is a null node"));
    }
    if (arg_is_list && !in.is_list) {
      errs.push_back(absl::StrCat("Single tensor passed to '", arg.name(), "', expected list"));
      continue;
    }
    if (!arg_is_list && in.is_list) {
      errs.push_back(
          absl::StrCat("List provided to input '", arg.name(), "' when single Tensor expected"));
      continue;
    }
    if (!arg.number_attr().empty()) {
      AttrValue n;
      n.set_i(static_cast<int64_t>(in.outs.size()));
      SetInferredAttr(arg.number_attr(), n, def, &errs);
    }
    if (!arg.type_list_attr().empty()) {
      AttrValue types;
      types.mutable_list();
      for (const NodeOut& out : in.outs) {
        types.mutable_list()->add_type(arg.is_ref() ? out.dt : BaseType(out.dt));
      }
      SetInferredAttr(arg.type_list_attr(), types, def, &errs);
      continue;
    }
    for (const NodeOut& out : in.outs) MatchOneInput(arg, out.dt, def, &errs);
  }
  if (given < num_args) {
    errs.push_back(absl::StrCat(given, " inputs specified of ", num_args, " inputs in Op"));
  }
  for (const auto& kv : attrs_) SetInferredAttr(kv.first, kv.second, def, &errs);

  if (!errs.empty()) {
    const std::string where =
        absl::StrCat(" while building NodeDef '", name_, "' using ", SummarizeOpDef(op));
    if (errs.size() == 1) return errors::InvalidArgument(errs[0], where);
    return errors::InvalidArgument(errs.size(), " errors", where, ":\n", absl::StrJoin(errs, "\n"));
  }
  AddDefaultsToNodeDef(op, def);
  return ValidateNodeDef(*def, *reg_);
}

Status NodeBuilder::Finalize(Graph* graph, Node** created_node, bool /*consume*/) {
  if (created_node != nullptr) *created_node = nullptr;
  NodeDef def;
  TF_RETURN_IF_ERROR(BuildNodeDef(&def));
  for (const ArgInput& in : inputs_) {
    for (const NodeOut& out : in.outs) {
      if (out.node == nullptr) {
        return errors::Unimplemented("Node '", name_, "': input by name ('", out.name,
                                     "') is not supported by minitf graphs");
      }
      if (graph->FindNodeId(out.node->id()) != out.node) {
        return errors::InvalidArgument("Node '", name_, "': input '", out.node->name(),
                                       "' is not in this graph");
      }
      if (out.index < 0 || out.index >= out.node->num_outputs()) {
        return errors::InvalidArgument("Node '", name_, "': Connecting to invalid output ",
                                       out.index, " of source node ", out.node->name(),
                                       " which has ", out.node->num_outputs(), " outputs.");
      }
    }
  }
  for (Node* c : control_inputs_) {
    if (graph->FindNodeId(c->id()) != c) {
      return errors::InvalidArgument("Node '", name_, "': control input '", c->name(),
                                     "' is not in this graph");
    }
  }
  TF_ASSIGN_OR_RETURN(Node * node, graph->AddNode(std::move(def)));
  if (!assigned_device_.empty()) node->set_assigned_device_name(assigned_device_);
  int dst = 0;
  for (const ArgInput& in : inputs_) {
    for (const NodeOut& out : in.outs) graph->AddEdge(out.node, out.index, node, dst++);
  }
  for (Node* c : control_inputs_) graph->AddControlEdge(c, node);
  graph->SyncDefInputs(node);
  if (created_node != nullptr) *created_node = node;
  return OkStatus();
}

}  // namespace tensorflow
