#include "framework/op.h"

#include <cstdlib>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "framework/attr_value_util.h"
#include "framework/errors.h"

namespace tensorflow {

namespace {

absl::string_view Trim(absl::string_view s) { return absl::StripAsciiWhitespace(s); }

// TF's type categories, as listed in its op_def_builder.
const std::vector<DataType>& TypeCategory(absl::string_view name, bool* found) {
  static const auto* kCategories = new std::map<std::string, std::vector<DataType>>{
      {"numbertype",
       {DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64,
        DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16,
        DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64}},
      {"realnumbertype",
       {DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16,
        DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64}},
      {"quantizedtype", {DT_QINT8, DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16}},
      {"floatingpointtype", {DT_HALF, DT_FLOAT, DT_DOUBLE, DT_BFLOAT16}},
      {"complextype", {DT_COMPLEX64, DT_COMPLEX128}},
  };
  static const std::vector<DataType> kEmpty;
  auto it = kCategories->find(std::string(name));
  *found = it != kCategories->end();
  return *found ? it->second : kEmpty;
}

bool ParseTypeName(absl::string_view s, DataType* dt) {
  s = Trim(s);
  if (DataTypeFromString(s, dt)) return true;
  return DataType_Parse(std::string(s), dt) && *dt != DT_INVALID;
}

bool IsQuoted(absl::string_view s) {
  return s.size() >= 2 && (s.front() == '\'' || s.front() == '"') && s.back() == s.front();
}

// Parses "{a, b}" into its trimmed elements.
bool ParseBraceList(absl::string_view s, std::vector<std::string>* out) {
  s = Trim(s);
  if (s.size() < 2 || s.front() != '{' || s.back() != '}') return false;
  out->clear();
  absl::string_view inner = Trim(s.substr(1, s.size() - 2));
  if (inner.empty()) return true;
  for (absl::string_view piece : absl::StrSplit(inner, ',')) out->emplace_back(Trim(piece));
  return true;
}

// Fills type and allowed_values from a type spec ("int", "{float, double}", ...).
Status ParseAttrType(absl::string_view spec, OpDef::AttrDef* attr) {
  spec = Trim(spec);
  bool is_list = false;
  if (absl::StartsWith(spec, "list(") && absl::EndsWith(spec, ")")) {
    is_list = true;
    spec = Trim(spec.substr(5, spec.size() - 6));
  }
  std::string base;
  std::vector<std::string> elems;
  bool found_category = false;
  const auto& category = TypeCategory(spec, &found_category);
  if (ParseBraceList(spec, &elems)) {
    if (!elems.empty() && IsQuoted(elems[0])) {
      base = "string";
      AttrValue::ListValue* allowed = attr->mutable_allowed_values()->mutable_list();
      for (const auto& e : elems) {
        if (!IsQuoted(e)) return errors::InvalidArgument("mixed allowed values in '", spec, "'");
        allowed->add_s(e.substr(1, e.size() - 2));
      }
    } else {
      base = "type";
      AttrValue::ListValue* allowed = attr->mutable_allowed_values()->mutable_list();
      for (const auto& e : elems) {
        bool is_category = false;
        const auto& members = TypeCategory(e, &is_category);
        if (is_category) {  // "{numbertype, variant}": a category among the names
          for (DataType m : members) allowed->add_type(m);
          continue;
        }
        DataType dt;
        if (!ParseTypeName(e, &dt)) return errors::InvalidArgument("unknown type '", e, "'");
        allowed->add_type(dt);
      }
    }
  } else if (found_category) {
    base = "type";
    AttrValue::ListValue* allowed = attr->mutable_allowed_values()->mutable_list();
    for (DataType dt : category) allowed->add_type(dt);
  } else if (spec == "string" || spec == "int" || spec == "float" || spec == "bool" ||
             spec == "type" || spec == "shape" || spec == "tensor" || spec == "func") {
    base = std::string(spec);
  } else {
    return errors::InvalidArgument("unknown attr type '", spec, "'");
  }
  attr->set_type(is_list ? absl::StrCat("list(", base, ")") : base);
  return OkStatus();
}

Status ParseScalarDefault(absl::string_view base, absl::string_view s, AttrValue* out) {
  s = Trim(s);
  if (base == "int") {
    int64_t v;
    if (!absl::SimpleAtoi(s, &v)) return errors::InvalidArgument("bad int default '", s, "'");
    out->set_i(v);
  } else if (base == "float") {
    std::string text(s);
    char* end = nullptr;
    float v = std::strtof(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0') {
      return errors::InvalidArgument("bad float default '", s, "'");
    }
    out->set_f(v);
  } else if (base == "bool") {
    if (s != "true" && s != "false") return errors::InvalidArgument("bad bool default '", s, "'");
    out->set_b(s == "true");
  } else if (base == "string") {
    if (!IsQuoted(s)) return errors::InvalidArgument("bad string default '", s, "'");
    out->set_s(std::string(s.substr(1, s.size() - 2)));
  } else if (base == "type") {
    DataType dt;
    if (!ParseTypeName(s, &dt)) return errors::InvalidArgument("bad type default '", s, "'");
    out->set_type(dt);
  } else if (base == "shape") {
    std::string compact;
    for (char ch : s) {
      if (!absl::ascii_isspace(static_cast<unsigned char>(ch))) compact.push_back(ch);
    }
    if (compact == "{unknown_rank:true}") {
      out->mutable_shape()->set_unknown_rank(true);
    } else if (compact.size() >= 2 && compact.front() == '[' && compact.back() == ']') {
      auto* shape = out->mutable_shape();
      std::string inner = compact.substr(1, compact.size() - 2);
      if (!inner.empty()) {
        for (absl::string_view d : absl::StrSplit(inner, ',')) {
          int64_t v;
          if (!absl::SimpleAtoi(d, &v)) return errors::InvalidArgument("bad shape '", s, "'");
          shape->add_dim()->set_size(v);
        }
      } else {
        shape->Clear();
      }
    } else {
      return errors::InvalidArgument("bad shape default '", s, "'");
    }
  } else {
    return errors::InvalidArgument("no default syntax for attr type '", base, "'");
  }
  return OkStatus();
}

Status ParseDefault(const std::string& type, absl::string_view s, AttrValue* out) {
  if (absl::StartsWith(type, "list(")) {
    const std::string base = type.substr(5, type.size() - 6);
    s = Trim(s);
    if (s.size() < 2 || s.front() != '[' || s.back() != ']') {
      return errors::InvalidArgument("bad list default '", s, "'");
    }
    out->mutable_list();
    absl::string_view inner = Trim(s.substr(1, s.size() - 2));
    if (inner.empty()) return OkStatus();
    for (absl::string_view piece : absl::StrSplit(inner, ',')) {
      AttrValue one;
      TF_RETURN_IF_ERROR(ParseScalarDefault(base, piece, &one));
      auto* l = out->mutable_list();
      if (base == "int") l->add_i(one.i());
      if (base == "float") l->add_f(one.f());
      if (base == "bool") l->add_b(one.b());
      if (base == "string") l->add_s(one.s());
      if (base == "type") l->add_type(one.type());
      if (base == "shape") *l->add_shape() = one.shape();
    }
    return OkStatus();
  }
  return ParseScalarDefault(type, s, out);
}

Status ParseAttr(const std::string& spec, OpDef::AttrDef* attr) {
  size_t colon = spec.find(':');
  if (colon == std::string::npos) return errors::InvalidArgument("no ':' in attr '", spec, "'");
  attr->set_name(std::string(Trim(absl::string_view(spec).substr(0, colon))));
  std::string rest(Trim(absl::string_view(spec).substr(colon + 1)));
  // The default follows the first '=' that is not part of '>='.
  std::string default_text;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '=' && (i == 0 || rest[i - 1] != '>')) {
      default_text = rest.substr(i + 1);
      rest = rest.substr(0, i);
      break;
    }
  }
  size_t ge = rest.find(">=");
  if (ge != std::string::npos) {
    int64_t min;
    if (!absl::SimpleAtoi(Trim(absl::string_view(rest).substr(ge + 2)), &min)) {
      return errors::InvalidArgument("bad minimum in attr '", spec, "'");
    }
    attr->set_has_minimum(true);
    attr->set_minimum(min);
    rest = rest.substr(0, ge);
  }
  TF_RETURN_IF_ERROR(ParseAttrType(rest, attr));
  if (!Trim(default_text).empty()) {
    TF_RETURN_IF_ERROR(ParseDefault(attr->type(), default_text, attr->mutable_default_value()));
  }
  return OkStatus();
}

Status ParseArg(const std::string& spec, const OpDef& op_def, OpDef::ArgDef* arg) {
  size_t colon = spec.find(':');
  if (colon == std::string::npos) return errors::InvalidArgument("no ':' in arg '", spec, "'");
  arg->set_name(std::string(Trim(absl::string_view(spec).substr(0, colon))));
  absl::string_view type = Trim(absl::string_view(spec).substr(colon + 1));
  if (absl::StartsWith(type, "Ref(") && absl::EndsWith(type, ")")) {
    arg->set_is_ref(true);
    type = Trim(type.substr(4, type.size() - 5));
  }
  size_t star = type.find('*');
  if (star != absl::string_view::npos) {
    arg->set_number_attr(std::string(Trim(type.substr(0, star))));
    type = Trim(type.substr(star + 1));
  }
  DataType dt;
  if (ParseTypeName(type, &dt)) {
    arg->set_type(dt);
    return OkStatus();
  }
  const OpDef::AttrDef* attr = FindAttr(type, op_def);
  if (attr == nullptr) {
    return errors::InvalidArgument("arg '", spec, "' names no type and no attr");
  }
  if (attr->type() == "list(type)") {
    arg->set_type_list_attr(std::string(type));
  } else {
    arg->set_type_attr(std::string(type));
  }
  return OkStatus();
}

}  // namespace

OpDefBuilder::OpDefBuilder(std::string op_name) { data_.op_def.set_name(std::move(op_name)); }
OpDefBuilder& OpDefBuilder::Attr(std::string spec) {
  attrs_.push_back(std::move(spec));
  return *this;
}
OpDefBuilder& OpDefBuilder::Input(std::string spec) {
  inputs_.push_back(std::move(spec));
  return *this;
}
OpDefBuilder& OpDefBuilder::Output(std::string spec) {
  outputs_.push_back(std::move(spec));
  return *this;
}
OpDefBuilder& OpDefBuilder::SetIsCommutative() {
  data_.op_def.set_is_commutative(true);
  return *this;
}
OpDefBuilder& OpDefBuilder::SetIsAggregate() {
  data_.op_def.set_is_aggregate(true);
  return *this;
}
OpDefBuilder& OpDefBuilder::SetIsStateful() {
  data_.op_def.set_is_stateful(true);
  return *this;
}
OpDefBuilder& OpDefBuilder::SetAllowsUninitializedInput() {
  data_.op_def.set_allows_uninitialized_input(true);
  return *this;
}
OpDefBuilder& OpDefBuilder::Summary(std::string summary) {
  data_.op_def.set_summary(std::move(summary));
  return *this;
}
OpDefBuilder& OpDefBuilder::Description(std::string description) {
  data_.op_def.set_description(std::move(description));
  return *this;
}
OpDefBuilder& OpDefBuilder::SetShapeFn(shape_inference::ShapeInferenceFn fn) {
  data_.shape_inference_fn = std::move(fn);
  return *this;
}

OpDefBuilder& OpDefBuilder::SetAttrCheck(AttrCheckFn fn) {
  data_.attr_check = std::move(fn);
  return *this;
}

OpDefBuilder& OpDefBuilder::ArgDoc(std::string name, std::string doc) {
  docs_.emplace_back(std::move(name), std::move(doc));
  return *this;
}
OpDefBuilder& OpDefBuilder::CcHeader(std::string header) {
  data_.cc_api.header = std::move(header);
  return *this;
}
OpDefBuilder& OpDefBuilder::CcName(std::string class_name) {
  data_.cc_api.class_name = std::move(class_name);
  return *this;
}
OpDefBuilder& OpDefBuilder::CcAlias(std::string alias) {
  data_.cc_api.aliases.push_back(std::move(alias));
  return *this;
}
OpDefBuilder& OpDefBuilder::CcHidden() {
  data_.cc_api.hidden = true;
  return *this;
}
OpDefBuilder& OpDefBuilder::CcRename(std::string arg, std::string cc_name) {
  data_.cc_api.renames.emplace_back(std::move(arg), std::move(cc_name));
  return *this;
}

Status OpDefBuilder::Finalize(OpRegistrationData* out) const {
  *out = data_;
  OpDef& def = out->op_def;
  for (const auto& spec : attrs_) {
    TF_RETURN_WITH_CONTEXT_IF_ERROR(ParseAttr(spec, def.add_attr()), "in op ", def.name());
  }
  for (const auto& spec : inputs_) {
    TF_RETURN_WITH_CONTEXT_IF_ERROR(ParseArg(spec, def, def.add_input_arg()), "in op ", def.name());
  }
  for (const auto& spec : outputs_) {
    TF_RETURN_WITH_CONTEXT_IF_ERROR(ParseArg(spec, def, def.add_output_arg()), "in op ",
                                    def.name());
  }
  for (const auto& [name, doc] : docs_) {
    std::string* slot = nullptr;
    for (auto& arg : *def.mutable_input_arg()) {
      if (arg.name() == name) slot = arg.mutable_description();
    }
    for (auto& arg : *def.mutable_output_arg()) {
      if (arg.name() == name) slot = arg.mutable_description();
    }
    for (auto& attr : *def.mutable_attr()) {
      if (attr.name() == name) slot = attr.mutable_description();
    }
    if (slot == nullptr) {
      return errors::InvalidArgument("op ", def.name(), " documents '", name,
                                     "', which is no arg or attr of it");
    }
    *slot = doc;
  }
  if (!out->shape_inference_fn) {
    return errors::InvalidArgument("op ", def.name(), " has no shape function");
  }
  return OkStatus();
}

OpRegistry* OpRegistry::Global() {
  static OpRegistry* registry = new OpRegistry;
  return registry;
}

Status OpRegistry::Register(const OpRegistrationData& data) {
  std::lock_guard<std::mutex> lock(mu_);
  const std::string& name = data.op_def.name();
  if (ops_.count(name)) return errors::AlreadyExists("Op with name ", name);
  ops_[name] = std::make_unique<OpRegistrationData>(data);
  return OkStatus();
}

Status OpRegistry::LookUp(const std::string& name, const OpRegistrationData** data) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = ops_.find(name);
  if (it == ops_.end()) {
    *data = nullptr;
    return errors::NotFound("Op type not registered '", name,
                            "' in binary running on minitf. Make sure the Op and Kernel are "
                            "registered in the binary running in this process.");
  }
  *data = it->second.get();
  return OkStatus();
}

Status OpRegistry::LookUpOpDef(const std::string& name, const OpDef** op_def) const {
  const OpRegistrationData* data;
  TF_RETURN_IF_ERROR(LookUp(name, &data));
  *op_def = &data->op_def;
  return OkStatus();
}

std::vector<std::string> OpRegistry::ListOpNames() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> names;
  for (const auto& kv : ops_) names.push_back(kv.first);
  return names;
}

const OpDef::AttrDef* FindAttr(absl::string_view name, const OpDef& op_def) {
  for (const auto& attr : op_def.attr()) {
    if (attr.name() == name) return &attr;
  }
  return nullptr;
}

namespace {
std::string SummarizeArgs(const google::protobuf::RepeatedPtrField<OpDef::ArgDef>& args) {
  std::vector<std::string> parts;
  for (const auto& arg : args) {
    std::string type;
    if (!arg.number_attr().empty()) absl::StrAppend(&type, arg.number_attr(), "*");
    if (arg.type() != DT_INVALID) {
      absl::StrAppend(&type, DataTypeString(arg.type()));
    } else if (!arg.type_attr().empty()) {
      absl::StrAppend(&type, arg.type_attr());
    } else {
      absl::StrAppend(&type, arg.type_list_attr());
    }
    parts.push_back(
        absl::StrCat(arg.name(), ":", arg.is_ref() ? "Ref(" : "", type, arg.is_ref() ? ")" : ""));
  }
  return absl::StrJoin(parts, ", ");
}
}  // namespace

std::string SummarizeOpDef(const OpDef& op_def) {
  std::string out =
      absl::StrCat("Op<name=", op_def.name(), "; signature=", SummarizeArgs(op_def.input_arg()),
                   " -> ", SummarizeArgs(op_def.output_arg()));
  for (const auto& attr : op_def.attr()) {
    absl::StrAppend(&out, "; attr=", attr.name(), ":", attr.type());
    if (attr.has_default_value()) {
      absl::StrAppend(&out, ",default=", SummarizeAttrValue(attr.default_value()));
    }
    if (attr.has_minimum()) absl::StrAppend(&out, ",min=", attr.minimum());
    if (attr.has_allowed_values()) {
      absl::StrAppend(&out, ",allowed=", SummarizeAttrValue(attr.allowed_values()));
    }
  }
  if (op_def.is_commutative()) absl::StrAppend(&out, "; is_commutative=true");
  if (op_def.is_aggregate()) absl::StrAppend(&out, "; is_aggregate=true");
  if (op_def.is_stateful()) absl::StrAppend(&out, "; is_stateful=true");
  return out + ">";
}

namespace register_op {
OpRegisterer::OpRegisterer(const OpDefBuilder& builder) {
  OpRegistrationData data;
  TF_CHECK_OK(builder.Finalize(&data));
  TF_CHECK_OK(OpRegistry::Global()->Register(data));
}
}  // namespace register_op

}  // namespace tensorflow
