// minitf: ops::NoOp, an op that does nothing; useful as a target that groups control
// dependencies (tensorflow/cc/ops/no_op.h).
//
//   auto done = ops::NoOp(root.WithControlDependencies({a.operation, b.operation}));
#ifndef MINITF_OPS_ARRAY_NO_OP_H_
#define MINITF_OPS_ARRAY_NO_OP_H_

#include "framework/op_wrapper.h"

namespace tensorflow {
namespace ops {

class NoOp {
 public:
  explicit NoOp(const ::tensorflow::Scope& scope);
  operator ::tensorflow::Operation() const { return operation; }

  Operation operation;
};

}  // namespace ops
}  // namespace tensorflow

#endif  // MINITF_OPS_ARRAY_NO_OP_H_
