// The FakeQuant family's op definitions and shape functions, as TF 2.21 declares them (their
// wrappers are generated into tensorflow/cc/ops/array_ops.h, where TF declares them). As in
// TF, any num_bits (and, for the Args ops, any min and max) builds; the kernel rejects bad ones
// when the node runs, so the rest of the graph still runs.
//
//   auto q = ops::FakeQuantWithMinMaxVars(root, x, min, max,
//                                         ops::FakeQuantWithMinMaxVars::NumBits(8));
//   auto grad = ops::FakeQuantWithMinMaxVarsGradient(root, upstream, x, min, max);
//   // grad.backprops_wrt_input, grad.backprop_wrt_min, grad.backprop_wrt_max
//
// Results are TensorFlow 2.21's bit for bit; d_min/d_max sums are deterministic (the same at
// any thread count). Where TF crashes (non-scalar min/max, rank-0 per-channel input, wrong
// channel count) or produces garbage from non-finite min/max, the kernels return
// InvalidArgument.

#include "framework/errors.h"
#include "framework/op.h"
#include "ops/fake_quant/internal/fake_quant_attrs.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

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
    .Summary("Fake-quantize 'inputs' to the grid of [min, max] given as attributes.")
    .Description(
        "[min; max] is nudged so that 0.0 is exactly representable, then 'inputs' is clamped "
        "to it and rounded to the 2^num_bits grid over it.")
    .ArgDoc("num_bits", "The bitwidth of the quantization; between 2 and 16, inclusive.")
    .ArgDoc("narrow_range",
            "Whether to quantize into 2^num_bits - 1 distinct values (starting at 1).")
    .CcHeader("array_ops");

REGISTER_OP("FakeQuantWithMinMaxArgsGradient")
    .Attr("min: float = -6.0")
    .Attr("max: float = 6.0")
    .Attr("num_bits: int = 8")
    .Attr("narrow_range: bool = false")
    .Input("gradients: float")
    .Input("inputs: float")
    .Output("backprops: float")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Compute gradients for a FakeQuantWithMinMaxArgs operation.")
    .ArgDoc("gradients", "Backpropagated gradients above the FakeQuantWithMinMaxArgs operation.")
    .ArgDoc("inputs", "Values passed as inputs to the FakeQuantWithMinMaxArgs operation.")
    .ArgDoc("backprops",
            "Backpropagated gradients below the FakeQuantWithMinMaxArgs operation: "
            "`gradients * (inputs >= min && inputs <= max)`.")
    .ArgDoc("num_bits", "The bitwidth of the quantization; between 2 and 16, inclusive.")
    .ArgDoc("narrow_range",
            "Whether to quantize into 2^num_bits - 1 distinct values (starting at 1).")
    .CcHeader("array_ops");

REGISTER_OP("FakeQuantWithMinMaxVars")
    .Attr("num_bits: int = 8")
    .Attr("narrow_range: bool = false")
    .Input("inputs: float")
    .Input("min: float")
    .Input("max: float")
    .Output("outputs: float")
    .SetShapeFn(VarsShape)
    .Summary("Fake-quantize 'inputs' to the grid of scalar tensors min and max.")
    .ArgDoc("min", "A scalar: the low end of the range.")
    .ArgDoc("max", "A scalar: the high end of the range.")
    .ArgDoc("num_bits", "The bitwidth of the quantization; between 2 and 16, inclusive.")
    .ArgDoc("narrow_range",
            "Whether to quantize into 2^num_bits - 1 distinct values (starting at 1).")
    .CcHeader("array_ops");

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
    .Summary("Compute gradients for a FakeQuantWithMinMaxVars operation.")
    .ArgDoc("gradients", "Backpropagated gradients above the FakeQuantWithMinMaxVars operation.")
    .ArgDoc("inputs",
            "Values passed as inputs to the FakeQuantWithMinMaxVars operation; min, max: "
            "quantization interval, scalar floats.")
    .ArgDoc("backprops_wrt_input",
            "Backpropagated gradients w.r.t. inputs: `gradients * (inputs >= min && inputs <= "
            "max)`.")
    .ArgDoc("backprop_wrt_min",
            "Backpropagated gradients w.r.t. min parameter: `sum(gradients * (inputs < min))`.")
    .ArgDoc("backprop_wrt_max",
            "Backpropagated gradients w.r.t. max parameter: `sum(gradients * (inputs > max))`.")
    .ArgDoc("num_bits", "The bitwidth of the quantization; between 2 and 16, inclusive.")
    .ArgDoc("narrow_range",
            "Whether to quantize into 2^num_bits - 1 distinct values (starting at 1).")
    .CcHeader("array_ops");

REGISTER_OP("FakeQuantWithMinMaxVarsPerChannel")
    .Attr("num_bits: int = 8")
    .Attr("narrow_range: bool = false")
    .Input("inputs: float")
    .Input("min: float")
    .Input("max: float")
    .Output("outputs: float")
    .SetShapeFn(PerChannelShape)
    .Summary("Fake-quantize 'inputs' per channel (last dimension) to min[c], max[c].")
    .ArgDoc("min", "One low end per channel, shape [d].")
    .ArgDoc("max", "One high end per channel, shape [d].")
    .ArgDoc("num_bits", "The bitwidth of the quantization; between 2 and 16, inclusive.")
    .ArgDoc("narrow_range",
            "Whether to quantize into 2^num_bits - 1 distinct values (starting at 1).")
    .CcHeader("array_ops");

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
    .Summary("Compute gradients for a FakeQuantWithMinMaxVarsPerChannel operation.")
    .ArgDoc("gradients",
            "Backpropagated gradients above the FakeQuantWithMinMaxVars operation, shape one "
            "of: `[d]`, `[b, d]`, `[b, h, w, d]`.")
    .ArgDoc("inputs",
            "Values passed as inputs to the FakeQuantWithMinMaxVars operation, shape same as "
            "`gradients`. min, max: quantization interval, floats of shape `[d]`.")
    .ArgDoc("backprops_wrt_input",
            "Backpropagated gradients w.r.t. inputs, shape same as `inputs`: `gradients * "
            "(inputs >= min && inputs <= max)`.")
    .ArgDoc("backprop_wrt_min",
            "Backpropagated gradients w.r.t. min parameter, shape `[d]`: `sum_per_d(gradients "
            "* (inputs < min))`.")
    .ArgDoc("backprop_wrt_max",
            "Backpropagated gradients w.r.t. max parameter, shape `[d]`: `sum_per_d(gradients "
            "* (inputs > max))`.")
    .ArgDoc("num_bits", "The bitwidth of the quantization; between 2 and 16, inclusive.")
    .ArgDoc("narrow_range",
            "Whether to quantize into 2^num_bits - 1 distinct values (starting at 1).")
    .CcHeader("array_ops");
}  // namespace tensorflow
