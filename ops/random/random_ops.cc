// The stateful random ops of TF 2.21 (random_ops.cc): RandomUniform, RandomStandardNormal (the
// C++ API's ops::RandomNormal), TruncatedNormal, RandomUniformInt, RandomShuffle and
// Multinomial, with TF's definitions and shape functions. Kernels: random_kernels.cc; the
// distributions: internal/random_distributions.h.
//
//   auto w = ops::TruncatedNormal(root.WithOpName("w_init"), {784, 10}, DT_FLOAT,
//                                 ops::TruncatedNormal::Seed(1).Seed2(2));
//
// Each node keeps one Philox stream per session (key = seed, counter from seed2; both 0: random
// seeds); every Run moves it 256 blocks per output element, as TF's kernels do.
#include "framework/errors.h"
#include "framework/op.h"
#include "ops/random/internal/random_shapes.h"

namespace tensorflow {

using shape_inference::InferenceContext;

#define MINITF_RANDOM_FLOAT_OP(NAME, SUMMARY)                                     \
  REGISTER_OP(NAME)                                                               \
      .Input("shape: T")                                                          \
      .SetIsStateful()                                                            \
      .Output("output: dtype")                                                    \
      .Attr("seed: int = 0")                                                      \
      .Attr("seed2: int = 0")                                                     \
      .Attr("dtype: {half,bfloat16,float,double}")                                \
      .Attr("T: {int32, int64}")                                                  \
      .SetShapeFn(random_internal::RandomShape)                                   \
      .Summary(SUMMARY)                                                           \
      .ArgDoc("shape", "The shape of the output tensor.")                         \
      .ArgDoc("seed",                                                             \
              "If either `seed` or `seed2` are set to be non-zero, the random "   \
              "number\ngenerator is seeded by the given seed.  Otherwise, it is " \
              "seeded by a\nrandom seed.")                                        \
      .ArgDoc("seed2", "A second seed to avoid seed collision.")                  \
      .ArgDoc("dtype", "The type of the output.")                                 \
      .CcHeader("random_ops")

MINITF_RANDOM_FLOAT_OP("RandomUniform", "Outputs random values from a uniform distribution.")
    .ArgDoc("output", "A tensor of the specified shape filled with uniform random values.");

MINITF_RANDOM_FLOAT_OP("RandomStandardNormal", "Outputs random values from a normal distribution.")
    .ArgDoc("output", "A tensor of the specified shape filled with random normal values.")
    .CcName("RandomNormal");

MINITF_RANDOM_FLOAT_OP("TruncatedNormal",
                       "Outputs random values from a truncated normal distribution.")
    .ArgDoc("output",
            "A tensor of the specified shape filled with random truncated normal\nvalues.");

REGISTER_OP("RandomUniformInt")
    .Input("shape: T")
    .Input("minval: Tout")
    .Input("maxval: Tout")
    .SetIsStateful()
    .Output("output: Tout")
    .Attr("seed: int = 0")
    .Attr("seed2: int = 0")
    .Attr("Tout: {int32, int64}")
    .Attr("T: {int32, int64}")
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(random_internal::ScalarBound(c, 1, "minval"));
      TF_RETURN_IF_ERROR(random_internal::ScalarBound(c, 2, "maxval"));
      return random_internal::RandomShape(c);
    })
    .Summary("Outputs random integers from a uniform distribution.")
    .ArgDoc("shape", "The shape of the output tensor.")
    .ArgDoc("minval", "0-D.  Inclusive lower bound on the generated integers.")
    .ArgDoc("maxval", "0-D.  Exclusive upper bound on the generated integers.")
    .ArgDoc("seed",
            "If either `seed` or `seed2` are set to be non-zero, the random number\n"
            "generator is seeded by the given seed.  Otherwise, it is seeded by a\n"
            "random seed.")
    .ArgDoc("seed2", "A second seed to avoid seed collision.")
    .ArgDoc("output", "A tensor of the specified shape filled with uniform random integers.")
    .CcHeader("random_ops");

REGISTER_OP("RandomShuffle")
    .Input("value: T")
    .SetIsStateful()
    .Output("output: T")
    .Attr("seed: int = 0")
    .Attr("seed2: int = 0")
    .Attr("T: type")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Randomly shuffles a tensor along its first dimension.")
    .ArgDoc("value", "The tensor to be shuffled.")
    .ArgDoc("seed",
            "If either `seed` or `seed2` are set to be non-zero, the random number\n"
            "generator is seeded by the given seed.  Otherwise, it is seeded by a\n"
            "random seed.")
    .ArgDoc("seed2", "A second seed to avoid seed collision.")
    .ArgDoc("output",
            "A tensor of same shape and type as `value`, shuffled along its first\n"
            "dimension.")
    .CcHeader("random_ops");

REGISTER_OP("Multinomial")
    .SetIsStateful()
    .Input("logits: T")
    .Input("num_samples: int32")
    .Output("output: output_dtype")
    .Attr("seed: int = 0")
    .Attr("seed2: int = 0")
    .Attr("T: realnumbertype")
    .Attr("output_dtype: {int32, int64} = DT_INT64")
    .SetShapeFn(random_internal::MultinomialShape)
    .Summary("Draws samples from a multinomial distribution.")
    .ArgDoc("logits",
            "2-D Tensor with shape `[batch_size, num_classes]`.  Each slice `[i, :]`\n"
            "represents the unnormalized log probabilities for all classes.")
    .ArgDoc("num_samples", "0-D.  Number of independent samples to draw for each row slice.")
    .ArgDoc("seed",
            "If either seed or seed2 is set to be non-zero, the internal random number\n"
            "generator is seeded by the given seed.  Otherwise, a random seed is used.")
    .ArgDoc("seed2", "A second seed to avoid seed collision.")
    .ArgDoc("output",
            "2-D Tensor with shape `[batch_size, num_samples]`.  Each slice `[i, :]`\n"
            "contains the drawn class labels with range `[0, num_classes)`.")
    .CcHeader("random_ops");

}  // namespace tensorflow
