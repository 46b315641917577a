// minitf: reading and writing a NodeDef's attrs, as TF's node_def_util.h.
//
//   DataType dtype;
//   TF_RETURN_IF_ERROR(GetNodeAttr(node->attrs(), "dtype", &dtype));
//   Tensor value;
//   TF_RETURN_IF_ERROR(GetNodeAttr(node->attrs(), "value", &value));
//
// GetNodeAttr returns NotFound for a missing attr and InvalidArgument for one of another
// type, naming the attr.
#ifndef MINITF_FRAMEWORK_NODE_DEF_UTIL_H_
#define MINITF_FRAMEWORK_NODE_DEF_UTIL_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "framework/attr_value_util.h"
#include "framework/status.h"
#include "framework/tensor.h"
#include "framework/tensor_shape.h"
#include "framework/types.h"
#include "tensorflow/core/framework/node_def.pb.h"
#include "tensorflow/core/framework/op_def.pb.h"

namespace tensorflow {

typedef google::protobuf::Map<std::string, AttrValue> AttrValueMap;

// The colocation attr and its value prefix ("_class", "loc:@").
extern const char* const kColocationAttrName;
extern const char* const kColocationGroupPrefix;

// A read-only view of a NodeDef's attrs (or of a bare attr map).
class AttrSlice {
 public:
  AttrSlice(const NodeDef& ndef);    // NOLINT(runtime/explicit)
  AttrSlice(const AttrValueMap* a);  // NOLINT(runtime/explicit)
  AttrSlice();

  int size() const { return attrs_ ? static_cast<int>(attrs_->size()) : 0; }
  // The attr, or nullptr.
  const AttrValue* Find(absl::string_view attr_name) const;
  // The attr, or NotFound ("No attr named 'x' in NodeDef: ...").
  Status Find(absl::string_view attr_name, const AttrValue** attr_value) const;
  AttrValueMap::const_iterator begin() const { return attrs_->begin(); }
  AttrValueMap::const_iterator end() const { return attrs_->end(); }
  // "T=DT_FLOAT, value=Tensor<...>" with attrs sorted by name.
  std::string SummarizeNode() const;

 private:
  const NodeDef* ndef_;
  const AttrValueMap* attrs_;
};

bool HasNodeAttr(const NodeDef& node_def, absl::string_view attr_name);

// One overload per attr kind TF has.
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, std::string* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, int64_t* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, int32_t* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, float* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, bool* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, DataType* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, TensorShapeProto* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, TensorShape* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, PartialTensorShape* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, Tensor* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, const TensorProto** value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, NameAttrList* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name,
                   std::vector<std::string>* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name,
                   std::vector<int64_t>* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name,
                   std::vector<int32_t>* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, std::vector<float>* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, std::vector<bool>* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name,
                   std::vector<DataType>* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, DataTypeVector* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name,
                   std::vector<TensorShape>* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name,
                   std::vector<PartialTensorShape>* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name,
                   std::vector<TensorShapeProto>* value);
Status GetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, std::vector<Tensor>* value);

// Like GetNodeAttr, but false (and `value` untouched) instead of an error.
template <typename T>
bool TryGetNodeAttr(const AttrSlice& attrs, absl::string_view attr_name, T* value) {
  T tmp;
  if (!GetNodeAttr(attrs, attr_name, &tmp).ok()) return false;
  *value = std::move(tmp);
  return true;
}

// Sets attr `name` of `node_def` to `value` (any SetAttrValue overload).
template <typename T>
void AddNodeAttr(absl::string_view name, T&& value, NodeDef* node_def) {
  AttrValue attr_value;
  SetAttrValue(std::forward<T>(value), &attr_value);
  (*node_def->mutable_attr())[std::string(name)] = std::move(attr_value);
}

// The [first, last) indices of each input and output arg of a node of `op_def`, by arg name
// (an arg of N tensors or a list(type) spans several). Either map may be nullptr.
typedef absl::flat_hash_map<std::string, std::pair<int, int>> NameRangeMap;
Status NameRangesForNode(const AttrSlice& attrs, const OpDef& op_def, NameRangeMap* inputs,
                         NameRangeMap* outputs);

// "{{node name}} = Op[attr=..., ...](input, ...)" as in TF's error messages.
std::string SummarizeNodeDef(const NodeDef& node_def);
// "{{node name}}", the marker TF puts in error messages.
std::string FormatNodeNameForError(const std::string& name);
// Parses "node:3" / "node" / "^node" into (node, index); index -1 for a control input.
bool ParseTensorName(absl::string_view name, std::string* node, int* index);

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_NODE_DEF_UTIL_H_
