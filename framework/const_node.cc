#include "framework/const_node.h"

#include "absl/strings/str_cat.h"
#include "framework/errors.h"

namespace tensorflow {
namespace ops {

namespace {

template <typename T>
Output ConstHelper(const Scope& scope, const T& value, DataType dtype) {
  if (!scope.ok()) return Output();
  Node* ret;
  auto builder = NodeBuilder(scope.GetUniqueNameForOp("Const"), "Const")
                     .Attr("value", value)
                     .Attr("dtype", dtype);
  scope.UpdateBuilder(&builder);
  scope.UpdateStatus(builder.Finalize(scope.graph(), &ret));
  if (!scope.ok()) return Output();
  scope.UpdateStatus(scope.DoShapeInference(ret));
  if (!scope.ok()) return Output();
  return Output(ret);
}

}  // namespace

Output Const(const Scope& scope, const Input::Initializer& val) {
  if (!scope.ok()) return Output();
  if (!val.status.ok()) {
    // TF's message first, then the node the literal was meant to become.
    const std::string name = scope.GetUniqueNameForOp("Const");
    scope.UpdateStatus(Status(val.status.code(), absl::StrCat(val.status.message(), "; NodeDef: ",
                                                              FormatNodeNameForError(name))));
    return Output();
  }
  return ConstHelper(scope, val.tensor, val.tensor.dtype());
}

Output ConstFromProto(const Scope& scope, const TensorProto& proto) {
  return ConstHelper(scope, proto, proto.dtype());
}

NodeBuilder::NodeOut AsNodeOut(const Scope& scope, const Input& inp) {
  if (!inp.status().ok()) {
    // Reported by the Const this literal would have become ("Const/Const").
    Input::Initializer bad(inp.tensor());
    bad.status = inp.status();
    Const(scope.NewSubScope("Const"), bad);
    return NodeBuilder::NodeOut();
  }
  if (inp.node()) return NodeBuilder::NodeOut(inp.node(), inp.index());
  if (!inp.node_name().empty()) {
    return NodeBuilder::NodeOut(inp.node_name(), inp.index(), inp.data_type());
  }
  auto transformed = Input{Const(scope.NewSubScope("Const"), Input::Initializer(inp.tensor()))};
  return NodeBuilder::NodeOut{transformed.node(), transformed.index()};
}

std::vector<NodeBuilder::NodeOut> AsNodeOutList(const Scope& scope, const InputList& inp) {
  std::vector<NodeBuilder::NodeOut> out;
  for (const auto& i : inp) {
    const auto node_out = AsNodeOut(scope, i);
    if (!scope.ok()) return {};
    out.push_back(node_out);
  }
  return out;
}

}  // namespace ops
}  // namespace tensorflow
