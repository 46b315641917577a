// CPU kernels of LRN and LRNGrad (float and half, TF's CPU dtypes) with TF 2.21's checks, texts
// and bits. x is viewed as [N, D] (D the depth); the window of channel j is channels
// [j - r, j + r] within the depth.
//  - LRN: t = sum(window squares) * alpha + bias, then x * t^-beta as 1/t (beta 1), rsqrt(t)
//    (beta 0.5) or exp(log(t) * -beta), with Eigen's packet functions on the first
//    N*D - N*D % 8 elements and libm's on the rest. The window sums are TF's band-matrix
//    contraction: sequential sums, except its blocked orders (one position with D >= 128: blocks
//    of 16 channels; half's interleaved accumulators in one 8-channel block), and a non-finite
//    square makes its whole depth vector NaN. Past 384 channels with beta 0.5 or 1, TF's running
//    sum of alpha * x^2. (Float depths past 320 with several positions may be split where TF's
//    thread count splits them: within rounding there.)
//  - LRNGrad: TF's loop, every operation in T.
#include <cmath>
#include <limits>
#include <vector>

#include "framework/op_kernel.h"
#include "ops/math/internal/half_lanes.h"
#include "ops/math/internal/tf_packet_math.h"

namespace tensorflow {
namespace {

namespace pm = packet_math;

// Arithmetic in T: float as is; half computed in float and rounded after each operation.
template <typename T>
T Mul(T a, T b) {
  return static_cast<T>(static_cast<float>(a) * static_cast<float>(b));
}
template <typename T>
T Add(T a, T b) {
  return static_cast<T>(static_cast<float>(a) + static_cast<float>(b));
}

struct LrnAttrs {
  int64_t depth_radius = 5;
  float bias = 1, alpha = 1, beta = 0.5f;
  Status Read(OpKernelConstruction* ctx) {
    TF_RETURN_IF_ERROR(ctx->GetAttr("depth_radius", &depth_radius));
    if (depth_radius < 0 || depth_radius >= std::numeric_limits<int32_t>::max()) {
      return errors::InvalidArgument("depth_radius = ", depth_radius, " larger than int max");
    }
    TF_RETURN_IF_ERROR(ctx->GetAttr("bias", &bias));
    TF_RETURN_IF_ERROR(ctx->GetAttr("alpha", &alpha));
    return ctx->GetAttr("beta", &beta);
  }
};

// The window sums s[n, j] of one position's squares `sq` (TF's contraction order).
template <typename T>
void WindowSums(const T* sq, int64_t depth, int64_t r, bool single_position, bool half_block,
                T* s) {
  for (int64_t j = 0; j < depth; ++j) {
    const int64_t lo = std::max<int64_t>(0, j - r), hi = std::min(depth - 1, j + r);
    T acc = T(0);
    if (std::is_same<T, float>::value && single_position && depth >= 128) {
      // GEMV: fixed blocks of channels, each summed from 0, then added in order.
      const int64_t block = depth * 4 >= 32000 ? 4 : 16;
      for (int64_t b0 = 0; b0 < depth; b0 += block) {
        T part = T(0);
        bool any = false;
        for (int64_t k = std::max(lo, b0); k <= std::min(hi, b0 + block - 1); ++k) {
          part = Add(part, sq[k]);
          any = true;
        }
        if (any) acc = Add(acc, part);
      }
    } else if (half_block && j >= 16 * (depth / 16) && j < 8 * (depth / 8)) {
      // Half's GEBP row block of one packet: even and odd channels below 8 * (D / 8) into two
      // accumulators, added, then the rest.
      const int64_t packed = 8 * (depth / 8);
      T even = T(0), odd = T(0);
      for (int64_t k = 0; k < packed; ++k) {
        const T v = (k >= lo && k <= hi) ? sq[k] : T(0);
        if (k % 2 == 0) {
          even = Add(even, v);
        } else {
          odd = Add(odd, v);
        }
      }
      acc = Add(even, odd);
      for (int64_t k = std::max(lo, packed); k <= hi; ++k) acc = Add(acc, sq[k]);
    } else {
      for (int64_t k = lo; k <= hi; ++k) acc = Add(acc, sq[k]);
    }
    s[j] = acc;
  }
}

// t^-beta as TF's kernel takes it on a packet (kPacket) or tail element.
template <typename T, bool kPacket>
T InversePower(T t, T neg_beta, int mode) {
  const float f = static_cast<float>(t);
  if (mode == 1) return static_cast<T>(kPacket ? pm::Reciprocal(f) : 1.0f / f);
  if (mode == 2) {
    if constexpr (kPacket) return static_cast<T>(pm::Rsqrt(f));
    return static_cast<T>(1.0f / static_cast<float>(static_cast<T>(std::sqrt(f))));
  }
  const T log_t = static_cast<T>(kPacket ? pm::Log(f) : std::log(f));
  const float product = static_cast<float>(Mul(log_t, neg_beta));
  return static_cast<T>(kPacket ? pm::Exp(product) : std::exp(product));
}

template <typename T>
class LrnOp : public OpKernel {
 public:
  explicit LrnOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    OP_REQUIRES(ctx, in.dims() == 4, errors::InvalidArgument("in must be 4-dimensional"));
    OP_REQUIRES(ctx, in.NumElements() < std::numeric_limits<int32_t>::max(),
                errors::InvalidArgument("argument to LRN too large"));
    const int64_t depth = in.dim_size(3), r = attrs_.depth_radius;
    OP_REQUIRES(
        ctx, depth + r <= std::numeric_limits<int32_t>::max(),
        errors::InvalidArgument("depth ", depth, " + depth_radius ", r, " exceeds int max."));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, in.shape(), &out));
    const int64_t total = in.NumElements();
    if (total == 0) return;
    const int64_t positions = total / depth;
    const T bias = static_cast<T>(attrs_.bias), alpha = static_cast<T>(attrs_.alpha),
            beta = static_cast<T>(attrs_.beta);
    const int mode = beta == T(1) ? 1 : (beta == T(0.5f) ? 2 : 0);
    const T neg_beta = static_cast<T>(-static_cast<float>(beta));
    const T* x = in.flat<T>().data();
    T* y = out->flat<T>().data();
    const bool running_sum = depth > 384 && mode != 0;
    const int64_t packed = total - total % 8;
    constexpr bool kHalf = !std::is_same<T, float>::value;
    ctx->ParallelFor(
        positions, std::max<int64_t>(1, 4096 / (depth * (2 * r + 1))), [&](int64_t s0, int64_t e0) {
          std::vector<T> sq(depth), sums(depth), p;
          for (int64_t n = s0; n < e0; ++n) {
            const T* xv = x + n * depth;
            T* t = sums.data();
            if (running_sum) {
              RunningSums(xv, depth, r, alpha, bias, &p, t);
            } else {
              bool finite = true;
              for (int64_t k = 0; k < depth; ++k) {
                sq[k] = Mul(xv[k], xv[k]);
                finite &= std::isfinite(static_cast<float>(sq[k]));
              }
              const bool half_block = kHalf && n < 4 * (positions / 4);
              WindowSums(sq.data(), depth, r, positions == 1, half_block, t);
              for (int64_t j = 0; j < depth; ++j) {
                // inf * 0 in TF's band product: NaN across the vector.
                t[j] = finite ? Add(Mul(t[j], alpha), bias)
                              : static_cast<T>(std::numeric_limits<float>::quiet_NaN());
              }
            }
            for (int64_t j = 0; j < depth; ++j) {
              const int64_t i = n * depth + j;
              // TF's running-sum path for float takes the packet form everywhere.
              const bool packet = i < packed || (running_sum && !kHalf);
              const T f = packet ? InversePower<T, true>(t[j], neg_beta, mode)
                                 : InversePower<T, false>(t[j], neg_beta, mode);
              y[i] = Mul(xv[j], f);
            }
          }
        });
  }

 private:
  // TF's SingleThreadedLRN: alpha * x^2 added and removed as the window slides.
  static void RunningSums(const T* x, int64_t depth, int64_t r, T alpha, T bias, std::vector<T>* p,
                          T* t) {
    // A radius past the depth only adds and removes zeros: the same sums with r = depth (TF
    // allocates depth + 2r elements).
    r = std::min(r, depth);
    p->assign(depth + 2 * r, T(0));
    for (int64_t i = 0; i < depth; ++i) (*p)[r + i] = Mul(Mul(x[i], x[i]), alpha);
    T acc = T(0);
    for (int64_t i = 0; i < 2 * r; ++i) acc = Add(acc, (*p)[i]);
    for (int64_t i = 0; i < depth; ++i) {
      acc = Add(acc, (*p)[i + 2 * r]);
      t[i] = Add(bias, acc);
      acc = static_cast<T>(static_cast<float>(acc) - static_cast<float>((*p)[i]));
    }
  }
  LrnAttrs attrs_;
};

template <typename T>
class LrnGradOp : public OpKernel {
 public:
  explicit LrnGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& grads = ctx->input(0);
    const Tensor& image = ctx->input(1);
    const Tensor& out_image = ctx->input(2);
    OP_REQUIRES(ctx, grads.dims() == 4 && image.dims() == 4,
                errors::InvalidArgument("inputs must be 4-dimensional"));
    OP_REQUIRES(ctx,
                out_image.dims() == 4 && image.shape() == grads.shape() &&
                    out_image.shape() == grads.shape(),
                errors::InvalidArgument(
                    "input_grads, input_image, and out_image should have the same shape"));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, grads.shape(), &out));
    const int64_t total = grads.NumElements();
    T* dx = out->flat<T>().data();
    std::fill(dx, dx + total, T(0));
    if (total == 0) return;
    const int64_t depth = grads.dim_size(3), r = attrs_.depth_radius;
    const T bias = static_cast<T>(attrs_.bias), alpha = static_cast<T>(attrs_.alpha),
            beta = static_cast<T>(attrs_.beta);
    const T alpha_beta_2 = Mul(Mul(T(-2.0f), alpha), beta);
    const float neg_beta = -static_cast<float>(beta);
    const T* g = grads.flat<T>().data();
    const T* x = image.flat<T>().data();
    const T* y = out_image.flat<T>().data();
    ctx->ParallelFor(total / depth, std::max<int64_t>(1, 1024 / (depth * (2 * r + 1))),
                     [&](int64_t s0, int64_t e0) {
                       for (int64_t n = s0; n < e0; ++n) {
                         const int64_t base = n * depth;
                         for (int64_t j = 0; j < depth; ++j) {
                           const T gs = g[base + j];
                           if (gs == T(0)) continue;
                           const int64_t lo = std::max<int64_t>(0, j - r);
                           const int64_t hi = std::min(depth, j + r + 1);
                           T norm = T(0);
                           for (int64_t k = lo; k < hi; ++k) {
                             norm = Add(norm, Mul(x[base + k], x[base + k]));
                           }
                           norm = Add(Mul(alpha, norm), bias);
                           const T pre =
                               static_cast<T>(std::pow(static_cast<float>(norm), neg_beta));
                           const T act = Mul(alpha_beta_2, y[base + j]);
                           for (int64_t k = lo; k < hi; ++k) {
                             T dyi = static_cast<T>(static_cast<float>(Mul(x[base + k], act)) /
                                                    static_cast<float>(norm));
                             if (k == j) dyi = Add(dyi, pre);
                             dyi = Mul(dyi, gs);
                             dx[base + k] = Add(dx[base + k], dyi);
                           }
                         }
                       }
                     });
  }

 private:
  LrnAttrs attrs_;
};

REGISTER_KERNEL_BUILDER(Name("LRN").Device(DEVICE_CPU).TypeConstraint<float>("T"), LrnOp<float>);
REGISTER_KERNEL_BUILDER(Name("LRN").Device(DEVICE_CPU).TypeConstraint<Eigen::half>("T"),
                        LrnOp<Eigen::half>);
REGISTER_KERNEL_BUILDER(Name("LRNGrad").Device(DEVICE_CPU).TypeConstraint<float>("T"),
                        LrnGradOp<float>);
REGISTER_KERNEL_BUILDER(Name("LRNGrad").Device(DEVICE_CPU).TypeConstraint<Eigen::half>("T"),
                        LrnGradOp<Eigen::half>);

}  // namespace
}  // namespace tensorflow
