// minitf: building, checking and printing AttrValue protos, as TF's attr_value_util.h.
//
//   AttrValue v;  SetAttrValue(DT_FLOAT, &v);           // v.type() == DT_FLOAT
//   SetAttrValue({1, 2, 3}, &v);                          // v.list().i() == [1,2,3]
//   SummarizeAttrValue(v);                                // "[1, 2, 3]"
#ifndef MINITF_FRAMEWORK_ATTR_VALUE_UTIL_H_
#define MINITF_FRAMEWORK_ATTR_VALUE_UTIL_H_

#include <initializer_list>
#include <string>
#include <vector>

#include "framework/status.h"
#include "framework/tensor.h"
#include "framework/tensor_shape.h"
#include "framework/types.h"
#include "tensorflow/core/framework/attr_value.pb.h"

namespace tensorflow {

// Scalars.
void SetAttrValue(const AttrValue& value, AttrValue* out);
void SetAttrValue(const std::string& value, AttrValue* out);
void SetAttrValue(absl::string_view value, AttrValue* out);
void SetAttrValue(const char* value, AttrValue* out);
void SetAttrValue(int64_t value, AttrValue* out);
void SetAttrValue(int32_t value, AttrValue* out);
void SetAttrValue(float value, AttrValue* out);
void SetAttrValue(double value, AttrValue* out);
void SetAttrValue(bool value, AttrValue* out);
void SetAttrValue(DataType value, AttrValue* out);
void SetAttrValue(const TensorShape& value, AttrValue* out);
void SetAttrValue(const PartialTensorShape& value, AttrValue* out);
void SetAttrValue(const TensorShapeProto& value, AttrValue* out);
void SetAttrValue(const Tensor& value, AttrValue* out);
void SetAttrValue(const TensorProto& value, AttrValue* out);
void SetAttrValue(const NameAttrList& value, AttrValue* out);

// Lists (an empty list still sets the `list` field).
void SetAttrValue(absl::Span<const std::string> value, AttrValue* out);
void SetAttrValue(absl::Span<const char* const> value, AttrValue* out);
void SetAttrValue(absl::Span<const absl::string_view> value, AttrValue* out);
void SetAttrValue(absl::Span<const int64_t> value, AttrValue* out);
void SetAttrValue(absl::Span<const int32_t> value, AttrValue* out);
void SetAttrValue(absl::Span<const float> value, AttrValue* out);
void SetAttrValue(absl::Span<const double> value, AttrValue* out);
void SetAttrValue(absl::Span<const bool> value, AttrValue* out);
void SetAttrValue(const std::vector<bool>& value, AttrValue* out);
void SetAttrValue(absl::Span<const DataType> value, AttrValue* out);
void SetAttrValue(absl::Span<const TensorShape> value, AttrValue* out);
void SetAttrValue(absl::Span<const PartialTensorShape> value, AttrValue* out);
void SetAttrValue(absl::Span<const TensorShapeProto> value, AttrValue* out);
void SetAttrValue(absl::Span<const Tensor> value, AttrValue* out);
void SetAttrValue(absl::Span<const TensorProto> value, AttrValue* out);
void SetAttrValue(absl::Span<const NameAttrList> value, AttrValue* out);
template <typename T>
void SetAttrValue(const std::vector<T>& value, AttrValue* out) {
  SetAttrValue(absl::Span<const T>(value), out);
}
template <typename T>
void SetAttrValue(std::initializer_list<T> value, AttrValue* out) {
  SetAttrValue(absl::Span<const T>(value.begin(), value.size()), out);
}

// Checks that `attr_value` holds a value of the OpDef type name `type` ("int",
// "list(type)", ...). InvalidArgument otherwise.
Status AttrValueHasType(const AttrValue& attr_value, absl::string_view type);

// The OpDef type name of the value `attr_value` holds ("int", "list(float)", ...); an empty
// list reports "list", an unset value "".
std::string AttrValueTypeName(const AttrValue& attr_value);

// The short human form TF uses in error messages and DebugStrings:
// 3, 1.5, true, "s", DT_FLOAT, [2,3], <unknown>, [1, 2], Tensor<type: ...>.
std::string SummarizeAttrValue(const AttrValue& attr_value);

// Compares two AttrValues by their serialized form (tensors compare by content).
bool AreAttrValuesEqual(const AttrValue& a, const AttrValue& b);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_ATTR_VALUE_UTIL_H_
