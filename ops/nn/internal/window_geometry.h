// minitf: the geometry of TF's 2-D windowed ops (Conv2D and its backprops, MaxPool, AvgPool and
// their gradients): attrs read and checked with TF's texts, output sizes and paddings as TF's
// GetWindowedOutputSizeVerbose computes them. Shared by the shape functions and the kernels.
#ifndef MINITF_OPS_NN_INTERNAL_WINDOW_GEOMETRY_H_
#define MINITF_OPS_NN_INTERNAL_WINDOW_GEOMETRY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "framework/node_def_util.h"
#include "framework/status.h"
#include "framework/tensor_shape.h"

namespace tensorflow {
namespace nn_internal {

enum class Padding { kValid, kSame, kExplicit };

// Where [N, H, W, C] dimension `nhwc_dim` (0..3) stands in the data format.
constexpr int FormatDim(bool nchw, int nhwc_dim) {
  constexpr int kNchw[4] = {0, 2, 3, 1};
  return nchw ? kNchw[nhwc_dim] : nhwc_dim;
}

// A windowed op's attrs, in NHWC order whatever the data format.
struct WindowAttrs {
  bool nchw = false;
  Padding padding = Padding::kValid;
  std::vector<int64_t> strides;    // [N, H, W, C]
  std::vector<int64_t> window;     // ksize [N, H, W, C] (pools)
  std::vector<int64_t> dilations;  // [N, H, W, C] (convolutions)
  int64_t pads[4] = {0, 0, 0, 0};  // explicit [top, bottom, left, right]
};

// The padding attr's value ("SAME", "VALID", "EXPLICIT").
Status ParsePadding(const std::string& padding, Padding* out);

// TF's CheckValidPadding: `explicit_paddings` (8 values in the data format's order, or empty)
// against `padding`, with TF's texts; sets hw to the [top, bottom, left, right] paddings (zeros
// unless kExplicit).
Status CheckExplicitPaddings(Padding padding, const std::vector<int64_t>& explicit_paddings,
                             bool nchw, int64_t hw[4]);

// Reads data_format, padding, explicit_paddings (when the op has it), strides and dilations
// (Conv2D family) or ksize (pools), and checks them as TF's kernels do: four strides and
// dilations, none in the batch or depth dimensions, all positive; TF's CheckValidPadding.
Status ReadConvAttrs(const AttrSlice& attrs, WindowAttrs* out);
Status ReadPoolAttrs(const AttrSlice& attrs, WindowAttrs* out);
// The V2 pools (ksize and strides as inputs): data_format and padding from the attrs, then the
// window from the inputs' values with TF's texts (`strides_name`: "stride" or "strides").
Status ReadPoolFormatAndPadding(const AttrSlice& attrs, WindowAttrs* out);
Status SetPoolWindow(const std::vector<int64_t>& ksize, const std::vector<int64_t>& strides,
                     const char* strides_name, WindowAttrs* out);

// TF's GetWindowedOutputSizeVerbose: the output size and the paddings before and after
// (read, for kExplicit, from *pad_before / *pad_after).
Status WindowedOutputSize(int64_t input, int64_t window, int64_t dilation, int64_t stride,
                          Padding padding, int64_t* output, int64_t* pad_before,
                          int64_t* pad_after);

// The full geometry of one 2-D windowed op over an NHWC input.
struct Window2D {
  int64_t batch = 0, in_rows = 0, in_cols = 0, depth = 0;
  int64_t window_rows = 1, window_cols = 1, stride_rows = 1, stride_cols = 1;
  int64_t dilation_rows = 1, dilation_cols = 1;
  int64_t out_rows = 0, out_cols = 0, out_depth = 0;
  int64_t pad_top = 0, pad_bottom = 0, pad_left = 0, pad_right = 0;
};

// `input` is in the attrs' data format; window sizes come from `window_rows`/`window_cols`
// (the filter's or ksize's), the rest from `attrs`.
Status MakeWindow2D(const WindowAttrs& attrs, const TensorShape& input, int64_t window_rows,
                    int64_t window_cols, Window2D* out);

// The NHWC output shape [batch, out_rows, out_cols, depth]; InvalidArgument if it overflows.
Status OutputShape(const Window2D& g, int64_t depth, TensorShape* out);

// TF's GetBroadcastSize: the input range [*start, *start + *size) that output `index` spreads
// its gradient over (the pools' gradient ops).
Status BroadcastRange(int64_t index, int64_t in_size, int64_t ksize, int64_t stride, int64_t pad,
                      int64_t* start, int64_t* size);

// TensorShape `s` (rank 4, in the attrs' data format) as NHWC sizes.
void NhwcSizes(const WindowAttrs& attrs, const TensorShape& s, int64_t sizes[4]);

}  // namespace nn_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_NN_INTERNAL_WINDOW_GEOMETRY_H_
