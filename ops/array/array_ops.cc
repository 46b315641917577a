// The array family's op definitions (name, signature, attrs, shape function, summary, C++
// API): Const, Placeholder, PlaceholderWithDefault, Identity, NoOp. Their wrappers are
// generated (tensorflow/cc/ops/array_ops.h, no_op.h); Const's is hand-written (const_op.h).
// Kernels: array_kernels.cc; gradients: array_grad.cc.
#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

Status ConstShape(InferenceContext* c) {
  const TensorProto* proto = nullptr;
  TF_RETURN_IF_ERROR(c->GetAttr("value", &proto));
  TF_RETURN_IF_ERROR(TensorShape::IsValidShape(proto->tensor_shape()));
  DataType dtype;
  TF_RETURN_IF_ERROR(c->GetAttr("dtype", &dtype));
  if (proto->dtype() != dtype) {
    return errors::InvalidArgument("Type mismatch between value (", DataTypeString(proto->dtype()),
                                   ") and dtype (", DataTypeString(dtype), ")");
  }
  c->set_output(0, PartialTensorShape(TensorShape(proto->tensor_shape())));
  return OkStatus();
}

Status PlaceholderShape(InferenceContext* c) {
  PartialTensorShape shape;
  TF_RETURN_IF_ERROR(c->GetAttr("shape", &shape));
  c->set_output(0, shape);
  return OkStatus();
}

Status PlaceholderWithDefaultShape(InferenceContext* c) {
  PartialTensorShape shape;
  TF_RETURN_IF_ERROR(c->GetAttr("shape", &shape));
  PartialTensorShape unused;
  // Merged only to check compatibility: the output keeps the (maybe less precise) attr.
  TF_RETURN_IF_ERROR(InferenceContext::Merge(c->input(0), shape, &unused));
  c->set_output(0, shape);
  return OkStatus();
}

}  // namespace

REGISTER_OP("Const")
    .Output("output: dtype")
    .Attr("value: tensor")
    .Attr("dtype: type")
    .SetShapeFn(ConstShape)
    .Summary("Returns a constant tensor.");

REGISTER_OP("Placeholder")
    .Output("output: dtype")
    .Attr("dtype: type")
    .Attr("shape: shape = { unknown_rank: true }")
    .SetShapeFn(PlaceholderShape)
    .Summary("A placeholder op for a value that will be fed into the computation.")
    .ArgDoc("output", "A placeholder tensor that must be replaced using the feed mechanism.")
    .ArgDoc("dtype", "The type of elements in the tensor.")
    .ArgDoc("shape",
            "(Optional) The shape of the tensor. If the shape has 0 dimensions, the shape is "
            "unconstrained.")
    .CcHeader("array_ops");

REGISTER_OP("PlaceholderWithDefault")
    .Input("input: dtype")
    .Output("output: dtype")
    .Attr("dtype: type")
    .Attr("shape: shape")
    .SetShapeFn(PlaceholderWithDefaultShape)
    .Summary("A placeholder op that passes through `input` when its output is not fed.")
    .ArgDoc("input", "The default value to produce when `output` is not fed.")
    .ArgDoc("shape", "The (possibly partial) shape of the tensor.")
    .CcHeader("array_ops");

REGISTER_OP("Identity")
    .Input("input: T")
    .Output("output: T")
    .Attr("T: type")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Return a tensor with the same shape and contents as the input tensor or value.")
    .CcHeader("array_ops");

REGISTER_OP("IdentityN")
    .Input("input: T")
    .Output("output: T")
    .Attr("T: list(type)")
    .SetShapeFn([](shape_inference::InferenceContext* c) {
      for (int i = 0; i < c->num_inputs(); ++i) c->set_output(i, c->input(i));
      return OkStatus();
    })
    .Summary("Returns a list of tensors with the same shapes and contents as the input")
    .CcHeader("array_ops");

REGISTER_OP("NoOp")
    .SetShapeFn(shape_inference::NoOutputs)
    .Summary("Does nothing. Only useful as a placeholder for control edges.")
    .CcHeader("no_op");
}  // namespace tensorflow
