// minitf: names of graph tensors (TF's tensorflow/core/graph/tensor_id.h).
//
//   TensorId id = ParseTensorName("layer/MatMul:1");   // id.node() "layer/MatMul", index 1
//   SafeTensorId owned(id);                            // owns its node name
//   owned.ToString();                                  // "layer/MatMul:1"
//
// Index -1 (Graph::kControlSlot) names a control input, written "^node"; ToString always
// writes the index of a data tensor ("node:0").
#ifndef MINITF_FRAMEWORK_TENSOR_ID_H_
#define MINITF_FRAMEWORK_TENSOR_ID_H_

#include <cstddef>
#include <string>
#include <utility>

#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace tensorflow {

namespace internal {
template <typename Name>
std::string TensorIdString(const Name& node, int index) {
  if (index == -1) return absl::StrCat("^", node);
  return absl::StrCat(node, ":", index);
}
}  // namespace internal

struct SafeTensorId;

// A tensor name whose node name is a view of a string that outlives it.
struct TensorId : public std::pair<absl::string_view, int> {
  using Base = std::pair<absl::string_view, int>;
  using Base::pair;
  TensorId() : Base("", 0) {}
  TensorId(const SafeTensorId& id);  // NOLINT: implicit as in TF
  absl::string_view node() const { return first; }
  int index() const { return second; }
  std::string ToString() const { return internal::TensorIdString(first, second); }
  struct Hasher {
    size_t operator()(const TensorId& x) const {
      return absl::Hash<absl::string_view>()(x.first) * 31 + static_cast<size_t>(x.second);
    }
  };
};

// "node", "node:3" or "^node" (index -1); a suffix that is not a number stays in the name.
TensorId ParseTensorName(absl::string_view name);

// A tensor name that owns its node name (keys of ImportGraphDefOptions::input_map).
struct SafeTensorId : public std::pair<std::string, int> {
  using Base = std::pair<std::string, int>;
  SafeTensorId() : Base("", 0) {}
  SafeTensorId(absl::string_view node, int index) : Base(std::string(node), index) {}
  SafeTensorId(const TensorId& id)  // NOLINT: implicit as in TF
      : Base(std::string(id.first), id.second) {}
  const std::string& node() const { return first; }
  int index() const { return second; }
  std::string ToString() const { return internal::TensorIdString(first, second); }
  struct Hasher {
    size_t operator()(const SafeTensorId& x) const {
      return absl::Hash<std::string>()(x.first) * 31 + static_cast<size_t>(x.second);
    }
  };
};

inline TensorId::TensorId(const SafeTensorId& id) : Base(id.first, id.second) {}

}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_TENSOR_ID_H_
