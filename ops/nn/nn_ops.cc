// The nn family's op definitions (TF 2.21's signatures, attrs and summaries): the activations
// Relu, Relu6, Elu, Selu, LeakyRelu, Softplus, Softsign with their gradient ops, BiasAdd,
// BiasAddGrad, L2Loss, Softmax, LogSoftmax and the two softmax cross entropies. Kernels:
// nn_kernels.cc; gradients: nn_grad.cc.
#include "framework/bcast.h"
#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// TF's BiasAdd: value of rank >= 2 (>= 3 for NCHW); bias a vector as long as value's channel
// dimension.
Status BiasAddShape(InferenceContext* c) {
  std::string data_format;
  TF_RETURN_IF_ERROR(c->GetAttr("data_format", &data_format));
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, data_format == "NCHW" ? 3 : 2));
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  const PartialTensorShape& value = c->input(0);
  const PartialTensorShape& bias = c->input(1);
  if (value.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  const int channel = data_format == "NCHW" ? 1 : value.dims() - 1;
  const auto value_dims = value.dim_sizes();
  std::vector<int64_t> dims(value_dims.begin(), value_dims.end());
  if (!bias.unknown_rank()) {
    TF_RETURN_IF_ERROR(InferenceContext::MergeDim(dims[channel], bias.dim_size(0), &dims[channel]));
  }
  c->set_output(0, PartialTensorShape(dims));
  return OkStatus();
}

// BiasAddGrad: a vector as long as the channel dimension.
Status BiasAddGradShape(InferenceContext* c) {
  std::string data_format;
  TF_RETURN_IF_ERROR(c->GetAttr("data_format", &data_format));
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, data_format == "NCHW" ? 3 : 2));
  const PartialTensorShape& in = c->input(0);
  if (in.unknown_rank()) {
    c->set_output(0, PartialTensorShape({-1}));
    return OkStatus();
  }
  c->set_output(0, PartialTensorShape({in.dim_size(data_format == "NCHW" ? 1 : in.dims() - 1)}));
  return OkStatus();
}

// Softmax and LogSoftmax: the logits' shape, rank >= 1.
Status SoftmaxShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  c->set_output(0, c->input(0));
  return OkStatus();
}

// The cross entropies: loss [batch], backprop [batch, classes].
Status XentShape(InferenceContext* c) {
  PartialTensorShape features = c->input(0), labels = c->input(1), both;
  if (features.unknown_rank() || labels.unknown_rank()) {
    c->set_output(0, PartialTensorShape({-1}));
    c->set_output(1, PartialTensorShape({-1, -1}));
    return OkStatus();
  }
  TF_RETURN_IF_ERROR(BroadcastPartialShapes(features, labels, &both));
  if (both.dims() != 2) {
    return errors::InvalidArgument("Shape must be rank 2 but is rank ", both.dims());
  }
  c->set_output(0, PartialTensorShape({both.dim_size(0)}));
  c->set_output(1, both);
  return OkStatus();
}

// SparseSoftmaxCrossEntropyWithLogits: features [batch, classes], labels [batch].
Status SparseXentShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 2));
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  const PartialTensorShape& features = c->input(0);
  int64_t batch = features.unknown_rank() ? -1 : features.dim_size(0);
  if (!c->input(1).unknown_rank()) {
    TF_RETURN_IF_ERROR(InferenceContext::MergeDim(batch, c->input(1).dim_size(0), &batch));
  }
  c->set_output(0, PartialTensorShape({batch}));
  c->set_output(1,
                PartialTensorShape({batch, features.unknown_rank() ? -1 : features.dim_size(1)}));
  return OkStatus();
}

#define MINITF_REAL_NUMBERS \
  "{float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64}"
#define MINITF_FLOATS "{half, bfloat16, float, double}"

#define MINITF_ACTIVATION(NAME, TYPES, SUMMARY)    \
  REGISTER_OP(NAME)                                \
      .Input("features: T")                        \
      .Output("activations: T")                    \
      .Attr("T: " TYPES)                           \
      .SetShapeFn(shape_inference::UnchangedShape) \
      .Summary(SUMMARY)                            \
      .CcHeader("nn_ops")

// backprops from the incoming gradients and the op's input (`features`) or output.
#define MINITF_ACTIVATION_GRAD(NAME, SECOND, TYPES, SUMMARY) \
  REGISTER_OP(NAME)                                          \
      .Input("gradients: T")                                 \
      .Input(SECOND ": T")                                   \
      .Output("backprops: T")                                \
      .Attr("T: " TYPES)                                     \
      .SetShapeFn(shape_inference::UnchangedShape)           \
      .Summary(SUMMARY)                                      \
      .CcHeader("nn_ops")                                    \
      .CcHidden()

}  // namespace

MINITF_ACTIVATION("Relu",
                  "{float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, "
                  "half, uint32, uint64, qint8}",
                  "Computes rectified linear: `max(features, 0)`.");
MINITF_ACTIVATION("Relu6", MINITF_REAL_NUMBERS,
                  "Computes rectified linear 6: `min(max(features, 0), 6)`.");
MINITF_ACTIVATION("Elu", MINITF_FLOATS,
                  "Computes the exponential linear function: `exp(features) - 1` if < 0, "
                  "`features` otherwise.");
MINITF_ACTIVATION("Selu", MINITF_FLOATS,
                  "Computes scaled exponential linear: `scale * alpha * (exp(features) - 1)` if "
                  "< 0, `scale * features` otherwise.");
MINITF_ACTIVATION("Softplus", MINITF_FLOATS, "Computes softplus: `log(exp(features) + 1)`.");
MINITF_ACTIVATION("Softsign", MINITF_FLOATS,
                  "Computes softsign: `features / (abs(features) + 1)`.");
REGISTER_OP("LeakyRelu")
    .Input("features: T")
    .Output("activations: T")
    .Attr("alpha: float = 0.2")
    .Attr("T: " MINITF_FLOATS " = DT_FLOAT")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Computes rectified linear: `max(features, features * alpha)`.")
    .CcHeader("nn_ops")
    .CcHidden();

MINITF_ACTIVATION_GRAD("ReluGrad", "features", MINITF_REAL_NUMBERS,
                       "Computes rectified linear gradients for a Relu operation.");
MINITF_ACTIVATION_GRAD("Relu6Grad", "features", MINITF_REAL_NUMBERS,
                       "Computes rectified linear 6 gradients for a Relu6 operation.");
MINITF_ACTIVATION_GRAD("EluGrad", "outputs", MINITF_FLOATS,
                       "Computes gradients for the exponential linear (Elu) operation.");
MINITF_ACTIVATION_GRAD("SeluGrad", "outputs", MINITF_FLOATS,
                       "Computes gradients for the scaled exponential linear (Selu) operation.");
MINITF_ACTIVATION_GRAD("SoftplusGrad", "features", MINITF_FLOATS,
                       "Computes softplus gradients for a softplus operation.");
MINITF_ACTIVATION_GRAD("SoftsignGrad", "features", MINITF_FLOATS,
                       "Computes softsign gradients for a softsign operation.");
REGISTER_OP("LeakyReluGrad")
    .Input("gradients: T")
    .Input("features: T")
    .Output("backprops: T")
    .Attr("alpha: float = 0.2")
    .Attr("T: " MINITF_FLOATS " = DT_FLOAT")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Computes rectified linear gradients for a LeakyRelu operation.")
    .CcHeader("nn_ops")
    .CcHidden();

#define MINITF_BIAS_TYPES                                                                \
  "{float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, " \
  "bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}"

REGISTER_OP("BiasAdd")
    .Input("value: T")
    .Input("bias: T")
    .Output("output: T")
    .Attr("T: " MINITF_BIAS_TYPES)
    .Attr("data_format: {'NHWC', 'NCHW'} = 'NHWC'")
    .SetShapeFn(BiasAddShape)
    .Summary("Adds `bias` to `value`.")
    .ArgDoc("value", "Any number of dimensions.")
    .ArgDoc("bias", "1-D with size the last dimension of `value`.")
    .CcHeader("nn_ops");

REGISTER_OP("BiasAddGrad")
    .Input("out_backprop: T")
    .Output("output: T")
    .Attr("T: " MINITF_BIAS_TYPES)
    .Attr("data_format: {'NHWC', 'NCHW'} = 'NHWC'")
    .SetShapeFn(BiasAddGradShape)
    .Summary("The backward operation for \"BiasAdd\" on the \"bias\" tensor.")
    .CcHeader("nn_ops");

REGISTER_OP("Softmax")
    .Input("logits: T")
    .Output("softmax: T")
    .Attr("T: " MINITF_FLOATS)
    .SetShapeFn(SoftmaxShape)
    .Summary("Computes softmax activations.")
    .CcHeader("nn_ops");

REGISTER_OP("LogSoftmax")
    .Input("logits: T")
    .Output("logsoftmax: T")
    .Attr("T: " MINITF_FLOATS)
    .SetShapeFn(SoftmaxShape)
    .Summary("Computes log softmax activations.")
    .CcHeader("nn_ops");

REGISTER_OP("SoftmaxCrossEntropyWithLogits")
    .Input("features: T")
    .Input("labels: T")
    .Output("loss: T")
    .Output("backprop: T")
    .Attr("T: " MINITF_FLOATS)
    .SetShapeFn(XentShape)
    .Summary("Computes softmax cross entropy cost and gradients to backpropagate.")
    .CcHeader("nn_ops");

REGISTER_OP("SparseSoftmaxCrossEntropyWithLogits")
    .Input("features: T")
    .Input("labels: Tlabels")
    .Output("loss: T")
    .Output("backprop: T")
    .Attr("T: " MINITF_FLOATS)
    .Attr("Tlabels: {int32, int64} = DT_INT64")
    .SetShapeFn(SparseXentShape)
    .Summary("Computes softmax cross entropy cost and gradients to backpropagate.")
    .CcHeader("nn_ops");

REGISTER_OP("L2Loss")
    .Input("t: T")
    .Output("output: T")
    .Attr("T: " MINITF_FLOATS)
    .SetShapeFn(shape_inference::ScalarShape)
    .Summary("L2 Loss: `sum(t ** 2) / 2`.")
    .CcHeader("nn_ops");

}  // namespace tensorflow
