// minitf: the untyped Const builder and the materialisation of literal inputs, which every
// op constructor needs (TF declares these in cc/ops/const_op.h; users include that header,
// ops/array/const_op.h, which adds the typed forms).
#ifndef MINITF_FRAMEWORK_CONST_NODE_H_
#define MINITF_FRAMEWORK_CONST_NODE_H_

#include <vector>

#include "framework/node_builder.h"
#include "framework/ops.h"
#include "framework/scope.h"
#include "tensorflow/core/framework/tensor.pb.h"

namespace tensorflow {
namespace ops {

// A Const node holding `val` (named "Const", "Const_1", ... unless the scope names it).
// An error carried by `val` goes onto the scope and the result is a null Output.
Output Const(const Scope& scope, const Input::Initializer& val);
// A Const node whose value is `proto` verbatim.
Output ConstFromProto(const Scope& scope, const TensorProto& proto);

// The graph input an Input stands for: its Output, or a new Const under the sub-scope
// "Const" (node "Const/Const", then "Const_1/Const", ...) for a literal or Tensor.
NodeBuilder::NodeOut AsNodeOut(const Scope& scope, const Input& inp);
// AsNodeOut for each element; empty if the scope goes bad on the way.
std::vector<NodeBuilder::NodeOut> AsNodeOutList(const Scope& scope, const InputList& inp);

}  // namespace ops
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_CONST_NODE_H_
