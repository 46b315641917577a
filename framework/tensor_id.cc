#include "framework/tensor_id.h"

#include "framework/node_def_util.h"

namespace tensorflow {

TensorId ParseTensorName(absl::string_view name) {
  // The same rules as the owning parser; the node is a view of `name`.
  if (!name.empty() && name[0] == '^') return TensorId(name.substr(1), -1);
  std::string node;
  int index = 0;
  ParseTensorName(name, &node, &index);
  return TensorId(name.substr(0, node.size()), index);
}

}  // namespace tensorflow
