// The nn family's windowed ops (TF 2.21's signatures, attrs, summaries and graph-time shape
// functions): Conv2D, Conv2DBackpropInput, Conv2DBackpropFilter, MaxPool, MaxPoolGrad, AvgPool,
// AvgPoolGrad. Kernels: conv_kernels.cc and pooling_kernels.cc; gradients: conv_grad.cc.
#include <string>
#include <vector>

#include "framework/errors.h"
#include "framework/op.h"
#include "ops/nn/internal/window_geometry.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

using nn_internal::FormatDim;
using nn_internal::Padding;

// One spatial output size at graph time (TF's GetWindowedOutputSizeFromDimsV2): the stride and
// dilation are checked first; -1 when the input or window size is unknown.
Status WindowedDim(int64_t input, int64_t window, int64_t dilation, int64_t stride, Padding padding,
                   int64_t pad_before, int64_t pad_after, int64_t* out) {
  if (stride <= 0) return errors::InvalidArgument("Stride must be > 0, but got ", stride);
  if (dilation < 1) {
    return errors::InvalidArgument("Dilation rate must be >= 1, but got ", dilation);
  }
  // Unknown, or attrs too large to size here without overflow (the kernel refuses them).
  constexpr int64_t kMaxSize = int64_t{1} << 31;
  if (input < 0 || window < 0 || window >= kMaxSize || dilation >= kMaxSize ||
      pad_before >= kMaxSize || pad_after >= kMaxSize) {
    *out = -1;
    return OkStatus();
  }
  const int64_t effective = (window - 1) * dilation + 1;
  if (padding == Padding::kSame) {
    *out = (input + stride - 1) / stride;
    return OkStatus();
  }
  const int64_t padded = padding == Padding::kExplicit ? input + pad_before + pad_after : input;
  if (padded < effective) {
    return errors::InvalidArgument("Negative dimension size caused by subtracting ", effective,
                                   " from ", padded);
  }
  *out = (padded - effective + stride) / stride;
  return OkStatus();
}

// The padding attrs at graph time (TF's CheckValidPadding), and the H and W paddings.
Status ReadPadding(InferenceContext* c, bool nchw, Padding* padding, int64_t pads[4]) {
  std::string padding_str;
  TF_RETURN_IF_ERROR(c->GetAttr("padding", &padding_str));
  TF_RETURN_IF_ERROR(nn_internal::ParsePadding(padding_str, padding));
  std::vector<int64_t> explicit_paddings;
  if (c->node_def().attr().count("explicit_paddings")) {
    TF_RETURN_IF_ERROR(c->GetAttr("explicit_paddings", &explicit_paddings));
  }
  return nn_internal::CheckExplicitPaddings(*padding, explicit_paddings, nchw, pads);
}

bool IsNchw(InferenceContext* c) {
  std::string format;
  return c->GetAttr("data_format", &format).ok() && format == "NCHW";
}

// The [N, H, W, C] sizes of a rank-4 (or unknown) shape in the data format.
void Nhwc(const PartialTensorShape& s, bool nchw, int64_t out[4]) {
  for (int d = 0; d < 4; ++d) out[d] = s.unknown_rank() ? -1 : s.dim_size(FormatDim(nchw, d));
}

PartialTensorShape InFormat(bool nchw, const int64_t nhwc[4]) {
  return nchw ? PartialTensorShape({nhwc[0], nhwc[3], nhwc[1], nhwc[2]})
              : PartialTensorShape({nhwc[0], nhwc[1], nhwc[2], nhwc[3]});
}

// TF's Conv2DShapeWithExplicitPadding.
Status Conv2DShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 4));
  TF_RETURN_IF_ERROR(c->WithRank(1, 4));
  const bool nchw = IsNchw(c);
  std::vector<int64_t> dilations, strides;
  TF_RETURN_IF_ERROR(c->GetAttr("dilations", &dilations));
  if (dilations.size() != 4) {
    return errors::InvalidArgument(
        "Conv2D requires the dilation attribute to contain 4 values, but got: ", dilations.size());
  }
  TF_RETURN_IF_ERROR(c->GetAttr("strides", &strides));
  if (strides.size() != 4) {
    return errors::InvalidArgument(
        "Conv2D on data format ", nchw ? "NCHW" : "NHWC",
        " requires the stride attribute to contain 4 values, but got: ", strides.size());
  }
  int64_t in[4];
  Nhwc(c->input(0), nchw, in);
  const PartialTensorShape& filter = c->input(1);
  const bool filter_known = !filter.unknown_rank();
  const int64_t f_rows = filter_known ? filter.dim_size(0) : -1;
  const int64_t f_cols = filter_known ? filter.dim_size(1) : -1;
  const int64_t f_depth = filter_known ? filter.dim_size(2) : -1;
  const int64_t f_out = filter_known ? filter.dim_size(3) : -1;
  if (in[3] >= 0 && f_depth >= 0) {
    if (f_depth == 0) return errors::InvalidArgument("Depth of filter must not be 0");
    if (in[3] % f_depth != 0) {
      return errors::InvalidArgument("Depth of input (", in[3],
                                     ") is not a multiple of input depth of filter (", f_depth,
                                     ")");
    }
    const int64_t groups = in[3] / f_depth;
    if (in[3] != f_depth && f_out >= 0 && f_out % groups != 0) {
      return errors::InvalidArgument("Depth of output (", f_out,
                                     ") is not a multiple of the number of groups (", groups, ")");
    }
  }
  Padding padding;
  int64_t pads[4];
  TF_RETURN_IF_ERROR(ReadPadding(c, nchw, &padding, pads));
  const int h = FormatDim(nchw, 1), w = FormatDim(nchw, 2);
  int64_t out[4] = {in[0], -1, -1, f_out};
  TF_RETURN_IF_ERROR(
      WindowedDim(in[1], f_rows, dilations[h], strides[h], padding, pads[0], pads[1], &out[1]));
  TF_RETURN_IF_ERROR(
      WindowedDim(in[2], f_cols, dilations[w], strides[w], padding, pads[2], pads[3], &out[2]));
  c->set_output(0, InFormat(nchw, out));
  return OkStatus();
}

// Conv2DBackpropInput: the shape input_sizes holds (4 values, or [H, W] with the batch from
// out_backprop and the depth from the filter).
Status Conv2DBackpropInputShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 1));
  TF_RETURN_IF_ERROR(c->WithRank(1, 4));
  TF_RETURN_IF_ERROR(c->WithRank(2, 4));
  const bool nchw = IsNchw(c);
  const PartialTensorShape& sizes = c->input(0);
  const int64_t count = sizes.unknown_rank() ? -1 : sizes.dim_size(0);
  if (count >= 0 && count != 4 && count != 2) {
    return errors::InvalidArgument(
        "Conv2DBackpropInput requires input_sizes to contain 4 values or 2 values, but got: ",
        count);
  }
  int64_t dy[4];
  Nhwc(c->input(2), nchw, dy);
  const PartialTensorShape& filter = c->input(1);
  if (count == 2) {
    PartialTensorShape hw;
    TF_RETURN_IF_ERROR(c->MakeShapeFromShapeTensor(0, &hw));
    const int64_t out[4] = {dy[0], hw.dim_size(0), hw.dim_size(1),
                            filter.unknown_rank() ? -1 : filter.dim_size(2)};
    c->set_output(0, InFormat(nchw, out));
    return OkStatus();
  }
  PartialTensorShape out;
  TF_RETURN_IF_ERROR(c->MakeShapeFromShapeTensor(0, &out));
  if (c->input_tensor(0) == nullptr && count == 4) {
    const int64_t unknown[4] = {dy[0], -1, -1, -1};
    out = InFormat(nchw, unknown);
  }
  c->set_output(0, out);
  return OkStatus();
}

// The rank-4 shape that int32 input `i` holds (Conv2DBackpropFilter's filter_sizes,
// AvgPoolGrad's orig_input_shape).
Status Rank4FromShapeInput(InferenceContext* c, int i) {
  PartialTensorShape out;
  TF_RETURN_IF_ERROR(c->MakeShapeFromShapeTensor(i, &out));
  if (!out.unknown_rank() && out.dims() != 4) {
    return errors::InvalidArgument("Shape must be rank 4 but is rank ", out.dims());
  }
  c->set_output(0, out.unknown_rank() ? PartialTensorShape({-1, -1, -1, -1}) : out);
  return OkStatus();
}

// MaxPool and AvgPool (TF's MaxPoolShapeWithExplicitPadding / AvgPoolShape): spatial sizes by
// the window, or, pooling over depth, the depth divided by the depth window.
// The pools' output shape from ksize and strides (attrs, or MaxPoolV2's constant inputs).
Status PoolShapeWith(InferenceContext* c, const char* op, const std::vector<int64_t>& ksize,
                     const std::vector<int64_t>& strides) {
  const bool nchw = IsNchw(c);
  if (strides.size() != 4) {
    return errors::InvalidArgument(op,
                                   " requires the stride attribute to contain 4 values, but "
                                   "got: ",
                                   strides.size());
  }
  if (ksize.size() != 4) {
    return errors::InvalidArgument(op,
                                   " requires the ksize attribute to contain 4 values, but "
                                   "got: ",
                                   ksize.size());
  }
  Padding padding;
  int64_t pads[4];
  TF_RETURN_IF_ERROR(ReadPadding(c, nchw, &padding, pads));
  int64_t in[4];
  Nhwc(c->input(0), nchw, in);
  const int h = FormatDim(nchw, 1), w = FormatDim(nchw, 2), d = FormatDim(nchw, 3);
  int64_t out[4] = {in[0], -1, -1, in[3]};
  TF_RETURN_IF_ERROR(
      WindowedDim(in[1], ksize[h], 1, strides[h], padding, pads[0], pads[1], &out[1]));
  TF_RETURN_IF_ERROR(
      WindowedDim(in[2], ksize[w], 1, strides[w], padding, pads[2], pads[3], &out[2]));
  if (in[3] >= 0 && strides[d] > 0) {
    TF_RETURN_IF_ERROR(WindowedDim(in[3], ksize[d], 1, strides[d], Padding::kValid, 0, 0, &out[3]));
  }
  c->set_output(0, InFormat(nchw, out));
  return OkStatus();
}

Status PoolShape(InferenceContext* c, const char* op) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 4));
  std::vector<int64_t> ksize, strides;
  TF_RETURN_IF_ERROR(c->GetAttr("strides", &strides));
  if (strides.size() == 4) TF_RETURN_IF_ERROR(c->GetAttr("ksize", &ksize));
  return PoolShapeWith(c, op, strides.size() == 4 ? ksize : std::vector<int64_t>(4), strides);
}

// MaxPoolV2: ksize and strides are rank-1 inputs of 4 values; unknown rank unless both are
// known at graph time.
Status MaxPoolV2Shape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 4));
  for (int i = 1; i <= 2; ++i) {
    TF_RETURN_IF_ERROR(c->WithRank(i, 1));
    const PartialTensorShape& s = c->input(i);
    if (s.dims() == 1 && s.dim_size(0) >= 0 && s.dim_size(0) != 4) {
      return errors::InvalidArgument("Dimension must be 4 but is ", s.dim_size(0));
    }
  }
  const Tensor* ksize = c->input_tensor(1);
  const Tensor* strides = c->input_tensor(2);
  if (ksize == nullptr || strides == nullptr) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  return PoolShapeWith(c, "MaxPool", tensor::IntValues(*ksize), tensor::IntValues(*strides));
}

// MaxPoolGrad: orig_input's shape, rank 4.
Status MaxPoolGradShape(InferenceContext* c) {
  return shape_inference::UnchangedShapeWithRank(c, 4);
}

#define MINITF_CONV_ATTRS                             \
  Attr("strides: list(int)")                          \
      .Attr("use_cudnn_on_gpu: bool = true")          \
      .Attr("padding: {'SAME', 'VALID', 'EXPLICIT'}") \
      .Attr("explicit_paddings: list(int) = []")      \
      .Attr("data_format: {'NHWC', 'NCHW'} = 'NHWC'") \
      .Attr("dilations: list(int) = [1, 1, 1, 1]")

}  // namespace

REGISTER_OP("Conv2D")
    .Input("input: T")
    .Input("filter: T")
    .Output("output: T")
    .Attr("T: {half, bfloat16, float, double, int32}")
    .MINITF_CONV_ATTRS.SetShapeFn(Conv2DShape)
    .Summary("Computes a 2-D convolution given 4-D `input` and `filter` tensors.")
    .ArgDoc("input",
            "A 4-D tensor. The dimension order is interpreted according to the value "
            "of `data_format`, see below for details.")
    .ArgDoc("filter",
            "A 4-D tensor of shape `[filter_height, filter_width, in_channels, "
            "out_channels]`")
    .CcHeader("nn_ops");

REGISTER_OP("Conv2DBackpropInput")
    .Input("input_sizes: int32")
    .Input("filter: T")
    .Input("out_backprop: T")
    .Output("output: T")
    .Attr("T: {half, bfloat16, float, double, int32}")
    .MINITF_CONV_ATTRS.SetShapeFn(Conv2DBackpropInputShape)
    .Summary("Computes the gradients of convolution with respect to the input.")
    .CcHeader("nn_ops");

REGISTER_OP("Conv2DBackpropFilter")
    .Input("input: T")
    .Input("filter_sizes: int32")
    .Input("out_backprop: T")
    .Output("output: T")
    .Attr("T: {half, bfloat16, float, double}")
    .MINITF_CONV_ATTRS.SetShapeFn([](InferenceContext* c) { return Rank4FromShapeInput(c, 1); })
    .Summary("Computes the gradients of convolution with respect to the filter.")
    .CcHeader("nn_ops");

REGISTER_OP("MaxPool")
    .Input("input: T")
    .Output("output: T")
    .Attr(
        "T: {half, bfloat16, float, double, int32, int64, uint8, int16, int8, uint16, qint8} = "
        "DT_FLOAT")
    .Attr("ksize: list(int) >= 4")
    .Attr("strides: list(int) >= 4")
    .Attr("padding: {'SAME', 'VALID', 'EXPLICIT'}")
    .Attr("explicit_paddings: list(int) = []")
    .Attr("data_format: {'NHWC', 'NCHW', 'NCHW_VECT_C'} = 'NHWC'")
    .SetShapeFn([](InferenceContext* c) { return PoolShape(c, "MaxPool"); })
    .Summary("Performs max pooling on the input.")
    .CcHeader("nn_ops");

REGISTER_OP("MaxPoolGrad")
    .Input("orig_input: T")
    .Input("orig_output: T")
    .Input("grad: T")
    .Output("output: T")
    .Attr("ksize: list(int) >= 4")
    .Attr("strides: list(int) >= 4")
    .Attr("padding: {'SAME', 'VALID', 'EXPLICIT'}")
    .Attr("explicit_paddings: list(int) = []")
    .Attr("data_format: {'NHWC', 'NCHW'} = 'NHWC'")
    .Attr(
        "T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, "
        "uint64} = DT_FLOAT")
    .SetShapeFn(MaxPoolGradShape)
    .Summary("Computes gradients of the maxpooling function.")
    .CcHeader("nn_ops")
    .CcHidden();

namespace {

// MaxPool3D / AvgPool3D: [N, planes, rows, cols, C] (NDHWC, or NCDHW) windowed over the three
// spatial dimensions.
Status Pool3DShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 5));
  std::string format;
  TF_RETURN_IF_ERROR(c->GetAttr("data_format", &format));
  const bool ncdhw = format == "NCDHW";
  std::vector<int64_t> ksize, strides;
  TF_RETURN_IF_ERROR(c->GetAttr("strides", &strides));
  if (strides.size() != 5) {
    return errors::InvalidArgument(
        "Pool3D ops require the stride attribute to contain 5 values, but got: ", strides.size());
  }
  TF_RETURN_IF_ERROR(c->GetAttr("ksize", &ksize));
  if (ksize.size() != 5) {
    return errors::InvalidArgument(
        "Pool3D requires the ksize attribute to contain 5 values, but got: ", ksize.size());
  }
  std::string padding_str;
  TF_RETURN_IF_ERROR(c->GetAttr("padding", &padding_str));
  Padding padding;
  TF_RETURN_IF_ERROR(nn_internal::ParsePadding(padding_str, &padding));
  const PartialTensorShape& in = c->input(0);
  const int first = ncdhw ? 2 : 1, channels = ncdhw ? 1 : 4;
  std::vector<int64_t> out(5, -1);
  if (!in.unknown_rank()) {
    out[0] = in.dim_size(0);
    out[channels] = in.dim_size(channels);
  }
  for (int d = first; d < first + 3; ++d) {
    TF_RETURN_IF_ERROR(WindowedDim(in.unknown_rank() ? -1 : in.dim_size(d), ksize[d], 1, strides[d],
                                   padding, 0, 0, &out[d]));
  }
  c->set_output(0, PartialTensorShape(out));
  return OkStatus();
}

}  // namespace

#define MINITF_POOL3D_ATTRS               \
  Attr("ksize: list(int) >= 5")           \
      .Attr("strides: list(int) >= 5")    \
      .Attr("padding: {'SAME', 'VALID'}") \
      .Attr("data_format: {'NDHWC', 'NCDHW'} = 'NDHWC'")

REGISTER_OP("MaxPool3D")
    .Input("input: T")
    .Output("output: T")
    .MINITF_POOL3D_ATTRS.Attr("T: {half, bfloat16, float}")
    .SetShapeFn(Pool3DShape)
    .Summary("Performs 3D max pooling on the input.")
    .CcHeader("nn_ops");

REGISTER_OP("AvgPool3D")
    .Input("input: T")
    .Output("output: T")
    .MINITF_POOL3D_ATTRS.Attr("T: {half, bfloat16, float, double}")
    .SetShapeFn(Pool3DShape)
    .Summary("Performs 3D average pooling on the input.")
    .CcHeader("nn_ops");

REGISTER_OP("MaxPool3DGrad")
    .Input("orig_input: TInput")
    .Input("orig_output: TInput")
    .Input("grad: T")
    .Output("output: T")
    .MINITF_POOL3D_ATTRS.Attr("T: {half, bfloat16, float} = DT_FLOAT")
    .Attr("TInput: {half, bfloat16, float} = DT_FLOAT")
    .SetShapeFn([](InferenceContext* c) { return shape_inference::UnchangedShapeWithRank(c, 5); })
    .Summary("Computes gradients of 3D max pooling function.")
    .CcHeader("nn_ops");

REGISTER_OP("AvgPool3DGrad")
    .Input("orig_input_shape: int32")
    .Input("grad: T")
    .Output("output: T")
    .MINITF_POOL3D_ATTRS.Attr("T: {half, bfloat16, float, double}")
    .SetShapeFn([](InferenceContext* c) {
      std::vector<int64_t> dims(5, -1);
      if (const Tensor* shape = c->input_tensor(0)) {
        TF_RETURN_IF_ERROR(c->WithRank(0, 1));
        dims = tensor::IntValues(*shape);
        for (int64_t& d : dims) d = d < 0 ? -1 : d;
      }
      if (dims.size() != 5) {
        return errors::InvalidArgument("Shape must be rank 5 but is rank ", dims.size());
      }
      c->set_output(0, PartialTensorShape(dims));
      return OkStatus();
    })
    .Summary("Computes gradients of 3D average pooling function.")
    .CcHeader("nn_ops");

REGISTER_OP("MaxPoolV2")
    .Input("input: T")
    .Input("ksize: int32")
    .Input("strides: int32")
    .Output("output: T")
    .Attr(
        "T: {half, bfloat16, float, double, int32, int64, uint8, int16, int8, uint16, qint8} = "
        "DT_FLOAT")
    .Attr("padding: {'SAME', 'VALID'}")
    .Attr("data_format: {'NHWC', 'NCHW', 'NCHW_VECT_C'} = 'NHWC'")
    .SetShapeFn(MaxPoolV2Shape)
    .Summary("Performs max pooling on the input.")
    .CcHeader("nn_ops");

REGISTER_OP("MaxPoolGradV2")
    .Input("orig_input: T")
    .Input("orig_output: T")
    .Input("grad: T")
    .Input("ksize: int32")
    .Input("strides: int32")
    .Output("output: T")
    .Attr("padding: {'SAME', 'VALID'}")
    .Attr("data_format: {'NHWC', 'NCHW'} = 'NHWC'")
    .Attr(
        "T: {float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, "
        "uint64} = DT_FLOAT")
    .SetShapeFn(MaxPoolGradShape)
    .Summary("Computes gradients of the maxpooling function.")
    .CcHeader("nn_ops");

REGISTER_OP("AvgPool")
    .Input("value: T")
    .Output("output: T")
    .Attr("ksize: list(int) >= 4")
    .Attr("strides: list(int) >= 4")
    .Attr("padding: {'SAME', 'VALID'}")
    .Attr("data_format: {'NHWC', 'NCHW'} = 'NHWC'")
    .Attr("T: {half, bfloat16, float, double}")
    .SetShapeFn([](InferenceContext* c) { return PoolShape(c, "AvgPool"); })
    .Summary("Performs average pooling on the input.")
    .CcHeader("nn_ops");

REGISTER_OP("AvgPoolGrad")
    .Input("orig_input_shape: int32")
    .Input("grad: T")
    .Output("output: T")
    .Attr("ksize: list(int) >= 4")
    .Attr("strides: list(int) >= 4")
    .Attr("padding: {'SAME', 'VALID'}")
    .Attr("data_format: {'NHWC', 'NCHW'} = 'NHWC'")
    .Attr("T: {half, bfloat16, float, double}")
    .SetShapeFn([](InferenceContext* c) { return Rank4FromShapeInput(c, 0); })
    .Summary("Computes gradients of the average pooling function.")
    .CcHeader("nn_ops")
    .CcHidden();

}  // namespace tensorflow
