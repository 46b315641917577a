// FractionalMaxPool and FractionalAvgPool (TF 2.21's definitions and shape functions) and their
// gradient ops. Kernels: fractional_pool_kernels.cc; gradients: conv_grad.cc.
//
//   auto pool = ops::FractionalMaxPool(root, x, {1, 1.44, 1.73, 1},
//                                      ops::FractionalMaxPool::Deterministic(true).Seed(7));
//   // pool.output, pool.row_pooling_sequence, pool.col_pooling_sequence
#include <cmath>
#include <limits>
#include <vector>

#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {
namespace {

using shape_inference::InferenceContext;

// [floor(d / ratio) for each dimension], the sequences one per output row / column (TF's
// static shape says d; the kernel returns d + 1 boundaries, as TF's does).
Status FractionalPoolShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 4));
  std::vector<float> ratio;
  TF_RETURN_IF_ERROR(c->GetAttr("pooling_ratio", &ratio));
  if (ratio.size() != 4) {
    return errors::InvalidArgument("pooling_ratio field must specify 4 dimensions");
  }
  const PartialTensorShape& in = c->input(0);
  std::vector<int64_t> out(4, -1);
  for (int i = 0; i < 4 && !in.unknown_rank(); ++i) {
    if (in.dim_size(i) < 0) continue;
    const float q = std::floor(static_cast<float>(in.dim_size(i)) / ratio[i]);
    // x86's float-to-int64 conversion: NaN and out-of-range give INT64_MIN.
    const int64_t val =
        (std::isnan(q) || q >= 9.2233720368547758e18f || q < -9.2233720368547758e18f)
            ? std::numeric_limits<int64_t>::min()
            : static_cast<int64_t>(q);
    if (val < 0) return errors::InvalidArgument("Size computed for dim ", i, " is negative: ", val);
    out[i] = val;
  }
  for (float r : ratio) {
    if (r < 1) return errors::InvalidArgument("pooling_ratio cannot be smaller than 1, got: ", r);
  }
  c->set_output(0, PartialTensorShape(out));
  c->set_output(1, PartialTensorShape({out[1]}));
  c->set_output(2, PartialTensorShape({out[2]}));
  return OkStatus();
}

#define MINITF_FRACTIONAL_POOL(NAME, SUMMARY)   \
  REGISTER_OP(NAME)                             \
      .Input("value: T")                        \
      .Output("output: T")                      \
      .Output("row_pooling_sequence: int64")    \
      .Output("col_pooling_sequence: int64")    \
      .Attr("pooling_ratio: list(float) >=4")   \
      .Attr("pseudo_random: bool = false")      \
      .Attr("overlapping: bool = false")        \
      .Attr("deterministic: bool = false")      \
      .Attr("seed: int = 0")                    \
      .Attr("seed2: int = 0")                   \
      .Attr("T: {float, double, int32, int64}") \
      .SetShapeFn(FractionalPoolShape)          \
      .Summary(SUMMARY)                         \
      .CcHeader("nn_ops")

}  // namespace

MINITF_FRACTIONAL_POOL("FractionalMaxPool", "Performs fractional max pooling on the input.");
MINITF_FRACTIONAL_POOL("FractionalAvgPool", "Performs fractional average pooling on the input.");

REGISTER_OP("FractionalMaxPoolGrad")
    .Input("orig_input: T")
    .Input("orig_output: T")
    .Input("out_backprop: T")
    .Input("row_pooling_sequence: int64")
    .Input("col_pooling_sequence: int64")
    .Output("output: T")
    .Attr("overlapping: bool = false")
    .Attr("T: {float, double, int32, int64}")
    .SetShapeFn([](InferenceContext* c) { return shape_inference::UnchangedShapeWithRank(c, 4); })
    .Summary("Computes gradient of the FractionalMaxPool function.")
    .CcHeader("nn_ops")
    .CcHidden();

REGISTER_OP("FractionalAvgPoolGrad")
    .Input("orig_input_tensor_shape: int64")
    .Input("out_backprop: T")
    .Input("row_pooling_sequence: int64")
    .Input("col_pooling_sequence: int64")
    .Output("output: T")
    .Attr("overlapping: bool = false")
    .Attr("T: {float, double, int32, int64}")
    .SetShapeFn([](InferenceContext* c) {
      const Tensor* shape = c->input_tensor(0);
      if (shape == nullptr) {
        c->set_output(0, PartialTensorShape({-1, -1, -1, -1}));
        return OkStatus();
      }
      TF_RETURN_IF_ERROR(c->WithRank(0, 1));
      std::vector<int64_t> dims = tensor::IntValues(*shape);
      for (int64_t d : dims) {
        if (d < -1) return errors::InvalidArgument("Invalid value in tensor used for shape: ", d);
      }
      c->set_output(0, PartialTensorShape(dims));
      return OkStatus();
    })
    .Summary("Computes gradient of the FractionalAvgPool function.")
    .CcHeader("nn_ops")
    .CcHidden();

}  // namespace tensorflow
