// Shape functions shared by the stateful and stateless random ops (TF's, with its texts).
#ifndef MINITF_OPS_RANDOM_INTERNAL_RANDOM_SHAPES_H_
#define MINITF_OPS_RANDOM_INTERNAL_RANDOM_SHAPES_H_

#include "framework/shape_inference.h"
#include "framework/status.h"

namespace tensorflow {
namespace random_internal {

// Output 0 is the shape input 0 holds (TF's shape_inference::RandomShape).
Status RandomShape(shape_inference::InferenceContext* c);
// Input `i` (`name`: minval or maxval) must be a scalar: "minval must be a scalar; got a
// tensor of shape [2]".
Status ScalarBound(shape_inference::InferenceContext* c, int i, const char* name);
// Input `i` must be a seed of shape [2] ("Dimension must be 2 but is 3").
Status SeedShape(shape_inference::InferenceContext* c, int i);
// logits [batch, classes] (input 0), num_samples a scalar (input 1): output [batch, samples].
Status MultinomialShape(shape_inference::InferenceContext* c);

}  // namespace random_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_RANDOM_INTERNAL_RANDOM_SHAPES_H_
