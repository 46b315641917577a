// The Cast op: definition, shape function and CPU kernel.

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "framework/op.h"
#include "framework/op_kernel.h"

namespace tensorflow {

REGISTER_OP("Cast")
    .Input("x: SrcT")
    .Output("y: DstT")
    .Attr("SrcT: type")
    .Attr("DstT: type")
    .Attr("Truncate: bool = false")
    .SetShapeFn(shape_inference::UnchangedShape)
    .Summary("Cast x of type SrcT to y of DstT.")
    .CcHeader("math_ops");
}  // namespace tensorflow

namespace tensorflow {
namespace {

template <typename T>
constexpr bool kIsFloat =
    std::is_same<T, float>::value || std::is_same<T, double>::value ||
    std::is_same<T, Eigen::half>::value || std::is_same<T, Eigen::bfloat16>::value;
template <typename T>
constexpr bool kIsComplex = std::is_same<T, complex64>::value || std::is_same<T, complex128>::value;

// float -> integer as x86-64 does it (what TF's casts compile to): out-of-range and NaN give
// the "integer indefinite" value, narrower types wrap from the 32/64-bit result. Written out
// so that no input is undefined behaviour.
template <typename Dst>
Dst FloatToInt(double d) {
  constexpr double k2p31 = 2147483648.0, k2p63 = 9223372036854775808.0;
  auto to_i32 = [&](double x) {
    return (x > -k2p31 - 1.0 && x < k2p31) ? static_cast<int32_t>(x)
                                           : std::numeric_limits<int32_t>::min();
  };
  auto to_i64 = [&](double x) {
    return (x >= -k2p63 && x < k2p63) ? static_cast<int64_t>(x)
                                      : std::numeric_limits<int64_t>::min();
  };
  if constexpr (std::is_same<Dst, int64_t>::value) {
    return to_i64(d);
  } else if constexpr (std::is_same<Dst, uint64_t>::value) {
    if (d >= k2p63 && d < 2 * k2p63) return static_cast<uint64_t>(to_i64(d - k2p63)) + (1ULL << 63);
    return static_cast<uint64_t>(to_i64(d));
  } else if constexpr (std::is_same<Dst, uint32_t>::value) {
    return static_cast<uint32_t>(to_i64(d));
  } else {
    return static_cast<Dst>(to_i32(d));
  }
}

// Clears the mantissa bits the destination cannot hold, so that the cast that follows
// truncates instead of rounding (TF's Truncate=true).
template <typename Src, typename Dst>
Src DropLowMantissaBits(Src v) {
  constexpr int src_bits = std::numeric_limits<Src>::digits;
  constexpr int dst_bits = std::numeric_limits<Dst>::digits;
  if constexpr (std::is_same<Src, float>::value && dst_bits < src_bits) {
    uint32_t u;
    std::memcpy(&u, &v, 4);
    u &= ~((1u << (src_bits - dst_bits)) - 1);
    std::memcpy(&v, &u, 4);
  } else if constexpr (std::is_same<Src, double>::value && dst_bits < src_bits) {
    uint64_t u;
    std::memcpy(&u, &v, 8);
    u &= ~((1ull << (src_bits - dst_bits)) - 1);
    std::memcpy(&v, &u, 8);
  }
  return v;
}

template <typename Src, typename Dst>
Dst CastOne(const Src& v, bool truncate) {
  if constexpr (std::is_same<Src, Dst>::value) {
    return v;
  } else if constexpr (kIsComplex<Src>) {
    if constexpr (kIsComplex<Dst>) {
      return Dst(static_cast<typename Dst::value_type>(v.real()),
                 static_cast<typename Dst::value_type>(v.imag()));
    } else {
      return CastOne<typename Src::value_type, Dst>(v.real(), truncate);
    }
  } else if constexpr (kIsComplex<Dst>) {
    return Dst(CastOne<Src, typename Dst::value_type>(v, truncate), 0);
  } else if constexpr (std::is_same<Dst, bool>::value) {
    return static_cast<double>(v) != 0;
  } else if constexpr (kIsFloat<Src> && !kIsFloat<Dst>) {
    return FloatToInt<Dst>(static_cast<double>(v));
  } else if constexpr (kIsFloat<Src> && kIsFloat<Dst>) {
    if constexpr (std::is_same<Src, float>::value || std::is_same<Src, double>::value) {
      if (truncate) return static_cast<Dst>(DropLowMantissaBits<Src, Dst>(v));
    }
    return static_cast<Dst>(v);
  } else {
    return static_cast<Dst>(v);
  }
}

template <typename Src, typename Dst>
void CastLoop(OpKernelContext* ctx, const Tensor& in, Tensor* out, bool truncate) {
  const Src* src = in.flat<Src>().data();
  Dst* dst = out->flat<Dst>().data();
  ctx->ParallelFor(in.NumElements(), 32768, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) dst[i] = CastOne<Src, Dst>(src[i], truncate);
  });
}

template <typename Src>
bool CastFrom(OpKernelContext* ctx, const Tensor& in, Tensor* out, DataType dst, bool truncate) {
  switch (dst) {
#define MINITF_CAST_CASE(T)                   \
  case DataTypeToEnum<T>::value:              \
    CastLoop<Src, T>(ctx, in, out, truncate); \
    return true;
    MINITF_CALL_NUMBER_TYPES(MINITF_CAST_CASE)
#undef MINITF_CAST_CASE
    default:
      return false;
  }
}

class CastOp : public OpKernel {
 public:
  explicit CastOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("SrcT", &src_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("DstT", &dst_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("Truncate", &truncate_));
    OP_REQUIRES(ctx,
                DataTypeIsSupported(src_) && src_ != DT_STRING && src_ != DT_RESOURCE &&
                    DataTypeIsSupported(dst_) && dst_ != DT_STRING && dst_ != DT_RESOURCE,
                errors::Unimplemented("Cast ", DataTypeString(src_), " to ", DataTypeString(dst_),
                                      " is not supported"));
    set_expensive(false);
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    if (src_ == dst_) {
      ctx->set_output(0, in);
      return;
    }
    Tensor* out;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, in.shape(), &out));
    bool ok = false;
    switch (src_) {
#define MINITF_CAST_SRC_CASE(T)                      \
  case DataTypeToEnum<T>::value:                     \
    ok = CastFrom<T>(ctx, in, out, dst_, truncate_); \
    break;
      MINITF_CALL_NUMBER_TYPES(MINITF_CAST_SRC_CASE)
#undef MINITF_CAST_SRC_CASE
      default:
        break;
    }
    OP_REQUIRES(ctx, ok,
                errors::Unimplemented("Cast ", DataTypeString(src_), " to ", DataTypeString(dst_),
                                      " is not supported"));
  }

 private:
  DataType src_, dst_;
  bool truncate_ = false;
};

REGISTER_KERNEL_BUILDER(Name("Cast").Device(DEVICE_CPU), CastOp);

}  // namespace
}  // namespace tensorflow
