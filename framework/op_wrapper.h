// minitf: what every op class constructor shares (the tail of TF's generated constructors):
// apply the scope to the builder, add the node, run shape inference.
//
//   if (!scope.ok()) return;
//   auto _x = ops::AsNodeOut(scope, x);
//   if (!scope.ok()) return;
//   auto builder = NodeBuilder(scope.GetUniqueNameForOp("Identity"), "Identity").Input(_x);
//   Node* ret = ops::internal::FinishOp(scope, &builder);
//   if (ret == nullptr) return;
#ifndef MINITF_FRAMEWORK_OP_WRAPPER_H_
#define MINITF_FRAMEWORK_OP_WRAPPER_H_

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

// The [first, last) output indices of each output arg of `node`, by arg name (TF's
// NameRangesForNode, outputs only).
Status OutputRanges(const Node& node, std::vector<std::pair<int, int>>* ranges);

}  // namespace internal
}  // namespace ops
}  // namespace tensorflow

// The constructor of a single-output op class without attrs, defined in namespace
// tensorflow::ops: builds node OP from ARGS (a braced list of the PARAMS' inputs) and keeps
// output 0 as member OUT.
//   MINITF_SIMPLE_OP_CTOR(Square, "Square", y, (const Scope& scope, Input x), ({x}))
#define MINITF_SIMPLE_OP_CTOR(CLASS, OP, OUT, PARAMS, ARGS)                   \
  CLASS::CLASS PARAMS {                                                       \
    ::tensorflow::Node* ret = ::tensorflow::ops::internal::BuildNode(         \
        scope, OP, std::initializer_list<::tensorflow::Input> ARGS, {}, #CLASS); \
    if (ret == nullptr) return;                                               \
    this->operation = ::tensorflow::Operation(ret);                           \
    this->OUT = ::tensorflow::Output(ret, 0);                                 \
  }

#endif  // MINITF_FRAMEWORK_OP_WRAPPER_H_
