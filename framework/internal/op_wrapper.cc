#include "framework/internal/op_wrapper.h"

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

}  // namespace internal
}  // namespace ops
}  // namespace tensorflow
