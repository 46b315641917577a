#include "framework/node_def_builder.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/node_builder.h"
#include "framework/node_def_util.h"

namespace tensorflow {

NodeDefBuilder::NodeDefBuilder(absl::string_view name, absl::string_view op_name,
                               const OpRegistry* op_registry) {
  node_def_.set_name(std::string(name));
  node_def_.set_op(std::string(op_name));
  const Status s = op_registry->LookUpOpDef(std::string(op_name), &op_def_);
  if (!s.ok()) {
    op_def_ = nullptr;
    errors_.emplace_back(s.message());
  }
}

NodeDefBuilder::NodeDefBuilder(absl::string_view name, const OpDef* op_def) : op_def_(op_def) {
  node_def_.set_name(std::string(name));
  node_def_.set_op(op_def->name());
}

bool NodeDefBuilder::NextArgAvailable() {
  if (op_def_ == nullptr) return false;
  if (inputs_specified_ >= op_def_->input_arg_size()) {
    errors_.push_back(
        absl::StrCat("More Input() calls than the ", op_def_->input_arg_size(), " input_args"));
    return false;
  }
  return true;
}

const OpDef::ArgDef* NodeDefBuilder::NextArgDef() {
  if (!NextArgAvailable()) return nullptr;
  return &op_def_->input_arg(inputs_specified_++);
}

NodeDefBuilder& NodeDefBuilder::Input(FakeInputFunctor fake_input) {
  if (NextArgAvailable()) {
    // The functor calls back into Input(name, index, dt) or Input(list).
    const Status s = fake_input(*op_def_, inputs_specified_, node_def_, this);
    if (!s.ok()) errors_.emplace_back(s.message());
  }
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Input(absl::string_view src_node, int src_index, DataType dt) {
  if (const OpDef::ArgDef* arg = NextArgDef()) SingleInput(*arg, src_node, src_index, dt);
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Input(const NodeOut& src) {
  return Input(src.node, src.index, src.data_type);
}

NodeDefBuilder& NodeDefBuilder::Input(absl::Span<const NodeOut> src_list) {
  if (const OpDef::ArgDef* arg = NextArgDef()) ListInput(*arg, src_list);
  return *this;
}

namespace {
DataType MaybeRef(const OpDef::ArgDef& arg, DataType dt) {
  return arg.is_ref() ? MakeRefType(dt) : dt;
}
}  // namespace

void NodeDefBuilder::SingleInput(const OpDef::ArgDef& arg, absl::string_view src_node,
                                 int src_index, DataType dt) {
  AddInput(src_node, src_index);
  if (!arg.number_attr().empty() || !arg.type_list_attr().empty()) {
    errors_.push_back(absl::StrCat("Single tensor passed to '", arg.name(), "', expected list"));
    return;
  }
  if (arg.type() != DT_INVALID) {
    VerifyInputType(arg, MaybeRef(arg, arg.type()), dt);
  } else {
    VerifyInputRef(arg, dt);
    Attr(arg.type_attr(), BaseType(dt));
  }
}

void NodeDefBuilder::ListInput(const OpDef::ArgDef& arg, absl::Span<const NodeOut> src_list) {
  for (const NodeOut& out : src_list) AddInput(out.node, out.index);
  if (!arg.number_attr().empty()) {
    Attr(arg.number_attr(), static_cast<int64_t>(src_list.size()));
    DataType base = arg.type();
    if (base == DT_INVALID) {
      if (src_list.empty()) return;
      base = BaseType(src_list[0].data_type);
      Attr(arg.type_attr(), base);
    }
    for (const NodeOut& out : src_list) VerifyInputType(arg, MaybeRef(arg, base), out.data_type);
  } else if (!arg.type_list_attr().empty()) {
    DataTypeVector types;
    for (const NodeOut& out : src_list) {
      VerifyInputRef(arg, out.data_type);
      types.push_back(BaseType(out.data_type));
    }
    Attr(arg.type_list_attr(), types);
  } else {
    errors_.push_back(
        absl::StrCat("List provided to input '", arg.name(), "' when single Tensor expected"));
  }
}

void NodeDefBuilder::AddInput(absl::string_view src_node, int src_index) {
  if (src_node.empty()) {
    errors_.push_back("Empty input node name");
  } else if (src_node[0] == '^') {
    errors_.push_back(absl::StrCat("Non-control input starting with ^: ", src_node));
  } else if (src_index > 0) {
    node_def_.add_input(absl::StrCat(src_node, ":", src_index));
  } else {
    node_def_.add_input(std::string(src_node));
  }
}

void NodeDefBuilder::VerifyInputType(const OpDef::ArgDef& arg, DataType expected, DataType dt) {
  // A reference may feed a value input.
  if (dt != expected && BaseType(dt) != expected) {
    errors_.push_back(absl::StrCat("Input '", arg.name(), "' passed ", DataTypeString(dt),
                                   " expected ", DataTypeString(expected)));
  }
}

void NodeDefBuilder::VerifyInputRef(const OpDef::ArgDef& arg, DataType dt) {
  if (arg.is_ref() && !IsRefType(dt)) {
    errors_.push_back(
        absl::StrCat("Input '", arg.name(), "' passed ", DataTypeString(dt), " expected ref type"));
  }
}

NodeDefBuilder& NodeDefBuilder::ControlInput(absl::string_view src_node) {
  control_inputs_.emplace_back(src_node);
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Device(absl::string_view device_spec) {
  node_def_.set_device(std::string(device_spec));
  return *this;
}

NodeDefBuilder& NodeDefBuilder::SetAttr(absl::string_view name, const AttrValue& value) {
  auto* attrs = node_def_.mutable_attr();
  auto it = attrs->find(std::string(name));
  if (it == attrs->end()) {
    (*attrs)[std::string(name)] = value;
  } else if (!AreAttrValuesEqual(it->second, value)) {
    errors_.push_back(absl::StrCat("Inconsistent values for attr '", name, "' ",
                                   SummarizeAttrValue(it->second), " vs. ",
                                   SummarizeAttrValue(value)));
  }
  return *this;
}

Status NodeDefBuilder::Finalize(NodeDef* node_def, bool consume) {
  std::vector<std::string> errors = errors_;
  if (op_def_ != nullptr && inputs_specified_ < op_def_->input_arg_size()) {
    errors.push_back(absl::StrCat(inputs_specified_, " inputs specified of ",
                                  op_def_->input_arg_size(), " inputs in Op"));
  }
  if (!errors.empty()) {
    const std::string where = op_def_ == nullptr
                                  ? std::string()
                                  : absl::StrCat(" while building NodeDef '", node_def_.name(),
                                                 "' using ", SummarizeOpDef(*op_def_));
    if (errors.size() == 1) return errors::InvalidArgument(errors[0], where);
    if (op_def_ == nullptr) {
      return errors::InvalidArgument(errors.size(), " errors while building NodeDef '",
                                     node_def_.name(), "':\n", absl::StrJoin(errors, "\n"));
    }
    return errors::InvalidArgument(errors.size(), " errors", where, ":\n",
                                   absl::StrJoin(errors, "\n"));
  }
  if (node_def == nullptr) return OkStatus();
  if (consume) {
    *node_def = std::move(node_def_);
  } else {
    *node_def = node_def_;
  }
  for (const std::string& c : control_inputs_) node_def->add_input(absl::StrCat("^", c));
  AddDefaultsToNodeDef(*op_def_, node_def);
  return OkStatus();
}

}  // namespace tensorflow
