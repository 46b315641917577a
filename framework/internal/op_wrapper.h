// minitf internal (not installed): building an op's node by name from inside the library,
// where framework/ and runtime/ may not include the generated wrappers (gradients.cc builds
// OnesLike, ZerosLike and AddN; the gradient checker builds Cast). The same steps as the
// generated constructors: literals become Consts, the scope is applied, the node is added and
// its shapes inferred.
//
//   Node* n = ops::internal::BuildNode(scope, "ZerosLike", {x}, {});
#ifndef MINITF_FRAMEWORK_INTERNAL_OP_WRAPPER_H_
#define MINITF_FRAMEWORK_INTERNAL_OP_WRAPPER_H_

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "framework/const_node.h"
#include "framework/node_builder.h"
#include "framework/ops.h"
#include "framework/scope.h"

namespace tensorflow {
namespace ops {
namespace internal {

// Applies `scope` to `builder`, adds the node and infers its shapes. Returns the node, or
// nullptr when the node could not be added (the scope then holds the error). A failed shape
// inference also goes onto the scope, but the node is returned, as TF's generated code
// still assigns the outputs.
Node* FinishOp(const Scope& scope, NodeBuilder* builder);

// The constructor body of a generated op class in one call: turns `inputs` into node inputs
// (literals become Consts), adds `attrs` and finishes the node. Returns nullptr when the scope
// is or goes bad. The node is named scope.GetUniqueNameForOp(class_name) after its inputs
// are made, as TF's generated code does; the class name defaults to the op's (it differs for
// aliased classes: class Subtract builds op Sub, named "Subtract").
Node* BuildNode(const Scope& scope, const char* op, std::initializer_list<Input> inputs,
                const std::vector<std::pair<const char*, AttrValue>>& attrs,
                const char* class_name = nullptr);

// AttrValue from a plain value, for BuildNode's attr lists.
template <typename T>
AttrValue MakeAttr(const T& value) {
  AttrValue v;
  SetAttrValue(value, &v);
  return v;
}

}  // namespace internal
}  // namespace ops
}  // namespace tensorflow

#endif  // MINITF_FRAMEWORK_INTERNAL_OP_WRAPPER_H_
