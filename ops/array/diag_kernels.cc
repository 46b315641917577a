// CPU kernels of the diagonal ops of diag_ops.cc: pure data movement (zeros elsewhere), with
// TF 2.21's checks and texts.
#include <algorithm>
#include <cstring>
#include <string>

#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

constexpr int64_t kGrain = 1 << 14;

template <typename T>
class DiagOp : public OpKernel {
 public:
  explicit DiagOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& diagonal = ctx->input(0);
    const int rank = diagonal.dims();
    OP_REQUIRES(ctx, rank != 0, errors::InvalidArgument("Input must be at least rank 1, got 0"));
    TensorShape out_shape;
    for (int i = 0; i < 2 * rank; ++i) {
      OP_REQUIRES_OK(ctx, out_shape.AddDimWithStatus(diagonal.dim_size(i % rank)));
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    const int64_t n = diagonal.NumElements();
    const T* d = diagonal.flat<T>().data();
    T* o = out->flat<T>().data();
    ctx->ParallelFor(n, std::max<int64_t>(1, kGrain / std::max<int64_t>(n, 1)),
                     [&](int64_t s, int64_t e) {
                       for (int64_t i = s; i < e; ++i) {
                         std::fill(o + i * n, o + (i + 1) * n, T());
                         o[i * n + i] = d[i];
                       }
                     });
  }
};

template <typename T>
class DiagPartOp : public OpKernel {
 public:
  explicit DiagPartOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const int rank = in.dims();
    // Only evenness is checked, as TF's kernel does: a scalar is its own diagonal part.
    OP_REQUIRES(ctx, rank % 2 == 0,
                // TF's text has 42 spaces in the middle (a source line continuation).
                errors::InvalidArgument("The rank of the tensor should be", std::string(42, ' '),
                                        "even and positive, got shape ", in.shape().DebugString()));
    const int half = rank / 2;
    TensorShape out_shape;
    for (int i = 0; i < half; ++i) {
      OP_REQUIRES(ctx, in.dim_size(i) == in.dim_size(i + half),
                  errors::InvalidArgument("Invalid shape ", in.shape().DebugString(),
                                          ": dimensions ", i, " and ", i + half, " do not match."));
      out_shape.AddDim(in.dim_size(i));
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    const int64_t n = out->NumElements();
    const T* x = in.flat<T>().data();
    T* o = out->flat<T>().data();
    for (int64_t i = 0; i < n; ++i) o[i] = x[i * n + i];
  }
};

// MatrixDiag: [..., n] -> [..., n, n] with the vectors on the diagonals.
template <typename T>
class MatrixDiagOp : public OpKernel {
 public:
  explicit MatrixDiagOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& diagonal = ctx->input(0);
    OP_REQUIRES(ctx, diagonal.dims() >= 1,
                errors::InvalidArgument("diagonal must be at least 1-dim, received shape: ",
                                        diagonal.shape().DebugString()));
    const int64_t n = diagonal.dim_size(diagonal.dims() - 1);
    TensorShape out_shape = diagonal.shape();
    OP_REQUIRES_OK(ctx, out_shape.AddDimWithStatus(n));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    const int64_t rows = diagonal.NumElements();  // batch * n rows of n
    const T* d = diagonal.flat<T>().data();
    T* o = out->flat<T>().data();
    ctx->ParallelFor(rows, std::max<int64_t>(1, kGrain / std::max<int64_t>(n, 1)),
                     [&](int64_t s, int64_t e) {
                       for (int64_t r = s; r < e; ++r) {
                         std::fill(o + r * n, o + (r + 1) * n, T());
                         o[r * n + r % n] = d[r];
                       }
                     });
  }
};

// MatrixDiagPart: [..., m, n] -> [..., min(m, n)].
template <typename T>
class MatrixDiagPartOp : public OpKernel {
 public:
  explicit MatrixDiagPartOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    OP_REQUIRES(ctx, in.dims() >= 2,
                errors::InvalidArgument("input must be at least 2-dim, received shape: ",
                                        in.shape().DebugString()));
    const int rank = in.dims();
    const int64_t m = in.dim_size(rank - 2), n = in.dim_size(rank - 1);
    const int64_t len = std::min(m, n);
    TensorShape out_shape = in.shape();
    out_shape.RemoveLastDims(2);
    out_shape.AddDim(len);
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    const int64_t batches = len == 0 ? 0 : out->NumElements() / len;
    const T* x = in.flat<T>().data();
    T* o = out->flat<T>().data();
    for (int64_t b = 0; b < batches; ++b) {
      for (int64_t i = 0; i < len; ++i) o[b * len + i] = x[b * m * n + i * n + i];
    }
  }
};

int64_t ScalarAsInt64(const Tensor& t) {
  return t.dtype() == DT_INT32 ? t.scalar<int32_t>()() : t.scalar<int64_t>()();
}

// Keeps (i, j) with (num_lower < 0 || i - j <= num_lower) && (num_upper < 0 || j - i <=
// num_upper) in every innermost matrix; zeros elsewhere.
template <typename T>
class MatrixBandPartOp : public OpKernel {
 public:
  explicit MatrixBandPartOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    OP_REQUIRES(ctx, in.dims() >= 2,
                errors::InvalidArgument("input must be at least 2-dim, received shape: ",
                                        in.shape().DebugString()));
    const int64_t m = in.dim_size(in.dims() - 2), n = in.dim_size(in.dims() - 1);
    const Tensor& lower_t = ctx->input(1);
    OP_REQUIRES(ctx, lower_t.dims() == 0,
                errors::InvalidArgument("num_lower must be scalar, got shape ",
                                        lower_t.shape().DebugString()));
    const int64_t lower = ScalarAsInt64(lower_t);
    OP_REQUIRES(ctx, lower <= m,
                errors::InvalidArgument("num_lower must be negative or less or equal to number "
                                        "of rows (",
                                        m, ") got: ", lower));
    const Tensor& upper_t = ctx->input(2);
    OP_REQUIRES(ctx, upper_t.dims() == 0,
                errors::InvalidArgument("num_upper must be scalar, got shape ",
                                        upper_t.shape().DebugString()));
    const int64_t upper = ScalarAsInt64(upper_t);
    OP_REQUIRES(ctx, upper <= n,
                errors::InvalidArgument("num_upper must be negative or less or equal to number "
                                        "of columns (",
                                        n, ") got: ", upper));
    if (in.NumElements() == 0 || ((lower < 0 || lower == m) && (upper < 0 || upper == n))) {
      ctx->set_output(0, in);  // the whole band: TF hands the input on
      return;
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, in.shape(), &out));
    const T* x = in.flat<T>().data();
    T* o = out->flat<T>().data();
    const int64_t rows = in.NumElements() / n;
    ctx->ParallelFor(rows, std::max<int64_t>(1, kGrain / n), [&](int64_t s, int64_t e) {
      for (int64_t r = s; r < e; ++r) {
        const int64_t i = r % m;
        for (int64_t j = 0; j < n; ++j) {
          const bool keep = (lower < 0 || i - j <= lower) && (upper < 0 || j - i <= upper);
          o[r * n + j] = keep ? x[r * n + j] : T();
        }
      }
    });
  }
};

#define MINITF_REGISTER_MATRIX(T)                                                           \
  REGISTER_KERNEL_BUILDER(Name("MatrixDiag").Device(DEVICE_CPU).TypeConstraint<T>("T"),     \
                          MatrixDiagOp<T>);                                                 \
  REGISTER_KERNEL_BUILDER(Name("MatrixDiagPart").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          MatrixDiagPartOp<T>);                                             \
  REGISTER_KERNEL_BUILDER(Name("MatrixBandPart").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          MatrixBandPartOp<T>);
MINITF_CALL_NUMBER_TYPES(MINITF_REGISTER_MATRIX)

#define MINITF_REGISTER_DIAG(T)                                                               \
  REGISTER_KERNEL_BUILDER(Name("Diag").Device(DEVICE_CPU).TypeConstraint<T>("T"), DiagOp<T>); \
  REGISTER_KERNEL_BUILDER(Name("DiagPart").Device(DEVICE_CPU).TypeConstraint<T>("T"),         \
                          DiagPartOp<T>);
MINITF_REGISTER_DIAG(Eigen::half)
MINITF_REGISTER_DIAG(float)
MINITF_REGISTER_DIAG(double)
MINITF_REGISTER_DIAG(int32_t)
MINITF_REGISTER_DIAG(int64_t)
MINITF_REGISTER_DIAG(complex64)
MINITF_REGISTER_DIAG(complex128)

}  // namespace
}  // namespace tensorflow
