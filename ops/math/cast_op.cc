// The Cast op: definition, shape function and wrapper.
#include "ops/math/cast_op.h"

#include "framework/op.h"

namespace tensorflow {

REGISTER_OP("Cast")
    .Input("x: SrcT")
    .Output("y: DstT")
    .Attr("SrcT: type")
    .Attr("DstT: type")
    .Attr("Truncate: bool = false")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Cast x of type SrcT to y of DstT.");

namespace ops {

Cast::Cast(const ::tensorflow::Scope& scope, ::tensorflow::Input x, DataType DstT,
           const Cast::Attrs& attrs) {
  if (!scope.ok()) return;
  auto _x = AsNodeOut(scope, x);
  if (!scope.ok()) return;
  auto builder = NodeBuilder(scope.GetUniqueNameForOp("Cast"), "Cast")
                     .Input(_x)
                     .Attr("DstT", DstT)
                     .Attr("Truncate", attrs.Truncate_);
  Node* ret = internal::FinishOp(scope, &builder);
  if (ret == nullptr) return;
  this->operation = Operation(ret);
  this->y = Output(ret, 0);
}

Cast::Cast(const ::tensorflow::Scope& scope, ::tensorflow::Input x, DataType DstT)
    : Cast(scope, x, DstT, Cast::Attrs()) {}

}  // namespace ops
}  // namespace tensorflow
