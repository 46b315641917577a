// Checkpoint ops with TF 2.21's definitions and shape functions: SaveV2, RestoreV2 and
// MergeV2Checkpoints (TF's C++ API declares them in io_ops.h). Kernels:
// save_restore_kernels.cc; the format: tensor_bundle.h.
//
//   auto save = ops::SaveV2(root, prefix, {"w", "b"}, {"", ""}, {w, b});
//   auto restore = ops::RestoreV2(root, prefix, {"w", "b"}, {"", ""}, {DT_FLOAT, DT_FLOAT});
//   session.Run({}, {restore.tensors[0], restore.tensors[1]}, {}, &outputs);
#include "absl/strings/str_cat.h"
#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {

using shape_inference::InferenceContext;

namespace {

// Input `i` is a vector of `n` elements when its length is known (TF's WithValue text).
Status VectorOfLength(InferenceContext* c, int i, int64_t n) {
  TF_RETURN_IF_ERROR(c->WithRank(i, 1));
  const int64_t dim = c->input(i).dim_size(0);
  if (dim >= 0 && dim != n) {
    return errors::InvalidArgument("Dimension must be ", n, " but is ", dim);
  }
  return OkStatus();
}

}  // namespace

REGISTER_OP("SaveV2")
    .Input("prefix: string")
    .Input("tensor_names: string")
    .Input("shape_and_slices: string")
    .Input("tensors: dtypes")
    .Attr("dtypes: list(type) >= 1")
    .SetIsStateful()
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(c->WithRank(0, 0));
      // tensor_names and shape_and_slices: one element per tensor.
      for (int i = 1; i <= 2; ++i) TF_RETURN_IF_ERROR(VectorOfLength(c, i, c->num_inputs() - 3));
      return OkStatus();
    })
    .Summary("Saves tensors in V2 checkpoint format.")
    .ArgDoc("prefix",
            "Must have a single element. The prefix of the V2 checkpoint to which we\n"
            "write the tensors.")
    .ArgDoc("tensor_names", "shape {N}. The names of the tensors to be saved.")
    .ArgDoc("shape_and_slices",
            "shape {N}.  The slice specs of the tensors to be saved.\n"
            "Empty strings indicate that they are non-partitioned tensors.")
    .ArgDoc("tensors", "`N` tensors to save.")
    .CcHeader("io_ops");

REGISTER_OP("RestoreV2")
    .Input("prefix: string")
    .Input("tensor_names: string")
    .Input("shape_and_slices: string")
    .Output("tensors: dtypes")
    .Attr("dtypes: list(type) >= 1")
    .SetIsStateful()
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(c->WithRank(0, 0));
      TF_RETURN_IF_ERROR(c->WithRank(1, 1));
      TF_RETURN_IF_ERROR(c->WithRank(2, 1));
      PartialTensorShape merged;
      TF_RETURN_IF_ERROR(InferenceContext::Merge(c->input(1), c->input(2), &merged));
      // Restored shapes are known only from the file (slice specs, which name a shape, are
      // not supported by minitf's kernel).
      for (int i = 0; i < c->num_outputs(); ++i) c->set_output(i, PartialTensorShape());
      return OkStatus();
    })
    .Summary("Restores tensors from a V2 checkpoint.")
    .ArgDoc("prefix", "Must have a single element.  The prefix of a V2 checkpoint.")
    .ArgDoc("tensor_names", "shape {N}.  The names of the tensors to be restored.")
    .ArgDoc("shape_and_slices",
            "shape {N}.  The slice specs of the tensors to be restored.\n"
            "Empty strings indicate that they are non-partitioned tensors.")
    .ArgDoc("dtypes",
            "shape {N}.  The list of expected dtype for the tensors.  Must match\n"
            "those stored in the checkpoint.")
    .ArgDoc("tensors",
            "shape {N}.  The restored tensors, whose shapes are read from the\n"
            "checkpoint directly.")
    .CcHeader("io_ops");

REGISTER_OP("MergeV2Checkpoints")
    .Input("checkpoint_prefixes: string")
    .Input("destination_prefix: string")
    .Attr("delete_old_dirs: bool = true")
    .Attr("allow_missing_files: bool = false")
    .SetIsStateful()
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(c->WithRankAtMost(0, 1));
      TF_RETURN_IF_ERROR(c->WithRank(1, 0));
      return OkStatus();
    })
    .Summary("V2 format specific: merges the metadata files of sharded checkpoints.  The")
    .ArgDoc("checkpoint_prefixes", "prefixes of V2 checkpoints to merge.")
    .ArgDoc("destination_prefix",
            "scalar.  The desired final prefix.  Allowed to be the same\n"
            "as one of the checkpoint_prefixes.")
    .ArgDoc("delete_old_dirs", "see above.")
    .ArgDoc("allow_missing_files", "see above.")
    .CcHeader("io_ops");

}  // namespace tensorflow
