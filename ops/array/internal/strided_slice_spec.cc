#include "ops/array/internal/strided_slice_spec.h"

#include <algorithm>

#include "framework/errors.h"

namespace tensorflow {
namespace strided_slice {
namespace {

constexpr int kNewAxis = -1;
constexpr int kShrinkAxis = -2;

bool Bit(int64_t mask, int i) { return i < 63 && ((mask >> i) & 1) != 0; }

// The dense form of the spec: one entry per input dimension (the ellipsis expanded, new axes
// set aside), and for each output dimension which dense dimension it comes from.
struct Dense {
  std::vector<int64_t> begin, end, strides;
  int64_t begin_mask = 0, end_mask = 0, shrink_mask = 0;
  std::vector<int> final_from;  // dense index, kNewAxis or kShrinkAxis per sparse entry
};

Status BuildDense(const Tensor* begin_t, const Tensor* end_t, const Tensor& strides_t, int dims,
                  const Masks& m, Dense* d) {
  const int64_t n = strides_t.NumElements();
  const std::vector<int64_t> strides = tensor::IntValues(strides_t);
  const std::vector<int64_t> begin = begin_t ? tensor::IntValues(*begin_t) : std::vector<int64_t>();
  const std::vector<int64_t> end = end_t ? tensor::IntValues(*end_t) : std::vector<int64_t>();
  // New axes after the ellipsis take no input dimension from it.
  int64_t new_axes_after_ellipsis = 0;
  bool ellipsis_seen = false;
  for (int i = 0; i < n; ++i) {
    if (ellipsis_seen && Bit(m.new_axis, i)) ++new_axes_after_ellipsis;
    if (Bit(m.ellipsis, i)) ellipsis_seen = true;
  }
  // Without an ellipsis the spec ends in an implicit one.
  int64_t ellipsis = m.ellipsis;
  int64_t sparse_dims = n;
  if (!ellipsis_seen) ellipsis |= int64_t{1} << sparse_dims++;

  d->begin.assign(dims, 0);
  d->end.assign(dims, 0);
  d->strides.assign(dims, 0);
  int full = 0;
  for (int i = 0; i < sparse_dims; ++i) {
    if (Bit(ellipsis, i)) {
      const int64_t next =
          std::min<int64_t>(dims - (sparse_dims - i) + 1 + new_axes_after_ellipsis, dims);
      for (; full < next; ++full) {
        d->strides[full] = 1;
        d->begin_mask |= int64_t{1} << full;
        d->end_mask |= int64_t{1} << full;
        d->final_from.push_back(full);
      }
    } else if (Bit(m.new_axis, i)) {
      d->final_from.push_back(kNewAxis);
    } else {
      if (full == dims) {
        if (dims == 0) return errors::InvalidArgument("Attempting to slice scalar input.");
        return errors::InvalidArgument("Index out of range using input dim ", full,
                                       "; input has only ", dims, " dims");
      }
      if (begin_t) d->begin[full] = begin[i];
      if (end_t) d->end[full] = end[i];
      d->strides[full] = strides[i];
      if (Bit(m.begin, i)) d->begin_mask |= int64_t{1} << full;
      if (Bit(m.end, i)) d->end_mask |= int64_t{1} << full;
      if (Bit(m.shrink_axis, i)) {
        d->final_from.push_back(kShrinkAxis);
        d->shrink_mask |= int64_t{1} << full;
      } else {
        d->final_from.push_back(full);
      }
      ++full;
    }
  }
  return OkStatus();
}

// The number of elements from `begin` to `end` by `stride` (0 when the interval is empty or
// points against the stride).
int64_t IntervalSize(int64_t length, int64_t stride) {
  if (length == 0 || (length < 0) != (stride < 0)) return 0;
  return length / stride + (length % stride != 0 ? 1 : 0);
}

}  // namespace

Status Validate(const Tensor* begin_t, const Tensor* end_t, const Tensor& strides_t,
                const PartialTensorShape& input_shape, const Masks& masks, Spec* spec) {
  const int64_t n = strides_t.NumElements();
  const bool begin_wrong =
      begin_t && !(begin_t->dims() == 1 && begin_t->NumElements() == n && n < 32);
  const bool end_wrong = end_t && !(end_t->dims() == 1 && end_t->NumElements() == n);
  if (begin_wrong || end_wrong || strides_t.dims() != 1) {
    if (begin_t && end_t) {
      return errors::InvalidArgument(
          "Expected begin, end, and strides to be 1D equal size tensors, but got shapes ",
          begin_t->shape().DebugString(), ", ", end_t->shape().DebugString(), ", and ",
          strides_t.shape().DebugString(), " instead.");
    }
    return errors::InvalidArgument(
        "Expected begin, end, and strides to be 1D equal size tensors, but got shape ",
        strides_t.shape().DebugString(), " for strides.");
  }
  if (masks.ellipsis != 0 && (masks.ellipsis & (masks.ellipsis - 1)) != 0) {
    return errors::InvalidArgument("Multiple ellipses in slice spec not allowed");
  }
  // Masks are 32 bits wide: a spec of 32 or more entries cannot be expressed (TF's kernels
  // check begin's size; with begin unknown the shape function must not shift past 63 either).
  if (n >= 32) {
    return errors::InvalidArgument(
        "Expected begin, end, and strides to be 1D equal size tensors, but got shape ",
        strides_t.shape().DebugString(), " for strides.");
  }
  const int dims = input_shape.dims();
  Dense d;
  TF_RETURN_IF_ERROR(BuildDense(begin_t, end_t, strides_t, dims, masks, &d));
  const bool bounds_known = begin_t != nullptr && end_t != nullptr;

  spec->begin = d.begin;
  spec->end = d.end;
  spec->strides = d.strides;
  spec->is_identity = true;
  std::vector<int64_t> processing;
  for (int i = 0; i < dims; ++i) {
    int64_t& b = spec->begin[i];
    int64_t& e = spec->end[i];
    const int64_t s = spec->strides[i];
    const int64_t dim = input_shape.dim_size(i);
    if (s == 0) return errors::InvalidArgument("strides[", i, "] must be non-zero");
    const bool shrink = Bit(d.shrink_mask, i);
    if (dim == -1) {
      processing.push_back(shrink ? 1 : -1);
      continue;
    }
    const bool begin_masked = Bit(d.begin_mask, i), end_masked = Bit(d.end_mask, i);
    if (shrink && s <= 0) {
      return errors::InvalidArgument("only stride 1 allowed on non-range indexing.");
    }
    // Bounds: a masked bound takes the whole range in the stride's direction; others count
    // from the end when negative and are clamped to [0, dim] (stride > 0) or [-1, dim - 1].
    const int64_t lo = s > 0 ? 0 : -1, hi = s > 0 ? dim : dim - 1;
    auto canonical = [&](int64_t x, bool masked, bool is_end) {
      if (masked) return (s > 0) == is_end ? hi : lo;
      const int64_t fwd = x < 0 ? dim + x : x;
      return std::clamp(fwd, lo, hi);
    };
    if (bounds_known) {
      if (shrink) {
        b = b < 0 ? dim + b : b;
        if (b < 0 || b >= dim) {
          return errors::InvalidArgument("slice index ", b, " of dimension ", i, " out of bounds.");
        }
        e = b + 1;  // after the check: cannot overflow
      } else {
        b = canonical(b, begin_masked, false);
        e = canonical(e, end_masked, true);
      }
      spec->is_identity &= s == 1 && b == 0 && e == dim;
    } else {
      spec->is_identity &= s == 1 && begin_masked && end_masked;
    }
    if (bounds_known) {
      processing.push_back(IntervalSize(e - b, s));
    } else if (shrink) {
      processing.push_back(1);
    } else if (begin_masked && end_masked) {
      processing.push_back(IntervalSize(s < 0 ? -dim : dim, s));
    } else {
      processing.push_back(-1);
    }
  }
  std::vector<int64_t> final_dims;
  for (int from : d.final_from) {
    if (from >= 0) final_dims.push_back(processing[from]);
    if (from == kNewAxis) final_dims.push_back(1);
  }
  spec->processing = PartialTensorShape(processing);
  spec->final_shape = PartialTensorShape(final_dims);
  return OkStatus();
}

}  // namespace strided_slice
}  // namespace tensorflow
