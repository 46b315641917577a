// minitf: ops::Const, TF's hand-written constant op (tensorflow/cc/ops/const_op.h).
//
//   auto a = ops::Const(root, {{3.f, 2.f}, {-1.f, 0.f}});   // float [2,2]
//   auto b = ops::Const(root, 10, {2, 2});                  // int32 [2,2] of 10s
//   auto c = ops::Const<float>(root, {{3, 2}, {-1, 0}});     // int32 Const + Cast to float
//   auto s = ops::Const(root, "hello world!");               // string scalar
//
// Literal typing follows Input::Initializer (int -> int32, 2.0 -> double, 2.f -> float).
// A malformed nested list or a count that does not fit the shape puts InvalidArgument on
// the scope and returns a null Output.
#ifndef MINITF_OPS_ARRAY_CONST_OP_H_
#define MINITF_OPS_ARRAY_CONST_OP_H_

#include "framework/const_node.h"
#include "framework/node_builder.h"
#include "framework/scope.h"

namespace tensorflow {
namespace ops {

// Const<T>: the literal converted to T. Same dtype: just the Const. Empty: a second,
// empty Const of type T. Otherwise a Cast node follows the Const (as TF builds it).
template <typename T>
Output Const(const Scope& scope, const Input::Initializer& val) {
  auto orig_const_output = Const(scope, val);
  if (!scope.ok()) return Output();
  typedef typename Input::Initializer::RealType<T>::type DstT;
  if (val.tensor.dtype() == DataTypeToEnum<DstT>::v()) return orig_const_output;
  if (val.tensor.NumElements() == 0) {
    Tensor t(DataTypeToEnum<DstT>::v(), val.tensor.shape());
    return Const(scope, Input::Initializer(t));
  }
  auto orig_const = AsNodeOut(scope, orig_const_output);
  auto cast_builder = NodeBuilder(scope.GetUniqueNameForOp("Cast"), "Cast")
                          .Input(orig_const)
                          .Attr("DstT", DataTypeToEnum<DstT>::v());
  scope.UpdateBuilder(&cast_builder);
  Node* ret = nullptr;
  scope.UpdateStatus(cast_builder.Finalize(scope.graph(), &ret));
  if (!scope.ok()) return Output();
  scope.UpdateStatus(scope.DoShapeInference(ret));
  return Output(ret, 0);
}

// Every element of `shape` set to `v`.
template <typename T>
Output Const(const Scope& scope, const T& v, const TensorShape shape) {
  return Const(scope, Input::Initializer(v, shape));
}

// The values of `v` laid out in `shape` (counts must match).
template <typename T>
Output Const(const Scope& scope, const std::initializer_list<T>& v, const TensorShape shape) {
  return Const(scope, Input::Initializer(v, shape));
}

}  // namespace ops
}  // namespace tensorflow

#endif  // MINITF_OPS_ARRAY_CONST_OP_H_
