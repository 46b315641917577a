#include "framework/op_wrapper.h"

#include "framework/errors.h"

namespace tensorflow {
namespace ops {
namespace internal {

Node* FinishOp(const Scope& scope, NodeBuilder* builder) {
  Node* ret = nullptr;
  scope.UpdateBuilder(builder);
  scope.UpdateStatus(builder->Finalize(scope.graph(), &ret));
  if (!scope.ok()) return nullptr;
  scope.UpdateStatus(scope.DoShapeInference(ret));
  return ret;
}

Node* BuildNode(const Scope& scope, const char* op, std::initializer_list<Input> inputs,
                const std::vector<std::pair<const char*, AttrValue>>& attrs,
                const char* class_name) {
  if (!scope.ok()) return nullptr;
  std::vector<NodeBuilder::NodeOut> outs;
  for (const Input& in : inputs) {
    outs.push_back(AsNodeOut(scope, in));
    if (!scope.ok()) return nullptr;
  }
  auto builder = NodeBuilder(scope.GetUniqueNameForOp(class_name ? class_name : op), op);
  for (const auto& out : outs) builder.Input(out);
  for (const auto& attr : attrs) builder.Attr(attr.first, attr.second);
  return FinishOp(scope, &builder);
}

Status OutputRanges(const Node& node, std::vector<std::pair<int, int>>* ranges) {
  ranges->clear();
  int start = 0;
  for (const auto& arg : node.op_def().output_arg()) {
    int count = 1;
    if (!arg.number_attr().empty()) {
      int64_t n;
      TF_RETURN_IF_ERROR(GetNodeAttr(node.attrs(), arg.number_attr(), &n));
      count = static_cast<int>(n);
    } else if (!arg.type_list_attr().empty()) {
      DataTypeVector types;
      TF_RETURN_IF_ERROR(GetNodeAttr(node.attrs(), arg.type_list_attr(), &types));
      count = static_cast<int>(types.size());
    }
    ranges->emplace_back(start, start + count);
    start += count;
  }
  return OkStatus();
}

}  // namespace internal
}  // namespace ops
}  // namespace tensorflow
