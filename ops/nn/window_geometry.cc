// The windowed ops' geometry (ops/nn/internal/window_geometry.h), with the checks and texts of
// TF 2.21's CPU kernels (conv_ops.cc's InitConv2DParameters, pooling_ops_common.cc's
// PoolParameters, padding.cc's CheckValidPadding, kernel_shape_util.cc).
#include "ops/nn/internal/window_geometry.h"

#include <algorithm>

#include "framework/errors.h"

namespace tensorflow {
namespace nn_internal {
namespace {

// The attrs' [N, H, W, C] order for a list of four given in the data format.
std::vector<int64_t> ToNhwc(bool nchw, const std::vector<int64_t>& v) {
  std::vector<int64_t> out(4);
  for (int d = 0; d < 4; ++d) out[d] = v[FormatDim(nchw, d)];
  return out;
}

// data_format as nchw, checked.
Status ReadFormat(const AttrSlice& attrs, bool* nchw) {
  std::string format;
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "data_format", &format));
  if (format != "NHWC" && format != "NCHW") return errors::InvalidArgument("Invalid data format");
  *nchw = format == "NCHW";
  return OkStatus();
}

// padding and explicit_paddings (when `has_explicit`), TF's CheckValidPadding.
Status ReadPadding(const AttrSlice& attrs, bool has_explicit, WindowAttrs* out) {
  std::string padding;
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "padding", &padding));
  TF_RETURN_IF_ERROR(ParsePadding(padding, &out->padding));
  std::vector<int64_t> explicit_paddings;
  if (has_explicit) {
    Status s = GetNodeAttr(attrs, "explicit_paddings", &explicit_paddings);
    if (!s.ok() && !errors::IsNotFound(s)) return s;
  }
  return CheckExplicitPaddings(out->padding, explicit_paddings, out->nchw, out->pads);
}

}  // namespace

Status ParsePadding(const std::string& padding, Padding* out) {
  if (padding == "SAME") {
    *out = Padding::kSame;
  } else if (padding == "VALID") {
    *out = Padding::kValid;
  } else if (padding == "EXPLICIT") {
    *out = Padding::kExplicit;
  } else {
    return errors::InvalidArgument("Unknown padding type: ", padding);
  }
  return OkStatus();
}

Status CheckExplicitPaddings(Padding padding, const std::vector<int64_t>& explicit_paddings,
                             bool nchw, int64_t hw[4]) {
  hw[0] = hw[1] = hw[2] = hw[3] = 0;
  if (padding != Padding::kExplicit) {
    if (!explicit_paddings.empty()) {
      return errors::InvalidArgument(
          "explicit_paddings attribute must be empty if the padding attribute is not EXPLICIT");
    }
    return OkStatus();
  }
  if (explicit_paddings.size() != 8) {
    return errors::InvalidArgument("explicit_paddings attribute must contain 8 values, but got: ",
                                   explicit_paddings.size());
  }
  for (int64_t p : explicit_paddings) {
    if (p < 0) {
      return errors::InvalidArgument("All elements of explicit_paddings must be nonnegative");
    }
  }
  const int batch = FormatDim(nchw, 0), depth = FormatDim(nchw, 3);
  const int h = FormatDim(nchw, 1), w = FormatDim(nchw, 2);
  if (explicit_paddings[2 * batch] != 0 || explicit_paddings[2 * batch + 1] != 0 ||
      explicit_paddings[2 * depth] != 0 || explicit_paddings[2 * depth + 1] != 0) {
    return errors::InvalidArgument(
        "Nonzero explicit padding in the batch or depth dimensions is not supported");
  }
  hw[0] = explicit_paddings[2 * h], hw[1] = explicit_paddings[2 * h + 1];
  hw[2] = explicit_paddings[2 * w], hw[3] = explicit_paddings[2 * w + 1];
  return OkStatus();
}

Status ReadConvAttrs(const AttrSlice& attrs, WindowAttrs* out) {
  std::vector<int64_t> strides, dilations;
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "strides", &strides));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "dilations", &dilations));
  TF_RETURN_IF_ERROR(ReadFormat(attrs, &out->nchw));
  if (dilations.size() != 4) {
    return errors::InvalidArgument("Sliding window dilations field must specify 4 dimensions");
  }
  if (strides.size() != 4) {
    return errors::InvalidArgument("Sliding window strides field must specify 4 dimensions");
  }
  out->strides = ToNhwc(out->nchw, strides);
  out->dilations = ToNhwc(out->nchw, dilations);
  if (out->strides[0] != 1 || out->strides[3] != 1) {
    return errors::Unimplemented(
        "Current implementation does not yet support strides in the batch and depth "
        "dimensions.");
  }
  if (out->strides[1] <= 0 || out->strides[2] <= 0) {
    return errors::InvalidArgument("Row and column strides should be larger than 0.");
  }
  if (out->dilations[0] != 1 || out->dilations[3] != 1) {
    return errors::Unimplemented(
        "Current implementation does not yet support dilations in the batch and depth "
        "dimensions.");
  }
  if (out->dilations[1] <= 0 || out->dilations[2] <= 0) {
    return errors::InvalidArgument("Dilated rates should be larger than 0.");
  }
  out->window = {1, 1, 1, 1};
  return ReadPadding(attrs, /*has_explicit=*/true, out);
}

Status SetPoolWindow(const std::vector<int64_t>& ksize, const std::vector<int64_t>& strides,
                     const char* strides_name, WindowAttrs* out) {
  if (ksize.size() != 4) {
    return errors::InvalidArgument("Sliding window ksize field must specify 4 dimensions");
  }
  if (strides.size() != 4) {
    return errors::InvalidArgument("Sliding window ", strides_name,
                                   " field must specify 4 dimensions");
  }
  out->window = ToNhwc(out->nchw, ksize);
  out->strides = ToNhwc(out->nchw, strides);
  out->dilations = {1, 1, 1, 1};
  if (out->window[0] != 1 || out->strides[0] != 1) {
    return errors::Unimplemented("Pooling is not yet supported on the batch dimension.");
  }
  return OkStatus();
}

Status ReadPoolAttrs(const AttrSlice& attrs, WindowAttrs* out) {
  std::vector<int64_t> ksize, strides;
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "ksize", &ksize));
  TF_RETURN_IF_ERROR(GetNodeAttr(attrs, "strides", &strides));
  TF_RETURN_IF_ERROR(ReadFormat(attrs, &out->nchw));
  TF_RETURN_IF_ERROR(SetPoolWindow(ksize, strides, "stride", out));
  return ReadPadding(attrs, /*has_explicit=*/attrs.Find("explicit_paddings") != nullptr, out);
}

Status ReadPoolFormatAndPadding(const AttrSlice& attrs, WindowAttrs* out) {
  TF_RETURN_IF_ERROR(ReadFormat(attrs, &out->nchw));
  return ReadPadding(attrs, /*has_explicit=*/false, out);
}

Status WindowedOutputSize(int64_t input, int64_t window, int64_t dilation, int64_t stride,
                          Padding padding, int64_t* output, int64_t* pad_before,
                          int64_t* pad_after) {
  if (stride <= 0) return errors::InvalidArgument("Stride must be > 0, but got ", stride);
  if (dilation < 1) {
    return errors::InvalidArgument("Dilation rate must be >= 1, but got ", dilation);
  }
  // A shape fed to a backprop op as numbers is not bounded by any allocation: refuse sizes
  // whose arithmetic below could overflow (MakeWindow2D bounds explicit paddings alike).
  constexpr int64_t kMaxSize = int64_t{1} << 31;
  if (input >= kMaxSize || window >= kMaxSize || dilation >= kMaxSize || stride >= kMaxSize) {
    return errors::InvalidArgument("Windowed operation sizes too large: input ", input, ", window ",
                                   window, ", dilation ", dilation, ", stride ", stride);
  }
  const int64_t effective = (window - 1) * dilation + 1;
  switch (padding) {
    case Padding::kValid:
      *output = (input - effective + stride) / stride;
      *pad_before = *pad_after = 0;
      break;
    case Padding::kExplicit:
      *output = (input + *pad_before + *pad_after - effective + stride) / stride;
      break;
    case Padding::kSame: {
      *output = (input + stride - 1) / stride;
      const int64_t needed = std::max<int64_t>(0, (*output - 1) * stride + effective - input);
      *pad_before = needed / 2;
      *pad_after = needed - *pad_before;
      break;
    }
  }
  if (*output < 0) {
    return errors::InvalidArgument("Computed output size would be negative: ", *output,
                                   " [input_size: ", input, ", effective_filter_size: ", effective,
                                   ", stride: ", stride, "]");
  }
  return OkStatus();
}

void NhwcSizes(const WindowAttrs& attrs, const TensorShape& s, int64_t sizes[4]) {
  for (int d = 0; d < 4; ++d) sizes[d] = s.dim_size(FormatDim(attrs.nchw, d));
}

Status OutputShape(const Window2D& g, int64_t depth, TensorShape* out) {
  return TensorShape::BuildTensorShape({g.batch, g.out_rows, g.out_cols, depth}, out);
}

Status MakeWindow2D(const WindowAttrs& attrs, const TensorShape& input, int64_t window_rows,
                    int64_t window_cols, Window2D* out) {
  constexpr int64_t kMaxInt = (int64_t{1} << 31) - 1;
  int64_t sizes[4];
  NhwcSizes(attrs, input, sizes);
  out->batch = sizes[0], out->in_rows = sizes[1], out->in_cols = sizes[2], out->depth = sizes[3];
  if (window_rows > kMaxInt || window_cols > kMaxInt || attrs.dilations[1] > kMaxInt ||
      attrs.dilations[2] > kMaxInt || attrs.strides[1] > kMaxInt || attrs.strides[2] > kMaxInt) {
    return errors::InvalidArgument("filter too large");
  }
  out->window_rows = window_rows, out->window_cols = window_cols;
  out->stride_rows = attrs.strides[1], out->stride_cols = attrs.strides[2];
  out->dilation_rows = attrs.dilations[1], out->dilation_cols = attrs.dilations[2];
  if (attrs.padding == Padding::kExplicit) {
    out->pad_top = attrs.pads[0], out->pad_bottom = attrs.pads[1];
    out->pad_left = attrs.pads[2], out->pad_right = attrs.pads[3];
    for (int64_t p : attrs.pads) {
      if (p > kMaxInt) return errors::InvalidArgument("filter too large");
    }
  }
  TF_RETURN_IF_ERROR(WindowedOutputSize(out->in_rows, window_rows, out->dilation_rows,
                                        out->stride_rows, attrs.padding, &out->out_rows,
                                        &out->pad_top, &out->pad_bottom));
  TF_RETURN_IF_ERROR(WindowedOutputSize(out->in_cols, window_cols, out->dilation_cols,
                                        out->stride_cols, attrs.padding, &out->out_cols,
                                        &out->pad_left, &out->pad_right));
  out->out_depth = out->depth;
  return OkStatus();
}

Status BroadcastRange(int64_t index, int64_t in_size, int64_t ksize, int64_t stride, int64_t pad,
                      int64_t* start, int64_t* size) {
  if (index * stride > in_size) {
    return errors::InvalidArgument("index * stride must be less than or equal to input size");
  }
  *start = index * stride;
  *size = ksize;
  if (*start < pad) {
    *size = ksize + *start - pad;
    *start = 0;
  } else {
    *start -= pad;
  }
  if (*start + ksize > in_size) *size = std::min(in_size - *start, ksize);
  return OkStatus();
}

}  // namespace nn_internal
}  // namespace tensorflow
