// CPU kernels of the data-movement ops of transform_ops.cc, for every dtype, with TF's error
// texts. They only move elements (bit-exact by construction): Transpose and Slice through one
// strided copy, Pack/Unpack/Concat as runs of contiguous blocks, Pad into a zero-filled output;
// Tile by index arithmetic, OneHot by a fill; Squeeze shares its input's buffer.
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "ops/array/internal/strided_copy.h"

namespace tensorflow {
namespace {

using array_internal::Dims;
using array_internal::RowMajorStrides;
using array_internal::StridedCopy;
constexpr int64_t kGrain = array_internal::kCopyGrain;

template <typename T>
class TransposeOp : public OpKernel {
 public:
  explicit TransposeOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    const Tensor& perm_t = ctx->input(1);
    OP_REQUIRES(
        ctx, perm_t.dims() == 1,
        errors::InvalidArgument("perm must be rank 1, got shape ", perm_t.shape().DebugString()));
    const std::vector<int64_t> perm = tensor::IntValues(perm_t);
    const int rank = x.dims();
    OP_REQUIRES(ctx, static_cast<int>(perm.size()) == rank,
                errors::InvalidArgument("transpose expects a vector of size ", rank,
                                        ". But input(1) is a vector of size ", perm.size()));
    std::vector<bool> seen(rank, false);
    for (int64_t d : perm) {
      OP_REQUIRES(ctx, d >= 0 && d < rank,
                  errors::InvalidArgument(d, " is out of range [0 .. ", rank, ")"));
      seen[d] = true;
    }
    for (int d = 0; d < rank; ++d) {
      OP_REQUIRES(ctx, seen[d],
                  errors::InvalidArgument(d, " is missing from {", absl::StrJoin(perm, ","), "}."));
    }
    const std::vector<int64_t> in_strides = RowMajorStrides(x.shape());
    std::vector<int64_t> out_dims(rank), strides(rank);
    for (int d = 0; d < rank; ++d) {
      out_dims[d] = x.dim_size(perm[d]);
      strides[d] = in_strides[perm[d]];
    }
    Tensor* out = nullptr;
    TensorShape out_dims_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(out_dims, &out_dims_shape));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_dims_shape, &out));
    StridedCopy(ctx, x.flat<T>().data(), 0, out_dims, strides, out->flat<T>().data());
  }
};

template <typename T>
class InvertPermutationOp : public OpKernel {
 public:
  explicit InvertPermutationOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    OP_REQUIRES(ctx, x.dims() == 1,
                errors::InvalidArgument("invert_permutation expects a 1D vector."));
    const int64_t n = x.NumElements();
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, x.shape(), &out));
    const T* p = x.flat<T>().data();
    T* y = out->flat<T>().data();
    std::fill(y, y + n, T(-1));
    for (int64_t i = 0; i < n; ++i) {
      const T d = p[i];
      OP_REQUIRES(ctx, d >= 0 && d < n, errors::InvalidArgument(d, " is not between 0 and ", n));
      OP_REQUIRES(ctx, y[d] == T(-1), errors::InvalidArgument(d, " is duplicated in the input."));
      y[d] = static_cast<T>(i);
    }
  }
};

// The output as `outer` rows, each the concatenation of every part's row of `widths[k]`
// elements: Pack and ConcatV2 (parts = inputs), Unpack (the reverse, through UnpackOp).
template <typename T>
void ConcatRows(OpKernelContext* ctx, const std::vector<const T*>& parts,
                const std::vector<int64_t>& widths, int64_t outer, T* out) {
  int64_t row = 0;
  for (int64_t w : widths) row += w;
  ctx->ParallelFor(outer, std::max<int64_t>(1, kGrain / std::max<int64_t>(row, 1)),
                   [&](int64_t s, int64_t e) {
                     for (int64_t r = s; r < e; ++r) {
                       T* dst = out + r * row;
                       for (size_t k = 0; k < parts.size(); ++k) {
                         const T* src = parts[k] + r * widths[k];
                         std::copy(src, src + widths[k], dst);
                         dst += widths[k];
                       }
                     }
                   });
}

template <typename T>
class PackOp : public OpKernel {
 public:
  explicit PackOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, ctx->GetAttr("axis", &axis_));
  }
  void Compute(OpKernelContext* ctx) override {
    const int n = ctx->num_inputs();
    const TensorShape& first = ctx->input(0).shape();
    const int rank = first.dims() + 1;
    int64_t axis = axis_;
    OP_REQUIRES(ctx, axis >= -rank && axis < rank,
                errors::InvalidArgument("axis = ", axis_, " not in [", -rank, ", ", rank, ")"));
    if (axis < 0) axis += rank;
    for (int i = 1; i < n; ++i) {
      OP_REQUIRES(ctx, ctx->input(i).shape() == first,
                  errors::InvalidArgument(
                      "Shapes of all inputs must match: values[0].shape = ", first.DebugString(),
                      " != values[", i, "].shape = ", ctx->input(i).shape().DebugString()));
    }
    std::vector<int64_t> dims = Dims(first);
    dims.insert(dims.begin() + axis, n);
    Tensor* out = nullptr;
    TensorShape dims_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(dims, &dims_shape));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, dims_shape, &out));
    if (out->NumElements() == 0) return;
    int64_t outer = 1;
    for (int d = 0; d < axis; ++d) outer *= first.dim_size(d);
    const int64_t inner = first.num_elements() / std::max<int64_t>(outer, 1);
    std::vector<const T*> parts(n);
    for (int i = 0; i < n; ++i) parts[i] = ctx->input(i).flat<T>().data();
    ConcatRows(ctx, parts, std::vector<int64_t>(n, inner), outer, out->flat<T>().data());
  }

 private:
  int64_t axis_ = 0;
};

template <typename T>
class UnpackOp : public OpKernel {
 public:
  explicit UnpackOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, ctx->GetAttr("axis", &axis_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& value = ctx->input(0);
    const int rank = value.dims();
    int64_t axis = axis_;
    OP_REQUIRES(ctx, axis >= -rank && axis < rank,
                errors::InvalidArgument("axis = ", axis_, " not in [", -rank, ", ", rank, ")"));
    if (axis < 0) axis += rank;
    const int num = ctx->num_outputs();
    OP_REQUIRES(ctx, value.dim_size(axis) == num,
                errors::InvalidArgument("Input shape axis ", axis, " must equal ", num,
                                        ", got shape ", value.shape().DebugString()));
    std::vector<int64_t> dims = Dims(value.shape());
    dims.erase(dims.begin() + axis);
    int64_t outer = 1;
    for (int d = 0; d < axis; ++d) outer *= value.dim_size(d);
    int64_t inner = 1;
    for (int d = axis + 1; d < rank; ++d) inner *= value.dim_size(d);
    std::vector<T*> parts(num);
    for (int k = 0; k < num; ++k) {
      Tensor* out = nullptr;
      TensorShape dims_shape;
      OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(dims, &dims_shape));
      OP_REQUIRES_OK(ctx, ctx->allocate_output(k, dims_shape, &out));
      parts[k] = out->flat<T>().data();
    }
    array_internal::SplitRows(value.flat<T>().data(), outer, std::vector<int64_t>(num, inner),
                              parts);
  }

 private:
  int64_t axis_ = 0;
};

class SqueezeOp : public OpKernel {
 public:
  explicit SqueezeOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, ctx->GetAttr("squeeze_dims", &axes_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const int rank = in.dims();
    std::vector<bool> squeeze(rank, axes_.empty());
    for (int64_t a : axes_) {
      OP_REQUIRES(ctx, a >= -rank && a < rank,
                  errors::InvalidArgument("Tried to squeeze dim index ", a, " for tensor with ",
                                          rank, " dimensions."));
      squeeze[a < 0 ? a + rank : a] = true;
    }
    std::vector<int64_t> dims;
    for (int d = 0; d < rank; ++d) {
      const int64_t size = in.dim_size(d);
      if (squeeze[d] && size == 1) continue;
      OP_REQUIRES(ctx, !squeeze[d] || axes_.empty(),
                  errors::InvalidArgument("Can not squeeze dim[", d,
                                          "], expected a dimension of 1, got ", size));
      dims.push_back(size);
    }
    Tensor out;
    OP_REQUIRES(ctx, out.CopyFrom(in, TensorShape(dims)),
                errors::Internal("Squeeze could not share its input"));
    ctx->set_output(0, out);
  }

 private:
  std::vector<int64_t> axes_;
};

template <typename T>
class ConcatV2Op : public OpKernel {
 public:
  explicit ConcatV2Op(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const int n = ctx->num_inputs() - 1;
    const Tensor& axis_t = ctx->input(n);
    OP_REQUIRES(ctx, axis_t.NumElements() == 1,
                errors::InvalidArgument("Concat dim tensor should be a scalar integer, but got "
                                        "shape ",
                                        axis_t.shape().DebugString()));
    const TensorShape& first = ctx->input(0).shape();
    const int rank = first.dims();
    int64_t axis = tensor::IntValues(axis_t)[0];
    // Scalars have no axis to concatenate along (TF accepts them only in pre-2015 graphs);
    // once, minitf wrote their N values into a one-element output.
    OP_REQUIRES(ctx, rank > 0,
                errors::InvalidArgument("ConcatOp : Can't concatenate scalars (use tf.stack "
                                        "instead)"));
    OP_REQUIRES(ctx, axis >= -rank && axis < rank,
                errors::InvalidArgument("ConcatOp : Expected concatenating dimensions in the "
                                        "range [",
                                        -rank, ", ", rank, "), but got ", axis));
    if (axis < 0) axis += rank;
    int64_t total = 0;
    for (int i = 0; i < n; ++i) {
      const TensorShape& s = ctx->input(i).shape();
      OP_REQUIRES(
          ctx, s.dims() == rank,
          errors::InvalidArgument("ConcatOp : Ranks of all input tensors should match: "
                                  "shape[0] = ",
                                  first.DebugString(), " vs. shape[", i, "] = ", s.DebugString()));
      for (int d = 0; d < rank; ++d) {
        if (d == axis) continue;
        OP_REQUIRES(ctx, s.dim_size(d) == first.dim_size(d),
                    errors::InvalidArgument(
                        "ConcatOp : Dimension ", d, " in both shapes must be equal: shape[0] = ",
                        first.DebugString(), " vs. shape[", i, "] = ", s.DebugString()));
      }
      total += rank == 0 ? 1 : s.dim_size(axis);
    }
    std::vector<int64_t> dims = Dims(first);
    if (rank > 0) dims[axis] = total;
    Tensor* out = nullptr;
    TensorShape dims_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(dims, &dims_shape));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, dims_shape, &out));
    if (out->NumElements() == 0) return;
    int64_t outer = 1;
    for (int d = 0; d < axis; ++d) outer *= first.dim_size(d);
    std::vector<const T*> parts(n);
    std::vector<int64_t> widths(n);
    for (int i = 0; i < n; ++i) {
      parts[i] = ctx->input(i).flat<T>().data();
      widths[i] = ctx->input(i).NumElements() / std::max<int64_t>(outer, 1);
    }
    ConcatRows(ctx, parts, widths, outer, out->flat<T>().data());
  }
};

// ConcatOffset: where each input starts in the concatenation (0 except along concat_dim).
class ConcatOffsetOp : public OpKernel {
 public:
  explicit ConcatOffsetOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& dim_t = ctx->input(0);
    OP_REQUIRES(ctx, dim_t.dims() == 0,
                errors::InvalidArgument("Concat dim tensor should be a scalar integer, but got "
                                        "shape ",
                                        dim_t.shape().DebugString()));
    const int n = ctx->num_inputs() - 1;
    const Tensor& first = ctx->input(1);
    OP_REQUIRES(ctx, first.dims() == 1,
                errors::InvalidArgument("input 1 should be a vector, but got shape ",
                                        first.shape().DebugString()));
    const int64_t rank = first.NumElements();
    int64_t axis = tensor::IntValues(dim_t)[0];
    if (axis < 0) axis += rank;
    OP_REQUIRES(ctx, axis >= 0 && axis < rank,
                errors::InvalidArgument("Concat dim is out of range: ", dim_t.scalar<int32_t>()(),
                                        " vs. ", rank));
    const std::vector<int64_t> first_dims = tensor::IntValues(first);
    int64_t offset = 0;
    for (int i = 0; i < n; ++i) {
      const Tensor& s = ctx->input(1 + i);
      OP_REQUIRES(ctx, s.dims() == 1 && s.NumElements() == rank,
                  errors::InvalidArgument("input ", i, " should contain ", rank,
                                          " elements, but got ", s.NumElements()));
      const std::vector<int64_t> dims = tensor::IntValues(s);
      for (int64_t d = 0; d < rank; ++d) {
        OP_REQUIRES(ctx, d == axis || dims[d] == first_dims[d],
                    errors::InvalidArgument("All dimensions except ", axis, " must match. Input ",
                                            i, " has shape [", absl::StrJoin(dims, " "),
                                            "] and doesn't match input "
                                            "0 with shape [",
                                            absl::StrJoin(first_dims, " "), "]."));
      }
      Tensor* out = nullptr;
      OP_REQUIRES_OK(ctx, ctx->allocate_output(i, s.shape(), &out));
      for (int64_t d = 0; d < rank; ++d) {
        const int64_t v = d == axis ? offset : 0;
        if (out->dtype() == DT_INT32) {
          out->flat<int32_t>()(d) = static_cast<int32_t>(v);
        } else {
          out->flat<int64_t>()(d) = v;
        }
      }
      offset += dims[axis];
    }
  }
};

class ShapeNOp : public OpKernel {
 public:
  explicit ShapeNOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    for (int i = 0; i < ctx->num_inputs(); ++i) {
      const TensorShape& s = ctx->input(i).shape();
      Tensor* out = nullptr;
      OP_REQUIRES_OK(ctx, ctx->allocate_output(i, TensorShape({s.dims()}), &out));
      for (int d = 0; d < s.dims(); ++d) {
        if (out->dtype() == DT_INT32) {
          OP_REQUIRES(ctx, s.dim_size(d) <= INT32_MAX,
                      errors::InvalidArgument("ShapeN output type is 32-bit but shape ", i, " dim ",
                                              d, " is ", s.dim_size(d)));
          out->flat<int32_t>()(d) = static_cast<int32_t>(s.dim_size(d));
        } else {
          out->flat<int64_t>()(d) = s.dim_size(d);
        }
      }
    }
  }
};

template <typename T>
class SliceOp : public OpKernel {
 public:
  explicit SliceOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const Tensor& begin_t = ctx->input(1);
    const Tensor& size_t_ = ctx->input(2);
    const int rank = in.dims();
    OP_REQUIRES(
        ctx,
        begin_t.dims() == 1 && size_t_.dims() == 1 && begin_t.NumElements() == rank &&
            size_t_.NumElements() == rank,
        errors::InvalidArgument("Expected begin and size arguments to be 1-D tensors of size ",
                                rank, ", but got shapes ", begin_t.shape().DebugString(), " and ",
                                size_t_.shape().DebugString(), " instead."));
    const std::vector<int64_t> begin = tensor::IntValues(begin_t);
    std::vector<int64_t> size = tensor::IntValues(size_t_);
    for (int d = 0; d < rank; ++d) {
      const int64_t dim = in.dim_size(d);
      if (size[d] == -1) size[d] = dim - begin[d];
      OP_REQUIRES(
          ctx, begin[d] >= 0 && begin[d] <= dim,
          errors::InvalidArgument("Expected begin[", d, "] in [0, ", dim, "], but got ", begin[d]));
      OP_REQUIRES(ctx, size[d] >= 0 && size[d] <= dim - begin[d],
                  errors::InvalidArgument("Expected size[", d, "] in [0, ", dim - begin[d],
                                          "], but got ", size[d]));
    }
    Tensor* out = nullptr;
    TensorShape size_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(size, &size_shape));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, size_shape, &out));
    const std::vector<int64_t> strides = RowMajorStrides(in.shape());
    int64_t offset = 0;
    for (int d = 0; d < rank; ++d) offset += begin[d] * strides[d];
    StridedCopy(ctx, in.flat<T>().data(), offset, size, strides, out->flat<T>().data());
  }
};

// Pad and PadV2 (whose third input is the scalar padding value).
template <typename T>
class PadOp : public OpKernel {
 public:
  explicit PadOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const Tensor& paddings = ctx->input(1);
    const int rank = in.dims();
    OP_REQUIRES(ctx, rank <= 8, errors::Unimplemented("inputs rank not in [0,8]: ", rank));
    OP_REQUIRES(ctx, paddings.dims() == 2 && paddings.dim_size(1) == 2,
                errors::InvalidArgument("paddings must be a matrix with 2 columns: ",
                                        paddings.shape().DebugString()));
    OP_REQUIRES(
        ctx, paddings.dim_size(0) == rank,
        errors::InvalidArgument("The first dimension of paddings must be the rank of "
                                "inputs",
                                paddings.shape().DebugString(), " ", in.shape().DebugString()));
    T pad_value = T();
    if (ctx->num_inputs() == 3) {
      const Tensor& value = ctx->input(2);
      OP_REQUIRES(ctx, value.dims() == 0,
                  errors::InvalidArgument("constant_values must be a scalar. Found: ",
                                          value.shape().DebugString()));
      pad_value = value.flat<T>()(0);
    }
    const std::vector<int64_t> p = tensor::IntValues(paddings);
    TensorShape out_shape;
    for (int d = 0; d < rank; ++d) {
      OP_REQUIRES(
          ctx, p[2 * d] >= 0 && p[2 * d + 1] >= 0,
          errors::InvalidArgument("Paddings must be non-negative: ", p[2 * d], " ", p[2 * d + 1]));
      int64_t size = 0;
      OP_REQUIRES(ctx,
                  !__builtin_add_overflow(p[2 * d], in.dim_size(d), &size) &&
                      !__builtin_add_overflow(size, p[2 * d + 1], &size),
                  errors::InvalidArgument("Paddings ", p[2 * d], " ", p[2 * d + 1],
                                          " overflow dimension ", d, " of size ", in.dim_size(d)));
      OP_REQUIRES_OK(ctx, out_shape.AddDimWithStatus(size));
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    T* z = out->flat<T>().data();
    std::fill(z, z + out->NumElements(), pad_value);
    if (in.NumElements() == 0) return;
    const std::vector<int64_t> out_strides = RowMajorStrides(out->shape());
    int64_t base = 0;
    for (int d = 0; d < rank; ++d) base += p[2 * d] * out_strides[d];
    array_internal::StridedScatter(ctx, in.flat<T>().data(), Dims(in.shape()), base, out_strides,
                                   z);
  }
};

// Tile: out[i] = in[i_d % in_dim_d per dimension].
template <typename T>
class TileOp : public OpKernel {
 public:
  explicit TileOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const Tensor& multiples_t = ctx->input(1);
    OP_REQUIRES(ctx, multiples_t.dims() == 1 && multiples_t.NumElements() == in.dims(),
                errors::InvalidArgument("Expected multiples argument to be a vector of length ",
                                        in.dims(), " but got length ",
                                        multiples_t.dims() == 0 ? 0 : multiples_t.dim_size(0)));
    const std::vector<int64_t> m = tensor::IntValues(multiples_t);
    const int rank = in.dims();
    std::vector<int64_t> dims(rank);
    for (int d = 0; d < rank; ++d) {
      OP_REQUIRES(ctx, m[d] >= 0,
                  errors::InvalidArgument("Expected multiples[", d, "] >= 0, but got ", m[d]));
      // TF's product wraps (a negative size is then its error), without signed overflow here.
      dims[d] = internal::WrappingMul<int64_t>(in.dim_size(d), m[d]);
    }
    Tensor* out = nullptr;
    TensorShape dims_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(dims, &dims_shape));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, dims_shape, &out));
    if (out->NumElements() == 0) return;
    const T* x = in.flat<T>().data();
    T* z = out->flat<T>().data();
    if (in.NumElements() == 1) {  // a scalar's gradient tiled out (Mean, Sum): a fill
      const T value = x[0];
      ctx->ParallelFor(out->NumElements(), kGrain,
                       [&](int64_t s, int64_t e) { std::fill(z + s, z + e, value); });
      return;
    }
    const std::vector<int64_t> strides = RowMajorStrides(in.shape());
    const std::vector<int64_t> in_dims = Dims(in.shape());
    // Output row by output row (the last dimension): a row is its source row, found once per
    // row, repeated multiples[-1] times.
    const int64_t in_row = in_dims[rank - 1], out_row = dims[rank - 1];
    const int64_t rows = out->NumElements() / out_row;
    ctx->ParallelFor(rows, std::max<int64_t>(1, kGrain / out_row), [&](int64_t r0, int64_t r1) {
      for (int64_t r = r0; r < r1; ++r) {
        int64_t src = 0, rest = r;
        for (int d = rank - 2; d >= 0; --d) {
          src += ((rest % dims[d]) % in_dims[d]) * strides[d];
          rest /= dims[d];
        }
        T* zr = z + r * out_row;
        if (in_row == 1) {
          std::fill(zr, zr + out_row, x[src]);
        } else {
          for (int64_t k = 0; k < out_row; k += in_row)
            std::copy(x + src, x + src + in_row, zr + k);
        }
      }
    });
  }
};

// OneHot: on_value where the index (along the new axis) equals the element's index, else
// off_value; out-of-range indices give a row of off_value.
template <typename T, typename TI>
class OneHotOp : public OpKernel {
 public:
  explicit OneHotOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("axis", &axis_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& indices = ctx->input(0);
    const Tensor& depth_t = ctx->input(1);
    const Tensor& on = ctx->input(2);
    const Tensor& off = ctx->input(3);
    const int rank = indices.dims();
    OP_REQUIRES(ctx, axis_ == -1 || (axis_ >= 0 && axis_ <= rank),
                errors::InvalidArgument("Expected axis to be -1 or between [0, ", rank + 1,
                                        ").  But received: ", axis_));
    OP_REQUIRES(ctx, depth_t.dims() == 0,
                errors::InvalidArgument("depth must be a scalar, but got: ",
                                        depth_t.shape().DebugString()));
    OP_REQUIRES(
        ctx, on.dims() == 0,
        errors::InvalidArgument("on_value must be a scalar, but got: ", on.shape().DebugString()));
    OP_REQUIRES(ctx, off.dims() == 0,
                errors::InvalidArgument("off_value must be a scalar, but got: ",
                                        off.shape().DebugString()));
    const int64_t depth = depth_t.scalar<int32_t>()();
    OP_REQUIRES(ctx, depth >= 0,
                errors::InvalidArgument("depth must be non-negative, got: ", depth));
    const int axis = axis_ == -1 ? rank : static_cast<int>(axis_);
    std::vector<int64_t> dims = Dims(indices.shape());
    dims.insert(dims.begin() + axis, depth);
    Tensor* out = nullptr;
    TensorShape dims_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(dims, &dims_shape));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, dims_shape, &out));
    // Nothing to write (an empty index dimension can leave prefix * depth huge: no loop over it).
    if (out->NumElements() == 0) return;
    int64_t prefix = 1, suffix = 1;
    for (int d = 0; d < axis; ++d) prefix *= indices.dim_size(d);
    for (int d = axis; d < rank; ++d) suffix *= indices.dim_size(d);
    const TI* idx = indices.flat<TI>().data();
    const T on_v = on.scalar<T>()(), off_v = off.scalar<T>()();
    T* z = out->flat<T>().data();
    for (int64_t p = 0; p < prefix; ++p) {
      for (int64_t k = 0; k < depth; ++k) {
        for (int64_t q = 0; q < suffix; ++q) {
          z[(p * depth + k) * suffix + q] =
              static_cast<int64_t>(idx[p * suffix + q]) == k ? on_v : off_v;
        }
      }
    }
  }

 private:
  int64_t axis_ = -1;
};

#define MINITF_REGISTER_TRANSFORMS(T)                                                             \
  REGISTER_KERNEL_BUILDER(Name("Transpose").Device(DEVICE_CPU).TypeConstraint<T>("T"),            \
                          TransposeOp<T>);                                                        \
  REGISTER_KERNEL_BUILDER(Name("Pack").Device(DEVICE_CPU).TypeConstraint<T>("T"), PackOp<T>);     \
  REGISTER_KERNEL_BUILDER(Name("Unpack").Device(DEVICE_CPU).TypeConstraint<T>("T"), UnpackOp<T>); \
  REGISTER_KERNEL_BUILDER(Name("ConcatV2").Device(DEVICE_CPU).TypeConstraint<T>("T"),             \
                          ConcatV2Op<T>);                                                         \
  REGISTER_KERNEL_BUILDER(Name("Slice").Device(DEVICE_CPU).TypeConstraint<T>("T"), SliceOp<T>);   \
  REGISTER_KERNEL_BUILDER(Name("Pad").Device(DEVICE_CPU).TypeConstraint<T>("T"), PadOp<T>);       \
  REGISTER_KERNEL_BUILDER(Name("PadV2").Device(DEVICE_CPU).TypeConstraint<T>("T"), PadOp<T>);     \
  REGISTER_KERNEL_BUILDER(Name("Tile").Device(DEVICE_CPU).TypeConstraint<T>("T"), TileOp<T>);     \
  REGISTER_KERNEL_BUILDER(                                                                        \
      Name("OneHot").Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<int32_t>("TI"),     \
      (OneHotOp<T, int32_t>));                                                                    \
  REGISTER_KERNEL_BUILDER(                                                                        \
      Name("OneHot").Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<int64_t>("TI"),     \
      (OneHotOp<T, int64_t>));
MINITF_CALL_ALL_TYPES(MINITF_REGISTER_TRANSFORMS)
#undef MINITF_REGISTER_TRANSFORMS

REGISTER_KERNEL_BUILDER(Name("InvertPermutation").Device(DEVICE_CPU).TypeConstraint<int32_t>("T"),
                        InvertPermutationOp<int32_t>);
REGISTER_KERNEL_BUILDER(Name("InvertPermutation").Device(DEVICE_CPU).TypeConstraint<int64_t>("T"),
                        InvertPermutationOp<int64_t>);
REGISTER_KERNEL_BUILDER(Name("Squeeze").Device(DEVICE_CPU), SqueezeOp);
REGISTER_KERNEL_BUILDER(Name("ConcatOffset").Device(DEVICE_CPU), ConcatOffsetOp);
REGISTER_KERNEL_BUILDER(Name("ShapeN").Device(DEVICE_CPU), ShapeNOp);

}  // namespace
}  // namespace tensorflow
