#include "framework/node_def_util.h"

#include <algorithm>
#include <limits>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/errors.h"

namespace tensorflow {

const char* const kColocationAttrName = "_class";
const char* const kColocationGroupPrefix = "loc:@";

AttrSlice::AttrSlice(const NodeDef& ndef) : ndef_(&ndef), attrs_(&ndef.attr()) {}
AttrSlice::AttrSlice(const AttrValueMap* a) : ndef_(nullptr), attrs_(a) {}
AttrSlice::AttrSlice() : ndef_(nullptr), attrs_(nullptr) {}

const AttrValue* AttrSlice::Find(absl::string_view attr_name) const {
  if (attrs_ == nullptr) return nullptr;
  auto it = attrs_->find(std::string(attr_name));
  return it == attrs_->end() ? nullptr : &it->second;
}

Status AttrSlice::Find(absl::string_view attr_name, const AttrValue** attr_value) const {
  *attr_value = Find(attr_name);
  if (*attr_value != nullptr) return OkStatus();
  Status s = errors::NotFound("No attr named '", attr_name, "' in NodeDef:");
  if (ndef_ != nullptr) {
    s = errors::NotFound("No attr named '", attr_name, "' in NodeDef:\n\t ",
                         SummarizeNodeDef(*ndef_));
  }
  return s;
}

std::string AttrSlice::SummarizeNode() const {
  if (attrs_ == nullptr) return "";
  std::vector<std::string> names;
  for (const auto& kv : *attrs_) names.push_back(kv.first);
  std::sort(names.begin(), names.end());
  std::vector<std::string> parts;
  for (const auto& n : names) {
    parts.push_back(absl::StrCat(n, "=", SummarizeAttrValue(attrs_->at(n))));
  }
  return absl::StrJoin(parts, ", ");
}

bool HasNodeAttr(const NodeDef& node_def, absl::string_view attr_name) {
  return node_def.attr().count(std::string(attr_name)) > 0;
}

namespace {

// Finds the attr and checks its type name.
Status FindTyped(const AttrSlice& attrs, absl::string_view name, absl::string_view type,
                 const AttrValue** v) {
  TF_RETURN_IF_ERROR(attrs.Find(name, v));
  Status s = AttrValueHasType(**v, type);
  if (!s.ok()) {
    return errors::InvalidArgument("Attr '", name, "' has the wrong type: ", s.message());
  }
  return OkStatus();
}

}  // namespace

// Finds attr `name`, checks it holds `type`, and stores get(attr) in *value.
template <typename T, typename Getter>
Status GetTyped(const AttrSlice& attrs, absl::string_view name, absl::string_view type, T* value,
                Getter get) {
  const AttrValue* v;
  TF_RETURN_IF_ERROR(FindTyped(attrs, name, type, &v));
  *value = get(*v);
  return OkStatus();
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, std::string* value) {
  return GetTyped(attrs, name, "string", value, [](const AttrValue& v) { return v.s(); });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, int64_t* value) {
  return GetTyped(attrs, name, "int", value, [](const AttrValue& v) { return v.i(); });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, int32_t* value) {
  int64_t wide;
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, name, &wide));
  if (wide < INT32_MIN || wide > INT32_MAX) {
    return errors::InvalidArgument("Attr ", name, " has value ", wide,
                                   " out of range for an int32");
  }
  *value = static_cast<int32_t>(wide);
  return OkStatus();
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, float* value) {
  return GetTyped(attrs, name, "float", value, [](const AttrValue& v) { return v.f(); });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, bool* value) {
  return GetTyped(attrs, name, "bool", value, [](const AttrValue& v) { return v.b(); });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, DataType* value) {
  return GetTyped(attrs, name, "type", value, [](const AttrValue& v) { return v.type(); });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, TensorShapeProto* value) {
  return GetTyped(attrs, name, "shape", value, [](const AttrValue& v) { return v.shape(); });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, TensorShape* value) {
  const AttrValue* v;
  TF_RETURN_IF_ERROR(FindTyped(attrs, name, "shape", &v));
  return TensorShape::BuildTensorShape(v->shape(), value);
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, PartialTensorShape* value) {
  const AttrValue* v;
  TF_RETURN_IF_ERROR(FindTyped(attrs, name, "shape", &v));
  return PartialTensorShape::BuildTensorShapeBase(v->shape(), value);
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, Tensor* value) {
  const AttrValue* v;
  TF_RETURN_IF_ERROR(FindTyped(attrs, name, "tensor", &v));
  Tensor t;
  if (!t.FromProto(v->tensor())) {
    return errors::InvalidArgument("Attr ", name, " has value ", v->tensor().ShortDebugString(),
                                   " that can't be converted to a Tensor");
  }
  *value = std::move(t);
  return OkStatus();
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, const TensorProto** value) {
  return GetTyped(attrs, name, "tensor", value, [](const AttrValue& v) { return &v.tensor(); });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, NameAttrList* value) {
  return GetTyped(attrs, name, "func", value, [](const AttrValue& v) { return v.func(); });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name,
                   std::vector<std::string>* value) {
  return GetTyped(attrs, name, "list(string)", value, [](const AttrValue& v) {
    return std::vector<std::string>(v.list().s().begin(), v.list().s().end());
  });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, std::vector<int64_t>* value) {
  return GetTyped(attrs, name, "list(int)", value, [](const AttrValue& v) {
    return std::vector<int64_t>(v.list().i().begin(), v.list().i().end());
  });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, std::vector<int32_t>* value) {
  std::vector<int64_t> wide;
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, name, &wide));
  value->clear();
  for (int64_t w : wide) {
    if (w < INT32_MIN || w > INT32_MAX) {
      return errors::InvalidArgument("Attr ", name, " has value ", w, " out of range for an int32");
    }
    value->push_back(static_cast<int32_t>(w));
  }
  return OkStatus();
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, std::vector<float>* value) {
  return GetTyped(attrs, name, "list(float)", value, [](const AttrValue& v) {
    return std::vector<float>(v.list().f().begin(), v.list().f().end());
  });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, std::vector<bool>* value) {
  return GetTyped(attrs, name, "list(bool)", value, [](const AttrValue& v) {
    return std::vector<bool>(v.list().b().begin(), v.list().b().end());
  });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, std::vector<DataType>* value) {
  return GetTyped(attrs, name, "list(type)", value, [](const AttrValue& v) {
    std::vector<DataType> types;
    for (int t : v.list().type()) types.push_back(static_cast<DataType>(t));
    return types;
  });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, DataTypeVector* value) {
  std::vector<DataType> types;
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, name, &types));
  value->assign(types.begin(), types.end());
  return OkStatus();
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name,
                   std::vector<TensorShapeProto>* value) {
  return GetTyped(attrs, name, "list(shape)", value, [](const AttrValue& v) {
    return std::vector<TensorShapeProto>(v.list().shape().begin(), v.list().shape().end());
  });
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name,
                   std::vector<TensorShape>* value) {
  std::vector<TensorShapeProto> protos;
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, name, &protos));
  value->clear();
  for (const auto& p : protos) {
    TensorShape s;
    TF_RETURN_IF_ERROR(TensorShape::BuildTensorShape(p, &s));
    value->push_back(s);
  }
  return OkStatus();
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name,
                   std::vector<PartialTensorShape>* value) {
  std::vector<TensorShapeProto> protos;
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, name, &protos));
  value->clear();
  for (const auto& p : protos) {
    PartialTensorShape s;
    TF_RETURN_IF_ERROR(PartialTensorShape::BuildTensorShapeBase(p, &s));
    value->push_back(s);
  }
  return OkStatus();
}

Status GetNodeAttr(const AttrSlice& attrs, absl::string_view name, std::vector<Tensor>* value) {
  const AttrValue* v;
  TF_RETURN_IF_ERROR(FindTyped(attrs, name, "list(tensor)", &v));
  value->clear();
  for (const auto& p : v->list().tensor()) {
    Tensor t;
    if (!t.FromProto(p)) {
      return errors::InvalidArgument("Attr ", name, " has a tensor that can't be converted");
    }
    value->push_back(t);
  }
  return OkStatus();
}

std::string FormatNodeNameForError(const std::string& name) {
  return absl::StrCat("{{node ", name, "}}");
}

std::string SummarizeNodeDef(const NodeDef& node_def) {
  std::string s = absl::StrCat(FormatNodeNameForError(node_def.name()), " = ", node_def.op(), "[",
                               AttrSlice(node_def).SummarizeNode(), "]");
  if (!node_def.device().empty()) absl::StrAppend(&s, "(device=", node_def.device(), ")");
  absl::StrAppend(&s, "(", absl::StrJoin(node_def.input(), ", "), ")");
  return s;
}

bool ParseTensorName(absl::string_view name, std::string* node, int* index) {
  if (absl::StartsWith(name, "^")) {
    *node = std::string(name.substr(1));
    *index = -1;
    return !node->empty();
  }
  size_t colon = name.rfind(':');
  if (colon == absl::string_view::npos) {
    *node = std::string(name);
    *index = 0;
    return !node->empty();
  }
  int i;
  if (!absl::SimpleAtoi(name.substr(colon + 1), &i) || i < 0) {
    *node = std::string(name);
    *index = 0;
    return !node->empty();
  }
  *node = std::string(name.substr(0, colon));
  *index = i;
  return !node->empty();
}

namespace {
Status NameRangesForArgs(const AttrSlice& attrs,
                         const google::protobuf::RepeatedPtrField<OpDef::ArgDef>& args,
                         NameRangeMap* ranges) {
  int start = 0;
  for (const auto& arg : args) {
    int64_t count = 1;
    if (!arg.number_attr().empty()) {
      TF_RETURN_IF_ERROR(GetNodeAttr(attrs, arg.number_attr(), &count));
    } else if (!arg.type_list_attr().empty()) {
      DataTypeVector types;
      TF_RETURN_IF_ERROR(GetNodeAttr(attrs, arg.type_list_attr(), &types));
      count = static_cast<int64_t>(types.size());
    }
    if (count < 0 || count > std::numeric_limits<int>::max() - start) {
      return errors::InvalidArgument("Arg ", arg.name(), " has an invalid length ", count);
    }
    const int end = start + static_cast<int>(count);
    if (ranges != nullptr) (*ranges)[arg.name()] = {start, end};
    start = end;
  }
  return OkStatus();
}
}  // namespace

Status NameRangesForNode(const AttrSlice& attrs, const OpDef& op_def, NameRangeMap* inputs,
                         NameRangeMap* outputs) {
  if (inputs != nullptr) inputs->clear();
  if (outputs != nullptr) outputs->clear();
  TF_RETURN_IF_ERROR(NameRangesForArgs(attrs, op_def.input_arg(), inputs));
  return NameRangesForArgs(attrs, op_def.output_arg(), outputs);
}

}  // namespace tensorflow
