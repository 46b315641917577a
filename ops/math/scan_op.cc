// The Cumsum and Cumprod ops: definitions, shape function and CPU kernels. Each line along
// `axis` is combined in order into an accumulator that starts at 0 (1 for Cumprod) (TF's Eigen
// scan: the same operations in the same order, so float results have TF's bits, and a Cumsum
// turns -0 into +0); `exclusive` stores the accumulator before combining, `reverse` walks the
// line from its end.
#include "framework/internal/wrapping.h"
#include "framework/op.h"
#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

template <typename T, bool kProd>
class ScanOp : public OpKernel {
 public:
  explicit ScanOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("exclusive", &exclusive_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("reverse", &reverse_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    const Tensor& axis_t = ctx->input(1);
    OP_REQUIRES(ctx, axis_t.dims() == 0,
                errors::InvalidArgument("ScanOp: axis must be a scalar, not ",
                                        axis_t.shape().DebugString()));
    const int rank = x.dims();
    int64_t axis = tensor::IntValues(axis_t)[0];
    if (axis < 0) axis += rank;
    OP_REQUIRES(ctx, axis >= 0 && axis < rank,
                errors::InvalidArgument("ScanOp: Expected scan axis in the range [", -rank, ", ",
                                        rank, "), but got ", axis));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, x.shape(), &out));
    const int64_t n = x.NumElements();
    if (n == 0) return;
    int64_t outer = 1, inner = 1;
    for (int d = 0; d < axis; ++d) outer *= x.dim_size(d);
    for (int d = axis + 1; d < rank; ++d) inner *= x.dim_size(d);
    const int64_t len = x.dim_size(axis);
    const T* src = x.flat<T>().data();
    T* dst = out->flat<T>().data();
    ctx->ParallelFor(outer * inner, std::max<int64_t>(1, 16384 / len), [&](int64_t s, int64_t e) {
      for (int64_t line = s; line < e; ++line) {
        const int64_t base = (line / inner) * len * inner + line % inner;
        T acc = T(kProd ? 1 : 0);
        for (int64_t k = 0; k < len; ++k) {
          const int64_t at = base + (reverse_ ? len - 1 - k : k) * inner;
          if (exclusive_) {
            dst[at] = acc;
            acc = Combine(acc, src[at]);
          } else {
            acc = Combine(acc, src[at]);
            dst[at] = acc;
          }
        }
      }
    });
  }

 private:
  static T Combine(T acc, T x) {
    return kProd ? internal::WrappingMul(acc, x) : internal::WrappingAdd(acc, x);
  }
  bool exclusive_ = false, reverse_ = false;
};

}  // namespace

#define MINITF_SCAN_OP(NAME, SUMMARY)                                                       \
  REGISTER_OP(NAME)                                                                         \
      .Input("x: T")                                                                        \
      .Input("axis: Tidx")                                                                  \
      .Attr("exclusive: bool = false")                                                      \
      .Attr("reverse: bool = false")                                                        \
      .Output("out: T")                                                                     \
      .Attr(                                                                                \
          "T: {float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, " \
          "qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64}")   \
      .Attr("Tidx: {int32, int64} = DT_INT32")                                              \
      .SetShapeFn(shape_inference::UnchangedShape)                                          \
      .Summary(SUMMARY)                                                                     \
      .CcHeader("math_ops")
MINITF_SCAN_OP("Cumsum", "Compute the cumulative sum of the tensor `x` along `axis`.");
MINITF_SCAN_OP("Cumprod", "Compute the cumulative product of the tensor `x` along `axis`.");
#undef MINITF_SCAN_OP

#define MINITF_REGISTER_CUMSUM(T)                                                    \
  REGISTER_KERNEL_BUILDER(Name("Cumsum").Device(DEVICE_CPU).TypeConstraint<T>("T"),  \
                          (ScanOp<T, false>));                                       \
  REGISTER_KERNEL_BUILDER(Name("Cumprod").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (ScanOp<T, true>));
MINITF_REGISTER_CUMSUM(float)
MINITF_REGISTER_CUMSUM(double)
MINITF_REGISTER_CUMSUM(Eigen::half)
MINITF_REGISTER_CUMSUM(Eigen::bfloat16)
MINITF_REGISTER_CUMSUM(int8_t)
MINITF_REGISTER_CUMSUM(int16_t)
MINITF_REGISTER_CUMSUM(int32_t)
MINITF_REGISTER_CUMSUM(int64_t)
MINITF_REGISTER_CUMSUM(uint8_t)
MINITF_REGISTER_CUMSUM(uint16_t)
MINITF_REGISTER_CUMSUM(uint32_t)
MINITF_REGISTER_CUMSUM(uint64_t)
MINITF_REGISTER_CUMSUM(complex64)
MINITF_REGISTER_CUMSUM(complex128)
#undef MINITF_REGISTER_CUMSUM

}  // namespace tensorflow
