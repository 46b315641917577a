// The Range op: definition, shape function and CPU kernel. [start, limit) by delta: element i
// is start + i * delta in Tidx (TF 2.21's formula, so float ranges have TF's rounding); the
// length ceil(|(limit - start) / delta|) computed as TF does.
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "framework/internal/wrapping.h"
#include "framework/op.h"
#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

// A value as TF's error texts print it: integers exactly, floats with six digits.
template <typename T>
auto Printable(T v) {
  if constexpr (std::is_integral<T>::value) {
    return static_cast<int64_t>(v);
  } else {
    return static_cast<double>(v);
  }
}

// The output length, or TF's InvalidArgument for a zero delta, a delta pointing away from
// limit, or a length beyond int64.
template <typename T>
Status RangeSize(T start, T limit, T delta, int64_t* size) {
  if (delta == T(0)) return errors::InvalidArgument("Requires delta != 0: ", Printable(delta));
  if (delta > T(0) && !(start <= limit)) {
    return errors::InvalidArgument("Requires start <= limit when delta > 0: ", Printable(start),
                                   "/", Printable(limit));
  }
  if (delta < T(0) && !(start >= limit)) {
    return errors::InvalidArgument("Requires start >= limit when delta < 0: ", Printable(start),
                                   "/", Printable(limit));
  }
  if constexpr (std::is_integral<T>::value) {
    // In 128 bits: TF's (|limit - start| + |delta| - 1) / |delta| without its overflow.
    const __int128 span = static_cast<__int128>(limit) - start;
    const __int128 step = delta < 0 ? -static_cast<__int128>(delta) : delta;
    const __int128 length = ((span < 0 ? -span : span) + step - 1) / step;
    if (length > std::numeric_limits<int64_t>::max()) {
      return errors::InvalidArgument("Requires ((limit - start) / delta) <= ",
                                     std::numeric_limits<int64_t>::max());
    }
    *size = static_cast<int64_t>(length);
  } else {
    // In T, as TF computes it (16-bit floats round each step).
    const T ratio = static_cast<T>((limit - start) / delta);
    const double length = std::ceil(std::abs(static_cast<double>(ratio)));
    if (!(length <= static_cast<double>(std::numeric_limits<int64_t>::max()))) {
      return errors::InvalidArgument("Requires ((limit - start) / delta) <= ",
                                     std::numeric_limits<int64_t>::max());
    }
    // 2^63 passes the check (INT64_MAX rounds up to it) and converts, on x86, to INT64_MIN:
    // TF's next check names that.
    if (length >= 9223372036854775808.0) {
      return errors::InvalidArgument("Expected a non-negative size, got ",
                                     std::numeric_limits<int64_t>::min());
    }
    *size = static_cast<int64_t>(length);
  }
  return OkStatus();
}

template <typename T>
T ScalarOf(const Tensor& t) {
  return t.flat<T>()(0);
}

Status ScalarArg(const Tensor& t, const char* name) {
  if (t.dims() == 0 || (t.dims() == 1 && t.dim_size(0) == 1)) return OkStatus();
  return errors::InvalidArgument(name, " must be a scalar, not shape ", t.shape().DebugString());
}

Status RangeSizeOf(const Tensor& start, const Tensor& limit, const Tensor& delta, int64_t* size) {
  switch (start.dtype()) {
#define MINITF_RANGE_CASE(T)     \
  case DataTypeToEnum<T>::value: \
    return RangeSize<T>(ScalarOf<T>(start), ScalarOf<T>(limit), ScalarOf<T>(delta), size);
    MINITF_RANGE_CASE(float)
    MINITF_RANGE_CASE(double)
    MINITF_RANGE_CASE(Eigen::half)
    MINITF_RANGE_CASE(Eigen::bfloat16)
    MINITF_RANGE_CASE(int32_t)
    MINITF_RANGE_CASE(int64_t)
#undef MINITF_RANGE_CASE
    default:
      return errors::Unimplemented("Range of ", DataTypeString(start.dtype()));
  }
}

// A vector whose length is known when start, limit and delta are.
Status RangeShape(shape_inference::InferenceContext* c) {
  for (int i = 0; i < 3; ++i) TF_RETURN_IF_ERROR(c->WithRankAtMost(i, 1));
  const Tensor* start = c->input_tensor(0);
  const Tensor* limit = c->input_tensor(1);
  const Tensor* delta = c->input_tensor(2);
  if (start == nullptr || limit == nullptr || delta == nullptr) {
    c->set_output(0, PartialTensorShape({-1}));
    return OkStatus();
  }
  TF_RETURN_IF_ERROR(ScalarArg(*start, "start"));
  TF_RETURN_IF_ERROR(ScalarArg(*limit, "limit"));
  TF_RETURN_IF_ERROR(ScalarArg(*delta, "delta"));
  int64_t size = 0;
  const Status s = RangeSizeOf(*start, *limit, *delta, &size);
  if (s.code() == error::UNIMPLEMENTED) {
    c->set_output(0, PartialTensorShape({-1}));
    return OkStatus();
  }
  TF_RETURN_IF_ERROR(s);
  c->set_output(0, PartialTensorShape({size}));
  return OkStatus();
}

template <typename T>
class RangeOp : public OpKernel {
 public:
  explicit RangeOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& start = ctx->input(0);
    const Tensor& limit = ctx->input(1);
    const Tensor& delta = ctx->input(2);
    OP_REQUIRES_OK(ctx, ScalarArg(start, "start"));
    OP_REQUIRES_OK(ctx, ScalarArg(limit, "limit"));
    OP_REQUIRES_OK(ctx, ScalarArg(delta, "delta"));
    int64_t size = 0;
    OP_REQUIRES_OK(ctx,
                   RangeSize<T>(ScalarOf<T>(start), ScalarOf<T>(limit), ScalarOf<T>(delta), &size));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({size}), &out));
    T* z = out->flat<T>().data();
    const T step = ScalarOf<T>(delta);
    const T first = ScalarOf<T>(start);
    for (int64_t i = 0; i < size; ++i) {
      if constexpr (std::is_integral<T>::value) {
        z[i] = internal::WrappingAdd(first, internal::WrappingMul(static_cast<T>(i), step));
      } else {
        z[i] = static_cast<T>(first + static_cast<T>(static_cast<T>(i) * step));
      }
    }
  }
};

}  // namespace

REGISTER_OP("Range")
    .Input("start: Tidx")
    .Input("limit: Tidx")
    .Input("delta: Tidx")
    .Output("output: Tidx")
    .Attr(
        "Tidx: {bfloat16, half, float, double, int8, int16, int32, int64, uint16, uint32, "
        "uint64} = DT_INT32")
    .SetShapeFn(RangeShape)
    .Summary("Creates a sequence of numbers.")
    .ArgDoc("start", "0-D (scalar). First entry in the sequence.")
    .ArgDoc("limit", "0-D (scalar). Upper limit of sequence, exclusive.")
    .ArgDoc("delta", "0-D (scalar). Optional. Default is 1. Number that increments `start`.")
    .ArgDoc("output", "1-D.")
    .CcHeader("math_ops");

#define MINITF_REGISTER_RANGE(T) \
  REGISTER_KERNEL_BUILDER(Name("Range").Device(DEVICE_CPU).TypeConstraint<T>("Tidx"), RangeOp<T>);
MINITF_REGISTER_RANGE(float)
MINITF_REGISTER_RANGE(double)
MINITF_REGISTER_RANGE(Eigen::half)
MINITF_REGISTER_RANGE(Eigen::bfloat16)
MINITF_REGISTER_RANGE(int32_t)
MINITF_REGISTER_RANGE(int64_t)

}  // namespace tensorflow
