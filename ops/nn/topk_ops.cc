// TopKV2 (C++ ops::TopK): TF 2.21's definition and shape function. Kernel: topk_kernels.cc;
// no gradient in TF's C++ registry (its Python's _TopKGrad only). The old TopK, whose k is an
// attr, is not registered: TF 2.21 has no working kernel for it (its kernels constrain an
// index_type attr TopK lacks) and no C++ wrapper.
//
//   auto top = ops::TopK(root, scores, 3);  // top.values, top.indices (ties: lower index first)
#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {
namespace {

using shape_inference::InferenceContext;

// The input's shape with its last dimension replaced by k (TF's TopKShapeFn).
Status TopKShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  int64_t k = -1;
  if (const Tensor* t = c->input_tensor(1)) {
    if (t->dims() != 0) {
      return errors::InvalidArgument("Input must be scalar but has rank ", t->dims());
    }
    k = tensor::IntValues(*t)[0];
    if (k < 0) {
      return errors::InvalidArgument(
          "Dimension size, given by scalar input 1, must be non-negative but is ", k);
    }
  } else {
    TF_RETURN_IF_ERROR(c->WithRank(1, 0));
  }
  const PartialTensorShape& input = c->input(0);
  if (input.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    c->set_output(1, PartialTensorShape());
    return OkStatus();
  }
  const int64_t last = input.dim_size(input.dims() - 1);
  if (last >= 0 && k >= 0 && last < k) {
    return errors::InvalidArgument("input must have last dimension >= k = ", k, " but is ", last);
  }
  std::vector<int64_t> dims;
  for (int d = 0; d + 1 < input.dims(); ++d) dims.push_back(input.dim_size(d));
  dims.push_back(k);
  c->set_output(0, PartialTensorShape(dims));
  c->set_output(1, PartialTensorShape(dims));
  return OkStatus();
}

}  // namespace

REGISTER_OP("TopKV2")
    .Input("input: T")
    .Input("k: Tk")
    .Output("values: T")
    .Output("indices: index_type")
    .Attr("sorted: bool = true")
    .Attr("T: realnumbertype")
    .Attr("Tk: {int16, int32, int64} = DT_INT32")
    .Attr("index_type: {int16, int32, int64} = DT_INT32")
    .SetShapeFn(TopKShape)
    .Summary("Finds values and indices of the `k` largest elements for the last dimension.")
    .ArgDoc("input", "1-D or higher with last dimension at least `k`.")
    .ArgDoc("k",
            "0-D.  Number of top elements to look for along the last dimension (along each\n"
            "row for matrices).")
    .ArgDoc("sorted",
            "If true the resulting `k` elements will be sorted by the values in\n"
            "descending order.")
    .ArgDoc("values", "The `k` largest elements along each last dimensional slice.")
    .ArgDoc("indices", "The indices of `values` within the last dimension of `input`.")
    .CcHeader("nn_ops")
    .CcName("TopK");

}  // namespace tensorflow
