// CPU kernels of the reductions Sum, Mean, Prod, Max, Min, All and Any. Each output element
// combines its inputs in a fixed order (row-major; along a contiguous reduced run, four interleaved
// partials) so results do not depend on the thread count. Sums add into a wider accumulator
// (double for float, float for 16-bit floats, modular 64-bit for integers), at least as
// accurate as TF's (whose Eigen tree reductions are not reproducible bit for bit; see
// docs/design.md); Max and Min are exact (a NaN wins; of equal values the later one).
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <memory>
#include <type_traits>

#include "framework/op_kernel.h"
#include "ops/math/internal/reduction_axes.h"

namespace tensorflow {
namespace {

template <typename T>
struct Accumulator {
  using type = T;
};
template <>
struct Accumulator<float> {
  using type = double;
};
template <>
struct Accumulator<Eigen::half> {
  using type = float;
};
template <>
struct Accumulator<Eigen::bfloat16> {
  using type = float;
};
template <>
struct Accumulator<complex64> {
  using type = complex128;
};

template <typename T>
using AccType =
    std::conditional_t<std::is_integral<T>::value, uint64_t, typename Accumulator<T>::type>;

// The input seen as runs of dimensions that are all reduced or all kept (adjacent dims of one
// kind merged): sizes[i] and whether run i is reduced.
struct ReductionLayout {
  std::vector<int64_t> sizes;
  std::vector<bool> reduced;
  TensorShape out_shape;
  int64_t reduce_count = 1;
};

Status MakeLayout(const Tensor& input, const Tensor& axes, bool keep_dims,
                  ReductionLayout* layout) {
  if (axes.dims() > 1) {
    return errors::InvalidArgument("reduction_indices must be a scalar or a vector, got shape ",
                                   axes.shape().DebugString());
  }
  const int rank = input.dims();
  std::vector<bool> reduce;
  TF_RETURN_IF_ERROR(
      reduction::ReducedDims(tensor::IntValues(axes), rank, reduction::Checker::kKernel, &reduce));
  for (int d = 0; d < rank; ++d) {
    const int64_t size = input.dim_size(d);
    // An empty input may have sizes whose products overflow: the output's shape says so
    // (TF's overflow text) before any product is used.
    if (reduce[d]) {
      if (__builtin_mul_overflow(layout->reduce_count, size, &layout->reduce_count)) {
        return errors::InvalidArgument("Reducing ", input.shape().DebugString(),
                                       " overflows the count of reduced values");
      }
      if (keep_dims) TF_RETURN_IF_ERROR(layout->out_shape.AddDimWithStatus(1));
    } else {
      TF_RETURN_IF_ERROR(layout->out_shape.AddDimWithStatus(size));
    }
    if (size == 1) continue;  // a size-1 dim is neither: it changes no offsets
    if (!layout->sizes.empty() && layout->reduced.back() == reduce[d]) {
      if (__builtin_mul_overflow(layout->sizes.back(), size, &layout->sizes.back())) {
        return errors::InvalidArgument("Reducing ", input.shape().DebugString(),
                                       " overflows its sizes");
      }
    } else {
      layout->sizes.push_back(size);
      layout->reduced.push_back(reduce[d]);
    }
  }
  return OkStatus();
}

// The reductions' combining rules: Acc, the accumulator type; Identity(); Add(acc, x).
template <typename T>
struct SumReducer {
  using Acc = AccType<T>;
  static Acc Identity() { return Acc(0); }
  static Acc Add(Acc a, Acc x) { return a + x; }
};
template <typename T>
using Comparable = std::conditional_t<
    std::is_same<T, Eigen::half>::value || std::is_same<T, Eigen::bfloat16>::value, float, T>;
template <typename T, bool kMax>
struct ExtremumReducer {
  using Acc = Comparable<T>;
  static Acc Identity() {
    if constexpr (std::is_floating_point<Acc>::value) {
      return kMax ? -std::numeric_limits<Acc>::infinity() : std::numeric_limits<Acc>::infinity();
    } else {
      return kMax ? std::numeric_limits<Acc>::lowest() : std::numeric_limits<Acc>::max();
    }
  }
  static Acc Add(Acc a, Acc x) {
    if constexpr (std::is_floating_point<Acc>::value) {
      if (std::isnan(a)) return a;
      if (std::isnan(x)) return x;
    }
    return (kMax ? x >= a : x <= a) ? x : a;
  }
};
// Prod: multiplies in AccType (double for float, float for 16-bit floats, modular 64-bit for
// integers, so they wrap as TF's do).
template <typename T>
struct ProdReducer {
  using Acc = AccType<T>;
  static Acc Identity() { return Acc(1); }
  static Acc Add(Acc a, Acc x) { return a * x; }
};
template <bool kAll>
struct LogicalReducer {
  using Acc = bool;
  static Acc Identity() { return kAll; }
  static Acc Add(Acc a, Acc x) { return kAll ? (a && x) : (a || x); }
};

// acc[o] = R::Add(acc[o], x[i]) over the whole input, walking it in row-major order.
template <typename R, typename T, typename Acc>
void Accumulate(const T* x, const ReductionLayout& l, Acc* acc) {
  const int runs = static_cast<int>(l.sizes.size());
  if (runs == 0) {  // a single element (or every dim of size 1)
    acc[0] = R::Add(acc[0], static_cast<Acc>(x[0]));
    return;
  }
  // Output strides of each run (0 for reduced runs).
  std::vector<int64_t> ostride(runs, 0);
  int64_t s = 1;
  for (int r = runs - 1; r >= 0; --r) {
    if (!l.reduced[r]) {
      ostride[r] = s;
      s *= l.sizes[r];
    }
  }
  const int64_t inner = l.sizes.back();
  const bool inner_reduced = l.reduced.back();
  int64_t outer = 1;
  for (int r = 0; r + 1 < runs; ++r) outer *= l.sizes[r];
  for (int64_t row = 0; row < outer; ++row) {
    int64_t o = 0, rest = row;
    for (int r = runs - 2; r >= 0; --r) {
      o += (rest % l.sizes[r]) * ostride[r];
      rest /= l.sizes[r];
    }
    const T* xr = x + row * inner;
    if (inner_reduced) {  // four interleaved partials, combined in a fixed order
      Acc a[4] = {R::Identity(), R::Identity(), R::Identity(), R::Identity()};
      int64_t i = 0;
      for (; i + 4 <= inner; i += 4) {
        for (int l = 0; l < 4; ++l) a[l] = R::Add(a[l], static_cast<Acc>(xr[i + l]));
      }
      for (; i < inner; ++i) a[i % 4] = R::Add(a[i % 4], static_cast<Acc>(xr[i]));
      acc[o] = R::Add(acc[o], R::Add(R::Add(a[0], a[1]), R::Add(a[2], a[3])));
    } else {
      for (int64_t i = 0; i < inner; ++i) acc[o + i] = R::Add(acc[o + i], static_cast<Acc>(xr[i]));
    }
  }
}

template <typename T, bool kMean>
class ReductionOp : public OpKernel {
 public:
  explicit ReductionOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("keep_dims", &keep_dims_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& input = ctx->input(0);
    ReductionLayout layout;
    OP_REQUIRES_OK(ctx, MakeLayout(input, ctx->input(1), keep_dims_, &layout));
    if (layout.reduce_count == 1) {  // nothing to add up: the input, reshaped (as TF does)
      Tensor same;
      OP_REQUIRES(ctx, same.CopyFrom(input, layout.out_shape),
                  errors::Internal("reduction could not share its input"));
      ctx->set_output(0, same);
      return;
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, layout.out_shape, &out));
    using Acc = AccType<T>;
    const int64_t n = out->NumElements();
    std::vector<Acc> acc(n, Acc(0));
    if (input.NumElements() > 0) {
      Accumulate<SumReducer<T>>(input.flat<T>().data(), layout, acc.data());
    }
    T* y = out->flat<T>().data();
    for (int64_t i = 0; i < n; ++i) {
      const T sum = static_cast<T>(acc[i]);
      if constexpr (!kMean) {
        y[i] = sum;
      } else if constexpr (std::is_integral<T>::value) {  // the exact sum, divided (truncating)
        const int64_t count = layout.reduce_count;
        if (count == 0) {
          y[i] = T(0);
        } else if constexpr (std::is_signed<T>::value) {
          y[i] = static_cast<T>(static_cast<int64_t>(acc[i]) / count);
        } else {
          y[i] = static_cast<T>(acc[i] / static_cast<uint64_t>(count));
        }
      } else if constexpr (std::is_same<Acc, float>::value) {  // 16-bit floats: divide in float
        y[i] = static_cast<T>(acc[i] / static_cast<float>(layout.reduce_count));
      } else {
        y[i] = sum / static_cast<T>(static_cast<double>(layout.reduce_count));
      }
    }
  }

 private:
  bool keep_dims_ = false;
};

// Prod, Max, Min, All, Any: R's combination of each output's inputs (in R::Acc).
template <typename T, typename R>
class CombineOp : public OpKernel {
 public:
  explicit CombineOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("keep_dims", &keep_dims_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& input = ctx->input(0);
    ReductionLayout layout;
    OP_REQUIRES_OK(ctx, MakeLayout(input, ctx->input(1), keep_dims_, &layout));
    if (layout.reduce_count == 1) {
      Tensor same;
      OP_REQUIRES(ctx, same.CopyFrom(input, layout.out_shape),
                  errors::Internal("reduction could not share its input"));
      ctx->set_output(0, same);
      return;
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, layout.out_shape, &out));
    using Acc = typename R::Acc;
    // Not std::vector: vector<bool> has no data().
    std::unique_ptr<Acc[]> acc(new Acc[out->NumElements()]);
    std::fill(acc.get(), acc.get() + out->NumElements(), R::Identity());
    if (input.NumElements() > 0) Accumulate<R>(input.flat<T>().data(), layout, acc.get());
    T* y = out->flat<T>().data();
    for (int64_t i = 0; i < out->NumElements(); ++i) y[i] = static_cast<T>(acc[i]);
  }

 private:
  bool keep_dims_ = false;
};

// ArgMax/ArgMin along `dimension`: the first index of the largest (smallest) value; NaNs never
// win (TF's Eigen tuple reducer starts from the lowest value and keeps strict improvements).
template <typename T, bool kMax>
class ArgOp : public OpKernel {
 public:
  explicit ArgOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& input = ctx->input(0);
    const Tensor& dim_t = ctx->input(1);
    OP_REQUIRES(ctx, dim_t.dims() == 0,
                errors::InvalidArgument("dim must be a scalar, but received tensor of shape: ",
                                        dim_t.shape().DebugString()));
    const int rank = input.dims();
    int64_t dim = tensor::IntValues(dim_t)[0];
    OP_REQUIRES(ctx, dim >= -rank && dim < rank,
                errors::InvalidArgument("Expected dimension in the range [", -rank, ", ", rank,
                                        "), but got ", dim));
    if (dim < 0) dim += rank;
    OP_REQUIRES(ctx, input.dim_size(dim) > 0,
                errors::InvalidArgument("Reduction axis ", dim, " is empty in shape ",
                                        input.shape().DebugString()));
    TensorShape out_shape;
    int64_t outer = 1, inner = 1;
    for (int d = 0; d < rank; ++d) {
      if (d == dim) continue;
      out_shape.AddDim(input.dim_size(d));
      (d < dim ? outer : inner) *= input.dim_size(d);
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    const int64_t n = input.dim_size(dim);
    const T* x = input.flat<T>().data();
    using C = std::conditional_t<std::is_same<T, bool>::value, int, Comparable<T>>;
    std::vector<int64_t> index(outer * inner);
    for (int64_t o = 0; o < outer; ++o) {
      for (int64_t i = 0; i < inner; ++i) {
        C best = kMax ? std::numeric_limits<C>::lowest() : std::numeric_limits<C>::max();
        if constexpr (std::is_floating_point<C>::value) {
          best = kMax ? -std::numeric_limits<C>::infinity() : std::numeric_limits<C>::infinity();
        }
        int64_t at = 0;
        for (int64_t k = 0; k < n; ++k) {
          const C v = static_cast<C>(x[(o * n + k) * inner + i]);
          if (kMax ? v > best : v < best) {
            best = v;
            at = k;
          }
        }
        index[o * inner + i] = at;
      }
    }
    switch (out->dtype()) {
      case DT_INT64:
        for (size_t k = 0; k < index.size(); ++k) out->flat<int64_t>()(k) = index[k];
        break;
      case DT_INT32:
        for (size_t k = 0; k < index.size(); ++k)
          out->flat<int32_t>()(k) = static_cast<int32_t>(index[k]);
        break;
      case DT_INT16:
        for (size_t k = 0; k < index.size(); ++k)
          out->flat<int16_t>()(k) = static_cast<int16_t>(index[k]);
        break;
      default:
        for (size_t k = 0; k < index.size(); ++k)
          out->flat<uint16_t>()(k) = static_cast<uint16_t>(index[k]);
        break;
    }
  }
};

#define MINITF_REGISTER_ARG(T)                                                      \
  REGISTER_KERNEL_BUILDER(Name("ArgMax").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (ArgOp<T, true>));                                        \
  REGISTER_KERNEL_BUILDER(Name("ArgMin").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (ArgOp<T, false>));
MINITF_REGISTER_ARG(bool)

#define MINITF_REGISTER_EXTREMA(T)                                               \
  REGISTER_KERNEL_BUILDER(Name("Max").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (CombineOp<T, ExtremumReducer<T, true>>));             \
  REGISTER_KERNEL_BUILDER(Name("Min").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (CombineOp<T, ExtremumReducer<T, false>>));            \
  MINITF_REGISTER_ARG(T)
MINITF_REGISTER_EXTREMA(float)
MINITF_REGISTER_EXTREMA(double)
MINITF_REGISTER_EXTREMA(Eigen::half)
MINITF_REGISTER_EXTREMA(Eigen::bfloat16)
MINITF_REGISTER_EXTREMA(int8_t)
MINITF_REGISTER_EXTREMA(int16_t)
MINITF_REGISTER_EXTREMA(int32_t)
MINITF_REGISTER_EXTREMA(int64_t)
MINITF_REGISTER_EXTREMA(uint8_t)
MINITF_REGISTER_EXTREMA(uint16_t)
MINITF_REGISTER_EXTREMA(uint32_t)
MINITF_REGISTER_EXTREMA(uint64_t)
REGISTER_KERNEL_BUILDER(Name("All").Device(DEVICE_CPU), (CombineOp<bool, LogicalReducer<true>>));
REGISTER_KERNEL_BUILDER(Name("Any").Device(DEVICE_CPU), (CombineOp<bool, LogicalReducer<false>>));

#define MINITF_REGISTER_REDUCTIONS(T)                                             \
  REGISTER_KERNEL_BUILDER(Name("Sum").Device(DEVICE_CPU).TypeConstraint<T>("T"),  \
                          ReductionOp<T, false>);                                 \
  REGISTER_KERNEL_BUILDER(Name("Mean").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          ReductionOp<T, true>);
MINITF_REGISTER_REDUCTIONS(float)
MINITF_REGISTER_REDUCTIONS(double)
MINITF_REGISTER_REDUCTIONS(Eigen::half)
MINITF_REGISTER_REDUCTIONS(Eigen::bfloat16)
MINITF_REGISTER_REDUCTIONS(int8_t)
MINITF_REGISTER_REDUCTIONS(int16_t)
MINITF_REGISTER_REDUCTIONS(int32_t)
MINITF_REGISTER_REDUCTIONS(int64_t)
MINITF_REGISTER_REDUCTIONS(uint8_t)
MINITF_REGISTER_REDUCTIONS(uint16_t)
MINITF_REGISTER_REDUCTIONS(uint32_t)
MINITF_REGISTER_REDUCTIONS(uint64_t)
MINITF_REGISTER_REDUCTIONS(complex64)
MINITF_REGISTER_REDUCTIONS(complex128)

#define MINITF_REGISTER_PROD(T)                                                   \
  REGISTER_KERNEL_BUILDER(Name("Prod").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (CombineOp<T, ProdReducer<T>>));
MINITF_REGISTER_PROD(float)
MINITF_REGISTER_PROD(double)
MINITF_REGISTER_PROD(Eigen::half)
MINITF_REGISTER_PROD(Eigen::bfloat16)
MINITF_REGISTER_PROD(int8_t)
MINITF_REGISTER_PROD(int16_t)
MINITF_REGISTER_PROD(int32_t)
MINITF_REGISTER_PROD(int64_t)
MINITF_REGISTER_PROD(uint8_t)
MINITF_REGISTER_PROD(uint16_t)
MINITF_REGISTER_PROD(uint32_t)
MINITF_REGISTER_PROD(uint64_t)
MINITF_REGISTER_PROD(complex64)
MINITF_REGISTER_PROD(complex128)
#undef MINITF_REGISTER_PROD

}  // namespace
}  // namespace tensorflow
