// The FakeQuant family's op definitions, shape functions and wrapper classes, as TF 2.21
// declares them (num_bits is also range-checked when a node is built, a minitf addition).
#include "ops/fake_quant/fake_quant_ops.h"

#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

Status CheckNumBits(const AttrSlice& attrs) {
  int64_t num_bits;
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "num_bits", &num_bits));
  if (num_bits < 2 || num_bits > 16) {
    return errors::InvalidArgument("num_bits must be between 2 and 16, inclusive");
  }
  return OkStatus();
}

Status CheckArgs(const AttrSlice& attrs) {
  TF_RETURN_IF_ERROR(CheckNumBits(attrs));
  float min, max;
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "min", &min));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "max", &max));
  if (!(min < max)) {
    return errors::InvalidArgument("min has to be smaller than max, was: ", min, " >= ", max);
  }
  return OkStatus();
}

Status VarsShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(1, 0));
  TF_RETURN_IF_ERROR(c->WithRank(2, 0));
  c->set_output(0, c->input(0));
  return OkStatus();
}

Status VarsGradientShape(InferenceContext* c) {
  PartialTensorShape inputs, unused;
  TF_RETURN_IF_ERROR(InferenceContext::Merge(c->input(0), c->input(1), &inputs));
  TF_RETURN_IF_ERROR(c->WithRank(2, 0));
  TF_RETURN_IF_ERROR(InferenceContext::Merge(PartialTensorShape({}), c->input(3), &unused));
  c->set_output(0, inputs);
  c->set_output(1, PartialTensorShape({}));
  c->set_output(2, PartialTensorShape({}));
  return OkStatus();
}

// The channel count: the last dimension of `shape` merged with dim 0 of min and max.
Status MergeChannels(InferenceContext* c, const PartialTensorShape& shape, int min_input,
                     int64_t* depth) {
  *depth = shape.dims() > 0 ? shape.dim_size(shape.dims() - 1) : -1;
  for (int i : {min_input, min_input + 1}) {
    TF_RETURN_IF_ERROR(c->WithRank(i, 1));
    const int64_t d = c->input(i).dims() == 1 ? c->input(i).dim_size(0) : -1;
    TF_RETURN_IF_ERROR(InferenceContext::MergeDim(*depth, d, depth));
  }
  return OkStatus();
}

Status PerChannelShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  int64_t depth;
  TF_RETURN_IF_ERROR(MergeChannels(c, c->input(0), 1, &depth));
  c->set_output(0, c->input(0));
  return OkStatus();
}

Status PerChannelGradientShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  TF_RETURN_IF_ERROR(c->WithRankAtMost(0, 4));
  PartialTensorShape inputs;
  TF_RETURN_IF_ERROR(InferenceContext::Merge(c->input(0), c->input(1), &inputs));
  int64_t depth;
  TF_RETURN_IF_ERROR(MergeChannels(c, inputs, 2, &depth));
  c->set_output(0, inputs);
  c->set_output(1, PartialTensorShape({depth}));
  c->set_output(2, PartialTensorShape({depth}));
  return OkStatus();
}

}  // namespace

REGISTER_OP("FakeQuantWithMinMaxArgs")
    .Attr("min: float = -6.0")
    .Attr("max: float = 6.0")
    .Attr("num_bits: int = 8")
    .Attr("narrow_range: bool = false")
    .Input("inputs: float")
    .Output("outputs: float")
    .SetShapeFn(shape_inference::UnchangedShape)
    .SetAttrCheck(CheckArgs)
    .Summary("Fake-quantize 'inputs' to the grid of [min, max] given as attributes.");

REGISTER_OP("FakeQuantWithMinMaxArgsGradient")
    .Attr("min: float = -6.0")
    .Attr("max: float = 6.0")
    .Attr("num_bits: int = 8")
    .Attr("narrow_range: bool = false")
    .Input("gradients: float")
    .Input("inputs: float")
    .Output("backprops: float")
    .SetShapeFn(shape_inference::UnchangedShape)
    .SetAttrCheck(CheckArgs)
    .Summary("Compute gradients for a FakeQuantWithMinMaxArgs operation.");

REGISTER_OP("FakeQuantWithMinMaxVars")
    .Attr("num_bits: int = 8")
    .Attr("narrow_range: bool = false")
    .Input("inputs: float")
    .Input("min: float")
    .Input("max: float")
    .Output("outputs: float")
    .SetShapeFn(VarsShape)
    .SetAttrCheck(CheckNumBits)
    .Summary("Fake-quantize 'inputs' to the grid of scalar tensors min and max.");

REGISTER_OP("FakeQuantWithMinMaxVarsGradient")
    .Attr("num_bits: int = 8")
    .Attr("narrow_range: bool = false")
    .Input("gradients: float")
    .Input("inputs: float")
    .Input("min: float")
    .Input("max: float")
    .Output("backprops_wrt_input: float")
    .Output("backprop_wrt_min: float")
    .Output("backprop_wrt_max: float")
    .SetShapeFn(VarsGradientShape)
    .SetAttrCheck(CheckNumBits)
    .Summary("Compute gradients for a FakeQuantWithMinMaxVars operation.");

REGISTER_OP("FakeQuantWithMinMaxVarsPerChannel")
    .Attr("num_bits: int = 8")
    .Attr("narrow_range: bool = false")
    .Input("inputs: float")
    .Input("min: float")
    .Input("max: float")
    .Output("outputs: float")
    .SetShapeFn(PerChannelShape)
    .SetAttrCheck(CheckNumBits)
    .Summary("Fake-quantize 'inputs' per channel (last dimension) to min[c], max[c].");

REGISTER_OP("FakeQuantWithMinMaxVarsPerChannelGradient")
    .Attr("num_bits: int = 8")
    .Attr("narrow_range: bool = false")
    .Input("gradients: float")
    .Input("inputs: float")
    .Input("min: float")
    .Input("max: float")
    .Output("backprops_wrt_input: float")
    .Output("backprop_wrt_min: float")
    .Output("backprop_wrt_max: float")
    .SetShapeFn(PerChannelGradientShape)
    .SetAttrCheck(CheckNumBits)
    .Summary("Compute gradients for a FakeQuantWithMinMaxVarsPerChannel operation.");

namespace ops {

namespace {
using internal::BuildNode;
using internal::MakeAttr;

// Sets the three outputs of a gradient op.
template <typename Op>
void SetGradientOutputs(Node* ret, Op* op) {
  op->operation = Operation(ret);
  op->backprops_wrt_input = Output(ret, 0);
  op->backprop_wrt_min = Output(ret, 1);
  op->backprop_wrt_max = Output(ret, 2);
}
}  // namespace

FakeQuantWithMinMaxArgs::FakeQuantWithMinMaxArgs(const Scope& scope, Input inputs,
                                                 const Attrs& attrs) {
  Node* ret = BuildNode(scope, "FakeQuantWithMinMaxArgs", {inputs},
                             {{"min", MakeAttr(attrs.min_)},
                              {"max", MakeAttr(attrs.max_)},
                              {"num_bits", MakeAttr(attrs.num_bits_)},
                              {"narrow_range", MakeAttr(attrs.narrow_range_)}});
  if (ret == nullptr) return;
  operation = Operation(ret);
  outputs = Output(ret, 0);
}

FakeQuantWithMinMaxArgsGradient::FakeQuantWithMinMaxArgsGradient(const Scope& scope,
                                                                 Input gradients, Input inputs,
                                                                 const Attrs& attrs) {
  Node* ret = BuildNode(scope, "FakeQuantWithMinMaxArgsGradient", {gradients, inputs},
                             {{"min", MakeAttr(attrs.min_)},
                              {"max", MakeAttr(attrs.max_)},
                              {"num_bits", MakeAttr(attrs.num_bits_)},
                              {"narrow_range", MakeAttr(attrs.narrow_range_)}});
  if (ret == nullptr) return;
  operation = Operation(ret);
  backprops = Output(ret, 0);
}

FakeQuantWithMinMaxVars::FakeQuantWithMinMaxVars(const Scope& scope, Input inputs, Input min,
                                                 Input max, const Attrs& attrs) {
  Node* ret = BuildNode(scope, "FakeQuantWithMinMaxVars", {inputs, min, max},
                             {{"num_bits", MakeAttr(attrs.num_bits_)},
                              {"narrow_range", MakeAttr(attrs.narrow_range_)}});
  if (ret == nullptr) return;
  operation = Operation(ret);
  outputs = Output(ret, 0);
}

FakeQuantWithMinMaxVarsGradient::FakeQuantWithMinMaxVarsGradient(const Scope& scope,
                                                                 Input gradients, Input inputs,
                                                                 Input min, Input max,
                                                                 const Attrs& attrs) {
  Node* ret = BuildNode(scope, "FakeQuantWithMinMaxVarsGradient",
                             {gradients, inputs, min, max},
                             {{"num_bits", MakeAttr(attrs.num_bits_)},
                              {"narrow_range", MakeAttr(attrs.narrow_range_)}});
  if (ret == nullptr) return;
  SetGradientOutputs(ret, this);
}

FakeQuantWithMinMaxVarsPerChannel::FakeQuantWithMinMaxVarsPerChannel(const Scope& scope,
                                                                     Input inputs, Input min,
                                                                     Input max,
                                                                     const Attrs& attrs) {
  Node* ret = BuildNode(scope, "FakeQuantWithMinMaxVarsPerChannel", {inputs, min, max},
                             {{"num_bits", MakeAttr(attrs.num_bits_)},
                              {"narrow_range", MakeAttr(attrs.narrow_range_)}});
  if (ret == nullptr) return;
  operation = Operation(ret);
  outputs = Output(ret, 0);
}

FakeQuantWithMinMaxVarsPerChannelGradient::FakeQuantWithMinMaxVarsPerChannelGradient(
    const Scope& scope, Input gradients, Input inputs, Input min, Input max,
    const Attrs& attrs) {
  Node* ret = BuildNode(scope, "FakeQuantWithMinMaxVarsPerChannelGradient",
                             {gradients, inputs, min, max},
                             {{"num_bits", MakeAttr(attrs.num_bits_)},
                              {"narrow_range", MakeAttr(attrs.narrow_range_)}});
  if (ret == nullptr) return;
  SetGradientOutputs(ret, this);
}

}  // namespace ops
}  // namespace tensorflow
