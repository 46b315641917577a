// The TensorScatter family, with TF 2.21's definitions (TF's array_ops header): a copy of
// `tensor` with `updates` applied at `indices` — TensorScatterUpdate (assign), TensorScatterAdd,
// TensorScatterSub, TensorScatterMin and TensorScatterMax. Kernels: tensor_scatter_kernels.cc
// (TF's DoScatterNd, ops/array/internal/scatter_nd.h); gradients: tensor_scatter_grad.cc.
//
//   auto y = ops::TensorScatterAdd(root, x, {{0}, {2}}, {{1.f, 1.f}, {2.f, 2.f}});
#include "framework/errors.h"
#include "framework/op.h"
#include "ops/array/internal/scatter_nd.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// TF's ScatterNdTensorShape: the output is `tensor`'s shape, indices and updates checked
// against it.
Status TensorScatterShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(1, 1));
  TF_RETURN_IF_ERROR(array_internal::CheckScatterNdShapes(c->input(1), c->input(2), c->input(0)));
  c->set_output(0, c->input(0));
  return OkStatus();
}

}  // namespace

#define MINITF_TENSOR_SCATTER(NAME, INDEX_TYPES, SUMMARY)                         \
  REGISTER_OP(NAME)                                                               \
      .Input("tensor: T")                                                         \
      .Input("indices: Tindices")                                                 \
      .Input("updates: T")                                                        \
      .Output("output: T")                                                        \
      .Attr("T: type")                                                            \
      .Attr("Tindices: " INDEX_TYPES)                                             \
      .Attr("bad_indices_policy: string = ''")                                    \
      .SetShapeFn(TensorScatterShape)                                             \
      .Summary(SUMMARY)                                                           \
      .ArgDoc("tensor", "Tensor to copy/update.")                                 \
      .ArgDoc("indices", "Index tensor.")                                         \
      .ArgDoc("updates", "Updates to scatter into output.")                       \
      .ArgDoc("output",                                                           \
              "A new tensor copied from tensor and updates applied according to " \
              "the indices.")                                                     \
      .CcHeader("array_ops")

MINITF_TENSOR_SCATTER("TensorScatterUpdate", "{int16, int32, int64, uint16}",
                      "Scatter `updates` into an existing tensor according to `indices`.");
MINITF_TENSOR_SCATTER("TensorScatterAdd", "{int32, int64}",
                      "Adds sparse `updates` to an existing tensor according to `indices`.");
MINITF_TENSOR_SCATTER("TensorScatterSub", "{int32, int64}",
                      "Subtracts sparse `updates` from an existing tensor according to `indices`.");
MINITF_TENSOR_SCATTER("TensorScatterMin", "{int32, int64}",
                      "Apply a sparse update to a tensor taking the element-wise minimum.");
MINITF_TENSOR_SCATTER("TensorScatterMax", "{int32, int64}",
                      "Apply a sparse update to a tensor taking the element-wise maximum.");
#undef MINITF_TENSOR_SCATTER

}  // namespace tensorflow
