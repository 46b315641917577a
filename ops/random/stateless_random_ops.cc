// The stateless random ops of TF 2.21 (stateless_random_ops.cc): the same distributions as the
// stateful ones from a seed input ([2], int32 or int64) instead of a kernel's stream, so the
// same seed gives the same numbers in every Run and session. TF generates no C++ wrappers for
// them (its wheel has no tensorflow/cc/ops/stateless_random_ops.h): graphs name them through
// NodeBuilder or an imported GraphDef. Kernels: stateless_random_kernels.cc.
#include "framework/errors.h"
#include "framework/op.h"
#include "ops/random/internal/random_shapes.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

Status StatelessShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(random_internal::SeedShape(c, 1));
  return random_internal::RandomShape(c);
}

}  // namespace

#define MINITF_STATELESS_FLOAT_OP(NAME, SUMMARY)              \
  REGISTER_OP(NAME)                                           \
      .Input("shape: T")                                      \
      .Input("seed: Tseed")                                   \
      .Output("output: dtype")                                \
      .Attr("dtype: {half,bfloat16,float,double} = DT_FLOAT") \
      .Attr("T: {int32, int64} = DT_INT32")                   \
      .Attr("Tseed: {int32, int64} = DT_INT64")               \
      .SetShapeFn(StatelessShape)                             \
      .Summary(SUMMARY)                                       \
      .ArgDoc("shape", "The shape of the output tensor.")     \
      .ArgDoc("seed", "2 seeds (shape [2]).")                 \
      .ArgDoc("dtype", "The type of the output.")             \
      .ArgDoc("output", "Random values with specified shape.")

MINITF_STATELESS_FLOAT_OP("StatelessRandomUniform",
                          "Outputs deterministic pseudorandom values from a uniform distribution.");
MINITF_STATELESS_FLOAT_OP("StatelessRandomNormal",
                          "Outputs deterministic pseudorandom values from a normal distribution.");
MINITF_STATELESS_FLOAT_OP(
    "StatelessTruncatedNormal",
    "Outputs deterministic pseudorandom values from a truncated normal distribution.");

REGISTER_OP("StatelessRandomUniformInt")
    .Input("shape: T")
    .Input("seed: Tseed")
    .Input("minval: dtype")
    .Input("maxval: dtype")
    .Output("output: dtype")
    .Attr("dtype: {int32, int64}")
    .Attr("T: {int32, int64}")
    .Attr("Tseed: {int32, int64} = DT_INT64")
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(random_internal::ScalarBound(c, 2, "minval"));
      TF_RETURN_IF_ERROR(random_internal::ScalarBound(c, 3, "maxval"));
      return StatelessShape(c);
    })
    .Summary("Outputs deterministic pseudorandom random integers from a uniform distribution.")
    .ArgDoc("shape", "The shape of the output tensor.")
    .ArgDoc("seed", "2 seeds (shape [2]).")
    .ArgDoc("minval", "Minimum value (inclusive, scalar).")
    .ArgDoc("maxval", "Maximum value (exclusive, scalar).")
    .ArgDoc("dtype", "The type of the output.")
    .ArgDoc("output", "Random values with specified shape.");

REGISTER_OP("StatelessRandomUniformFullInt")
    .Input("shape: T")
    .Input("seed: Tseed")
    .Output("output: dtype")
    .Attr("dtype: {int32, int64, uint32, uint64} = DT_UINT64")
    .Attr("T: {int32, int64} = DT_INT32")
    .Attr("Tseed: {int32, int64, uint32, uint64} = DT_INT64")
    .SetShapeFn(StatelessShape)
    .Summary("Outputs deterministic pseudorandom random integers from a uniform distribution.")
    .ArgDoc("shape", "The shape of the output tensor.")
    .ArgDoc("seed", "2 seeds (shape [2]).")
    .ArgDoc("dtype", "The type of the output.")
    .ArgDoc("output", "Random values with specified shape.");

REGISTER_OP("StatelessMultinomial")
    .Input("logits: T")
    .Input("num_samples: int32")
    .Input("seed: Tseed")
    .Output("output: output_dtype")
    .Attr("T: realnumbertype")
    .Attr("Tseed: {int32, int64} = DT_INT64")
    .Attr("output_dtype: {int32, int64} = DT_INT64")
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(c->WithRank(0, 2));
      TF_RETURN_IF_ERROR(c->WithRank(1, 0));
      TF_RETURN_IF_ERROR(random_internal::SeedShape(c, 2));
      return random_internal::MultinomialShape(c);
    })
    .Summary("Draws samples from a multinomial distribution.")
    .ArgDoc("logits",
            "2-D Tensor with shape `[batch_size, num_classes]`.  Each slice `[i, :]`\n"
            "represents the unnormalized log probabilities for all classes.")
    .ArgDoc("num_samples", "0-D.  Number of independent samples to draw for each row slice.")
    .ArgDoc("seed", "2 seeds (shape [2]).")
    .ArgDoc("output",
            "2-D Tensor with shape `[batch_size, num_samples]`.  Each slice `[i, :]`\n"
            "contains the drawn class labels with range `[0, num_classes)`.");

}  // namespace tensorflow
