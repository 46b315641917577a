// CPU kernels of the nn family's activations, their gradient ops, BiasAdd, BiasAddGrad and
// L2Loss, with TF 2.21's bits for the elementwise ones: TF evaluates them with Eigen's AVX
// packets, so each element follows TF's packet path (whole 8-float packets) or its scalar
// tail (ops/math/internal/tf_packet_math.h); 16-bit floats compute in float and round after
// every step as that path does (half_lanes.h). The sums (BiasAddGrad, L2Loss) add in a fixed
// order, the same at any thread count.
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "ops/math/internal/cwise_loops.h"
#include "ops/math/internal/half_lanes.h"
#include "ops/math/internal/minmax.h"
#include "ops/math/internal/tf_packet_math.h"
#include "ops/nn/internal/float_simd.h"

namespace tensorflow {
namespace {

namespace pm = packet_math;
using half_lanes::Lane16;

constexpr int64_t kGrain = 8192;
// The AVX2 loops' grain: a chunk handed to another thread must outlast waking it (microseconds);
// these loops take well under a nanosecond per element.
constexpr int64_t kSimdGrain = int64_t{1} << 17;

template <typename T>
constexpr bool kIsHalf =
    std::is_same<T, Eigen::half>::value || std::is_same<T, Eigen::bfloat16>::value;

// ---- the lane arithmetic each function needs, per path ----------------------------------

template <bool kPacket>
float ExpOf(float x) {
  return kPacket ? pm::Exp(x) : std::exp(x);
}
template <bool kPacket>
double ExpOf(double x) {
  return kPacket ? pm::Exp(x) : std::exp(x);
}
template <bool kPacket, typename T>
Lane16<T, kPacket> ExpOf(Lane16<T, kPacket> x) {
  return Lane16<T, kPacket>::Of(ExpOf<kPacket>(x.f()));
}
// Inside Softplus TF's compiled log1p returns a NaN argument itself (float and double alike).
template <bool kPacket>
float Log1pOf(float x) {
  return kPacket ? pm::Log1p<float, false>(x) : std::log1p(x);
}
template <bool kPacket>
double Log1pOf(double x) {
  return kPacket ? pm::Log1p<double, false>(x) : std::log1p(x);
}
template <bool kPacket, typename T>
Lane16<T, kPacket> Log1pOf(Lane16<T, kPacket> x) {
  const float f = x.f();
  return Lane16<T, kPacket>::Of(kPacket ? pm::Log1p<float, true>(f) : std::log1p(f));
}
inline float AbsOf(float x) { return std::fabs(x); }
inline double AbsOf(double x) { return std::fabs(x); }
template <typename T, bool kPacket>
Lane16<T, kPacket> AbsOf(Lane16<T, kPacket> x) {
  return Lane16<T, kPacket>::Wrap(Eigen::numext::abs(x.t));
}
// 1 or 0 in V: TF's (condition).cast<T>(), kept opaque so that g * 1 is computed (a subnormal
// g flushes, as in TF's kernel).
template <typename V>
V Indicator(bool b) {
  if constexpr (std::is_floating_point<V>::value) {
    return pm::Opaque(b ? V(1) : V(0));
  } else {
    return b ? V(1) : V(0);
  }
}

// ---- the activations: Apply<kPacket>(x) over float, double, integers or Lane16 ------------

struct ReluFn {
  template <bool kPacket, typename V>
  static V Apply(V x) {
    return minmax::MaximumFn::Apply(x, V(0));
  }
};
struct Relu6Fn {
  template <bool kPacket, typename V>
  static V Apply(V x) {
    return minmax::MinimumFn::Apply(minmax::MaximumFn::Apply(x, V(0)), V(6));
  }
};
struct EluFn {
  template <bool kPacket, typename V>
  static V Apply(V x) {
    return x < V(0) ? ExpOf<kPacket>(x) - V(1) : x;
  }
};
// TF's Selu constants, rounded to T.
constexpr double kSeluScale = 1.0507009873554804934193349852946;
constexpr double kSeluScaleAlpha = 1.7580993408473768599402175208123;
struct SeluFn {
  template <bool kPacket, typename V>
  static V Apply(V x) {
    return x < V(0) ? V(kSeluScaleAlpha) * (ExpOf<kPacket>(x) - V(1)) : V(kSeluScale) * x;
  }
};
// x above -threshold: x; below threshold: exp(x); else log1p(exp(x)); threshold =
// log(epsilon) + 2 in T.
template <typename V>
V SoftplusThreshold();
template <>
float SoftplusThreshold<float>() {
  return std::log(std::numeric_limits<float>::epsilon()) + 2.f;
}
template <>
double SoftplusThreshold<double>() {
  return std::log(std::numeric_limits<double>::epsilon()) + 2.0;
}
struct SoftplusFn {
  template <bool kPacket, typename V>
  static V Apply(V x) {
    V threshold(0.0);
    if constexpr (std::is_floating_point<V>::value) {
      threshold = SoftplusThreshold<V>();
    } else {  // Lane16: Eigen's log of the 16-bit epsilon, rounded, plus 2
      using T = decltype(x.t);
      const float eps = static_cast<float>(Eigen::NumTraits<T>::epsilon());
      threshold = V::Of(static_cast<float>(half_lanes::ScalarRound<T>(std::log(eps)))) + V(2);
    }
    const V e = ExpOf<kPacket>(x);
    if (x > -threshold) return x;
    if (x < threshold) return e;
    return Log1pOf<kPacket>(e);
  }
};
struct SoftsignFn {
  template <bool kPacket, typename V>
  static V Apply(V x) {
    return x / (AbsOf(x) + V(1));
  }
};

// ---- the gradient ops: Apply<kPacket>(g, y) ---------------------------------------------

struct ReluGradFn {
  template <bool kPacket, typename V>
  static V Apply(V g, V f) {
    return g * Indicator<V>(f > V(0));
  }
};
struct Relu6GradFn {
  template <bool kPacket, typename V>
  static V Apply(V g, V f) {
    return g * Indicator<V>(f > V(0) && f < V(6));
  }
};
struct EluGradFn {
  template <bool kPacket, typename V>
  static V Apply(V g, V a) {
    return a < V(0) ? (a + V(1)) * g : g;
  }
};
struct SeluGradFn {
  template <bool kPacket, typename V>
  static V Apply(V g, V a) {
    return a < V(0) ? g * (a + V(kSeluScaleAlpha)) : g * V(kSeluScale);
  }
};
struct SoftplusGradFn {
  template <bool kPacket, typename V>
  static V Apply(V g, V f) {
    return g / (ExpOf<kPacket>(-f) + V(1));
  }
};
struct SoftsignGradFn {
  template <bool kPacket, typename V>
  static V Apply(V g, V f) {
    const V d = AbsOf(f) + V(1);
    return g / (d * d);
  }
};

// y = f(x).
template <typename T, typename Fn>
class ActivationOp : public OpKernel {
 public:
  explicit ActivationOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0}, 0, x.shape(), &out));
    const T* a = x.flat<T>().data();
    T* y = out->flat<T>().data();
    if constexpr (std::is_same_v<T, float> && std::is_same_v<Fn, ReluFn>) {
      if (nn_internal::HasFloatSimd()) {
        ctx->ParallelFor(x.NumElements(), kSimdGrain, [&](int64_t s, int64_t e) {
          nn_internal::ReluFloat(a + s, y + s, e - s);
        });
        return;
      }
    }
    cwise::ForEachElement<T>(ctx, x.NumElements(), kGrain, [&](int64_t i, bool packet) {
      if constexpr (kIsHalf<T>) {
        y[i] = packet ? Fn::template Apply<true>(Lane16<T, true>::Wrap(a[i])).t
                      : Fn::template Apply<false>(Lane16<T, false>::Wrap(a[i])).t;
      } else {
        y[i] = packet ? Fn::template Apply<true>(a[i]) : Fn::template Apply<false>(a[i]);
      }
    });
  }
};

// backprops = f(gradients, second input), both of one shape.
template <typename T, typename Fn>
class ActivationGradOp : public OpKernel {
 public:
  explicit ActivationGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& g = ctx->input(0);
    const Tensor& f = ctx->input(1);
    if (!ctx->ValidateInputsAreSameShape(this)) return;
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0, 1}, 0, g.shape(), &out));
    const T* gp = g.flat<T>().data();
    const T* fp = f.flat<T>().data();
    T* z = out->flat<T>().data();
    if constexpr (std::is_same_v<T, float> && std::is_same_v<Fn, ReluGradFn>) {
      if (nn_internal::HasFloatSimd()) {
        ctx->ParallelFor(g.NumElements(), kSimdGrain, [&](int64_t s, int64_t e) {
          nn_internal::ReluGradFloat(gp + s, fp + s, z + s, e - s);
        });
        return;
      }
    }
    cwise::ForEachElement<T>(ctx, g.NumElements(), kGrain, [&](int64_t i, bool packet) {
      if constexpr (kIsHalf<T>) {
        using P = Lane16<T, true>;
        using S = Lane16<T, false>;
        z[i] = packet ? Fn::template Apply<true>(P::Wrap(gp[i]), P::Wrap(fp[i])).t
                      : Fn::template Apply<false>(S::Wrap(gp[i]), S::Wrap(fp[i])).t;
      } else {
        z[i] = packet ? Fn::template Apply<true>(gp[i], fp[i])
                      : Fn::template Apply<false>(gp[i], fp[i]);
      }
    });
  }
};

// LeakyRelu: x > 0 ? x : x * alpha; LeakyReluGrad: f > 0 ? g : g * alpha (alpha in T).
template <typename T, bool kGrad>
class LeakyReluOp : public OpKernel {
 public:
  explicit LeakyReluOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("alpha", &alpha_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& a = ctx->input(0);
    const Tensor& f = ctx->input(kGrad ? 1 : 0);
    if (kGrad && !ctx->ValidateInputsAreSameShape(this)) return;
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0}, 0, a.shape(), &out));
    const T* ap = a.flat<T>().data();
    const T* fp = f.flat<T>().data();
    T* z = out->flat<T>().data();
    const T alpha = static_cast<T>(alpha_);
    cwise::ForEachElement<T>(ctx, a.NumElements(), kGrain, [&](int64_t i, bool packet) {
      if constexpr (kIsHalf<T>) {
        auto apply = [&](auto tag) {
          using L = decltype(tag);
          const L v = L::Wrap(ap[i]);
          return (L::Wrap(fp[i]) > L(0) ? v : v * L::Wrap(alpha)).t;
        };
        (void)packet;  // TF's 16-bit LeakyRelu is scalar code: a NaN keeps its sign
        z[i] = apply(Lane16<T, false>(0.0));
      } else {
        z[i] = fp[i] > T(0) ? ap[i] : ap[i] * alpha;
      }
    });
  }

 private:
  float alpha_ = 0.2f;
};

// ---- BiasAdd, BiasAddGrad, L2Loss -----------------------------------------------------------

// The channel dimension of a value of rank >= 2.
int ChannelDim(const std::string& format, int rank) { return format == "NCHW" ? 1 : rank - 1; }

Status ReadDataFormat(OpKernelConstruction* ctx, std::string* format) {
  TF_RETURN_IF_ERROR(ctx->GetAttr("data_format", format));
  if (*format != "NHWC" && *format != "NCHW") {
    return errors::InvalidArgument("Invalid data format");
  }
  return OkStatus();
}

// Element i's channel: (i / inner) % channels, inner the product of the dims after it.
struct ChannelIndex {
  int64_t inner = 1, channels = 1;
  ChannelIndex(const TensorShape& shape, int channel_dim) {
    channels = shape.dim_size(channel_dim);
    for (int d = channel_dim + 1; d < shape.dims(); ++d) inner *= shape.dim_size(d);
  }
  // Calls fn(i, channel of i) for i in [s, e), one division per run of elements that share a
  // channel (NCHW) or per run of whole channel rows (NHWC), not one per element.
  template <typename Fn>
  void ForEach(int64_t s, int64_t e, const Fn& fn) const {
    for (int64_t i = s; i < e;) {
      if (inner == 1) {
        const int64_t base = i - i % channels, stop = std::min(e, base + channels);
        for (; i < stop; ++i) fn(i, i - base);
      } else {
        const int64_t c = (i / inner) % channels, stop = std::min(e, (i / inner + 1) * inner);
        for (; i < stop; ++i) fn(i, c);
      }
    }
  }
};

template <typename T>
class BiasAddOp : public OpKernel {
 public:
  explicit BiasAddOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ReadDataFormat(ctx, &format_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& value = ctx->input(0);
    const Tensor& bias = ctx->input(1);
    OP_REQUIRES(
        ctx, value.dims() >= 2,
        errors::InvalidArgument("Input tensor must be at least 2D: ", value.shape().DebugString()));
    OP_REQUIRES(ctx, bias.dims() == 1,
                errors::InvalidArgument("Biases must be 1D: ", bias.shape().DebugString()));
    const int channel_dim = ChannelDim(format_, value.dims());
    OP_REQUIRES(ctx, bias.dim_size(0) == value.dim_size(channel_dim),
                errors::InvalidArgument(
                    "Must provide as many biases as the last dimension of the input tensor: ",
                    bias.shape().DebugString(), " vs. ", value.shape().DebugString()));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0}, 0, value.shape(), &out));
    const T* v = value.flat<T>().data();
    const T* b = bias.flat<T>().data();
    T* z = out->flat<T>().data();
    const ChannelIndex channel(value.shape(), channel_dim);
    const int64_t n = value.NumElements();
    if constexpr (std::is_same_v<T, float>) {
      if (channel.inner == 1 && nn_internal::HasFloatSimd()) {
        ctx->ParallelFor(n, kSimdGrain, [&](int64_t s, int64_t e) {
          nn_internal::BiasAddFloat(v + s, b, channel.channels, s, e - s, z + s);
        });
        return;
      }
    }
    const int64_t packed = n - n % packet_math::kPacketSize<T>;
    ctx->ParallelFor(n, kGrain, [&](int64_t s, int64_t e) {
      channel.ForEach(s, e, [&](int64_t i, int64_t c) { Add(v[i], b[c], i < packed, &z[i]); });
    });
  }

 private:
  static void Add(T v, T bias_i, bool packet, T* z) {
    if constexpr (std::is_integral<T>::value) {
      *z = internal::WrappingAdd(v, bias_i);
    } else if constexpr (kIsHalf<T>) {
      *z = packet ? (Lane16<T, true>::Wrap(v) + Lane16<T, true>::Wrap(bias_i)).t
                  : (Lane16<T, false>::Wrap(v) + Lane16<T, false>::Wrap(bias_i)).t;
    } else if constexpr (std::is_floating_point<T>::value) {
      *z = std::isnan(v) ? v : v + bias_i;  // a NaN value's bits win, as in TF
    } else {
      *z = v + bias_i;
    }
  }

  std::string format_;
};

// The accumulator a sum of T adds in: float for 16-bit floats (as TF's Eigen sums), else T.
template <typename T>
using SumType = std::conditional_t<kIsHalf<T>, float, T>;

template <typename T>
class BiasAddGradOp : public OpKernel {
 public:
  explicit BiasAddGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ReadDataFormat(ctx, &format_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& g = ctx->input(0);
    OP_REQUIRES(
        ctx, g.dims() >= 2,
        errors::InvalidArgument("Input tensor must be at least 2D: ", g.shape().DebugString()));
    const int channel_dim = ChannelDim(format_, g.dims());
    const ChannelIndex channel(g.shape(), channel_dim);
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({channel.channels}), &out));
    const T* gp = g.flat<T>().data();
    T* z = out->flat<T>().data();
    // Each channel summed in element order (tasks own whole channels: deterministic). With the
    // channel last (inner 1), one pass over the rows adds each row into the task's channels.
    const int64_t n = g.NumElements();
    const int64_t per_outer = channel.channels * channel.inner;  // 0 when any size is 0
    const int64_t outer = per_outer == 0 ? 0 : n / per_outer;
    auto add = [](SumType<T> acc, T x) {
      if constexpr (std::is_integral<T>::value) {
        return internal::WrappingAdd(acc, x);
      } else {
        return acc + static_cast<SumType<T>>(x);
      }
    };
    // Channels per task: enough values (64k) to be worth another thread's wake-up.
    const int64_t per_channel = std::max<int64_t>(1, outer * channel.inner);
    ctx->ParallelFor(channel.channels, std::max<int64_t>(1, (int64_t{1} << 16) / per_channel),
                     [&](int64_t s, int64_t e) {
                       if constexpr (std::is_same_v<T, float>) {
                         if (channel.inner == 1 && nn_internal::HasFloatSimd()) {
                           nn_internal::ColumnSumsFloat(gp + s, channel.channels, outer, e - s,
                                                        z + s);
                           return;
                         }
                       }
                       if (channel.inner == 1) {
                         std::vector<SumType<T>> acc(e - s, SumType<T>(0));
                         for (int64_t o = 0; o < outer; ++o) {
                           const T* row = gp + o * channel.channels + s;
                           for (int64_t c = 0; c < e - s; ++c) acc[c] = add(acc[c], row[c]);
                         }
                         for (int64_t c = s; c < e; ++c) z[c] = static_cast<T>(acc[c - s]);
                         return;
                       }
                       for (int64_t c = s; c < e; ++c) {
                         SumType<T> acc = SumType<T>(0);
                         for (int64_t o = 0; o < outer; ++o) {
                           const T* row = gp + (o * channel.channels + c) * channel.inner;
                           for (int64_t k = 0; k < channel.inner; ++k) acc = add(acc, row[k]);
                         }
                         z[c] = static_cast<T>(acc);
                       }
                     });
  }

 private:
  std::string format_;
};

// sum(t * t) / 2, as TF's sum((t^2) * 0.5), accumulated in order.
template <typename T>
class L2LossOp : public OpKernel {
 public:
  explicit L2LossOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& t = ctx->input(0);
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &out));
    const T* p = t.flat<T>().data();
    SumType<T> acc = SumType<T>(0);
    for (int64_t i = 0; i < t.NumElements(); ++i) {
      const SumType<T> v = static_cast<SumType<T>>(p[i]);
      acc += v * v * SumType<T>(0.5);
    }
    out->scalar<T>()() = static_cast<T>(acc);
  }
};

#define MINITF_REGISTER(OP, T, ...) \
  REGISTER_KERNEL_BUILDER(Name(OP).Device(DEVICE_CPU).TypeConstraint<T>("T"), __VA_ARGS__)

// clang-format off
#define MINITF_REGISTER_REAL(T)                                          \
  MINITF_REGISTER("Relu", T, ActivationOp<T, ReluFn>);                   \
  MINITF_REGISTER("Relu6", T, ActivationOp<T, Relu6Fn>);                 \
  MINITF_REGISTER("ReluGrad", T, ActivationGradOp<T, ReluGradFn>);       \
  MINITF_REGISTER("Relu6Grad", T, ActivationGradOp<T, Relu6GradFn>);     \
  MINITF_REGISTER("BiasAdd", T, BiasAddOp<T>);                           \
  MINITF_REGISTER("BiasAddGrad", T, BiasAddGradOp<T>);
MINITF_REGISTER_REAL(float) MINITF_REGISTER_REAL(double) MINITF_REGISTER_REAL(Eigen::half)
MINITF_REGISTER_REAL(Eigen::bfloat16) MINITF_REGISTER_REAL(int8_t) MINITF_REGISTER_REAL(uint8_t)
MINITF_REGISTER_REAL(int16_t) MINITF_REGISTER_REAL(uint16_t) MINITF_REGISTER_REAL(int32_t)
MINITF_REGISTER_REAL(uint32_t) MINITF_REGISTER_REAL(int64_t) MINITF_REGISTER_REAL(uint64_t)

#define MINITF_REGISTER_FLOAT(T)                                           \
  MINITF_REGISTER("Elu", T, ActivationOp<T, EluFn>);                       \
  MINITF_REGISTER("Selu", T, ActivationOp<T, SeluFn>);                     \
  MINITF_REGISTER("Softplus", T, ActivationOp<T, SoftplusFn>);             \
  MINITF_REGISTER("Softsign", T, ActivationOp<T, SoftsignFn>);             \
  MINITF_REGISTER("EluGrad", T, ActivationGradOp<T, EluGradFn>);           \
  MINITF_REGISTER("SeluGrad", T, ActivationGradOp<T, SeluGradFn>);         \
  MINITF_REGISTER("SoftplusGrad", T, ActivationGradOp<T, SoftplusGradFn>); \
  MINITF_REGISTER("SoftsignGrad", T, ActivationGradOp<T, SoftsignGradFn>); \
  MINITF_REGISTER("LeakyRelu", T, (LeakyReluOp<T, false>));                \
  MINITF_REGISTER("LeakyReluGrad", T, (LeakyReluOp<T, true>));             \
  MINITF_REGISTER("L2Loss", T, L2LossOp<T>);
MINITF_REGISTER_FLOAT(float) MINITF_REGISTER_FLOAT(double) MINITF_REGISTER_FLOAT(Eigen::half)
MINITF_REGISTER_FLOAT(Eigen::bfloat16)

MINITF_REGISTER("BiasAdd", complex64, BiasAddOp<complex64>);
MINITF_REGISTER("BiasAdd", complex128, BiasAddOp<complex128>);
MINITF_REGISTER("BiasAddGrad", complex64, BiasAddGradOp<complex64>);
MINITF_REGISTER("BiasAddGrad", complex128, BiasAddGradOp<complex128>);
// clang-format on

}  // namespace
}  // namespace tensorflow
