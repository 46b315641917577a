// ReadFile and WriteFile (tensorflow/cc/ops/io_ops.h): TF 2.21's definitions, shape functions
// and CPU kernels with TF's texts. WriteFile creates the file's missing directories, as TF's.
// No gradients (TF's C++ registry has none).
//
//   auto bytes = ops::ReadFile(root, "image.png");
//   auto done = ops::WriteFile(root, "/tmp/out/copy.png", bytes);
#include <string>

#include "framework/env.h"
#include "framework/errors.h"
#include "framework/op.h"
#include "framework/op_kernel.h"
#include "framework/path.h"

namespace tensorflow {
namespace {

using shape_inference::InferenceContext;

Status ScalarFilename(const Tensor& t) {
  if (t.dims() == 0) return OkStatus();
  return errors::InvalidArgument("Input filename tensor must be scalar, but had shape: ",
                                 t.shape().DebugString());
}

class ReadFileOp : public OpKernel {
 public:
  using OpKernel::OpKernel;
  void Compute(OpKernelContext* ctx) override {
    OP_REQUIRES_OK(ctx, ScalarFilename(ctx->input(0)));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &out));
    std::string contents;
    OP_REQUIRES_OK(ctx,
                   ReadFileToString(Env::Default(), ctx->input(0).scalar<tstring>()(), &contents));
    out->scalar<tstring>()() = std::move(contents);
  }
};

class WriteFileOp : public OpKernel {
 public:
  using OpKernel::OpKernel;
  void Compute(OpKernelContext* ctx) override {
    const Tensor& contents = ctx->input(1);
    OP_REQUIRES_OK(ctx, ScalarFilename(ctx->input(0)));
    OP_REQUIRES(ctx, contents.dims() == 0,
                errors::InvalidArgument("Contents tensor must be scalar, but had shape: ",
                                        contents.shape().DebugString()));
    const std::string filename = ctx->input(0).scalar<tstring>()();
    const std::string dir(io::Dirname(filename));
    Env* env = Env::Default();
    if (!env->FileExists(dir).ok()) OP_REQUIRES_OK(ctx, env->RecursivelyCreateDir(dir));
    OP_REQUIRES_OK(ctx, WriteStringToFile(env, filename, contents.scalar<tstring>()()));
  }
};

}  // namespace

REGISTER_OP("ReadFile")
    .Input("filename: string")
    .Output("contents: string")
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(c->WithRank(0, 0));
      c->set_output(0, PartialTensorShape({}));
      return OkStatus();
    })
    .Summary("Reads and outputs the entire contents of the input filename.")
    .CcHeader("io_ops");

REGISTER_OP("WriteFile")
    .Input("filename: string")
    .Input("contents: string")
    .SetIsStateful()
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(c->WithRank(0, 0));
      return c->WithRank(1, 0);
    })
    .Summary("Writes `contents` to the file at input `filename`.")
    .CcHeader("io_ops");

REGISTER_KERNEL_BUILDER(Name("ReadFile").Device(DEVICE_CPU), ReadFileOp);
REGISTER_KERNEL_BUILDER(Name("WriteFile").Device(DEVICE_CPU), WriteFileOp);

}  // namespace tensorflow
