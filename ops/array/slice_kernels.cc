// CPU kernels of slice_ops.cc, for every dtype, with TF's error texts: StridedSlice and
// StridedSliceGrad (the spec resolved by internal/strided_slice_spec.h, then one strided gather
// or scatter), Split and SplitV (row splits), ReverseV2 (a gather with negative strides).
// They only move elements: every dtype keeps its bits.
#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "ops/array/internal/strided_copy.h"
#include "ops/array/internal/strided_slice_spec.h"

namespace tensorflow {
namespace {

using array_internal::Dims;
using array_internal::RowMajorStrides;

// TF's slicing kernels are instantiated for up to 8 processed dimensions.
constexpr int kMaxSliceDims = 8;

// The strided view of a resolved spec over a buffer of shape `shape`: the first element's
// offset and the step of each processed dimension.
void SpecView(const strided_slice::Spec& spec, const TensorShape& shape, int64_t* offset,
              std::vector<int64_t>* steps) {
  const std::vector<int64_t> strides = RowMajorStrides(shape);
  *offset = 0;
  steps->assign(strides.size(), 0);
  for (size_t d = 0; d < strides.size(); ++d) {
    *offset += spec.begin[d] * strides[d];
    (*steps)[d] = spec.strides[d] * strides[d];
  }
}

std::vector<int64_t> KnownDims(const PartialTensorShape& s) {
  const auto d = s.dim_sizes();
  return std::vector<int64_t>(d.begin(), d.end());
}

template <typename T>
class StridedSliceOp : public OpKernel {
 public:
  explicit StridedSliceOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, strided_slice::ReadMasks(*ctx, &masks_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    strided_slice::Spec spec;
    OP_REQUIRES_OK(ctx,
                   strided_slice::Validate(&ctx->input(1), &ctx->input(2), ctx->input(3),
                                           PartialTensorShape(Dims(in.shape())), masks_, &spec));
    const std::vector<int64_t> out_dims = KnownDims(spec.final_shape);
    if (spec.is_identity) {
      Tensor out;
      OP_REQUIRES(ctx, out.CopyFrom(in, TensorShape(out_dims)), errors::Internal("Copy failed"));
      ctx->set_output(0, out);
      return;
    }
    Tensor* out = nullptr;
    TensorShape out_dims_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(out_dims, &out_dims_shape));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_dims_shape, &out));
    const std::vector<int64_t> processing = KnownDims(spec.processing);
    if (out->NumElements() == 0) return;
    OP_REQUIRES(ctx, static_cast<int>(processing.size()) <= kMaxSliceDims,
                errors::Unimplemented("Unhandled input dimensions ", in.dims()));
    int64_t offset = 0;
    std::vector<int64_t> steps;
    SpecView(spec, in.shape(), &offset, &steps);
    array_internal::StridedCopy(ctx, in.flat<T>().data(), offset, processing, steps,
                                out->flat<T>().data());
  }

 private:
  strided_slice::Masks masks_;
};

template <typename T>
class StridedSliceGradOp : public OpKernel {
 public:
  explicit StridedSliceGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, strided_slice::ReadMasks(*ctx, &masks_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& shape_t = ctx->input(0);
    OP_REQUIRES(ctx, shape_t.dims() == 1,
                errors::InvalidArgument("shape must be 1-D, got shape.shape = ",
                                        shape_t.shape().DebugString()));
    TensorShape shape;
    OP_REQUIRES_OK(ctx, TensorShapeUtils::MakeShape(tensor::IntValues(shape_t), &shape));
    strided_slice::Spec spec;
    OP_REQUIRES_OK(ctx, strided_slice::Validate(&ctx->input(1), &ctx->input(2), ctx->input(3),
                                                PartialTensorShape(Dims(shape)), masks_, &spec));
    const Tensor& dy = ctx->input(4);
    const TensorShape final_shape(KnownDims(spec.final_shape));
    OP_REQUIRES(ctx, dy.shape() == final_shape,
                errors::InvalidArgument("shape of dy was ", dy.shape().DebugString(),
                                        " instead of ", final_shape.DebugString()));
    const std::vector<int64_t> processing = KnownDims(spec.processing);
    // TF leaves the output unwritten past 8 dimensions; minitf refuses.
    OP_REQUIRES(ctx, static_cast<int>(processing.size()) <= kMaxSliceDims,
                errors::Unimplemented("Unhandled input dimensions ", shape.dims()));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, shape, &out));
    T* z = out->flat<T>().data();
    std::fill(z, z + out->NumElements(), T());
    int64_t offset = 0;
    std::vector<int64_t> steps;
    SpecView(spec, shape, &offset, &steps);
    array_internal::StridedScatter(ctx, dy.flat<T>().data(), processing, offset, steps, z);
  }

 private:
  strided_slice::Masks masks_;
};

// Allocates the outputs of a split of `value` along `axis` into parts of `sizes` and fills
// them (Split and SplitV, whose checks are done).
template <typename T>
void SplitAlong(OpKernelContext* ctx, const Tensor& value, int axis,
                const std::vector<int64_t>& sizes) {
  std::vector<int64_t> dims = Dims(value.shape());
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d) outer *= dims[d];
  for (int d = axis + 1; d < value.dims(); ++d) inner *= dims[d];
  std::vector<T*> parts(sizes.size());
  std::vector<int64_t> widths(sizes.size());
  for (size_t k = 0; k < sizes.size(); ++k) {
    dims[axis] = sizes[k];
    Tensor* out = nullptr;
    TensorShape dims_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(dims, &dims_shape));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(static_cast<int>(k), dims_shape, &out));
    parts[k] = out->flat<T>().data();
    widths[k] = sizes[k] * inner;
  }
  if (value.NumElements() == 0) return;
  array_internal::SplitRows(value.flat<T>().data(), outer, widths, parts);
}

// The split axis of Split/SplitV from its int32 input, checked against `value`'s rank.
bool SplitAxis(OpKernelContext* ctx, const Tensor& axis_t, const Tensor& value, int* axis) {
  const int32_t orig = axis_t.flat<int32_t>()(0);
  const int rank = value.dims();
  *axis = orig < 0 ? orig + rank : orig;
  if (*axis < 0 || *axis >= rank) {
    ctx->CtxFailure(errors::InvalidArgument("-input rank(-", rank, ") <= split_dim < input rank (",
                                            rank, "), but got ", orig));
    return false;
  }
  return true;
}

template <typename T>
class SplitOp : public OpKernel {
 public:
  explicit SplitOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& axis_t = ctx->input(0);
    const Tensor& value = ctx->input(1);
    OP_REQUIRES(ctx, axis_t.dims() == 0,
                errors::InvalidArgument("split_dim must be a scalar but has rank ", axis_t.dims()));
    int axis = 0;
    if (!SplitAxis(ctx, axis_t, value, &axis)) return;
    const int n = ctx->num_outputs();
    const int64_t size = value.dim_size(axis);
    OP_REQUIRES(ctx, size % n == 0,
                errors::InvalidArgument("Number of ways to split should evenly divide the split "
                                        "dimension, but got split_dim ",
                                        axis, " (size = ", size, ") and num_split ", n));
    if (n == 1) {
      ctx->set_output(0, value);
      return;
    }
    SplitAlong<T>(ctx, value, axis, std::vector<int64_t>(n, size / n));
  }
};

template <typename T, typename Tlen>
class SplitVOp : public OpKernel {
 public:
  explicit SplitVOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& value = ctx->input(0);
    const Tensor& sizes_t = ctx->input(1);
    const Tensor& axis_t = ctx->input(2);
    const int n = ctx->num_outputs();
    OP_REQUIRES(ctx, axis_t.NumElements() == 1,
                errors::InvalidArgument("split_dim_tensor must have exactly one element."));
    OP_REQUIRES(
        ctx, sizes_t.dims() == 1 && sizes_t.NumElements() == n,
        errors::InvalidArgument("size of the split_tensor must be 1-D and have "
                                "the same elements as outputs got ",
                                sizes_t.dims(), " -D and ", sizes_t.NumElements(), " elements"));
    int axis = 0;
    if (!SplitAxis(ctx, axis_t, value, &axis)) return;
    // TF does this arithmetic in Tlen (an int8 size list wraps); so does minitf, and then
    // checks the parts fit in the input, which TF does not.
    const Tlen* given = sizes_t.flat<Tlen>().data();
    std::vector<Tlen> sizes(given, given + n);
    const Tlen dim = static_cast<Tlen>(value.dim_size(axis));
    if (n == 1) {
      ctx->set_output(0, value);
      OP_REQUIRES(ctx, sizes[0] == dim,
                  errors::InvalidArgument("If there is only one output, it must have the same "
                                          "size as the input. Input size: ",
                                          static_cast<int64_t>(dim),
                                          " output size: ", static_cast<int64_t>(sizes[0])));
      return;
    }
    int minus_one = -1;
    Tlen determined = 0;
    for (int k = 0; k < n; ++k) {
      if (sizes[k] == -1) {
        OP_REQUIRES(ctx, minus_one == -1,
                    errors::InvalidArgument("There can only be one -1 in the input."));
        minus_one = k;
      } else {
        determined = internal::WrappingAdd(determined, sizes[k]);  // wraps in Tlen, as TF's
      }
    }
    OP_REQUIRES(ctx,
                (minus_one == -1 && determined == dim) || (minus_one >= 0 && determined <= dim),
                errors::InvalidArgument(
                    "Determined shape must either match input shape along split_dim exactly if "
                    "fully specified, or be less than the size of the input along split_dim if "
                    "not fully specified.  Got: ",
                    static_cast<int64_t>(determined)));
    if (minus_one >= 0) sizes[minus_one] = internal::WrappingSub(dim, determined);
    std::vector<int64_t> parts(n);
    int64_t total = 0;
    for (int k = 0; k < n; ++k) {
      OP_REQUIRES(ctx, sizes[k] >= 0,
                  errors::InvalidArgument("Split size at index ", k,
                                          " must be >= 0. Got: ", static_cast<int64_t>(sizes[k])));
      parts[k] = static_cast<int64_t>(static_cast<std::make_unsigned_t<Tlen>>(sizes[k]));  // >= 0
      OP_REQUIRES(ctx, parts[k] <= value.dim_size(axis),
                  errors::InvalidArgument("Split size at index ", k, " is ", parts[k],
                                          ", more than the size ", value.dim_size(axis),
                                          " of dimension ", axis, " it splits"));
      total += parts[k];
    }
    OP_REQUIRES(
        ctx, total <= value.dim_size(axis),
        errors::InvalidArgument("The split sizes add up to ", total, ", more than the size ",
                                value.dim_size(axis), " of dimension ", axis, " they split"));
    SplitAlong<T>(ctx, value, axis, parts);
  }
};

template <typename T>
class ReverseV2Op : public OpKernel {
 public:
  explicit ReverseV2Op(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const Tensor& axis_t = ctx->input(1);
    if (in.dims() == 0) {
      ctx->set_output(0, in);
      return;
    }
    const int rank = in.dims();
    OP_REQUIRES(ctx, axis_t.dims() == 1,
                errors::InvalidArgument("'dims' must be 1-dimension, not ", axis_t.dims()));
    const std::vector<int64_t> axes = tensor::IntValues(axis_t);
    std::vector<bool> reversed(rank, false);
    for (size_t i = 0; i < axes.size(); ++i) {
      const int64_t a = axes[i] < 0 ? axes[i] + rank : axes[i];
      OP_REQUIRES(ctx, a >= 0 && a < rank,
                  errors::InvalidArgument("'axis'[", i, "] = ", axes[i],
                                          " is out of valid range [0, ", rank - 1));
      OP_REQUIRES(ctx, !reversed[a],
                  errors::InvalidArgument("axis ", a, " specified more than once."));
      reversed[a] = true;
    }
    OP_REQUIRES(ctx, rank <= 8,
                errors::Unimplemented("reverse is not implemented for tensors of rank > 8."));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, in.shape(), &out));
    std::vector<int64_t> steps = RowMajorStrides(in.shape());
    int64_t offset = 0;
    for (int d = 0; d < rank; ++d) {
      if (!reversed[d] || in.dim_size(d) == 0) continue;
      offset += (in.dim_size(d) - 1) * steps[d];
      steps[d] = -steps[d];
    }
    array_internal::StridedCopy(ctx, in.flat<T>().data(), offset, Dims(in.shape()), steps,
                                out->flat<T>().data());
  }
};

#define MINITF_REGISTER_SLICES(T)                                                               \
  REGISTER_KERNEL_BUILDER(Name("StridedSlice").Device(DEVICE_CPU).TypeConstraint<T>("T"),       \
                          StridedSliceOp<T>);                                                   \
  REGISTER_KERNEL_BUILDER(Name("StridedSliceGrad").Device(DEVICE_CPU).TypeConstraint<T>("T"),   \
                          StridedSliceGradOp<T>);                                               \
  REGISTER_KERNEL_BUILDER(Name("Split").Device(DEVICE_CPU).TypeConstraint<T>("T"), SplitOp<T>); \
  REGISTER_KERNEL_BUILDER(                                                                      \
      Name("SplitV").Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<int8_t>("Tlen"),  \
      (SplitVOp<T, int8_t>));                                                                   \
  REGISTER_KERNEL_BUILDER(                                                                      \
      Name("SplitV").Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<int32_t>("Tlen"), \
      (SplitVOp<T, int32_t>));                                                                  \
  REGISTER_KERNEL_BUILDER(                                                                      \
      Name("SplitV").Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<int64_t>("Tlen"), \
      (SplitVOp<T, int64_t>));                                                                  \
  REGISTER_KERNEL_BUILDER(Name("ReverseV2").Device(DEVICE_CPU).TypeConstraint<T>("T"),          \
                          ReverseV2Op<T>);
MINITF_CALL_ALL_TYPES(MINITF_REGISTER_SLICES)
#undef MINITF_REGISTER_SLICES

}  // namespace
}  // namespace tensorflow
