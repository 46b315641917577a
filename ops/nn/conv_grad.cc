// Gradients of the windowed ops, built as TF's C++ gradients build them (cc/gradients/nn_grad.cc):
// Conv2D through Conv2DBackpropInput and Conv2DBackpropFilter of the inputs' Shapes,
// Conv2DBackpropInput through Conv2DBackpropFilter and Conv2D, MaxPool
// through MaxPoolGrad, AvgPool through AvgPoolGrad of the input's Shape. As in TF, only
// data_format, padding, strides (and ksize, use_cudnn_on_gpu) are carried over: a dilated or
// explicitly padded convolution's gradient fails in the backprop kernels, as TF's does.
#include <string>
#include <vector>

#include "framework/errors.h"
#include "framework/gradients.h"
#include "tensorflow/cc/ops/array_ops.h"
#include "tensorflow/cc/ops/nn_ops.h"
#include "tensorflow/cc/ops/nn_ops_internal.h"

namespace tensorflow {
namespace ops {
namespace {

Status Conv2DGrad(const Scope& scope, const Operation& op, const std::vector<Output>& grad_inputs,
                  std::vector<Output>* grad_outputs) {
  std::string data_format, padding;
  std::vector<int32_t> strides;
  bool use_cudnn_on_gpu = true;
  auto attrs = op.output(0).node()->attrs();
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "data_format", &data_format));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "padding", &padding));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "strides", &strides));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "use_cudnn_on_gpu", &use_cudnn_on_gpu));
  auto dx = Conv2DBackpropInput(
      scope, Shape(scope, op.input(0)), op.input(1), grad_inputs[0], strides, padding,
      Conv2DBackpropInput::DataFormat(data_format).UseCudnnOnGpu(use_cudnn_on_gpu));
  grad_outputs->push_back(dx);
  auto dfilter = Conv2DBackpropFilter(
      scope, op.input(0), Shape(scope, op.input(1)), grad_inputs[0], strides, padding,
      Conv2DBackpropFilter::DataFormat(data_format).UseCudnnOnGpu(use_cudnn_on_gpu));
  grad_outputs->push_back(dfilter);
  return scope.status();
}
REGISTER_GRADIENT_OP("Conv2D", Conv2DGrad);

// Conv2DBackpropInput is linear in the filter and in out_backprop; unlike Conv2D's, TF's
// gradient carries every attr over.
Status Conv2DBackpropInputGrad(const Scope& scope, const Operation& op,
                               const std::vector<Output>& grad_inputs,
                               std::vector<Output>* grad_outputs) {
  if (op.num_inputs() != 3) {
    return errors::InvalidArgument("Conv2DBackpropInput requires 3 inputs.");
  }
  if (grad_inputs.size() != 1) {
    return errors::InvalidArgument("Conv2DBackpropInput grad requires 1 grad input");
  }
  std::vector<int32_t> dilations, strides, explicit_paddings;
  bool use_cudnn_on_gpu = true;
  std::string data_format, padding;
  auto attrs = op.node()->attrs();
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "dilations", &dilations));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "strides", &strides));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "explicit_paddings", &explicit_paddings));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "use_cudnn_on_gpu", &use_cudnn_on_gpu));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "data_format", &data_format));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "padding", &padding));
  grad_outputs->push_back(NoGradient());
  auto filter_attrs = Conv2DBackpropFilter::UseCudnnOnGpu(use_cudnn_on_gpu)
                          .ExplicitPaddings(explicit_paddings)
                          .DataFormat(data_format)
                          .Dilations(dilations);
  grad_outputs->push_back(Conv2DBackpropFilter(scope, grad_inputs[0], Shape(scope, op.input(1)),
                                               op.input(2), strides, padding, filter_attrs));
  auto conv_attrs = Conv2D::UseCudnnOnGpu(use_cudnn_on_gpu)
                        .ExplicitPaddings(explicit_paddings)
                        .DataFormat(data_format)
                        .Dilations(dilations);
  grad_outputs->push_back(Conv2D(scope, grad_inputs[0], op.input(1), strides, padding, conv_attrs));
  return scope.status();
}
REGISTER_GRADIENT_OP("Conv2DBackpropInput", Conv2DBackpropInputGrad);

// The pools' attrs that their gradient ops take.
struct PoolAttrs {
  std::string data_format, padding;
  std::vector<int32_t> ksize, strides;
};
Status ReadPoolAttrs(const Operation& op, PoolAttrs* out) {
  auto attrs = op.output(0).node()->attrs();
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "data_format", &out->data_format));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "ksize", &out->ksize));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "padding", &out->padding));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "strides", &out->strides));
  return OkStatus();
}

Status MaxPoolGradHelper(const Scope& scope, const Operation& op,
                         const std::vector<Output>& grad_inputs,
                         std::vector<Output>* grad_outputs) {
  PoolAttrs a;
  TF_RETURN_IF_ERROR(ReadPoolAttrs(op, &a));
  auto dx =
      internal::MaxPoolGrad(scope, op.input(0), op.output(0), grad_inputs[0], a.ksize, a.strides,
                            a.padding, internal::MaxPoolGrad::DataFormat(a.data_format));
  grad_outputs->push_back(dx);
  return scope.status();
}
REGISTER_GRADIENT_OP("MaxPool", MaxPoolGradHelper);

Status MaxPool3DGradHelper(const Scope& scope, const Operation& op,
                           const std::vector<Output>& grad_inputs,
                           std::vector<Output>* grad_outputs) {
  PoolAttrs a;
  TF_RETURN_IF_ERROR(ReadPoolAttrs(op, &a));
  auto dx = MaxPool3DGrad(scope, op.input(0), op.output(0), grad_inputs[0], a.ksize, a.strides,
                          a.padding, MaxPool3DGrad::DataFormat(a.data_format));
  grad_outputs->push_back(dx);
  return scope.status();
}
REGISTER_GRADIENT_OP("MaxPool3D", MaxPool3DGradHelper);

Status AvgPool3DGradHelper(const Scope& scope, const Operation& op,
                           const std::vector<Output>& grad_inputs,
                           std::vector<Output>* grad_outputs) {
  PoolAttrs a;
  TF_RETURN_IF_ERROR(ReadPoolAttrs(op, &a));
  auto shape = Shape(scope, op.input(0));
  auto dx = AvgPool3DGrad(scope, shape, grad_inputs[0], a.ksize, a.strides, a.padding,
                          AvgPool3DGrad::DataFormat(a.data_format));
  grad_outputs->push_back(dx);
  return scope.status();
}
REGISTER_GRADIENT_OP("AvgPool3D", AvgPool3DGradHelper);

// MaxPoolV2: MaxPoolGradV2 with the forward op's ksize and strides inputs.
Status MaxPoolGradV2Helper(const Scope& scope, const Operation& op,
                           const std::vector<Output>& grad_inputs,
                           std::vector<Output>* grad_outputs) {
  std::string data_format, padding;
  auto attrs = op.output(0).node()->attrs();
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "data_format", &data_format));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "padding", &padding));
  auto dx = MaxPoolGradV2(scope, op.input(0), op.output(0), grad_inputs[0], op.input(1),
                          op.input(2), padding, MaxPoolGradV2::DataFormat(data_format));
  grad_outputs->push_back(dx);
  grad_outputs->push_back(NoGradient());
  grad_outputs->push_back(NoGradient());
  return scope.status();
}
REGISTER_GRADIENT_OP("MaxPoolV2", MaxPoolGradV2Helper);

// FractionalMaxPool / FractionalAvgPool: their gradient ops on the forward op's pooling
// sequences (outputs 1 and 2); nothing flows back through the sequences.
Status FractionalMaxPoolGradHelper(const Scope& scope, const Operation& op,
                                   const std::vector<Output>& grad_inputs,
                                   std::vector<Output>* grad_outputs) {
  bool overlapping = false;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.output(0).node()->attrs(), "overlapping", &overlapping));
  auto dx = internal::FractionalMaxPoolGrad(
      scope, op.input(0), op.output(0), grad_inputs[0], op.output(1), op.output(2),
      internal::FractionalMaxPoolGrad::Overlapping(overlapping));
  grad_outputs->push_back(dx);
  return scope.status();
}
REGISTER_GRADIENT_OP("FractionalMaxPool", FractionalMaxPoolGradHelper);

Status FractionalAvgPoolGradHelper(const Scope& scope, const Operation& op,
                                   const std::vector<Output>& grad_inputs,
                                   std::vector<Output>* grad_outputs) {
  bool overlapping = false;
  TF_RETURN_IF_ERROR(GetNodeAttr(op.output(0).node()->attrs(), "overlapping", &overlapping));
  auto shape = Shape(scope, op.input(0), Shape::OutType(DT_INT64));
  auto dx =
      internal::FractionalAvgPoolGrad(scope, shape, grad_inputs[0], op.output(1), op.output(2),
                                      internal::FractionalAvgPoolGrad::Overlapping(overlapping));
  grad_outputs->push_back(dx);
  return scope.status();
}
REGISTER_GRADIENT_OP("FractionalAvgPool", FractionalAvgPoolGradHelper);

Status AvgPoolGradHelper(const Scope& scope, const Operation& op,
                         const std::vector<Output>& grad_inputs,
                         std::vector<Output>* grad_outputs) {
  PoolAttrs a;
  TF_RETURN_IF_ERROR(ReadPoolAttrs(op, &a));
  internal::AvgPoolGrad::Attrs grad_attrs;
  auto dx = internal::AvgPoolGrad(scope, Shape(scope, op.input(0)), grad_inputs[0], a.ksize,
                                  a.strides, a.padding, grad_attrs.DataFormat(a.data_format));
  grad_outputs->push_back(dx);
  return scope.status();
}
REGISTER_GRADIENT_OP("AvgPool", AvgPoolGradHelper);

}  // namespace
}  // namespace ops
}  // namespace tensorflow
