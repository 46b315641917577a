// CPU kernels of the array family: Const, Placeholder, PlaceholderWithDefault, Identity, NoOp.
// All are cheap: they hand tensors on without copying.
#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

// Holds the value parsed once, when the plan is built; every run shares its buffer.
class ConstOp : public OpKernel {
 public:
  explicit ConstOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    const TensorProto* proto = nullptr;
    OP_REQUIRES_OK(ctx, ctx->GetAttr("value", &proto));
    OP_REQUIRES(ctx, tensor_.FromProto(*proto),
                errors::InvalidArgument("Unparseable tensor proto in Const ", name()));
    OP_REQUIRES(
        ctx, tensor_.dtype() == ctx->output_type(0),
        errors::InvalidArgument("Type mismatch between value (", DataTypeString(tensor_.dtype()),
                                ") and dtype (", DataTypeString(ctx->output_type(0)), ")"));
  }
  void Compute(OpKernelContext* ctx) override { ctx->set_output(0, tensor_); }

 private:
  Tensor tensor_;
};

// Runs only when not fed: that is always an error, worded as TF's.
class PlaceholderOp : public OpKernel {
 public:
  explicit PlaceholderOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, ctx->GetAttr("shape", &expected_shape_));
  }
  void Compute(OpKernelContext* ctx) override {
    if (expected_shape_.unknown_rank()) {
      ctx->CtxFailure(errors::InvalidArgument("You must feed a value for placeholder tensor '",
                                              name(), "' with dtype ",
                                              DataTypeString(output_type(0))));
    } else {
      ctx->CtxFailure(errors::InvalidArgument(
          "You must feed a value for placeholder tensor '", name(), "' with dtype ",
          DataTypeString(output_type(0)), " and shape ", expected_shape_.DebugString()));
    }
  }

 private:
  PartialTensorShape expected_shape_;
};

// Identity and PlaceholderWithDefault (when not fed): the input, shared.
class IdentityOp : public OpKernel {
 public:
  explicit IdentityOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override { ctx->set_output_from_input(0, 0); }
};

// IdentityN: every input, shared (what an inlined function call's outputs come from).
class IdentityNOp : public OpKernel {
 public:
  explicit IdentityNOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    for (int i = 0; i < ctx->num_inputs(); ++i) ctx->set_output(i, ctx->input(i));
  }
};

class NoOp : public OpKernel {
 public:
  explicit NoOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext*) override {}
};

REGISTER_KERNEL_BUILDER(Name("Const").Device(DEVICE_CPU), ConstOp);
REGISTER_KERNEL_BUILDER(Name("Placeholder").Device(DEVICE_CPU), PlaceholderOp);
REGISTER_KERNEL_BUILDER(Name("PlaceholderWithDefault").Device(DEVICE_CPU), IdentityOp);
REGISTER_KERNEL_BUILDER(Name("Identity").Device(DEVICE_CPU), IdentityOp);
REGISTER_KERNEL_BUILDER(Name("IdentityN").Device(DEVICE_CPU), IdentityNOp);
REGISTER_KERNEL_BUILDER(Name("NoOp").Device(DEVICE_CPU), NoOp);

}  // namespace
}  // namespace tensorflow
