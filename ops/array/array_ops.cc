// The array family's op definitions (name, signature, attrs, shape function, summary) and
// its wrapper classes. Kernels: array_kernels.cc; gradients: array_grad.cc.
#include "ops/array/array_ops.h"

#include "framework/errors.h"
#include "framework/op.h"
#include "ops/array/no_op.h"

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
    .Summary("A placeholder op for a value that will be fed into the computation.");

REGISTER_OP("PlaceholderWithDefault")
    .Input("input: dtype")
    .Output("output: dtype")
    .Attr("dtype: type")
    .Attr("shape: shape")
    .SetShapeFn(PlaceholderWithDefaultShape)
    .Summary("A placeholder op that passes through `input` when its output is not fed.");

REGISTER_OP("Identity")
    .Input("input: T")
    .Output("output: T")
    .Attr("T: type")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Return a tensor with the same shape and contents as the input tensor or value.");

REGISTER_OP("NoOp")
    .SetShapeFn(shape_inference::NoOutputs)
    .Summary("Does nothing. Only useful as a placeholder for control edges.");

namespace ops {

Placeholder::Placeholder(const ::tensorflow::Scope& scope, DataType dtype, const Attrs& attrs) {
  Node* ret = internal::BuildNode(scope, "Placeholder", {},
                                  {{"dtype", internal::MakeAttr(dtype)},
                                   {"shape", internal::MakeAttr(attrs.shape_)}});
  if (ret == nullptr) return;
  this->operation = Operation(ret);
  this->output = Output(ret, 0);
}

Placeholder::Placeholder(const ::tensorflow::Scope& scope, DataType dtype)
    : Placeholder(scope, dtype, Placeholder::Attrs()) {}

PlaceholderWithDefault::PlaceholderWithDefault(const ::tensorflow::Scope& scope,
                                               ::tensorflow::Input input,
                                               PartialTensorShape shape) {
  Node* ret = internal::BuildNode(scope, "PlaceholderWithDefault", {input},
                                  {{"shape", internal::MakeAttr(shape)}});
  if (ret == nullptr) return;
  this->operation = Operation(ret);
  this->output = Output(ret, 0);
}

Identity::Identity(const ::tensorflow::Scope& scope, ::tensorflow::Input input) {
  Node* ret = internal::BuildNode(scope, "Identity", {input}, {});
  if (ret == nullptr) return;
  this->operation = Operation(ret);
  this->output = Output(ret, 0);
}

NoOp::NoOp(const ::tensorflow::Scope& scope) {
  Node* ret = internal::BuildNode(scope, "NoOp", {}, {});
  if (ret == nullptr) return;
  this->operation = Operation(ret);
}

}  // namespace ops
}  // namespace tensorflow
