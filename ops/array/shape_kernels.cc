// CPU kernels of the shape-level array ops: OnesLike, ZerosLike, StopGradient, Reshape,
// Shape, Size, Rank, ExpandDims, Fill, BroadcastTo, BroadcastGradientArgs.
#include <cstring>

#include "framework/bcast.h"
#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

// Output `index` (int32 or int64, per its dtype): a vector holding `values`.
Status WriteIntVector(OpKernelContext* ctx, int index, const std::vector<int64_t>& values) {
  Tensor* out = nullptr;
  TF_RETURN_IF_ERROR(
      ctx->allocate_output(index, TensorShape({static_cast<int64_t>(values.size())}), &out));
  for (size_t i = 0; i < values.size(); ++i) {
    if (out->dtype() == DT_INT32) {
      out->flat<int32_t>()(i) = static_cast<int32_t>(values[i]);
    } else {
      out->flat<int64_t>()(i) = values[i];
    }
  }
  return OkStatus();
}

template <int kValue>
class FillLikeOp : public OpKernel {
 public:
  explicit FillLikeOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, ctx->input(0).shape(), &out));
    switch (out->dtype()) {
#define MINITF_FILL_CASE(T)                             \
  case DataTypeToEnum<T>::value:                        \
    out->flat<T>().setConstant(static_cast<T>(kValue)); \
    break;
      MINITF_CALL_NUMBER_TYPES(MINITF_FILL_CASE)
#undef MINITF_FILL_CASE
      case DT_STRING:
        break;  // a new string tensor is already empty strings
      default:
        ctx->CtxFailure(errors::Unimplemented(type_string(), " of ", DataTypeString(out->dtype())));
    }
  }
};

class PassThroughOp : public OpKernel {
 public:
  explicit PassThroughOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override { ctx->set_output(0, ctx->input(0)); }
};

// The output shares the input's buffer under the new shape.
class ReshapeOp : public OpKernel {
 public:
  explicit ReshapeOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const Tensor& sizes = ctx->input(1);
    OP_REQUIRES(
        ctx, sizes.dims() <= 1,
        errors::InvalidArgument("sizes input must be 1-D, not ", sizes.shape().DebugString()));
    std::vector<int64_t> dims = tensor::IntValues(sizes);
    int unknown = -1;
    int64_t product = 1;
    for (size_t d = 0; d < dims.size(); ++d) {
      if (dims[d] == -1) {
        OP_REQUIRES(ctx, unknown == -1,
                    errors::InvalidArgument("Only one input size may be -1, not both ", unknown,
                                            " and ", d));
        unknown = static_cast<int>(d);
      } else {
        OP_REQUIRES(ctx, dims[d] >= 0,
                    errors::InvalidArgument("Size ", d, " must be non-negative, not ", dims[d]));
        const int64_t before = product;
        OP_REQUIRES(ctx, !__builtin_mul_overflow(before, dims[d], &product),
                    errors::InvalidArgument("Encountered overflow when multiplying ", before,
                                            " with ", dims[d], " in the requested shape"));
      }
    }
    if (unknown >= 0) {
      OP_REQUIRES(ctx, product > 0 && in.NumElements() % product == 0,
                  errors::InvalidArgument("Reshape cannot infer the missing input size for an "
                                          "empty tensor unless all specified input sizes are "
                                          "non-zero"));
      dims[unknown] = in.NumElements() / product;
      product = in.NumElements();
    }
    OP_REQUIRES(ctx, product == in.NumElements(),
                errors::InvalidArgument("Input to reshape is a tensor with ", in.NumElements(),
                                        " values, but the requested shape has ", product));
    TensorShape shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(dims, &shape));
    Tensor out;
    OP_REQUIRES(ctx, out.CopyFrom(in, shape),
                errors::Internal("Reshape could not share its input"));
    ctx->set_output(0, out);
  }
};

class ShapeOp : public OpKernel {
 public:
  explicit ShapeOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const auto dims = ctx->input(0).shape().dim_sizes();
    OP_REQUIRES_OK(ctx, WriteIntVector(ctx, 0, std::vector<int64_t>(dims.begin(), dims.end())));
  }
};

class SizeOp : public OpKernel {
 public:
  explicit SizeOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &out));
    const int64_t n = ctx->input(0).NumElements();
    if (out->dtype() == DT_INT32) {
      OP_REQUIRES(ctx, n <= std::numeric_limits<int32_t>::max(),
                  errors::InvalidArgument("Number of elements was larger than representable by "
                                          "32-bit output type"));
      out->scalar<int32_t>()() = static_cast<int32_t>(n);
    } else {
      out->scalar<int64_t>()() = n;
    }
  }
};

// Copies whole elements (any dtype) with broadcasting strides.
// ExpandDims: the input with a 1 inserted at `dim`, sharing its buffer.
class ExpandDimsOp : public OpKernel {
 public:
  explicit ExpandDimsOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    OP_REQUIRES(ctx, ctx->input(1).NumElements() == 1,
                errors::InvalidArgument("'dim' must be a tensor with a single value"));
    const int64_t dim = tensor::IntValues(ctx->input(1))[0];
    const int rank = in.dims();
    OP_REQUIRES(ctx, dim >= -1 - rank && dim <= rank,
                errors::InvalidArgument("Tried to expand dim index ", dim, " for tensor with ",
                                        rank, " dimensions."));
    const auto in_dims = in.shape().dim_sizes();
    std::vector<int64_t> dims(in_dims.begin(), in_dims.end());
    dims.insert(dims.begin() + (dim < 0 ? dim + rank + 1 : dim), 1);
    TensorShape shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(dims, &shape));
    Tensor out;
    OP_REQUIRES(ctx, out.CopyFrom(in, shape),
                errors::Internal("ExpandDims could not share its input"));
    ctx->set_output(0, out);
  }
};

// Rank: the input's number of dimensions, an int32 scalar.
class RankOp : public OpKernel {
 public:
  explicit RankOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &out));
    out->scalar<int32_t>()() = ctx->input(0).dims();
  }
};

// Fill: a tensor of shape `dims` holding `value` everywhere (a one-element vector counts as a
// scalar, as in TF).
template <typename T>
class FillOp : public OpKernel {
 public:
  explicit FillOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& dims = ctx->input(0);
    const Tensor& value = ctx->input(1);
    OP_REQUIRES(ctx, dims.dims() == 1,
                errors::InvalidArgument("dims must represent a vector, got shape ",
                                        dims.shape().DebugString()));
    OP_REQUIRES(ctx, value.dims() == 0 || (value.dims() == 1 && value.NumElements() == 1),
                errors::InvalidArgument("value must represent a scalar, got shape ",
                                        value.shape().DebugString()));
    const std::vector<int64_t> sizes = tensor::IntValues(dims);
    for (int64_t d : sizes) {  // TF's TensorShapeUtils::MakeShape wording
      OP_REQUIRES(ctx, d >= 0, errors::InvalidArgument("Dimension ", d, " must be >= 0"));
    }
    TensorShape shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(sizes, &shape));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, shape, &out));
    const T v = value.flat<T>()(0);
    T* z = out->flat<T>().data();
    for (int64_t i = 0; i < out->NumElements(); ++i) z[i] = v;
  }
};

class BroadcastToOp : public OpKernel {
 public:
  explicit BroadcastToOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const std::vector<int64_t> target = tensor::IntValues(ctx->input(1));
    const auto in_dims = in.shape().dim_sizes();
    std::vector<int64_t> out_dims;
    OP_REQUIRES(ctx,
                in.dims() <= static_cast<int>(target.size()) &&
                    BroadcastDims(in_dims, target, &out_dims) && out_dims == target,
                errors::InvalidArgument("Incompatible shapes: ", in.shape().DebugString(), " vs. ",
                                        DimsString(target)));
    TensorShape shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(target, &shape));
    if (shape == in.shape()) {
      ctx->set_output(0, in);
      return;
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, shape, &out));
    if (out->NumElements() == 0) return;
    if (in.NumElements() == 1 && in.dtype() != DT_STRING) {  // a scalar spread: fill
      switch (in.dtype()) {
#define MINITF_FILL_CASE(T)                      \
  case DataTypeToEnum<T>::value:                 \
    out->flat<T>().setConstant(in.flat<T>()(0)); \
    return;
        MINITF_CALL_NUMBER_TYPES(MINITF_FILL_CASE)
#undef MINITF_FILL_CASE
        default:
          break;
      }
    }
    const auto strides = BroadcastStrides(in_dims, target);
    const std::vector<int64_t> zeros(target.size(), 0);
    const int64_t row = target.back(), step = strides.back();
    switch (in.dtype()) {
#define MINITF_BROADCAST_CASE(T)                                                            \
  case DataTypeToEnum<T>::value: {                                                          \
    const T* src = in.flat<T>().data();                                                     \
    T* dst = out->flat<T>().data();                                                         \
    ForEachBroadcastRow(target, strides, zeros, 0, out->NumElements() / row,                \
                        [&](int64_t o, int64_t a, int64_t) {                                \
                          for (int64_t i = 0; i < row; ++i) dst[o + i] = src[a + i * step]; \
                        });                                                                 \
    break;                                                                                  \
  }
      MINITF_CALL_ALL_TYPES(MINITF_BROADCAST_CASE)
#undef MINITF_BROADCAST_CASE
      default:
        ctx->CtxFailure(errors::Unimplemented("BroadcastTo of ", DataTypeString(in.dtype())));
    }
  }
};

class BroadcastGradientArgsOp : public OpKernel {
 public:
  explicit BroadcastGradientArgsOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
  }
  void Compute(OpKernelContext* ctx) override {
    for (int i = 0; i < 2; ++i) {
      OP_REQUIRES(ctx, ctx->input(i).dims() == 1,
                  errors::InvalidArgument("In[", i, "] must be a vector.",
                                          ctx->input(i).shape().DebugString()));
    }
    const std::vector<int64_t> s0 = tensor::IntValues(ctx->input(0));
    const std::vector<int64_t> s1 = tensor::IntValues(ctx->input(1));
    std::vector<int64_t> out, r0, r1;
    OP_REQUIRES(
        ctx, BroadcastDims(s0, s1, &out),
        errors::InvalidArgument("Incompatible shapes: ", DimsString(s0), " vs. ", DimsString(s1)));
    if (s0 != s1) BroadcastReduceAxes(s0, s1, &r0, &r1);  // equal shapes: nothing to sum
    OP_REQUIRES_OK(ctx, WriteIntVector(ctx, 0, r0));
    OP_REQUIRES_OK(ctx, WriteIntVector(ctx, 1, r1));
  }
};

REGISTER_KERNEL_BUILDER(Name("OnesLike").Device(DEVICE_CPU), FillLikeOp<1>);
REGISTER_KERNEL_BUILDER(Name("ZerosLike").Device(DEVICE_CPU), FillLikeOp<0>);
REGISTER_KERNEL_BUILDER(Name("StopGradient").Device(DEVICE_CPU), PassThroughOp);
REGISTER_KERNEL_BUILDER(Name("Reshape").Device(DEVICE_CPU), ReshapeOp);
REGISTER_KERNEL_BUILDER(Name("Shape").Device(DEVICE_CPU), ShapeOp);
REGISTER_KERNEL_BUILDER(Name("Size").Device(DEVICE_CPU), SizeOp);
REGISTER_KERNEL_BUILDER(Name("BroadcastTo").Device(DEVICE_CPU), BroadcastToOp);
REGISTER_KERNEL_BUILDER(Name("Rank").Device(DEVICE_CPU), RankOp);
REGISTER_KERNEL_BUILDER(Name("ExpandDims").Device(DEVICE_CPU), ExpandDimsOp);
#define MINITF_REGISTER_FILL(T) \
  REGISTER_KERNEL_BUILDER(Name("Fill").Device(DEVICE_CPU).TypeConstraint<T>("T"), FillOp<T>);
MINITF_CALL_ALL_TYPES(MINITF_REGISTER_FILL)
#undef MINITF_REGISTER_FILL
REGISTER_KERNEL_BUILDER(Name("BroadcastGradientArgs").Device(DEVICE_CPU), BroadcastGradientArgsOp);

}  // namespace
}  // namespace tensorflow
