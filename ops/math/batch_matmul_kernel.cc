// CPU kernels of BatchMatMul, BatchMatMulV2 and BatchMatMulV3 (TF 2.21's checks and texts): one
// math_internal::Gemm per batch element, the batch dimensions broadcast for V2 (TF's MatMulBCast);
// `adj` is the conjugate transpose. Same bits at any thread count.
#include <algorithm>
#include <type_traits>
#include <vector>

#include "framework/bcast.h"
#include "framework/op_kernel.h"
#include "ops/math/internal/gemm.h"

namespace tensorflow {
namespace {

template <typename T>
inline constexpr bool kIsComplex =
    std::is_same<T, complex64>::value || std::is_same<T, complex128>::value;

// The types Gemm computes in: 16-bit floats widen to float; int16 to int64 (exact, then wrapped
// back to 16 bits, as TF's int16 arithmetic ends).
template <typename T>
using GemmType = std::conditional_t<
    std::is_same<T, Eigen::half>::value || std::is_same<T, Eigen::bfloat16>::value, float,
    std::conditional_t<std::is_integral<T>::value && !std::is_same<T, int32_t>::value &&
                           !std::is_same<T, int64_t>::value,
                       int64_t, T>>;

// x of Ta, y of Tb, the output of T (BatchMatMulV3's 8-bit integer forms, -> int32 or with a
// bfloat16 operand -> bfloat16, mix types; every other form has one type).
template <typename T, bool kBroadcast, typename Ta = T, typename Tb = T>
class BatchMatMulOp : public OpKernel {
 public:
  explicit BatchMatMulOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("adj_x", &adj_x_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("adj_y", &adj_y_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    const Tensor& y = ctx->input(1);
    const int rx = x.dims(), ry = y.dims();
    const auto xd = x.shape().dim_sizes(), yd = y.shape().dim_sizes();
    std::vector<int64_t> xb(xd.begin(), xd.end()), yb(yd.begin(), yd.end());
    if (kBroadcast) {
      OP_REQUIRES(ctx, rx >= 2, errors::InvalidArgument("In[0] ndims must be >= 2: ", rx));
      OP_REQUIRES(ctx, ry >= 2, errors::InvalidArgument("In[1] ndims must be >= 2: ", ry));
    } else {
      OP_REQUIRES(
          ctx, rx == ry,
          errors::InvalidArgument("In[0] and In[1] has different ndims: ", x.shape().DebugString(),
                                  " vs. ", y.shape().DebugString()));
      OP_REQUIRES(ctx, rx >= 2,
                  errors::InvalidArgument("In[0] and In[1] ndims must be >= 2: ", rx));
      for (int d = 0; d < rx - 2; ++d) {
        OP_REQUIRES(ctx, xb[d] == yb[d],
                    errors::InvalidArgument("In[0].dim(", d, ") and In[1].dim(", d,
                                            ") must be the same: ", x.shape().DebugString(), " vs ",
                                            y.shape().DebugString()));
      }
    }
    xb.resize(rx - 2);
    yb.resize(ry - 2);
    // The broadcast batch shape, and each output batch's x and y batch index.
    const int rank = std::max(rx, ry) - 2;
    std::vector<int64_t> bshape(rank);
    for (int d = 0; d < rank; ++d) {
      const int dx = d - (rank - (rx - 2)), dy = d - (rank - (ry - 2));
      const int64_t a = dx >= 0 ? xb[dx] : 1, b = dy >= 0 ? yb[dy] : 1;
      OP_REQUIRES(
          ctx, a == b || a == 1 || b == 1,
          errors::InvalidArgument("In[0] and In[1] must have compatible batch "
                                  "dimensions: ",
                                  x.shape().DebugString(), " vs. ", y.shape().DebugString()));
      bshape[d] = a == 1 ? b : a;
    }
    const int64_t m = x.dim_size(adj_x_ ? rx - 1 : rx - 2),
                  k = x.dim_size(adj_x_ ? rx - 2 : rx - 1);
    const int64_t ky = y.dim_size(adj_y_ ? ry - 1 : ry - 2),
                  n = y.dim_size(adj_y_ ? ry - 2 : ry - 1);
    OP_REQUIRES(
        ctx, k == ky,
        errors::InvalidArgument("Matrix size-incompatible: In[0]: ", x.shape().DebugString(),
                                ", In[1]: ", y.shape().DebugString()));
    std::vector<int64_t> out_dims = bshape;
    out_dims.push_back(m);
    out_dims.push_back(n);
    TensorShape out_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(out_dims, &out_shape));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    if (out->NumElements() == 0) return;
    int64_t batches = 1;
    for (int64_t v : bshape) batches *= v;
    // Output batch b's x and y batch indices: a row-major walk of bshape, x and y broadcast.
    auto operand_batches = [&](int64_t b, int64_t* xi, int64_t* yi) {
      int64_t rest = b, ox = 0, oy = 0, sx = 1, sy = 1;
      for (int d = rank - 1; d >= 0; --d) {
        const int64_t i = rest % bshape[d];
        rest /= bshape[d];
        const int dx = d - (rank - (rx - 2)), dy = d - (rank - (ry - 2));
        if (dx >= 0) {
          if (xb[dx] != 1) ox += i * sx;
          sx *= xb[dx];
        }
        if (dy >= 0) {
          if (yb[dy] != 1) oy += i * sy;
          sy *= yb[dy];
        }
      }
      *xi = ox, *yi = oy;
    };
    using G =
        std::conditional_t<std::is_same<Ta, T>::value && std::is_same<Tb, T>::value, GemmType<T>,
                           std::conditional_t<std::is_integral<T>::value, int64_t, float>>;
    std::vector<G> xs, ys, zs;
    const G* xp = Prepared<Ta, G>(x, adj_x_, &xs);
    const G* yp = Prepared<Tb, G>(y, adj_y_, &ys);
    G* zp = nullptr;
    if constexpr (std::is_same<G, T>::value) {
      zp = out->flat<T>().data();
    } else {
      zs.resize(out->NumElements());
      zp = zs.data();
    }
    const int64_t mat_x = m * k, mat_y = k * n, mat_z = m * n;
    const int64_t grain = std::max<int64_t>(1, 65536 / std::max<int64_t>(1, mat_z * k));
    if (batches == 1) {
      math_internal::Gemm<G>(ctx, xp, adj_x_, yp, adj_y_, zp, m, n, k);
    } else {
      ctx->ParallelFor(batches, grain, [&](int64_t s, int64_t e) {
        for (int64_t b = s; b < e; ++b) {
          int64_t xi = 0, yi = 0;
          operand_batches(b, &xi, &yi);
          math_internal::Gemm<G>(nullptr, xp + xi * mat_x, adj_x_, yp + yi * mat_y, adj_y_,
                                 zp + b * mat_z, m, n, k);
        }
      });
    }
    if constexpr (!std::is_same<G, T>::value) {
      T* z = out->flat<T>().data();
      for (int64_t i = 0; i < out->NumElements(); ++i) z[i] = static_cast<T>(zs[i]);
    }
  }

 private:
  // The operand in G; conjugated when it is complex and adjointed.
  template <typename In, typename G>
  static const G* Prepared(const Tensor& t, bool adj, std::vector<G>* store) {
    const In* p = t.flat<In>().data();
    if constexpr (std::is_same<G, In>::value && !kIsComplex<In>) {
      return p;
    } else {
      store->resize(t.NumElements());
      for (int64_t i = 0; i < t.NumElements(); ++i) {
        if constexpr (kIsComplex<In>) {
          (*store)[i] = adj ? std::conj(p[i]) : p[i];
        } else {
          // int8 values are numbers, widened with their sign.
          (*store)[i] = static_cast<G>(p[i]);  // NOLINT(bugprone-signed-char-misuse)
        }
      }
      return store->data();
    }
  }
  bool adj_x_ = false, adj_y_ = false;
};

#define MINITF_REGISTER_BATCH_MATMUL(T)                                                    \
  REGISTER_KERNEL_BUILDER(Name("BatchMatMul").Device(DEVICE_CPU).TypeConstraint<T>("T"),   \
                          (BatchMatMulOp<T, false>));                                      \
  REGISTER_KERNEL_BUILDER(Name("BatchMatMulV2").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (BatchMatMulOp<T, true>));
MINITF_REGISTER_BATCH_MATMUL(float)
MINITF_REGISTER_BATCH_MATMUL(double)
MINITF_REGISTER_BATCH_MATMUL(Eigen::half)
MINITF_REGISTER_BATCH_MATMUL(Eigen::bfloat16)
MINITF_REGISTER_BATCH_MATMUL(int32_t)
MINITF_REGISTER_BATCH_MATMUL(int64_t)
MINITF_REGISTER_BATCH_MATMUL(complex64)
MINITF_REGISTER_BATCH_MATMUL(complex128)
#undef MINITF_REGISTER_BATCH_MATMUL
REGISTER_KERNEL_BUILDER(Name("BatchMatMulV2").Device(DEVICE_CPU).TypeConstraint<int16_t>("T"),
                        (BatchMatMulOp<int16_t, true>));

// BatchMatMulV3 with one type for x, y and the output.
#define MINITF_REGISTER_BATCH_MATMUL_V3(T)                \
  REGISTER_KERNEL_BUILDER(Name("BatchMatMulV3")           \
                              .Device(DEVICE_CPU)         \
                              .TypeConstraint<T>("Ta")    \
                              .TypeConstraint<T>("Tb")    \
                              .TypeConstraint<T>("Tout"), \
                          (BatchMatMulOp<T, true>));
MINITF_REGISTER_BATCH_MATMUL_V3(float)
MINITF_REGISTER_BATCH_MATMUL_V3(double)
MINITF_REGISTER_BATCH_MATMUL_V3(Eigen::bfloat16)
MINITF_REGISTER_BATCH_MATMUL_V3(int16_t)
MINITF_REGISTER_BATCH_MATMUL_V3(int32_t)
MINITF_REGISTER_BATCH_MATMUL_V3(int64_t)
MINITF_REGISTER_BATCH_MATMUL_V3(complex64)
MINITF_REGISTER_BATCH_MATMUL_V3(complex128)
#undef MINITF_REGISTER_BATCH_MATMUL_V3
#define MINITF_REGISTER_BATCH_MATMUL_V3_INT8(Ta, Tb)            \
  REGISTER_KERNEL_BUILDER(Name("BatchMatMulV3")                 \
                              .Device(DEVICE_CPU)               \
                              .TypeConstraint<Ta>("Ta")         \
                              .TypeConstraint<Tb>("Tb")         \
                              .TypeConstraint<int32_t>("Tout"), \
                          (BatchMatMulOp<int32_t, true, Ta, Tb>));
MINITF_REGISTER_BATCH_MATMUL_V3_INT8(int8_t, int8_t)
MINITF_REGISTER_BATCH_MATMUL_V3_INT8(int8_t, uint8_t)
MINITF_REGISTER_BATCH_MATMUL_V3_INT8(uint8_t, int8_t)
MINITF_REGISTER_BATCH_MATMUL_V3_INT8(uint8_t, uint8_t)
#undef MINITF_REGISTER_BATCH_MATMUL_V3_INT8
#define MINITF_REGISTER_BATCH_MATMUL_V3_BF16(Ta, Tb)                    \
  REGISTER_KERNEL_BUILDER(Name("BatchMatMulV3")                         \
                              .Device(DEVICE_CPU)                       \
                              .TypeConstraint<Ta>("Ta")                 \
                              .TypeConstraint<Tb>("Tb")                 \
                              .TypeConstraint<Eigen::bfloat16>("Tout"), \
                          (BatchMatMulOp<Eigen::bfloat16, true, Ta, Tb>));
MINITF_REGISTER_BATCH_MATMUL_V3_BF16(int8_t, Eigen::bfloat16)
MINITF_REGISTER_BATCH_MATMUL_V3_BF16(uint8_t, Eigen::bfloat16)
MINITF_REGISTER_BATCH_MATMUL_V3_BF16(Eigen::bfloat16, int8_t)
MINITF_REGISTER_BATCH_MATMUL_V3_BF16(Eigen::bfloat16, uint8_t)
#undef MINITF_REGISTER_BATCH_MATMUL_V3_BF16
}  // namespace
}  // namespace tensorflow
