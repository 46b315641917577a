// CPU kernels of the elementwise math ops: Add/AddV2/Sub/Mul/Div with TF's broadcasting,
// Neg/Square/Sqrt/Conj, SqrtGrad, AddN and LogicalNot. Every result is one IEEE operation per
// element in T (16-bit floats compute in float and round, as Eigen does), so outputs are bit-exact
// with TF.
#include <cmath>
#include <complex>
#include <type_traits>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "ops/math/internal/cwise_loops.h"
#include "ops/math/internal/math_types.h"

namespace tensorflow {
namespace {

constexpr int64_t kGrain = 16384;

// Integer arithmetic wraps (as TF's compiled kernels do) instead of being undefined.
struct AddFn {
  template <typename T>
  T operator()(const T& a, const T& b) const {
    return internal::WrappingAdd(a, b);
  }
};
struct SubFn {
  template <typename T>
  T operator()(const T& a, const T& b) const {
    return internal::WrappingSub(a, b);
  }
};
struct MulFn {
  template <typename T>
  T operator()(const T& a, const T& b) const {
    return internal::WrappingMul(a, b);
  }
};
// Integers truncate toward zero; a zero divisor gives 0 (the kernel then fails, as TF's).
struct DivFn {
  template <typename T>
  T operator()(const T& a, const T& b) const {
    return internal::WrappingDiv(a, b);
  }
};

// x / y, or 0 where y is 0 (TF's div_no_nan).
struct DivNoNanFn {
  template <typename T>
  T operator()(const T& a, const T& b) const {
    return b == T(0) ? T(0) : a / b;
  }
};

// TF's Eigen rounds a float NaN to the bfloat16 NaN 0x7fc0 whatever its sign; Eigen 3.4 keeps
// the sign. Results in bfloat16 get TF's NaN.
template <typename T>
void CanonicalNans(T* data, int64_t n) {
  if constexpr (std::is_same<T, Eigen::bfloat16>::value) {
    for (int64_t i = 0; i < n; ++i) {
      if (Eigen::numext::isnan(data[i])) {
        data[i] = Eigen::numext::bit_cast<Eigen::bfloat16>(uint16_t{0x7fc0});
      }
    }
  }
}

template <typename T, typename Fn>
class BinaryOp : public OpKernel {
 public:
  explicit BinaryOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }

  void Compute(OpKernelContext* ctx) override {
    const Fn fn;
    // Shapes are checked first, then integer division by zero, as TF's kernel does (DivFn
    // itself never traps: it gives 0 for a zero divisor).
    const bool zero_divisor = std::is_same<Fn, DivFn>::value && std::is_integral<T>::value &&
                              cwise::HasZero<T>(ctx->input(1));
    if (!cwise::BroadcastBinary<T, T>(ctx, [&](bool, T a, T b) { return fn(a, b); })) return;
    OP_REQUIRES(ctx, !zero_divisor, errors::InvalidArgument("Integer division by zero"));
    Tensor* out = ctx->mutable_output(0);
    CanonicalNans(out->flat<T>().data(), out->NumElements());
  }
};

template <typename T>
T Sqrt(const T& v) {
  if constexpr (std::is_same<T, Eigen::half>::value || std::is_same<T, Eigen::bfloat16>::value) {
    return T(std::sqrt(static_cast<float>(v)));
  } else {
    return std::sqrt(v);
  }
}
template <typename T>
T Conj(const T& v) {
  if constexpr (std::is_same<T, complex64>::value || std::is_same<T, complex128>::value) {
    return std::conj(v);
  } else {
    return v;
  }
}

struct NegFn {
  template <typename T>
  T operator()(const T& a) const {
    return internal::WrappingNeg(a);
  }
};
struct SquareFn {
  template <typename T>
  T operator()(const T& a) const {
    return MulFn()(a, a);
  }
};
struct ConjFn {
  template <typename T>
  T operator()(const T& a) const {
    return Conj(a);
  }
};
struct SqrtFn {
  template <typename T>
  T operator()(const T& a) const {
    return Sqrt(a);
  }
};

struct LogicalNotFn {
  bool operator()(bool a) const { return !a; }
};

template <typename T, typename Fn>
class UnaryOp : public OpKernel {
 public:
  explicit UnaryOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0}, 0, x.shape(), &out));
    const T* a = x.flat<T>().data();
    T* y = out->flat<T>().data();
    const Fn fn;
    ctx->ParallelFor(x.NumElements(), kGrain, [&](int64_t s, int64_t e) {
      for (int64_t i = s; i < e; ++i) y[i] = fn(a[i]);
    });
    // Neg flips the sign bit, NaN's too, as TF's does.
    if constexpr (!std::is_same<Fn, NegFn>::value) CanonicalNans(y, x.NumElements());
  }
};

// dx = 0.5 * dy / conj(y), computed as TF's Eigen functor does: 0 where dy == 0 (so -0 and
// flushed subnormals give +0); vectorized, (0.5 / y) * dy over whole AVX packets (8 floats,
// 4 doubles) and (0.5 * dy) / y for the scalar tail; other types the scalar form.
template <typename T>
constexpr int64_t kTfPacket = std::is_same<T, float>::value
                                  ? 8
                                  : (std::is_same<T, double>::value ? 4 : 1);

template <typename T>
class SqrtGradOp : public OpKernel {
 public:
  explicit SqrtGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& y = ctx->input(0);
    const Tensor& dy = ctx->input(1);
    OP_REQUIRES(ctx, y.NumElements() == dy.NumElements(),
                errors::InvalidArgument(
                    "The two arguments to a cwise op must have same number of elements, got ",
                    y.NumElements(), " and ", dy.NumElements()));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({1, 0}, 0, y.shape(), &out));
    const T* yp = y.flat<T>().data();
    const T* dp = dy.flat<T>().data();
    T* z = out->flat<T>().data();
    const T half = static_cast<T>(0.5);
    const int64_t n = y.NumElements();
    const int64_t packed = kTfPacket<T> > 1 ? n - n % kTfPacket<T> : 0;
    ctx->ParallelFor(n, kGrain, [&](int64_t s, int64_t e) {
      for (int64_t i = s; i < e; ++i) {
        if (dp[i] == T(0)) {
          z[i] = T(0);
        } else if (i < packed) {
          z[i] = (half / Conj(yp[i])) * dp[i];
        } else {
          z[i] = (half * dp[i]) / Conj(yp[i]);
        }
      }
    });
    CanonicalNans(z, n);
  }
};

// Inputs added left to right in T, element by element (TF's AddN order).
template <typename T>
class AddNOp : public OpKernel {
 public:
  explicit AddNOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& first = ctx->input(0);
    if (!ctx->ValidateInputsAreSameShape(this)) return;
    if (ctx->num_inputs() == 1) {
      ctx->set_output(0, first);
      return;
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, first.shape(), &out));
    std::vector<const T*> in(ctx->num_inputs());
    for (int i = 0; i < ctx->num_inputs(); ++i) in[i] = ctx->input(i).flat<T>().data();
    T* z = out->flat<T>().data();
    const AddFn add;
    ctx->ParallelFor(first.NumElements(), kGrain / ctx->num_inputs() + 1,
                     [&](int64_t s, int64_t e) {
                       for (int64_t i = s; i < e; ++i) {
                         T acc = add(in[0][i], in[1][i]);
                         for (size_t k = 2; k < in.size(); ++k) acc = add(acc, in[k][i]);
                         z[i] = acc;
                       }
                     });
  }
};

#define MINITF_REGISTER_CWISE(OP, T, ...) \
  REGISTER_KERNEL_BUILDER(Name(OP).Device(DEVICE_CPU).TypeConstraint<T>("T"), __VA_ARGS__)

#define MINITF_REGISTER_ARITHMETIC(T)                       \
  MINITF_REGISTER_CWISE("Add", T, BinaryOp<T, AddFn>);      \
  MINITF_REGISTER_CWISE("AddV2", T, BinaryOp<T, AddFn>);    \
  MINITF_REGISTER_CWISE("Sub", T, BinaryOp<T, SubFn>);      \
  MINITF_REGISTER_CWISE("Mul", T, BinaryOp<T, MulFn>);      \
  MINITF_REGISTER_CWISE("Div", T, BinaryOp<T, DivFn>);      \
  MINITF_REGISTER_CWISE("Square", T, UnaryOp<T, SquareFn>); \
  MINITF_REGISTER_CWISE("AddN", T, AddNOp<T>);
MINITF_CALL_ARITHMETIC_TYPES(MINITF_REGISTER_ARITHMETIC)

#define MINITF_REGISTER_NEG(T) MINITF_REGISTER_CWISE("Neg", T, UnaryOp<T, NegFn>);
MINITF_CALL_SIGNED_TYPES(MINITF_REGISTER_NEG)

#define MINITF_REGISTER_FLOAT(T)                        \
  MINITF_REGISTER_CWISE("Sqrt", T, UnaryOp<T, SqrtFn>); \
  MINITF_REGISTER_CWISE("SqrtGrad", T, SqrtGradOp<T>);
MINITF_CALL_FLOAT_COMPLEX_TYPES(MINITF_REGISTER_FLOAT)

// RealDiv and DivNoNan: TF's CPU kernels are the floating and complex types.
#define MINITF_REGISTER_REAL_DIV(T)                        \
  MINITF_REGISTER_CWISE("RealDiv", T, BinaryOp<T, DivFn>); \
  MINITF_REGISTER_CWISE("DivNoNan", T, BinaryOp<T, DivNoNanFn>);
MINITF_CALL_FLOAT_COMPLEX_TYPES(MINITF_REGISTER_REAL_DIV)

MINITF_REGISTER_CWISE("Add", tstring, BinaryOp<tstring, AddFn>);
REGISTER_KERNEL_BUILDER(Name("LogicalNot").Device(DEVICE_CPU), UnaryOp<bool, LogicalNotFn>);
MINITF_REGISTER_CWISE("Conj", complex64, UnaryOp<complex64, ConjFn>);
MINITF_REGISTER_CWISE("Conj", complex128, UnaryOp<complex128, ConjFn>);

}  // namespace
}  // namespace tensorflow
