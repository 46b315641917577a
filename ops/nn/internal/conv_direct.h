// minitf: direct (im2col-free) float convolutions on AVX-512 CPUs, behind Conv2D and its two
// backprops. Each returns false, writing nothing, where it does not apply (no AVX-512, a
// shape it does not cover, an index table far larger than the input); the caller then takes
// its im2col path.
//
// - Conv2D (more than 8 output channels): every output value is one FMA chain over (kh, kw,
//   in channel) in that order (the im2col path's column order, so both give the same bits).
//   The kernel reads the input in place through a table of pointers, one per (filter tap,
//   output pixel), pointing at zeros outside the image.
// - Conv2DBackpropInput (stride 1): the correlation of out_backprop, reaching (window - 1 -
//   pad) outside it, with the filter turned 180 degrees and transposed, by the same kernel.
// - Conv2DBackpropFilter (input depth a multiple of 16, output depth of 8): per filter tap,
//   the products of input rows and out_backprop rows summed over pixels, in pixel groups fixed
//   by the shape and added in group order.
// Sums never depend on the thread count.
#ifndef MINITF_OPS_NN_INTERNAL_CONV_DIRECT_H_
#define MINITF_OPS_NN_INTERNAL_CONV_DIRECT_H_

#include <cstdint>

#include "framework/op_kernel.h"
#include "ops/nn/internal/window_geometry.h"

namespace tensorflow {
namespace nn_internal {

// z [pixels, out_depth] = Conv2D of `in` (NHWC, geometry g, one group) with `w`
// [window_rows, window_cols, g.depth, out_depth].
bool DirectConv2D(OpKernelContext* ctx, const float* in, const Window2D& g, const float* w,
                  int64_t out_depth, float* z);

// dx (NHWC, g's input) from dy [batch, out_rows, out_cols, out_depth] and `w`.
bool DirectConv2DBackpropInput(OpKernelContext* ctx, const float* dy, const Window2D& g,
                               const float* w, int64_t out_depth, float* dx);

// dw [window_rows, window_cols, g.depth, out_depth] from `in` and dy.
bool DirectConv2DBackpropFilter(OpKernelContext* ctx, const float* in, const Window2D& g,
                                const float* dy, int64_t out_depth, float* dw);

}  // namespace nn_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_NN_INTERNAL_CONV_DIRECT_H_
