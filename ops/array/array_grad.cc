// Gradient functions of the array family (TF's cc/gradients/array_grad.cc), and the ops
// through which no gradient flows. Gradients that need math ops
// (BroadcastTo's and Fill's) live in ops/math/math_grad.cc: the array family depends on no other
// family.
#include "framework/errors.h"
#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/array_ops_internal.h"
#include "tensorflow/cc/ops/data_flow_ops.h"

namespace tensorflow {
namespace ops {
namespace {

REGISTER_NO_GRADIENT_OP("Const");
REGISTER_NO_GRADIENT_OP("StopGradient");
REGISTER_NO_GRADIENT_OP("ZerosLike");
REGISTER_NO_GRADIENT_OP("OnesLike");
REGISTER_NO_GRADIENT_OP("Shape");
REGISTER_NO_GRADIENT_OP("Size");
REGISTER_NO_GRADIENT_OP("Rank");
REGISTER_NO_GRADIENT_OP("InvertPermutation");
REGISTER_NO_GRADIENT_OP("ShapeN");
REGISTER_NO_GRADIENT_OP("ConcatOffset");
REGISTER_NO_GRADIENT_OP("OneHot");
REGISTER_NO_GRADIENT_OP("BroadcastGradientArgs");

Status IdentityGrad(const Scope& scope, const Operation&, const std::vector<Output>& grad_inputs,
                    std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Identity(scope, grad_inputs[0]));
  return scope.status();
}
REGISTER_GRADIENT_OP("Identity", IdentityGrad);
// TF's Python passes the gradient through PlaceholderWithDefault to its default input (its C++
// registry has none); the value is Identity's.
REGISTER_GRADIENT_OP("PlaceholderWithDefault", IdentityGrad);

Status ReshapeGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                   std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Reshape(scope, grad_inputs[0], Shape(scope, op.input(0))));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Reshape", ReshapeGrad);

// The gradient reshaped back to the input's shape.
Status ExpandDimsGrad(const Scope& scope, const Operation& op,
                      const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Reshape(scope, grad_inputs[0], Shape(scope, op.input(0))));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("ExpandDims", ExpandDimsGrad);

// Pack/Unpack undo each other.
Status PackGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                std::vector<Output>* grad_outputs) {
  int N;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "N", &N));
  int axis;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "axis", &axis));
  grad_outputs->reserve(N);
  auto grad_op = Unstack(scope, grad_inputs[0], N, Unstack::Axis(axis));
  for (const Output& o : grad_op.output) grad_outputs->emplace_back(o);
  return scope.status();
}
REGISTER_GRADIENT_OP("Pack", PackGrad);

Status UnpackGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs) {
  int axis;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), "axis", &axis));
  grad_outputs->push_back(Stack(scope, grad_inputs, Stack::Axis(axis)));
  return scope.status();
}
REGISTER_GRADIENT_OP("Unpack", UnpackGrad);

Status SqueezeGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                   std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Reshape(scope, grad_inputs[0], Shape(scope, op.input(0))));
  return scope.status();
}
REGISTER_GRADIENT_OP("Squeeze", SqueezeGrad);

Status TransposeGrad(const Scope& scope, const Operation& op,
                     const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  auto inverted_perm = InvertPermutation(scope, op.input(1));
  grad_outputs->push_back(Transpose(scope, grad_inputs[0], inverted_perm));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Transpose", TransposeGrad);

// Each input's slice of the gradient, at the offsets ConcatOffset computes.
Status ConcatV2Grad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                    std::vector<Output>* grad_outputs) {
  const int dim_index = op.num_inputs() - 1;
  std::vector<Output> inputs;
  for (int i = 0; i < dim_index; ++i) inputs.push_back(op.input(i));
  auto shapes = ShapeN(scope, inputs);
  auto offsets = internal::ConcatOffset(scope, op.input(dim_index), shapes.output);
  if (grad_inputs.size() != 1) return errors::InvalidArgument("Concat grad should have 1 input");
  for (size_t i = 0; i < inputs.size(); ++i) {
    grad_outputs->push_back(Slice(scope, grad_inputs[0], offsets.offset[i], shapes.output[i]));
  }
  grad_outputs->insert(grad_outputs->begin() + dim_index, NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("ConcatV2", ConcatV2Grad);

// The gradient's slice where the input sits in the padded output.
// Pad and PadV2 (whose constant_values gets no gradient, as in TF).
template <bool kIsPadV2>
Status PadGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
               std::vector<Output>* grad_outputs) {
  auto x = op.input(0);
  auto a = op.input(1);  // [Rank(x), 2]
  auto size = Stack(scope, {Rank(scope, x), 1});
  auto pad_before = Slice(scope, a, {0, 0}, size);
  auto begin = Reshape(scope, pad_before, {-1});
  grad_outputs->push_back(Slice(scope, grad_inputs[0], begin, Shape(scope, x)));
  grad_outputs->push_back(NoGradient());
  if (kIsPadV2) grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("Pad", PadGrad<false>);
REGISTER_GRADIENT_OP("PadV2", PadGrad<true>);

// The slice's gradient scattered back into zeros of the input's (int32) shape, with the
// forward op's masks; begin, end and strides get none.
Status StridedSliceGradHelper(const Scope& scope, const Operation& op,
                              const std::vector<Output>& grad_inputs,
                              std::vector<Output>* grad_outputs) {
  auto x = Shape(scope, op.input(0));
  int64_t masks[5] = {};
  const char* names[5] = {"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                          "shrink_axis_mask"};
  for (int i = 0; i < 5; ++i) {
    TF_RETURN_IF_ERROR(GetNodeAttr(op.node()->attrs(), names[i], &masks[i]));
  }
  grad_outputs->push_back(StridedSliceGrad(scope, x, op.input(1), op.input(2), op.input(3),
                                           grad_inputs[0],
                                           StridedSliceGrad::BeginMask(masks[0])
                                               .EndMask(masks[1])
                                               .EllipsisMask(masks[2])
                                               .NewAxisMask(masks[3])
                                               .ShrinkAxisMask(masks[4])));
  for (int i = 0; i < 3; ++i) grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("StridedSlice", StridedSliceGradHelper);

// Split and SplitV: the outputs' gradients concatenated back along the split axis.
Status SplitGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                 std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(Concat(scope, grad_inputs, op.input(0)));
  return scope.status();
}
REGISTER_GRADIENT_OP("Split", SplitGrad);

Status SplitVGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs) {
  if (op.num_inputs() < 3) return errors::InvalidArgument("SplitV requires 3 arguments");
  grad_outputs->push_back(Concat(scope, grad_inputs, op.input(2)));
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("SplitV", SplitVGrad);

Status ReverseGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                   std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Reverse(scope, grad_inputs[0], op.input(1)));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("ReverseV2", ReverseGrad);

// GatherNd and ScatterNd are each other's gradient.
Status GatherNdGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                    std::vector<Output>* grad_outputs) {
  auto indices = op.input(1);
  auto ref_shape = Shape(scope, op.input(0), Shape::OutType(indices.type()));
  grad_outputs->push_back(ScatterNd(scope, indices, grad_inputs[0], ref_shape));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("GatherNd", GatherNdGrad);

Status ScatterNdGrad(const Scope& scope, const Operation& op,
                     const std::vector<Output>& grad_inputs, std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(GatherNd(scope, grad_inputs[0], op.input(0)));
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("ScatterNd", ScatterNdGrad);

// input's gradient passes through; updates' is the gradient's slices at the indices.
Status ScatterNdNonAliasingAddGrad(const Scope& scope, const Operation& op,
                                   const std::vector<Output>& grad_inputs,
                                   std::vector<Output>* grad_outputs) {
  grad_outputs->push_back(Identity(scope, grad_inputs[0]));
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(GatherNd(scope, grad_inputs[0], op.input(1)));
  return scope.status();
}
REGISTER_GRADIENT_OP("ScatterNdNonAliasingAdd", ScatterNdNonAliasingAddGrad);

// Every data input gets the gradient's rows at its indices (TF's data_flow_grad.cc), also the
// rows a later input overwrote.
Status DynamicStitchGrad(const Scope& scope, const Operation& op,
                         const std::vector<Output>& grad_inputs,
                         std::vector<Output>* grad_outputs) {
  const int n = op.num_inputs() / 2;
  for (int i = 0; i < n; ++i) grad_outputs->push_back(NoGradient());
  for (int i = 0; i < n; ++i) grad_outputs->push_back(Gather(scope, grad_inputs[0], op.input(i)));
  return scope.status();
}
REGISTER_GRADIENT_OP("DynamicStitch", DynamicStitchGrad);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
