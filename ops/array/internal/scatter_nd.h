// minitf internal: TF's DoScatterNd (tensorflow/core/kernels/scatter_nd_op.cc) for the forms
// that update an existing tensor in place: ScatterNdNonAliasingAdd (ops/array), TensorScatter*
// (ops/scatter), and the variable forms ScatterNd{Update,Add,Sub,Min,Max} and
// ResourceScatterNd* (ops/state). TF's checks and texts in TF's order; the updates are applied
// in index order (TF's CPU functor), index vectors outside the tensor are skipped and the last
// one is reported unless bad_indices_policy is IGNORE.
//
//   OP_REQUIRES_OK(ctx, ValidateScatterNdInto<int32_t>(shape, indices, updates));
//   Tensor* out = ...;  // a copy of the input (ForwardOrCopyInput0), or the variable's buffer
//   OP_REQUIRES_OK(ctx, ApplyScatterNd<ScatterNdAddFn, float, int32_t>(indices, updates, out,
//                                                                      ignore_bad));
#ifndef MINITF_OPS_ARRAY_INTERNAL_SCATTER_ND_H_
#define MINITF_OPS_ARRAY_INTERNAL_SCATTER_ND_H_

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "framework/errors.h"
#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "framework/tensor.h"
#include "ops/array/internal/strided_copy.h"

namespace tensorflow {
namespace array_internal {

// TF's ScatterNdShapeHelper checks for shape functions: indices and updates against the shape
// `out` of the tensor they update (ops/array/gather_ops.cc).
Status CheckScatterNdShapes(const PartialTensorShape& indices, const PartialTensorShape& updates,
                            const PartialTensorShape& out);

// bad_indices_policy of the scatter ops (TF's ScatterOpBase): "" and DEFAULT are ERROR on CPU;
// IGNORE skips index vectors outside the tensor.
inline Status ReadScatterBadIndicesPolicy(OpKernelConstruction* ctx, bool* ignore) {
  std::string policy;
  TF_RETURN_IF_ERROR(ctx->GetAttr("bad_indices_policy", &policy));
  if (policy != "" && policy != "DEFAULT" && policy != "ERROR" && policy != "IGNORE") {
    return errors::InvalidArgument("Unknown bad indices handling attribute: ", policy);
  }
  *ignore = policy == "IGNORE";
  return OkStatus();
}

// The flat row of a tensor of `dims` addressed by index vector `v` of `depth` coordinates, or -1.
template <typename Index>
int64_t RowOf(const Index* v, int64_t depth, const std::vector<int64_t>& dims) {
  int64_t row = 0;
  for (int64_t d = 0; d < depth; ++d) {
    if (v[d] < 0 || v[d] >= dims[d]) return -1;
    row = row * dims[d] + v[d];
  }
  return row;
}

// "[1, 0, 7]".
template <typename Index>
std::string IndexVector(const Index* v, int64_t depth) {
  std::vector<int64_t> c(v, v + depth);
  return absl::StrCat("[", absl::StrJoin(c, ", "), "]");
}

// TF's text for index vector `bad` (counted over `batch_shape`) outside `shape`.
template <typename Index>
Status BadScatterIndex(const TensorShape& batch_shape, int64_t bad, const Index* idx, int64_t depth,
                       const TensorShape& shape) {
  return errors::InvalidArgument("indices", SliceDebugString(batch_shape, bad), " = ",
                                 IndexVector(idx + bad * depth, depth),
                                 " does not index into shape ", shape.DebugString());
}

// The updates (TF's scatter_nd_op::UpdateOp): Apply(current, update) is the new element.
// Integers wrap as TF's; strings concatenate; bools add as TF's (or) and subtract (xor).
struct ScatterNdAssignFn {
  template <typename T>
  static T Apply(const T& /*current*/, const T& update) {
    return update;
  }
};
struct ScatterNdAddFn {
  template <typename T>
  static T Apply(const T& current, const T& update) {
    return static_cast<T>(internal::WrappingAdd(current, update));
  }
};
struct ScatterNdSubFn {
  template <typename T>
  static T Apply(const T& current, const T& update) {
    return static_cast<T>(internal::WrappingSub(current, update));
  }
};

// Applies the `n` slices of `src` (each the part of `shape` past `depth` dimensions) in order to
// the rows of `dst` the `depth`-deep index vectors of `idx` address. Returns the last index
// vector that addresses no row (the one TF reports), or -1; the others are still applied.
template <typename Fn, typename T, typename Index>
int64_t ScatterSlices(const Index* idx, int64_t n, int64_t depth, const TensorShape& shape,
                      const T* src, T* dst) {
  int64_t slice = 1;
  for (int d = static_cast<int>(depth); d < shape.dims(); ++d) slice *= shape.dim_size(d);
  const std::vector<int64_t> dims = Dims(shape);
  int64_t bad = -1;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t row = RowOf(idx + i * depth, depth, dims);
    if (row < 0) {
      bad = i;
      continue;
    }
    T* out = dst + row * slice;
    const T* in = src + i * slice;
    for (int64_t k = 0; k < slice; ++k) out[k] = Fn::Apply(out[k], in[k]);
  }
  return bad;
}

// ScatterNd's and TensorScatter*'s first checks (TF's texts).
inline Status CheckIndicesAndUpdatesRanks(const Tensor& indices, const Tensor& updates) {
  if (indices.dims() < 1) {
    return errors::InvalidArgument("Indices shape must have rank at least one. Found:",
                                   indices.shape().DebugString());
  }
  if (updates.dims() < 1) {
    return errors::InvalidArgument("Updates shape must have rank at least one. Found:",
                                   updates.shape().DebugString());
  }
  return OkStatus();
}

// TF's ValidEmptyOutputShape: no updates at all, or updates into a non-empty tensor.
inline bool ValidEmptyOutputShape(int64_t num_inputs, int64_t num_indices, int64_t num_updates) {
  if (num_indices == 0 && num_updates == 0) return true;
  return num_inputs != 0 && num_indices != 0 && num_updates != 0;
}

// TF's PrepareAndValidateInputs for updating a tensor of `shape`: its checks, texts and order.
// Where TF reads the first dimension of a scalar indices or updates (a value from memory), the
// text names no dimension values.
template <typename Index>
Status ValidateScatterNdInto(const TensorShape& shape, const Tensor& indices,
                             const Tensor& updates) {
  if (shape.dims() < 1) {
    return errors::InvalidArgument("Output must be at least 1-D, got shape: ", shape.DebugString());
  }
  if (!ValidEmptyOutputShape(shape.num_elements(), indices.NumElements(), updates.NumElements())) {
    return errors::InvalidArgument(
        "Indices and updates specified for empty output.  indices shape: ",
        indices.shape().DebugString());
  }
  const std::string i_shape = indices.shape().DebugString(),
                    u_shape = updates.shape().DebugString();
  if (indices.dims() == 0 || updates.dims() == 0) {
    return errors::InvalidArgument("Dimensions [0,1) of indices[shape=", i_shape,
                                   "] must match dimensions [0,1) of updates[shape=", u_shape, "]");
  }
  if (indices.dim_size(0) != updates.dim_size(0)) {
    return errors::InvalidArgument(
        "Dimensions [0,1) of indices[shape=", i_shape, "] = ", indices.dim_size(0),
        " must match dimensions [0,1) of updates[shape=", u_shape, "] = ", updates.dim_size(0));
  }
  // TF's ValidateScatterNdUpdateShape: updates.shape must be indices.shape[:-1] +
  // shape[indices.shape[-1]:].
  const int64_t slice_dim = indices.dims() > 1 ? indices.dim_size(indices.dims() - 1) : 1;
  const int64_t batch_dim = indices.dims() > 1 ? indices.dims() - 1 : 1;
  const auto prefix = [&] {
    return errors::InvalidArgument("Dimensions [0,", batch_dim, ") of indices[shape=", i_shape,
                                   "] must match dimensions [0,", batch_dim,
                                   ") of updates[shape=", u_shape, "]");
  };
  const auto suffix = [&] {
    return errors::InvalidArgument("Dimensions [", slice_dim, ",", shape.dims(),
                                   ") of input[shape=", shape.DebugString(),
                                   "] must match dimensions [", slice_dim, ",", updates.dims(),
                                   ") of updates[shape=", u_shape, "]");
  };
  if (updates.dims() < batch_dim) return prefix();
  if (shape.dims() < slice_dim + (updates.dims() - batch_dim)) return suffix();
  if (updates.dims() != batch_dim + shape.dims() - slice_dim) return suffix();
  for (int64_t d = 0; d < batch_dim; ++d) {
    if (updates.dim_size(d) != indices.dim_size(d)) return prefix();
  }
  for (int64_t d = 0; d < updates.dims() - batch_dim; ++d) {
    if (updates.dim_size(d + batch_dim) != shape.dim_size(d + slice_dim)) return suffix();
  }
  const std::string index_type = DataTypeString(DataTypeToEnum<Index>::v());
  constexpr int64_t kIndexMax = std::numeric_limits<Index>::max();
  if (indices.NumElements() > kIndexMax) {
    return errors::InvalidArgument("indices has too many elements for ", index_type,
                                   " indexing: ", indices.NumElements(), " > ", kIndexMax);
  }
  if (shape.dim_size(0) > kIndexMax) {
    return errors::InvalidArgument("params_shape[0] too large for ", index_type,
                                   " indexing: ", shape.dim_size(0), " > ", kIndexMax);
  }
  // An empty tensor's trailing sides may multiply past int64 (TF's product overflows there).
  int64_t slice_size = 1;
  for (int d = static_cast<int>(slice_dim); d < shape.dims(); ++d) {
    if (__builtin_mul_overflow(slice_size, shape.dim_size(d), &slice_size)) {
      slice_size = std::numeric_limits<int64_t>::max();
      break;
    }
  }
  if (slice_size > kIndexMax) {
    return errors::InvalidArgument("slice size is too large for indexing: ", slice_size, " > ",
                                   kIndexMax);
  }
  return OkStatus();
}

// The rest of TF's DoScatterNd into `*out` (allocate = false), once ValidateScatterNdInto
// passed for out's shape: nothing more for an empty tensor, index depths 1 to 7 (TF's text says
// 5), then the updates in index order. As TF's CPU kernel does, rank-1 indices are one index
// vector of depth 1 (only their first element is used: TF views them as [1, n]). A bad index
// vector fails after the others were applied.
template <typename Fn, typename T, typename Index>
Status ApplyScatterNd(const Tensor& indices, const Tensor& updates, Tensor* out, bool ignore_bad) {
  const TensorShape& shape = out->shape();
  if (shape.num_elements() == 0) return OkStatus();
  const int64_t depth = indices.dims() > 1 ? indices.dim_size(indices.dims() - 1) : 1;
  if (depth < 1 || depth > 7) {
    return errors::InvalidArgument(
        "Only indices.shape[-1] values between 1 and 5 are currently supported.  Requested rank: ",
        depth);
  }
  if (indices.NumElements() == 0) return OkStatus();
  const int64_t n = indices.dims() > 1 ? indices.NumElements() / depth : 1;
  const Index* idx = indices.flat<Index>().data();
  const int64_t bad =
      ScatterSlices<Fn>(idx, n, depth, shape, updates.flat<T>().data(), out->flat<T>().data());
  if (bad >= 0 && !ignore_bad) {
    TensorShape batch_shape = indices.shape();
    batch_shape.RemoveLastDims(1);
    return BadScatterIndex(batch_shape, bad, idx, depth, shape);
  }
  return OkStatus();
}

// Output 0 as a copy of input 0 to scatter into: input 0's own buffer when nothing else views
// it, else a new one with its values (ScatterNdNonAliasingAdd, TensorScatter*).
template <typename T>
Status ForwardOrCopyInput0(OpKernelContext* ctx, Tensor** out) {
  const Tensor& input = ctx->input(0);
  TF_RETURN_IF_ERROR(ctx->forward_input_or_allocate_output({0}, 0, input.shape(), out));
  if ((*out)->NumElements() > 0 && (*out)->flat<T>().data() != input.flat<T>().data()) {
    std::copy_n(input.flat<T>().data(), input.NumElements(), (*out)->flat<T>().data());
  }
  return OkStatus();
}

}  // namespace array_internal
}  // namespace tensorflow

#endif  // MINITF_OPS_ARRAY_INTERNAL_SCATTER_ND_H_
