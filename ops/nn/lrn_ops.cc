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
    .SetShapeFn([](InferenceContext* c) { return shape_inference::UnchangedShapeWithRank(c, 4); })
    .Summary("Local Response Normalization.")
    .CcHeader("nn_ops");

REGISTER_OP("LRNGrad")
    .Input("input_grads: T")
    .Input("input_image: T")
    .Input("output_image: T")
    .Output("output: T")
    .MINITF_LRN_ATTRS
    .SetShapeFn([](InferenceContext* c) {
      // input_grads' shape (rank 4) merged with both images'.
      TF_RETURN_IF_ERROR(shape_inference::UnchangedShapeWithRank(c, 4));
      PartialTensorShape s = c->output(0);
      for (int i = 1; i <= 2; ++i) {
        PartialTensorShape merged;
        TF_RETURN_IF_ERROR(InferenceContext::Merge(s, c->input(i), &merged));
        s = merged;
      }
      c->set_output(0, s);
      return OkStatus();
    })
    .Summary("Gradients for Local Response Normalization.")
    .CcHeader("nn_ops")
    .CcHidden();

}  // namespace tensorflow
