#include "framework/attr_value_util.h"

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/errors.h"

namespace tensorflow {

void SetAttrValue(const AttrValue& value, AttrValue* out) { *out = value; }
void SetAttrValue(const std::string& value, AttrValue* out) { out->set_s(value); }
void SetAttrValue(absl::string_view value, AttrValue* out) {
  out->set_s(value.data(), value.size());
}
void SetAttrValue(const char* value, AttrValue* out) { out->set_s(value); }
void SetAttrValue(int64_t value, AttrValue* out) { out->set_i(value); }
void SetAttrValue(int32_t value, AttrValue* out) { out->set_i(value); }
void SetAttrValue(float value, AttrValue* out) { out->set_f(value); }
void SetAttrValue(double value, AttrValue* out) { out->set_f(static_cast<float>(value)); }
void SetAttrValue(bool value, AttrValue* out) { out->set_b(value); }
void SetAttrValue(DataType value, AttrValue* out) { out->set_type(value); }
void SetAttrValue(const TensorShape& value, AttrValue* out) { value.AsProto(out->mutable_shape()); }
void SetAttrValue(const PartialTensorShape& value, AttrValue* out) {
  value.AsProto(out->mutable_shape());
}
void SetAttrValue(const TensorShapeProto& value, AttrValue* out) { *out->mutable_shape() = value; }
void SetAttrValue(const Tensor& value, AttrValue* out) {
  if (value.NumElements() > 1) {
    value.AsProtoTensorContent(out->mutable_tensor());
  } else {
    value.AsProtoField(out->mutable_tensor());
  }
}
void SetAttrValue(const TensorProto& value, AttrValue* out) { *out->mutable_tensor() = value; }
void SetAttrValue(const NameAttrList& value, AttrValue* out) { *out->mutable_func() = value; }

void SetAttrValue(absl::Span<const std::string> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (const auto& v : value) out->mutable_list()->add_s(v);
}
void SetAttrValue(absl::Span<const char* const> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (const auto* v : value) out->mutable_list()->add_s(v);
}
void SetAttrValue(absl::Span<const absl::string_view> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (const auto& v : value) out->mutable_list()->add_s(v.data(), v.size());
}
void SetAttrValue(absl::Span<const int64_t> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (auto v : value) out->mutable_list()->add_i(v);
}
void SetAttrValue(absl::Span<const int32_t> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (auto v : value) out->mutable_list()->add_i(v);
}
void SetAttrValue(absl::Span<const float> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (auto v : value) out->mutable_list()->add_f(v);
}
void SetAttrValue(absl::Span<const double> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (auto v : value) out->mutable_list()->add_f(static_cast<float>(v));
}
void SetAttrValue(absl::Span<const bool> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (auto v : value) out->mutable_list()->add_b(v);
}
void SetAttrValue(const std::vector<bool>& value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (bool v : value) out->mutable_list()->add_b(v);
}
void SetAttrValue(absl::Span<const DataType> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (auto v : value) out->mutable_list()->add_type(v);
}
void SetAttrValue(absl::Span<const TensorShape> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (const auto& v : value) v.AsProto(out->mutable_list()->add_shape());
}
void SetAttrValue(absl::Span<const PartialTensorShape> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (const auto& v : value) v.AsProto(out->mutable_list()->add_shape());
}
void SetAttrValue(absl::Span<const TensorShapeProto> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (const auto& v : value) *out->mutable_list()->add_shape() = v;
}
void SetAttrValue(absl::Span<const Tensor> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (const auto& v : value) {
    AttrValue one;
    SetAttrValue(v, &one);
    *out->mutable_list()->add_tensor() = one.tensor();
  }
}
void SetAttrValue(absl::Span<const TensorProto> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (const auto& v : value) *out->mutable_list()->add_tensor() = v;
}
void SetAttrValue(absl::Span<const NameAttrList> value, AttrValue* out) {
  out->mutable_list()->Clear();
  for (const auto& v : value) *out->mutable_list()->add_func() = v;
}

std::string AttrValueTypeName(const AttrValue& v) {
  switch (v.value_case()) {
    case AttrValue::kS:
      return "string";
    case AttrValue::kI:
      return "int";
    case AttrValue::kF:
      return "float";
    case AttrValue::kB:
      return "bool";
    case AttrValue::kType:
      return "type";
    case AttrValue::kShape:
      return "shape";
    case AttrValue::kTensor:
      return "tensor";
    case AttrValue::kFunc:
      return "func";
    case AttrValue::kPlaceholder:
      return "placeholder";
    case AttrValue::kList: {
      const auto& l = v.list();
      if (l.s_size()) return "list(string)";
      if (l.i_size()) return "list(int)";
      if (l.f_size()) return "list(float)";
      if (l.b_size()) return "list(bool)";
      if (l.type_size()) return "list(type)";
      if (l.shape_size()) return "list(shape)";
      if (l.tensor_size()) return "list(tensor)";
      if (l.func_size()) return "list(func)";
      return "list";
    }
    default:
      return "";
  }
}

Status AttrValueHasType(const AttrValue& attr_value, absl::string_view type) {
  const std::string have = AttrValueTypeName(attr_value);
  if (have == "placeholder") return OkStatus();
  if (have == type) return OkStatus();
  // An empty list fits any list type.
  if (have == "list" && absl::StartsWith(type, "list(")) return OkStatus();
  if (have.empty()) {
    return errors::InvalidArgument("AttrValue missing value with expected type '", type, "'");
  }
  if (have == "list") {
    return errors::InvalidArgument("AttrValue had value with type 'list' when '", type,
                                   "' expected");
  }
  return errors::InvalidArgument("AttrValue had value with type '", have, "' when '", type,
                                 "' expected");
}

namespace {

std::string SummarizeString(const std::string& s) {
  return absl::StrCat("\"", absl::CEscape(s), "\"");
}

std::string SummarizeFloat(float f) {
  // TF prints attr floats with %g-style shortest round trip.
  Tensor t(f);
  return t.SummarizeValue(1);
}

std::string SummarizeTensor(const TensorProto& p) {
  Tensor t;
  if (!t.FromProto(p)) return "<Invalid TensorProto>";
  return t.DebugString();
}

std::string SummarizeType(DataType dt) { return DataType_Name(dt); }

}  // namespace

std::string SummarizeAttrValue(const AttrValue& v) {
  switch (v.value_case()) {
    case AttrValue::kS:
      return SummarizeString(v.s());
    case AttrValue::kI:
      return absl::StrCat(v.i());
    case AttrValue::kF:
      return SummarizeFloat(v.f());
    case AttrValue::kB:
      return v.b() ? "true" : "false";
    case AttrValue::kType:
      return SummarizeType(v.type());
    case AttrValue::kShape:
      return PartialTensorShape::DebugString(v.shape());
    case AttrValue::kTensor:
      return SummarizeTensor(v.tensor());
    case AttrValue::kFunc:
      return v.func().name();
    case AttrValue::kPlaceholder:
      return absl::StrCat("$", v.placeholder());
    case AttrValue::kList: {
      std::vector<std::string> pieces;
      const auto& l = v.list();
      for (const auto& s : l.s()) pieces.push_back(SummarizeString(s));
      for (auto i : l.i()) pieces.push_back(absl::StrCat(i));
      for (auto f : l.f()) pieces.push_back(SummarizeFloat(f));
      for (auto b : l.b()) pieces.push_back(b ? "true" : "false");
      for (auto t : l.type()) pieces.push_back(SummarizeType(static_cast<DataType>(t)));
      for (const auto& s : l.shape()) pieces.push_back(PartialTensorShape::DebugString(s));
      for (const auto& t : l.tensor()) pieces.push_back(SummarizeTensor(t));
      for (const auto& f : l.func()) pieces.push_back(f.name());
      return absl::StrCat("[", absl::StrJoin(pieces, ", "), "]");
    }
    default:
      return "<Unknown AttrValue type>";
  }
}

bool AreAttrValuesEqual(const AttrValue& a, const AttrValue& b) {
  if (a.value_case() != b.value_case()) return false;
  if (a.has_tensor()) {
    Tensor ta, tb;
    if (!ta.FromProto(a.tensor()) || !tb.FromProto(b.tensor())) {
      return a.SerializeAsString() == b.SerializeAsString();
    }
    if (ta.dtype() != tb.dtype() || ta.shape() != tb.shape()) return false;
    TensorProto pa, pb;
    ta.AsProtoTensorContent(&pa);
    tb.AsProtoTensorContent(&pb);
    return pa.SerializeAsString() == pb.SerializeAsString();
  }
  std::string sa, sb;
  a.SerializeToString(&sa);
  b.SerializeToString(&sb);
  return sa == sb;
}

}  // namespace tensorflow
