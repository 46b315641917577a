// Shape functions of the random ops; see internal/random_shapes.h.
#include "ops/random/internal/random_shapes.h"

#include "framework/errors.h"

namespace tensorflow {
namespace random_internal {

using shape_inference::InferenceContext;

Status RandomShape(InferenceContext* c) {
  PartialTensorShape out;
  TF_RETURN_IF_ERROR(c->MakeShapeFromShapeTensor(0, &out));
  c->set_output(0, out);
  return OkStatus();
}

Status ScalarBound(InferenceContext* c, int i, const char* name) {
  if (c->WithRank(i, 0).ok()) return OkStatus();
  return errors::InvalidArgument(name, " must be a scalar; got a tensor of shape ",
                                 c->input(i).DebugString());
}

Status SeedShape(InferenceContext* c, int i) {
  TF_RETURN_IF_ERROR(c->WithRank(i, 1));
  const PartialTensorShape& seed = c->input(i);
  if (seed.dims() == 1 && seed.dim_size(0) >= 0 && seed.dim_size(0) != 2) {
    return errors::InvalidArgument("Dimension must be 2 but is ", seed.dim_size(0));
  }
  return OkStatus();
}

Status MultinomialShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 2));
  TF_RETURN_IF_ERROR(c->WithRank(1, 0));
  int64_t samples = -1;
  if (const Tensor* t = c->input_tensor(1)) {
    samples = t->scalar<int32_t>()();
    if (samples < 0) {
      return errors::InvalidArgument(
          "Dimension size, given by scalar input 1, must be non-negative but is ", samples);
    }
  }
  const PartialTensorShape& logits = c->input(0);
  const int64_t batch = logits.dims() == 2 ? logits.dim_size(0) : -1;
  c->set_output(0, PartialTensorShape({batch, samples}));
  return OkStatus();
}

}  // namespace random_internal
}  // namespace tensorflow
