// CPU kernels of gather_ops.cc, for the dtypes TF registers, with TF's error texts: Gather and
// GatherV2 (batch_dims too), GatherNd, ScatterNd and ScatterNdNonAliasingAdd (with
// bad_indices_policy), Where, DynamicStitch and Bitcast. Every index is bounds-checked before it
// is used; the scatters add their updates in index order, as TF's CPU kernels do.
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "ops/array/internal/scatter_nd.h"
#include "ops/array/internal/strided_copy.h"

namespace tensorflow {
namespace {

using array_internal::BadScatterIndex;
using array_internal::Dims;
using array_internal::IndexVector;
using array_internal::RowOf;

template <typename T, typename Index>
class GatherOp : public OpKernel {
 public:
  explicit GatherOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    if (ctx->HasAttr("batch_dims")) OP_REQUIRES_OK(ctx, ctx->GetAttr("batch_dims", &batch_dims_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& params = ctx->input(0);
    const Tensor& indices = ctx->input(1);
    OP_REQUIRES(ctx, params.dims() >= 1,
                errors::InvalidArgument("params must be at least 1 dimensional"));
    OP_REQUIRES(ctx, params.dims() <= 1000,
                errors::InvalidArgument("params must have at most 1000 dimensions"));
    int64_t axis = 0;
    const bool axis_given = ctx->num_inputs() == 3;
    if (axis_given) {
      const Tensor& axis_t = ctx->input(2);
      OP_REQUIRES(ctx, axis_t.dims() == 0, errors::InvalidArgument("axis must be scalar"));
      axis = tensor::IntValues(axis_t)[0];
    }
    // -axis and axis + 1 saturate instead of overflowing for the extreme int64 axes.
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    const int64_t min_rank =
        axis < 0 ? (axis < -kMax ? kMax : -axis) : (axis == kMax ? kMax : axis + 1);
    OP_REQUIRES(ctx, params.dims() >= min_rank,
                errors::InvalidArgument("Shape must be at least rank ", min_rank, " but is rank ",
                                        params.dims()));
    if (axis < 0) axis += params.dims();
    int64_t batch_dims = batch_dims_;
    if (batch_dims != 0) {
      OP_REQUIRES(ctx, batch_dims >= -indices.dims() && batch_dims <= indices.dims(),
                  errors::InvalidArgument("Expected batch_dims in the range [", -indices.dims(),
                                          ", ", indices.dims(), "], but got ", batch_dims));
      if (batch_dims < 0) batch_dims += indices.dims();
      if (!axis_given) axis = batch_dims;
      OP_REQUIRES(
          ctx, batch_dims < params.dims(),
          errors::InvalidArgument("batch_dims (", batch_dims, ") must be less than rank(params) (",
                                  params.dims(), ")."));
      OP_REQUIRES(ctx, axis >= batch_dims,
                  errors::InvalidArgument("batch_dims (", batch_dims,
                                          ") must be less than or equal to axis (", axis, ")."));
      for (int i = 0; i < batch_dims; ++i) {
        OP_REQUIRES(ctx, params.dim_size(i) == indices.dim_size(i),
                    errors::InvalidArgument("params.shape[", i, "]: ", params.dim_size(i),
                                            " should be equal to indices.shape[", i,
                                            "]: ", indices.dim_size(i)));
      }
    }
    const int64_t limit = params.dim_size(axis);
    OP_REQUIRES(
        ctx, limit <= std::numeric_limits<Index>::max(),
        errors::InvalidArgument("params.shape[", axis, "] too large for ",
                                DataTypeString(DataTypeToEnum<Index>::v()), " indexing: ", limit,
                                " > ", static_cast<int64_t>(std::numeric_limits<Index>::max())));
    std::vector<int64_t> out_dims;
    int64_t batch = 1, outer = 1, inner = 1;
    // An empty params may have sizes whose products overflow: they are only used when the
    // output is not empty, and then they fit (each is a factor of its element count).
    auto times = [](int64_t* product, int64_t size) {
      if (__builtin_mul_overflow(*product, size, product)) *product = 0;
    };
    for (int i = 0; i < batch_dims; ++i) {
      out_dims.push_back(params.dim_size(i));
      times(&batch, params.dim_size(i));
    }
    for (int i = batch_dims; i < axis; ++i) {
      out_dims.push_back(params.dim_size(i));
      times(&outer, params.dim_size(i));
    }
    for (int i = batch_dims; i < indices.dims(); ++i) out_dims.push_back(indices.dim_size(i));
    for (int i = axis + 1; i < params.dims(); ++i) {
      out_dims.push_back(params.dim_size(i));
      times(&inner, params.dim_size(i));
    }
    TensorShape out_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(out_dims, &out_shape));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    const int64_t n = indices.NumElements();
    if (n == 0 || inner == 0 || out->NumElements() == 0) return;
    const Index* idx = indices.flat<Index>().data();
    for (int64_t i = 0; i < n; ++i) {
      OP_REQUIRES(
          ctx, idx[i] >= 0 && idx[i] < limit,
          errors::InvalidArgument("indices", SliceDebugString(indices.shape(), i), " = ",
                                  static_cast<int64_t>(idx[i]), " is not in [0, ", limit, ")"));
    }
    // Output rows: (batch b, outer o, index j) -> params row (b, o, idx[b * per_batch + j]).
    const int64_t per_batch = n / batch;
    const T* src = params.flat<T>().data();
    T* dst = out->flat<T>().data();
    const int64_t rows = batch * outer * per_batch;
    ctx->ParallelFor(rows, std::max<int64_t>(1, array_internal::kCopyGrain / inner),
                     [&](int64_t s, int64_t e) {
                       for (int64_t r = s; r < e; ++r) {
                         const int64_t j = r % per_batch, bo = r / per_batch;
                         const int64_t b = bo / outer;
                         const int64_t from = (bo * limit + idx[b * per_batch + j]) * inner;
                         std::copy(src + from, src + from + inner, dst + r * inner);
                       }
                     });
  }

 private:
  int32_t batch_dims_ = 0;
};

// bad_indices_policy of GatherNd: "" and DEFAULT are ERROR on CPU; other values have no kernel
// (TF registers GatherNd for those four only).
Status ReadBadIndicesPolicy(OpKernelConstruction* ctx, bool* ignore) {
  std::string policy;
  TF_RETURN_IF_ERROR(ctx->GetAttr("bad_indices_policy", &policy));
  if (policy != "" && policy != "DEFAULT" && policy != "ERROR" && policy != "IGNORE") {
    return errors::NotFound("No CPU kernel of ", ctx->def().op(), " for bad_indices_policy=\"",
                            policy, "\" (TF registers \"\", DEFAULT, ERROR and IGNORE)");
  }
  *ignore = policy == "IGNORE";
  return OkStatus();
}

template <typename T, typename Index>
class GatherNdOp : public OpKernel {
 public:
  explicit GatherNdOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, ReadBadIndicesPolicy(ctx, &ignore_bad_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& params = ctx->input(0);
    const Tensor& indices = ctx->input(1);
    OP_REQUIRES(ctx, params.dims() >= 1,
                errors::InvalidArgument("params must be at least a vector"));
    OP_REQUIRES(ctx, indices.dims() >= 1,
                errors::InvalidArgument("indices must be at least a vector"));
    const int64_t depth = indices.dim_size(indices.dims() - 1);
    OP_REQUIRES(ctx, depth <= params.dims(),
                errors::InvalidArgument(
                    "index innermost dimension length must be <= params rank; saw: ", depth,
                    " vs. ", params.dims()));
    std::vector<int64_t> out_dims = Dims(indices.shape());
    out_dims.pop_back();
    const TensorShape batch_shape(out_dims);
    const int64_t n = batch_shape.num_elements();
    int64_t slice = 1;
    for (int d = static_cast<int>(depth); d < params.dims(); ++d) {
      out_dims.push_back(params.dim_size(d));
      slice *= params.dim_size(d);
    }
    Tensor* out = nullptr;
    TensorShape out_dims_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(out_dims, &out_dims_shape));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_dims_shape, &out));
    if (n == 0) return;
    OP_REQUIRES(ctx, params.NumElements() > 0,
                errors::InvalidArgument("Requested more than 0 entries, but params is empty.  "
                                        "Params shape: ",
                                        params.shape().DebugString()));
    const std::vector<int64_t> dims = Dims(params.shape());
    const Index* idx = indices.flat<Index>().data();
    const T* src = params.flat<T>().data();
    T* dst = out->flat<T>().data();
    int64_t bad = -1;
    for (int64_t i = 0; i < n; ++i) {
      const int64_t row = RowOf(idx + i * depth, depth, dims);
      if (row < 0) {
        bad = i;  // TF reports the last bad index vector
        std::fill(dst + i * slice, dst + (i + 1) * slice, T());
        continue;
      }
      std::copy(src + row * slice, src + (row + 1) * slice, dst + i * slice);
    }
    OP_REQUIRES(ctx, bad < 0 || ignore_bad_,
                errors::InvalidArgument("indices", SliceDebugString(batch_shape, bad), " = ",
                                        IndexVector(idx + bad * depth, depth),
                                        " does not index into param shape ",
                                        params.shape().DebugString(), ", node name: ", name()));
  }

 private:
  bool ignore_bad_ = false;
};

template <typename T, typename Index>
class ScatterNdOp : public OpKernel {
 public:
  explicit ScatterNdOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, array_internal::ReadScatterBadIndicesPolicy(ctx, &ignore_bad_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& indices = ctx->input(0);
    const Tensor& updates = ctx->input(1);
    const Tensor& shape_t = ctx->input(2);
    OP_REQUIRES_OK(ctx, array_internal::CheckIndicesAndUpdatesRanks(indices, updates));
    TensorShape shape;
    OP_REQUIRES_OK(ctx, TensorShapeUtils::MakeShape(tensor::IntValues(shape_t), &shape));
    const bool any_update = indices.NumElements() > 0 || updates.NumElements() > 0;
    OP_REQUIRES(ctx, shape_t.NumElements() > 0 || !any_update,
                errors::InvalidArgument("Indices and updates specified for empty output shape"));
    const int outer = indices.dims() - 1;
    const auto mismatch_outer = [&] {
      return errors::InvalidArgument("Dimensions [0,", outer,
                                     ") of indices[shape=", indices.shape().DebugString(),
                                     "] must match dimensions [0,", outer,
                                     ") of updates[shape=", updates.shape().DebugString(), "]");
    };
    for (int i = 0; i < outer; ++i) {
      OP_REQUIRES(ctx, i < updates.dims() && indices.dim_size(i) == updates.dim_size(i),
                  mismatch_outer());
    }
    const int64_t depth = indices.dim_size(outer);
    const auto mismatch_inner = [&] {
      return errors::InvalidArgument("Dimensions [", depth, ",", shape.dims(),
                                     ") of input[shape=", shape.DebugString(),
                                     "] must match dimensions [", outer, ",", updates.dims(),
                                     ") of updates[shape=", updates.shape().DebugString(), "]");
    };
    OP_REQUIRES(ctx, updates.dims() - outer == shape.dims() - depth, mismatch_inner());
    for (int i = 0; i + outer < updates.dims(); ++i) {
      OP_REQUIRES(ctx, updates.dim_size(i + outer) == shape.dim_size(depth + i), mismatch_inner());
    }
    OP_REQUIRES(ctx, shape_t.dims() == 1, errors::InvalidArgument("Shape must be a vector"));
    OP_REQUIRES(ctx, shape.num_elements() > 0 || !any_update,
                errors::InvalidArgument("Indices and updates specified for empty output.  "
                                        "indices shape: ",
                                        indices.shape().DebugString()));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, shape, &out));
    T* dst = out->flat<T>().data();
    std::fill(dst, dst + out->NumElements(), T());
    std::vector<int64_t> batch_dims = Dims(indices.shape());
    batch_dims.pop_back();
    const TensorShape batch_shape(batch_dims);
    // Rank-1 indices are one index vector; with no elements, none.
    const int64_t n = indices.NumElements() == 0 ? 0 : batch_shape.num_elements();
    const Index* idx = indices.flat<Index>().data();
    const int64_t bad = array_internal::ScatterSlices<array_internal::ScatterNdAddFn>(
        idx, n, depth, shape, updates.flat<T>().data(), dst);
    OP_REQUIRES(ctx, bad < 0 || ignore_bad_, BadScatterIndex(batch_shape, bad, idx, depth, shape));
  }

 private:
  bool ignore_bad_ = false;
};

template <typename T>
class WhereOp : public OpKernel {
 public:
  explicit WhereOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    OP_REQUIRES(ctx, in.dtype() != DT_HALF,
                errors::Unimplemented("No WhereOp available for float16/half type on CPU; dying "
                                      "in CPU WhereOp to avoid silently creating costly copies "
                                      "from device."));
    const int rank = in.dims();
    OP_REQUIRES(ctx, rank >= 1 && rank <= 8,
                errors::InvalidArgument("WhereOp : Unhandled input dimensions: ", rank));
    const T* x = in.flat<T>().data();
    const int64_t n = in.NumElements();
    int64_t count = 0;
    for (int64_t i = 0; i < n; ++i) count += x[i] != T(0);
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({count, rank}), &out));
    int64_t* z = out->flat<int64_t>().data();
    const std::vector<int64_t> dims = Dims(in.shape());
    for (int64_t i = 0; i < n; ++i) {
      if (!(x[i] != T(0))) continue;
      int64_t rest = i;
      for (int d = rank - 1; d >= 0; --d) {
        z[d] = rest % dims[d];
        rest /= dims[d];
      }
      z += rank;
    }
  }
};

template <typename T>
class DynamicStitchOp : public OpKernel {
 public:
  explicit DynamicStitchOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const int n = ctx->num_inputs() / 2;
    int64_t max_index = -1;
    for (int k = 0; k < n; ++k) {
      const Tensor& idx = ctx->input(k);
      const int32_t* v = idx.flat<int32_t>().data();
      for (int64_t i = 0; i < idx.NumElements(); ++i)
        max_index = std::max<int64_t>(max_index, v[i]);
    }
    const int64_t rows = max_index + 1;
    for (int k = 0; k < n; ++k) {
      const Tensor& idx = ctx->input(k);
      const int32_t* v = idx.flat<int32_t>().data();
      for (int64_t i = 0; i < idx.NumElements(); ++i) {
        OP_REQUIRES(ctx, v[i] >= 0 && v[i] < rows,
                    errors::InvalidArgument("indices[", i, "] is out of range"));
      }
    }
    const Tensor& data0 = ctx->input(n);
    const Tensor& indices0 = ctx->input(0);
    for (int k = 0; k < n; ++k) {
      const Tensor& idx = ctx->input(k);
      const Tensor& data = ctx->input(n + k);
      OP_REQUIRES(ctx, TensorShapeUtils::StartsWith(data.shape(), idx.shape()),
                  errors::InvalidArgument("data[", k, "].shape = ", data.shape().DebugString(),
                                          " does not start with indices[", k,
                                          "].shape = ", idx.shape().DebugString()));
      bool same_extra = data.dims() - idx.dims() == data0.dims() - indices0.dims();
      for (int d = 0; same_extra && d < data.dims() - idx.dims(); ++d) {
        same_extra = data.dim_size(idx.dims() + d) == data0.dim_size(indices0.dims() + d);
      }
      OP_REQUIRES(ctx, k == 0 || same_extra,
                  errors::InvalidArgument(
                      "Need data[0].shape[", indices0.dims(), ":] = data[", k, "].shape[",
                      idx.dims(), ":], got data[0].shape = ", data0.shape().DebugString(),
                      ", data[", k, "].shape = ", data.shape().DebugString(),
                      ", indices[0].shape = ", indices0.shape().DebugString(), ", indices[", k,
                      "].shape = ", idx.shape().DebugString()));
    }
    std::vector<int64_t> out_dims = {rows};
    int64_t slice = 1;
    for (int d = indices0.dims(); d < data0.dims(); ++d) {
      out_dims.push_back(data0.dim_size(d));
      slice *= data0.dim_size(d);
    }
    TensorShape out_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(out_dims, &out_shape));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    // Rows no index names are zero (TF leaves them unspecified); later inputs win.
    T* z = out->flat<T>().data();
    std::fill(z, z + out->NumElements(), T());
    for (int k = 0; k < n; ++k) {
      const Tensor& idx = ctx->input(k);
      const int32_t* v = idx.flat<int32_t>().data();
      const T* src = ctx->input(n + k).flat<T>().data();
      for (int64_t i = 0; i < idx.NumElements(); ++i) {
        std::copy(src + i * slice, src + (i + 1) * slice, z + v[i] * slice);
      }
    }
  }
};

class BitcastOp : public OpKernel {
 public:
  explicit BitcastOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, ctx->GetAttr("T", &from_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("type", &to_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const int in_size = DataTypeSize(from_), out_size = DataTypeSize(to_);
    std::vector<int64_t> dims = Dims(in.shape());
    if (out_size > in_size) {
      OP_REQUIRES(ctx, !dims.empty() && dims.back() == out_size / in_size,
                  errors::InvalidArgument("Cannot bitcast from ", static_cast<int>(from_), " to ",
                                          static_cast<int>(to_)));
      dims.pop_back();
    } else if (out_size < in_size) {
      dims.push_back(in_size / out_size);
    }
    Tensor out;
    OP_REQUIRES_OK(ctx, out.BitcastFrom(in, to_, TensorShape(dims)));
    ctx->set_output(0, out);
  }

 private:
  DataType from_ = DT_INVALID, to_ = DT_INVALID;
};

// ScatterNdNonAliasingAdd: a copy of `input` with `updates` added at `indices` (TF's DoScatterNd
// on the copy: array_internal::ValidateScatterNdInto, then ApplyScatterNd).
template <typename T, typename Index>
class ScatterNdNonAliasingAddOp : public OpKernel {
 public:
  explicit ScatterNdNonAliasingAddOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, array_internal::ReadScatterBadIndicesPolicy(ctx, &ignore_bad_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& indices = ctx->input(1);
    const Tensor& updates = ctx->input(2);
    OP_REQUIRES_OK(
        ctx, array_internal::ValidateScatterNdInto<Index>(ctx->input(0).shape(), indices, updates));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, array_internal::ForwardOrCopyInput0<T>(ctx, &out));
    OP_REQUIRES_OK(ctx, (array_internal::ApplyScatterNd<array_internal::ScatterNdAddFn, T, Index>(
                            indices, updates, out, ignore_bad_)));
  }

 private:
  bool ignore_bad_ = false;
};

#define MINITF_REGISTER_GATHER(T, Index)                          \
  REGISTER_KERNEL_BUILDER(Name("GatherV2")                        \
                              .Device(DEVICE_CPU)                 \
                              .TypeConstraint<T>("Tparams")       \
                              .TypeConstraint<Index>("Tindices"), \
                          (GatherOp<T, Index>));                  \
  REGISTER_KERNEL_BUILDER(Name("GatherNd")                        \
                              .Device(DEVICE_CPU)                 \
                              .TypeConstraint<T>("Tparams")       \
                              .TypeConstraint<Index>("Tindices"), \
                          (GatherNdOp<T, Index>));
#define MINITF_REGISTER_INDEXING(T)                                                        \
  MINITF_REGISTER_GATHER(T, int16_t)                                                       \
  MINITF_REGISTER_GATHER(T, int32_t)                                                       \
  MINITF_REGISTER_GATHER(T, int64_t)                                                       \
  REGISTER_KERNEL_BUILDER(Name("Gather")                                                   \
                              .Device(DEVICE_CPU)                                          \
                              .TypeConstraint<T>("Tparams")                                \
                              .TypeConstraint<int32_t>("Tindices"),                        \
                          (GatherOp<T, int32_t>));                                         \
  REGISTER_KERNEL_BUILDER(Name("Gather")                                                   \
                              .Device(DEVICE_CPU)                                          \
                              .TypeConstraint<T>("Tparams")                                \
                              .TypeConstraint<int64_t>("Tindices"),                        \
                          (GatherOp<T, int64_t>));                                         \
  REGISTER_KERNEL_BUILDER(Name("ScatterNd")                                                \
                              .Device(DEVICE_CPU)                                          \
                              .TypeConstraint<T>("T")                                      \
                              .TypeConstraint<int32_t>("Tindices"),                        \
                          (ScatterNdOp<T, int32_t>));                                      \
  REGISTER_KERNEL_BUILDER(Name("ScatterNd")                                                \
                              .Device(DEVICE_CPU)                                          \
                              .TypeConstraint<T>("T")                                      \
                              .TypeConstraint<int64_t>("Tindices"),                        \
                          (ScatterNdOp<T, int64_t>));                                      \
  REGISTER_KERNEL_BUILDER(Name("DynamicStitch").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          DynamicStitchOp<T>);
MINITF_CALL_ALL_TYPES(MINITF_REGISTER_INDEXING)
#undef MINITF_REGISTER_INDEXING
#undef MINITF_REGISTER_GATHER

#define MINITF_REGISTER_WHERE(T) \
  REGISTER_KERNEL_BUILDER(Name("Where").Device(DEVICE_CPU).TypeConstraint<T>("T"), WhereOp<T>);
MINITF_CALL_NUMBER_TYPES(MINITF_REGISTER_WHERE)
#undef MINITF_REGISTER_WHERE

#define MINITF_REGISTER_NON_ALIASING_ADD(T)                         \
  REGISTER_KERNEL_BUILDER(Name("ScatterNdNonAliasingAdd")           \
                              .Device(DEVICE_CPU)                   \
                              .TypeConstraint<T>("T")               \
                              .TypeConstraint<int32_t>("Tindices"), \
                          (ScatterNdNonAliasingAddOp<T, int32_t>)); \
  REGISTER_KERNEL_BUILDER(Name("ScatterNdNonAliasingAdd")           \
                              .Device(DEVICE_CPU)                   \
                              .TypeConstraint<T>("T")               \
                              .TypeConstraint<int64_t>("Tindices"), \
                          (ScatterNdNonAliasingAddOp<T, int64_t>));
MINITF_CALL_NUMBER_TYPES(MINITF_REGISTER_NON_ALIASING_ADD)
#undef MINITF_REGISTER_NON_ALIASING_ADD

REGISTER_KERNEL_BUILDER(Name("Bitcast").Device(DEVICE_CPU), BitcastOp);

}  // namespace
}  // namespace tensorflow
