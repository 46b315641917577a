// The key-and-counter forms of the stateless random ops (TF 2.21's stateless_random_ops_v2.cc),
// which TF 2.x's initializers put into graphs and SavedModels: StatelessRandomUniformV2,
// StatelessRandomNormalV2, StatelessTruncatedNormalV2, StatelessRandomUniformIntV2,
// StatelessRandomUniformFullIntV2 take a Philox key (uint64 [1]), counter (uint64 [2]) and
// algorithm (1 Philox, 3 auto: Philox); StatelessRandomGetKeyCounter[Alg] derive them from a
// seed as the V1 ops do; StatelessRandomGetAlg names the algorithm. No C++ wrappers in TF.
// Kernels: stateless_random_kernels.cc.
#include "framework/errors.h"
#include "framework/op.h"
#include "ops/random/internal/random_shapes.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// key [1], counter a vector, alg a scalar (inputs 1 to 3); output 0 the shape input 0 holds.
Status StatelessShapeV2(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  const PartialTensorShape& key = c->input(1);
  if (key.dims() == 1 && key.dim_size(0) >= 0 && key.dim_size(0) != 1) {
    return errors::InvalidArgument("Dimension must be 1 but is ", key.dim_size(0));
  }
  TF_RETURN_IF_ERROR(c->WithRank(2, 1));
  TF_RETURN_IF_ERROR(c->WithRank(3, 0));
  return random_internal::RandomShape(c);
}

// key [1] and counter [2] (and alg []) from a seed of shape [2].
Status KeyCounterShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(random_internal::SeedShape(c, 0));
  c->set_output(0, PartialTensorShape({1}));
  c->set_output(1, PartialTensorShape({2}));
  if (c->num_outputs() > 2) c->set_output(2, PartialTensorShape({}));
  return OkStatus();
}

}  // namespace

#define MINITF_STATELESS_V2_OP(NAME, TYPES, SUMMARY)                               \
  REGISTER_OP(NAME)                                                                \
      .Input("shape: Tshape")                                                      \
      .Input("key: uint64")                                                        \
      .Input("counter: uint64")                                                    \
      .Input("alg: int32")                                                         \
      .Output("output: dtype")                                                     \
      .Attr(TYPES)                                                                 \
      .Attr("Tshape: {int32, int64} = DT_INT32")                                   \
      .SetShapeFn(StatelessShapeV2)                                                \
      .Summary(SUMMARY)                                                            \
      .ArgDoc("shape", "The shape of the output tensor.")                          \
      .ArgDoc("key", "Key for the counter-based RNG algorithm (shape uint64[1]).") \
      .ArgDoc("counter", "Initial counter for the counter-based RNG algorithm.")   \
      .ArgDoc("alg", "The RNG algorithm (shape int32[]).")                         \
      .ArgDoc("output", "Random values with specified shape.")

MINITF_STATELESS_V2_OP("StatelessRandomUniformV2", "dtype: {half,bfloat16,float,double} = DT_FLOAT",
                       "Outputs deterministic pseudorandom values from a uniform distribution.");
MINITF_STATELESS_V2_OP("StatelessRandomNormalV2", "dtype: {half,bfloat16,float,double} = DT_FLOAT",
                       "Outputs deterministic pseudorandom values from a normal distribution.");
MINITF_STATELESS_V2_OP(
    "StatelessTruncatedNormalV2", "dtype: {half,bfloat16,float,double} = DT_FLOAT",
    "Outputs deterministic pseudorandom values from a truncated normal distribution.");
MINITF_STATELESS_V2_OP("StatelessRandomUniformFullIntV2",
                       "dtype: {int32, int64, uint32, uint64} = DT_UINT64",
                       "Outputs deterministic pseudorandom random integers from a uniform "
                       "distribution.");

REGISTER_OP("StatelessRandomUniformIntV2")
    .Input("shape: Tshape")
    .Input("key: uint64")
    .Input("counter: uint64")
    .Input("alg: int32")
    .Input("minval: dtype")
    .Input("maxval: dtype")
    .Output("output: dtype")
    .Attr("dtype: {int32, int64, uint32, uint64}")
    .Attr("Tshape: {int32, int64} = DT_INT32")
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(random_internal::ScalarBound(c, 4, "minval"));
      TF_RETURN_IF_ERROR(random_internal::ScalarBound(c, 5, "maxval"));
      return StatelessShapeV2(c);
    })
    .Summary("Outputs deterministic pseudorandom random integers from a uniform distribution.")
    .ArgDoc("shape", "The shape of the output tensor.")
    .ArgDoc("key", "Key for the counter-based RNG algorithm (shape uint64[1]).")
    .ArgDoc("counter", "Initial counter for the counter-based RNG algorithm.")
    .ArgDoc("alg", "The RNG algorithm (shape int32[]).")
    .ArgDoc("minval", "Minimum value (inclusive, scalar).")
    .ArgDoc("maxval", "Maximum value (exclusive, scalar).")
    .ArgDoc("output", "Random values with specified shape.");

REGISTER_OP("StatelessRandomGetKeyCounter")
    .Input("seed: Tseed")
    .Output("key: uint64")
    .Output("counter: uint64")
    .Attr("Tseed: {int32, int64} = DT_INT64")
    .SetShapeFn(KeyCounterShape)
    .Summary("Scrambles seed into key and counter, using the best algorithm based on device.")
    .ArgDoc("seed", "2 seeds (shape [2]).")
    .ArgDoc("key", "Key for the counter-based RNG algorithm (shape uint64[1]).")
    .ArgDoc("counter", "Counter for the counter-based RNG algorithm.");

REGISTER_OP("StatelessRandomGetKeyCounterAlg")
    .Input("seed: Tseed")
    .Output("key: uint64")
    .Output("counter: uint64")
    .Output("alg: int32")
    .Attr("Tseed: {int32, int64} = DT_INT64")
    .SetShapeFn(KeyCounterShape)
    .Summary("Picks the best algorithm based on device, and scrambles seed into key and counter.")
    .ArgDoc("seed", "2 seeds (shape [2]).")
    .ArgDoc("key", "Key for the counter-based RNG algorithm (shape uint64[1]).")
    .ArgDoc("counter", "Counter for the counter-based RNG algorithm.")
    .ArgDoc("alg", "The RNG algorithm (shape int32[]).");

REGISTER_OP("StatelessRandomGetAlg")
    .Output("alg: int32")
    .SetIsStateful()
    .SetShapeFn(shape_inference::ScalarShape)
    .Summary("Picks the best counter-based RNG algorithm based on device.")
    .ArgDoc("alg", "The RNG algorithm (shape int32[]).");

}  // namespace tensorflow
