// CPU kernels of SaveV2, RestoreV2 and MergeV2Checkpoints (TF's save_restore_v2_ops.cc
// checks and texts). One kernel each serves every dtype: the bundle code moves bytes.
// Slice specs other than "" (partitioned variables) are not supported: Unimplemented.
#include <sys/stat.h>
#include <unistd.h>

#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "framework/errors.h"
#include "framework/op_kernel.h"
#include "ops/io/tensor_bundle.h"

namespace tensorflow {
namespace {

constexpr int kFixedInputs = 3;  // prefix, tensor_names, shape_and_slices

// TF's ValidateInputs, shared by SaveV2 and RestoreV2.
Status ValidateInputs(OpKernelContext* ctx) {
  const Tensor& prefix = ctx->input(0);
  const Tensor& names = ctx->input(1);
  const Tensor& slices = ctx->input(2);
  if (prefix.NumElements() != 1) {
    return errors::InvalidArgument("Input prefix should have a single element, got ",
                                   prefix.NumElements(), " instead.");
  }
  if (!TensorShapeUtils::IsVector(names.shape()) || !TensorShapeUtils::IsVector(slices.shape())) {
    return errors::InvalidArgument(
        "Input tensor_names and shape_and_slices should be an 1-D tensors, got ",
        names.shape().DebugString(), " and ", slices.shape().DebugString(), " instead.");
  }
  if (names.NumElements() != slices.NumElements()) {
    return errors::InvalidArgument(
        "tensor_names and shape_and_slices have different number of elements: ",
        names.NumElements(), " vs. ", slices.NumElements());
  }
  if (names.NumElements() + kFixedInputs > std::numeric_limits<int>::max()) {
    return errors::InvalidArgument("Too many inputs to the op");
  }
  const auto specs = slices.flat<tstring>();
  for (int64_t i = 0; i < specs.size(); ++i) {
    if (!specs(i).empty()) {
      return errors::Unimplemented("tensor_name = ", names.flat<tstring>()(i),
                                   "; minitf saves and restores whole tensors only, got the "
                                   "slice spec '",
                                   specs(i), "'");
    }
  }
  return OkStatus();
}

class SaveV2Op : public OpKernel {
 public:
  explicit SaveV2Op(OpKernelConstruction* ctx) : OpKernel(ctx) {}

  void Compute(OpKernelContext* ctx) override {
    OP_REQUIRES_OK(ctx, ValidateInputs(ctx));
    const auto names = ctx->input(1).flat<tstring>();
    const int num_tensors = ctx->num_inputs() - kFixedInputs;
    OP_REQUIRES(ctx, names.size() == num_tensors,
                errors::InvalidArgument("Got ", names.size(), " tensor names but ", num_tensors,
                                        " tensors."));
    const std::string prefix = ctx->input(0).flat<tstring>()(0);
    BundleWriter writer(nullptr, prefix);
    OP_REQUIRES_OK(ctx, writer.status());
    for (int i = 0; i < num_tensors; ++i) {
      OP_REQUIRES_OK(ctx, writer.Add(names(i), ctx->input(kFixedInputs + i)));
    }
    OP_REQUIRES_OK(ctx, writer.Finish());
  }
};
REGISTER_KERNEL_BUILDER(Name("SaveV2").Device(DEVICE_CPU), SaveV2Op);

class RestoreV2Op : public OpKernel {
 public:
  explicit RestoreV2Op(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("dtypes", &dtypes_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& names_t = ctx->input(1);
    OP_REQUIRES(ctx, names_t.NumElements() == static_cast<int64_t>(dtypes_.size()),
                errors::InvalidArgument("Got ", names_t.NumElements(), " tensor names, but ",
                                        dtypes_.size(), " expected dtypes."));
    OP_REQUIRES_OK(ctx, ValidateInputs(ctx));
    const std::string prefix = ctx->input(0).flat<tstring>()(0);
    struct stat st;
    // TF falls back to its V1 reader when there is no index, and that reader's text is
    // what users see.
    OP_REQUIRES(ctx, ::stat(MetaFilename(prefix).c_str(), &st) == 0,
                errors::NotFound("Unsuccessful TensorSliceReader constructor: Failed to find any "
                                 "matching files for ",
                                 prefix));
    BundleReader reader(nullptr, prefix);
    OP_REQUIRES_OK(ctx, reader.status());
    const auto names = names_t.flat<tstring>();
    for (int64_t i = 0; i < names.size(); ++i) {
      DataType dtype;
      TensorShape shape;
      OP_REQUIRES_OK(ctx, reader.LookupDtypeAndShape(names(i), &dtype, &shape));
      OP_REQUIRES(ctx, dtype == dtypes_[i],
                  errors::InvalidArgument(
                      "tensor_name = ", names(i), "; expected dtype ", DataTypeString(dtypes_[i]),
                      " does not equal original dtype ", DataTypeString(dtype)));
      Tensor value;
      OP_REQUIRES_OK(ctx, reader.Lookup(names(i), &value));
      ctx->set_output(static_cast<int>(i), value);
    }
  }

 private:
  DataTypeVector dtypes_;
};
REGISTER_KERNEL_BUILDER(Name("RestoreV2").Device(DEVICE_CPU), RestoreV2Op);

std::string Dirname(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

class MergeV2CheckpointsOp : public OpKernel {
 public:
  explicit MergeV2CheckpointsOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("delete_old_dirs", &delete_old_dirs_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("allow_missing_files", &allow_missing_files_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& prefixes_t = ctx->input(0);
    const Tensor& destination_t = ctx->input(1);
    OP_REQUIRES(ctx, TensorShapeUtils::IsScalar(destination_t.shape()),
                errors::InvalidArgument("Input destination_prefix should be a scalar tensor, got ",
                                        destination_t.shape().DebugString(), " instead."));
    const auto flat = prefixes_t.flat<tstring>();
    const std::vector<tstring> prefixes(flat.data(), flat.data() + flat.size());
    const std::string destination = destination_t.flat<tstring>()(0);
    OP_REQUIRES_OK(ctx, MergeBundles(nullptr, prefixes, destination, allow_missing_files_));
    if (delete_old_dirs_) {
      // As TF: the source folders are temporary; remove them when emptied by the merge
      // (rmdir fails, harmlessly, on a folder that still holds files).
      const std::string keep = Dirname(destination);
      for (const tstring& prefix : prefixes) {
        const std::string dir = Dirname(prefix);
        if (!dir.empty() && dir != keep) ::rmdir(dir.c_str());
      }
    }
  }

 private:
  bool delete_old_dirs_ = true;
  bool allow_missing_files_ = false;
};
REGISTER_KERNEL_BUILDER(Name("MergeV2Checkpoints").Device(DEVICE_CPU), MergeV2CheckpointsOp);

}  // namespace
}  // namespace tensorflow
