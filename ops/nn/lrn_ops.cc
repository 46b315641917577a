// LRN (local response normalization) and LRNGrad: TF 2.21's definitions and shape functions.
// Kernels: lrn_kernels.cc; gradient: nn_grad.cc.
//
//   auto y = ops::LRN(root, x, ops::LRN::DepthRadius(2).Bias(1.0f).Alpha(1e-4f).Beta(0.75f));
#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

#define MINITF_LRN_ATTRS         \
  Attr("depth_radius: int = 5")  \
      .Attr("bias: float = 1")   \
      .Attr("alpha: float = 1")  \
      .Attr("beta: float = 0.5") \
      .Attr("T: {half, bfloat16, float} = DT_FLOAT")

REGISTER_OP("LRN")
    .Input("input: T")
    .Output("output: T")
    .MINITF_LRN_ATTRS
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(c->WithRank(0, 4));
      c->set_output(
          0, c->input(0).unknown_rank() ? PartialTensorShape({-1, -1, -1, -1}) : c->input(0));
      return OkStatus();
    })
    .Summary("Local Response Normalization.")
    .CcHeader("nn_ops");

REGISTER_OP("LRNGrad")
    .Input("input_grads: T")
    .Input("input_image: T")
    .Input("output_image: T")
    .Output("output: T")
    .MINITF_LRN_ATTRS
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(c->WithRank(0, 4));
      PartialTensorShape s =
          c->input(0).unknown_rank() ? PartialTensorShape({-1, -1, -1, -1}) : c->input(0);
      for (int i = 1; i <= 2; ++i) {
        const PartialTensorShape& other = c->input(i);
        if (other.unknown_rank()) continue;
        if (other.dims() != 4) {
          return errors::InvalidArgument("Shapes must be equal rank, but are 4 and ", other.dims());
        }
        std::vector<int64_t> dims(4);
        for (int d = 0; d < 4; ++d) {
          const int64_t a = s.dim_size(d), b = other.dim_size(d);
          if (a >= 0 && b >= 0 && a != b) {
            return errors::InvalidArgument(
                "Dimension ", d, " in both shapes must be equal, but are ", a, " and ", b,
                ". Shapes are ", s.DebugString(), " and ", other.DebugString(), ".");
          }
          dims[d] = a >= 0 ? a : b;
        }
        s = PartialTensorShape(dims);
      }
      c->set_output(0, s);
      return OkStatus();
    })
    .Summary("Gradients for Local Response Normalization.")
    .CcHeader("nn_ops")
    .CcHidden();

}  // namespace tensorflow
