// Gradients of the binary ops of binary_ops.cc, built as TF's C++ gradients build them
// (cc/gradients/math_grad.cc): Maximum, Minimum, SquaredDifference, Pow, Atan2, Select (Where3) and
// SelectV2. The comparisons and logical ops have none (REGISTER_NO_GRADIENT_OP, as in TF);
// FloorDiv and FloorMod have no C++ gradient in TF, and differentiating through them is TF's
// NotFound error here too.
#include "framework/errors.h"
#include "ops/math/internal/grad_helpers.h"
#include "tensorflow/cc/ops/const_op.h"

namespace tensorflow {
namespace ops {
namespace {

using grad_helpers::BinaryGradCommon;
using grad_helpers::ConjugateHelper;

REGISTER_NO_GRADIENT_OP("Less");
REGISTER_NO_GRADIENT_OP("LessEqual");
REGISTER_NO_GRADIENT_OP("Greater");
REGISTER_NO_GRADIENT_OP("GreaterEqual");
REGISTER_NO_GRADIENT_OP("Equal");
REGISTER_NO_GRADIENT_OP("NotEqual");
REGISTER_NO_GRADIENT_OP("LogicalAnd");
REGISTER_NO_GRADIENT_OP("LogicalOr");

// y = x_1 where `comparator` holds, x_2 elsewhere: the gradient goes to the chosen input.
Status MaximumMinimumGradCommon(const Scope& scope, const Operation& op,
                                const std::vector<Output>& grad_inputs,
                                std::vector<Output>* grad_outputs, const Output& comparator) {
  const Output& grad = grad_inputs[0];
  auto zeros = ZerosLike(scope, grad);
  auto gx_1 = Where3(scope, comparator, grad, zeros);
  auto gx_2 = Where3(scope, comparator, zeros, grad);
  return BinaryGradCommon(scope, op, grad_outputs, gx_1, gx_2);
}

Status MaximumGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                   std::vector<Output>* grad_outputs) {
  auto comparator = GreaterEqual(scope, op.input(0), op.input(1));
  return MaximumMinimumGradCommon(scope, op, grad_inputs, grad_outputs, comparator);
}
REGISTER_GRADIENT_OP("Maximum", MaximumGrad);

Status MinimumGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                   std::vector<Output>* grad_outputs) {
  auto comparator = LessEqual(scope, op.input(0), op.input(1));
  return MaximumMinimumGradCommon(scope, op, grad_inputs, grad_outputs, comparator);
}
REGISTER_GRADIENT_OP("Minimum", MinimumGrad);

// d/dx_1 = 2 (x_1 - x_2), d/dx_2 = its negation.
Status SquaredDifferenceGrad(const Scope& scope, const Operation& op,
                             const std::vector<Output>& grad_inputs,
                             std::vector<Output>* grad_outputs) {
  auto x_1 = ConjugateHelper(scope, op.input(0));
  auto x_2 = ConjugateHelper(scope, op.input(1));
  auto two = Cast(scope, Const(scope, 2), grad_inputs[0].type());
  auto gx_1 = Mul(scope, grad_inputs[0], Mul(scope, two, Sub(scope, x_1, x_2)));
  auto gx_2 = Neg(scope, gx_1);
  return BinaryGradCommon(scope, op, grad_outputs, gx_1, gx_2);
}
REGISTER_GRADIENT_OP("SquaredDifference", SquaredDifferenceGrad);

Status SelectGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs) {
  if (op.num_inputs() != 3) return errors::InvalidArgument("Select requires 3 arguments");
  if (grad_inputs.size() != 1) {
    return errors::InvalidArgument("Select grad requires 1 grad input");
  }
  auto c = op.input(0);
  auto zeros = ZerosLike(scope, grad_inputs[0]);
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(Where3(scope, c, grad_inputs[0], zeros));
  grad_outputs->push_back(Where3(scope, c, zeros, grad_inputs[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("Select", SelectGrad);

// Each branch's gradient summed over the dimensions it was broadcast along.
Status SelectV2Grad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                    std::vector<Output>* grad_outputs) {
  if (op.num_inputs() != 3) return errors::InvalidArgument("Select requires 3 arguments");
  if (grad_inputs.size() != 1) {
    return errors::InvalidArgument("Select grad requires 1 grad input");
  }
  auto c = op.input(0);
  auto x = op.input(1);
  auto y = op.input(2);
  auto zeros = ZerosLike(scope, grad_inputs[0]);
  auto gx = SelectV2(scope, c, grad_inputs[0], zeros);
  auto x_shape = Shape(scope, x);
  auto output_shape = Shape(scope, op.output(0));
  auto reduce_x = internal::BroadcastGradientArgs(scope, x_shape, output_shape);
  auto gx_sum = ReduceSum(scope, gx, reduce_x.r0, ReduceSum::KeepDims(true));
  auto dx = Reshape(scope, gx_sum, x_shape);
  auto gy = SelectV2(scope, c, zeros, grad_inputs[0]);
  auto y_shape = Shape(scope, y);
  auto reduce_y = internal::BroadcastGradientArgs(scope, y_shape, output_shape);
  auto gy_sum = ReduceSum(scope, gy, reduce_y.r0, ReduceSum::KeepDims(true));
  auto dy = Reshape(scope, gy_sum, y_shape);
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(dx);
  grad_outputs->push_back(dy);
  return scope.status();
}
REGISTER_GRADIENT_OP("SelectV2", SelectV2Grad);

// dx = grad * y * x^(y - 1); dy = grad * z * log(x), with log(x) taken as 0 where x <= 0 (x == 0
// for complex), as TF's C++ (whose Log still sees the raw x).
Status PowGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  auto x = ConjugateHelper(scope, op.input(0));
  auto y = ConjugateHelper(scope, op.input(1));
  auto z = ConjugateHelper(scope, op.output(0));
  const Output& grad = grad_inputs[0];
  auto one = Cast(scope, Const(scope, 1.0), y.type());
  auto grad_y = Mul(scope, grad, y);
  auto y_minus_one = Sub(scope, y, one);
  auto gx_1 = Mul(scope, grad_y, Pow(scope, x, y_minus_one));
  const DataType x_dtype = x.type();
  auto zero = Cast(scope, Const(scope, 0.0), x_dtype);
  const bool complex = x_dtype == DT_COMPLEX64 || x_dtype == DT_COMPLEX128;
  Output defined = complex ? Output(NotEqual(scope, x, zero)) : Output(Greater(scope, x, zero));
  auto log = Log(scope, x);
  auto zeros = ZerosLike(scope, x);
  auto log_x = Where3(scope, defined, log, zeros);
  auto grad_z = Mul(scope, grad, z);
  auto gy_1 = Mul(scope, grad_z, log_x);
  return BinaryGradCommon(scope, op, grad_outputs, gx_1, gy_1);
}
REGISTER_GRADIENT_OP("Pow", PowGrad);

// z = atan2(y, x): dz/dy = x / (x^2 + y^2), dz/dx = -y / (x^2 + y^2); like TF's, no reduction
// over broadcast dimensions.
Status Atan2Grad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                 std::vector<Output>* grad_outputs) {
  auto y = op.input(0);
  auto x = op.input(1);
  auto x2 = Square(scope, x);  // before y^2: TF's (clang's) argument order names them
  auto y2 = Square(scope, y);
  Output grad_inv = Div(scope, grad_inputs[0], Add(scope, x2, y2));
  grad_outputs->push_back(Mul(scope, x, grad_inv));
  grad_outputs->push_back(Mul(scope, Neg(scope, y), grad_inv));
  return scope.status();
}
REGISTER_GRADIENT_OP("Atan2", Atan2Grad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
