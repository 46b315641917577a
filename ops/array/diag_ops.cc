// The array family's diagonal ops (TF 2.21's signatures and C++ API): Diag, DiagPart,
// MatrixDiag, MatrixDiagPart and MatrixBandPart. Kernels: diag_kernels.cc; gradients:
// array_grad.cc.
#include <algorithm>
#include <vector>

#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

constexpr char kDiagTypes[] =
    "T: {bfloat16, half, float, double, int32, int64, complex64, complex128}";

// Diag: the diagonal's shape twice.
Status DiagShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  const PartialTensorShape& in = c->input(0);
  c->set_output(0, in.unknown_rank() ? PartialTensorShape() : in.Concatenate(in));
  return OkStatus();
}

// DiagPart: an even rank 2k whose dimension i equals dimension i + k; the first k.
Status DiagPartShape(InferenceContext* c) {
  const PartialTensorShape& in = c->input(0);
  if (in.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  const int rank = in.dims();
  if (rank % 2 != 0) {
    return errors::InvalidArgument("Input must have even rank <= 6, input rank is ", rank);
  }
  const int mid = rank / 2;
  std::vector<int64_t> dims(mid);
  for (int i = 0; i < mid; ++i) {
    TF_RETURN_IF_ERROR(InferenceContext::MergeDim(in.dim_size(i), in.dim_size(i + mid), &dims[i]));
  }
  c->set_output(0, PartialTensorShape(dims));
  return OkStatus();
}

// MatrixDiag: [..., n] -> [..., n, n].
Status MatrixDiagShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 1));
  const PartialTensorShape& in = c->input(0);
  if (in.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  PartialTensorShape out = in;
  out.AddDim(in.dim_size(in.dims() - 1));
  c->set_output(0, out);
  return OkStatus();
}

// MatrixDiagPart: [..., m, n] -> [..., min(m, n)].
Status MatrixDiagPartShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 2));
  const PartialTensorShape& in = c->input(0);
  if (in.unknown_rank()) {
    c->set_output(0, PartialTensorShape());
    return OkStatus();
  }
  const int rank = in.dims();
  const int64_t m = in.dim_size(rank - 2), n = in.dim_size(rank - 1);
  const auto in_dims = in.dim_sizes();
  std::vector<int64_t> dims(in_dims.begin(), in_dims.end() - 2);
  // TF's InferenceContext::Min: a known 0 wins over an unknown size.
  dims.push_back(m == 0 || n == 0 ? 0 : (m < 0 || n < 0 ? -1 : std::min(m, n)));
  c->set_output(0, PartialTensorShape(dims));
  return OkStatus();
}

}  // namespace

REGISTER_OP("Diag")
    .Input("diagonal: T")
    .Output("output: T")
    .Attr(kDiagTypes)
    .SetShapeFn(DiagShape)
    .Summary("Returns a diagonal tensor with a given diagonal values.")
    .CcHeader("array_ops");

REGISTER_OP("DiagPart")
    .Input("input: T")
    .Output("diagonal: T")
    .Attr(kDiagTypes)
    .SetShapeFn(DiagPartShape)
    .Summary("Returns the diagonal part of the tensor.")
    .CcHeader("array_ops");

REGISTER_OP("MatrixDiag")
    .Input("diagonal: T")
    .Output("output: T")
    .Attr("T: type")
    .SetShapeFn(MatrixDiagShape)
    .Summary("Returns a batched diagonal tensor with a given batched diagonal values.")
    .CcHeader("array_ops");

REGISTER_OP("MatrixDiagPart")
    .Input("input: T")
    .Output("diagonal: T")
    .Attr("T: type")
    .SetShapeFn(MatrixDiagPartShape)
    .Summary("Returns the batched diagonal part of a batched tensor.")
    .CcHeader("array_ops");

REGISTER_OP("MatrixBandPart")
    .Input("input: T")
    .Input("num_lower: Tindex")
    .Input("num_upper: Tindex")
    .Output("band: T")
    .Attr("T: type")
    .Attr("Tindex: {int32, int64} = DT_INT64")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary(
        "Copy a tensor setting everything outside a central band in each innermost matrix to zero.")
    .CcHeader("array_ops");

}  // namespace tensorflow
