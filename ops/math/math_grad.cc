// Gradient functions of the math family, built as TF's C++ gradients build them
// (cc/gradients/math_grad.cc), so that the gradient graphs and their names are TF's (the
// reductions' too: ReducedShapeHelper, SafeDivHelper, SumGradHelper).
#include "framework/errors.h"
#include "framework/gradients.h"
#include "framework/graph.h"
#include "ops/math/internal/grad_helpers.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/array_ops_internal.h"
#include "tensorflow/cc/ops/const_op.h"
#include "tensorflow/cc/ops/data_flow_ops.h"
#include "tensorflow/cc/ops/math_ops.h"
#include "tensorflow/cc/ops/math_ops_internal.h"

namespace tensorflow {
namespace ops {
namespace {

using grad_helpers::BinaryGradCommon;
using grad_helpers::ConjugateHelper;

REGISTER_NO_GRADIENT_OP("LogicalNot");

Status AddGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  auto gx_1 = Identity(scope, grad_inputs[0]);
  auto gx_2 = Identity(scope, grad_inputs[0]);
  return BinaryGradCommon(scope, op, grad_outputs, gx_1, gx_2);
}
REGISTER_GRADIENT_OP("Add", AddGrad);
REGISTER_GRADIENT_OP("AddV2", AddGrad);

Status SubGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  auto gx_1 = Identity(scope, grad_inputs[0]);
  auto gx_2 = Neg(scope, grad_inputs[0]);
  return BinaryGradCommon(scope, op, grad_outputs, gx_1, gx_2);
}
REGISTER_GRADIENT_OP("Sub", SubGrad);

Status MulGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  auto x_1 = ConjugateHelper(scope, op.input(0));
  auto x_2 = ConjugateHelper(scope, op.input(1));
  auto gx_1 = Mul(scope, grad_inputs[0], x_2);
  auto gx_2 = Mul(scope, grad_inputs[0], x_1);
  return BinaryGradCommon(scope, op, grad_outputs, gx_1, gx_2);
}
REGISTER_GRADIENT_OP("Mul", MulGrad);

// d(x/y)/dx = 1/y; d(x/y)/dy = -x/y^2, written as TF does: ((-x)/y)/y.
Status DivGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  auto x = ConjugateHelper(scope, op.input(0));
  auto y = ConjugateHelper(scope, op.input(1));
  auto gx_1 = Div(scope, grad_inputs[0], y);
  auto gx_2 = Mul(scope, grad_inputs[0], Div(scope, Div(scope, Neg(scope, x), y), y));
  return BinaryGradCommon(scope, op, grad_outputs, gx_1, gx_2);
}
REGISTER_GRADIENT_OP("Div", DivGrad);

Status RealDivGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                   std::vector<Output>* grad_outputs) {
  auto x = ConjugateHelper(scope, op.input(0));
  auto y = ConjugateHelper(scope, op.input(1));
  auto gx_1 = RealDiv(scope, grad_inputs[0], y);
  auto gx_2 = Mul(scope, grad_inputs[0], RealDiv(scope, RealDiv(scope, Neg(scope, x), y), y));
  return BinaryGradCommon(scope, op, grad_outputs, gx_1, gx_2);
}
REGISTER_GRADIENT_OP("RealDiv", RealDivGrad);

Status DivNoNanGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                    std::vector<Output>* grad_outputs) {
  auto x = ConjugateHelper(scope, op.input(0));
  auto y = ConjugateHelper(scope, op.input(1));
  auto gx_1 = DivNoNan(scope, grad_inputs[0], y);
  auto gx_2 = Mul(scope, grad_inputs[0], DivNoNan(scope, DivNoNan(scope, Neg(scope, x), y), y));
  return BinaryGradCommon(scope, op, grad_outputs, gx_1, gx_2);
}
REGISTER_GRADIENT_OP("DivNoNan", DivNoNanGrad);

Status NegGrad(const Scope& scope, const Operation&, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Neg(scope, grad_inputs[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("Neg", NegGrad);

Status SquareGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs) {
  auto two = Cast(scope, Const(scope, 2), op.input(0).type());
  auto dydx = Mul(scope, two, op.input(0));
  grad_outputs->push_back(Mul(scope, grad_inputs[0], ConjugateHelper(scope, dydx)));
  return scope.status();
}
REGISTER_GRADIENT_OP("Square", SquareGrad);

Status SqrtGradFn(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(internal::SqrtGrad(scope, op.output(0), grad_inputs[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("Sqrt", SqrtGradFn);

Status ConjGrad(const Scope& scope, const Operation&, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Conj(scope, grad_inputs[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("Conj", ConjGrad);

// Every input of a sum receives the sum's gradient (one Identity shared by all, as in TF).
Status AddNGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  auto dx = Identity(scope, grad_inputs[0]);
  for (int i = 0; i < op.num_inputs(); ++i) grad_outputs->push_back(dx);
  return scope.status();
}
REGISTER_GRADIENT_OP("AddN", AddNGrad);

bool IsFloatingPoint(DataType t) { return DataTypeIsFloating(t) || DataTypeIsComplex(t); }

Status CastGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  const DataType src = op.input_type(0);
  if (IsFloatingPoint(src) && IsFloatingPoint(grad_inputs[0].type())) {
    grad_outputs->push_back(Cast(scope, grad_inputs[0], src));
  } else {
    grad_outputs->push_back(NoGradient());
  }
  return scope.status();
}
REGISTER_GRADIENT_OP("Cast", CastGrad);

// The reduction's output shape with keep_dims = true, as TF builds it (ReducedShapeHelper):
// Shape(x) with a 1 stitched in at every reduced axis (axes taken modulo the rank).
Output ReducedShapeHelper(const Scope& scope, const Output& input_shape,
                          const Output& reduction_axes) {
  auto zero = Const(scope, 0);
  auto one = Const(scope, 1);
  auto input_rank = Size(scope, input_shape);
  auto shifted = Add(scope, reduction_axes, input_rank);
  auto axes = Mod(scope, shifted, input_rank);
  auto input_rank_range = Range(scope, zero, input_rank, one);
  auto axes_ones = OnesLike(scope, axes);
  return DynamicStitch(scope, {Input(input_rank_range), Input(axes)},
                       {Input(input_shape), Input(axes_ones)});
}

// x / max(y, 1) (TF's SafeDivHelper).
Output SafeDivHelper(const Scope& scope, const Output& x, const Output& y) {
  auto one = Const(scope, 1);
  return Div(scope, x, Maximum(scope, y, one));
}

// A reduction's output gradient tiled back over the reduced dimensions of a tensor of shape
// `input_shape` (the steps of TF's SumGradHelper, which ProdGrad repeats).
Output TiledGrad(const Scope& scope, const Output& input_shape, const Output& axes,
                 const Output& grad) {
  auto kept_shape = ReducedShapeHelper(scope, input_shape, axes);
  auto tile_scaling = SafeDivHelper(scope, input_shape, kept_shape);
  auto kept_grad = Reshape(scope, grad, kept_shape);
  return Tile(scope, kept_grad, tile_scaling);
}

Output SumGradHelper(const Scope& scope, const Operation& op,
                     const std::vector<Output>& grad_inputs) {
  auto input_shape = Shape(scope, op.input(0));
  return TiledGrad(scope, input_shape, op.input(1), grad_inputs[0]);
}

Status SumGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(SumGradHelper(scope, op, grad_inputs));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Sum", SumGrad);

// The Sum gradient divided by the number of elements averaged per output.
Status MeanGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  auto sum_grad = SumGradHelper(scope, op, grad_inputs);
  auto input_shape = Shape(scope, op.input(0));
  auto output_shape = Shape(scope, op.output(0));
  auto zero = Const(scope, 0);
  auto input_size = Prod(scope, input_shape, zero);
  auto output_size = Prod(scope, output_shape, zero);
  auto group_size = SafeDivHelper(scope, input_size, output_size);
  auto factor = Cast(scope, group_size, sum_grad.type());
  grad_outputs->push_back(Div(scope, sum_grad, factor));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Mean", MeanGrad);

// Max and Min: the gradient shared equally by the inputs equal to the result.
Status MinOrMaxGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                    std::vector<Output>* grad_outputs) {
  auto input = op.input(0);
  auto reduction_indices = op.input(1);
  auto input_shape = Shape(scope, input);
  auto kept = ReducedShapeHelper(scope, input_shape, reduction_indices);
  auto y = Reshape(scope, op.output(0), kept);
  auto grad = Reshape(scope, grad_inputs[0], kept);
  auto equal = Equal(scope, y, input);
  auto indicators = Cast(scope, equal, grad_inputs[0].type());
  auto selected = Sum(scope, indicators, reduction_indices);
  auto num_selected = Reshape(scope, selected, kept);
  auto scale = Div(scope, indicators, num_selected);
  grad_outputs->push_back(Mul(scope, scale, grad));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Min", MinOrMaxGrad);
REGISTER_GRADIENT_OP("Max", MinOrMaxGrad);

// d prod / d x_i: the product of every other reduced element, as TF computes it without a
// division: the reduced axes moved to the front and flattened, an exclusive cumulative product
// from each side, multiplied.
Status ProdGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  auto zero = Const(scope, 0);
  auto one = Const(scope, 1);
  auto input_shape = Shape(scope, op.input(0));
  auto reduction_indices = Reshape(scope, op.input(1), {-1});
  auto grad_tiled = TiledGrad(scope, input_shape, reduction_indices, grad_inputs[0]);
  const Scope cpu = scope.WithDevice("/cpu:0");
  auto rank = Rank(cpu, op.input(0));
  auto shifted = Add(cpu, reduction_indices, rank);
  auto positive = Mod(cpu, shifted, rank);
  auto reduced = Cast(cpu, positive, DT_INT32);
  auto idx = Range(cpu, zero, rank, one);
  auto other = SetDiff1D(cpu, idx, reduced).out;
  auto perm = Concat(cpu, {Input(reduced), Input(other)}, 0);
  auto reduced_sizes = Gather(scope, input_shape, reduced);
  auto reduced_num = Prod(cpu, reduced_sizes, 0);
  auto other_sizes = Gather(scope, input_shape, other);
  auto other_num = Prod(cpu, other_sizes, 0);
  auto permuted = Transpose(scope, op.input(0), perm);
  auto permuted_shape = Shape(scope, permuted);
  auto rows = Stack(scope, {Input(reduced_num), Input(other_num)});
  auto reshaped = Reshape(scope, permuted, rows);
  auto left = Cumprod(scope, reshaped, zero, Cumprod::Exclusive(true));
  auto right = Cumprod(scope, reshaped, zero, Cumprod::Exclusive(true).Reverse(true));
  auto products = Mul(scope, left, right);
  auto y = Reshape(scope, products, permuted_shape);
  auto inverse = InvertPermutation(scope, perm);
  auto back = Transpose(scope, y, inverse);
  auto out = Mul(scope, grad_tiled, back);
  grad_outputs->push_back(Reshape(scope, out, input_shape));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Prod", ProdGrad);

// Indices and booleans carry no gradient (TF's Python: NotDifferentiable).
REGISTER_NO_GRADIENT_OP("ArgMax");
REGISTER_NO_GRADIENT_OP("ArgMin");
REGISTER_NO_GRADIENT_OP("All");
REGISTER_NO_GRADIENT_OP("Any");

// The product rule for matrices, with the transposes folded into the MatMuls as TF does (on
// the conjugated operands for complex types).
Status MatMulGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs) {
  const Output a = ConjugateHelper(scope, op.input(0));
  const Output b = ConjugateHelper(scope, op.input(1));
  bool ta = false, tb = false;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "transpose_a", &ta));
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "transpose_b", &tb));
  const Output& g = grad_inputs[0];
  auto product = [&](const Output& x, bool tx, const Output& y, bool ty) {
    return MatMul(scope, x, y, MatMul::TransposeA(tx).TransposeB(ty)).product;
  };
  if (!ta && !tb) {
    grad_outputs->push_back(product(g, false, b, true));
    grad_outputs->push_back(product(a, true, g, false));
  } else if (!ta && tb) {
    grad_outputs->push_back(product(g, false, b, false));
    grad_outputs->push_back(product(g, true, a, false));
  } else if (ta && !tb) {
    grad_outputs->push_back(product(b, false, g, true));
    grad_outputs->push_back(product(a, false, g, false));
  } else {
    grad_outputs->push_back(product(b, true, g, true));
    grad_outputs->push_back(product(g, true, a, true));
  }
  return scope.status();
}
REGISTER_GRADIENT_OP("MatMul", MatMulGrad);

// BatchMatMul, BatchMatMulV2 and BatchMatMulV3 (TF's C++ gradients): the product rule through
// BatchMatMulV3 with the adjoints folded in; V2 and V3 then sum each gradient over the batch
// dimensions its operand was broadcast along and reshapes it to the operand's shape.
Status BatchMatMulGrad(const Scope& scope, const Operation& op,
                       const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  bool adj_x = false, adj_y = false;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "adj_x", &adj_x));
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "adj_y", &adj_y));
  const Output x = op.input(0), y = op.input(1);
  const Output& g = grad_inputs[0];
  // dx in x's type, dy in y's.
  auto product = [&](const Output& a, bool adj_a, const Output& b, bool adj_b, DataType out) {
    return BatchMatMulV3(scope, a, b, out, BatchMatMulV3::AdjX(adj_a).AdjY(adj_b)).output;
  };
  const DataType tx = x.type(), ty = y.type();
  if (!adj_x && !adj_y) {
    grad_outputs->push_back(product(g, false, y, true, tx));
    grad_outputs->push_back(product(x, true, g, false, ty));
  } else if (!adj_x && adj_y) {
    grad_outputs->push_back(product(g, false, y, false, tx));
    grad_outputs->push_back(product(g, true, x, false, ty));
  } else if (adj_x && !adj_y) {
    grad_outputs->push_back(product(y, false, g, true, tx));
    grad_outputs->push_back(product(x, false, g, false, ty));
  } else {
    grad_outputs->push_back(product(y, true, g, true, tx));
    grad_outputs->push_back(product(g, true, x, true, ty));
  }
  return scope.status();
}
REGISTER_GRADIENT_OP("BatchMatMul", BatchMatMulGrad);

Status BatchMatMulV2Grad(const Scope& scope, const Operation& op,
                         const std::vector<Output>& grad_inputs,
                         std::vector<Output>* grad_outputs) {
  TF_RETURN_IF_ERROR(BatchMatMulGrad(scope, op, grad_inputs, grad_outputs));
  const Output shape_x = Shape(scope, op.input(0));
  const Output shape_y = Shape(scope, op.input(1));
  // The batch part of a shape: all but its last two sizes (nodes made in TF's order).
  auto batch_part = [&](const Output& shape) {
    const Output rank = Shape(scope, shape);
    const Output count = Subtract(scope, rank, {2});
    return Slice(scope, shape, {0}, count).output;
  };
  const Output x_batch = batch_part(shape_x);
  const Output y_batch = batch_part(shape_y);
  auto reduce = internal::BroadcastGradientArgs(scope, x_batch, y_batch);
  (*grad_outputs)[0] = Reshape(scope, ReduceSum(scope, (*grad_outputs)[0], reduce.r0), shape_x);
  (*grad_outputs)[1] = Reshape(scope, ReduceSum(scope, (*grad_outputs)[1], reduce.r1), shape_y);
  return scope.status();
}
REGISTER_GRADIENT_OP("BatchMatMulV2", BatchMatMulV2Grad);
REGISTER_GRADIENT_OP("BatchMatMulV3", BatchMatMulV2Grad);

// BroadcastTo (array family): the gradient summed over the dimensions the input was
// stretched along (TF's array_grad.cc; here because it needs Sum).
Status BroadcastToGrad(const Scope& scope, const Operation& op,
                       const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  const Output shape = op.input(1);
  auto input_shape = Shape(scope, op.input(0), Shape::OutType(shape.type()));
  auto axes = internal::BroadcastGradientArgs(scope, input_shape, shape);
  auto sum = Sum(scope, grad_inputs[0], axes.r0, Sum::KeepDims(true));
  grad_outputs->push_back(Reshape(scope, sum, input_shape));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("BroadcastTo", BroadcastToGrad);

// Fill (array family): no gradient for dims; value's is the sum of the gradient over all its
// dimensions (TF's array_grad.cc; here because it needs Range and Sum).
Status FillGrad(const Scope& scope, const Operation&, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(NoGradient());
  // Created in TF's order (its build evaluates the arguments left to right; GCC does not).
  auto zero = Const(scope, 0);
  auto rank = Rank(scope, grad_inputs[0]);
  auto one = Const(scope, 1);
  auto all_dims = Range(scope, zero, rank, one);
  grad_outputs->push_back(ReduceSum(scope, grad_inputs[0], all_dims));
  return scope.status();
}
REGISTER_GRADIENT_OP("Fill", FillGrad);

// Slice (array family): the gradient padded back to the input's shape with zeros (TF's
// array_grad.cc; here because it needs Sub).
Status SliceGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                 std::vector<Output>* grad_outputs) {
  Input input = op.input(0);
  Input begin = op.input(1);
  auto input_rank = Rank(scope, input);
  auto slice_size = Shape(scope, op.output(0));
  auto padding_shape = Stack(scope, {input_rank, 1});
  Input before_padding = Reshape(scope, begin, padding_shape);
  auto after_padding_sizes = Sub(scope, Sub(scope, Shape(scope, input), slice_size), begin);
  Input after_padding = Reshape(scope, after_padding_sizes, padding_shape);
  auto paddings = Concat(scope, {before_padding, after_padding}, Const(scope, 1));
  grad_outputs->push_back(Pad(scope, grad_inputs[0], paddings));
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Slice", SliceGrad);

// Tile (array family): the gradient reshaped to [m0, d0, m1, d1, ...] and summed over the
// multiples' dimensions (TF's array_grad.cc; here because it needs Sub, Range and Sum).
Status TileGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  if (op.num_inputs() != 2) return errors::InvalidArgument("Tile requires 2 inputs");
  if (grad_inputs.size() != 1) return errors::InvalidArgument("Tile grad requires 1 grad input");
  Shape::Attrs shape_attrs;
  shape_attrs.out_type_ = op.input_type(1);
  auto input_shape = Shape(scope, op.input(0), shape_attrs);
  auto stack = Stack(scope, {op.input(1), input_shape.output});
  auto perm = Range(scope, Sub(scope, Rank(scope, stack), 1), -1, -1);
  auto split_shape = Reshape(scope, Transpose(scope, stack, perm), {-1});
  auto axes = Range(scope, Const(scope, 0), Size(scope, split_shape.output), 2);
  auto input_grad =
      ReduceSum(scope, Reshape(scope, grad_inputs[0], split_shape.output), axes.output);
  grad_outputs->push_back(input_grad.output);
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Tile", TileGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
