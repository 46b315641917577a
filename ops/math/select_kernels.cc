// CPU kernels of Select (C++ class Where3) and SelectV2, for every dtype, with TF's rules and
// error texts. Select: a scalar condition picks all of t or e; a vector condition with t of
// higher rank picks rows of t's first dimension; otherwise all three have one shape. SelectV2:
// condition, t and e broadcast together.
#include <algorithm>
#include <vector>

#include "framework/bcast.h"
#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

constexpr int64_t kGrain = 16384;

template <typename T>
class SelectOp : public OpKernel {
 public:
  explicit SelectOp(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& cond = ctx->input(0);
    const Tensor& t = ctx->input(1);
    const Tensor& e = ctx->input(2);
    if (cond.dims() == 0) {
      OP_REQUIRES(
          ctx, t.shape() == e.shape(),
          errors::InvalidArgument("'then' and 'else' must have the same size.  but "
                                  "received: ",
                                  t.shape().DebugString(), " vs. ", e.shape().DebugString()));
      ctx->set_output(0, cond.scalar<bool>()() ? t : e);
      return;
    }
    if (cond.dims() == 1 && t.dims() != 1) {  // a condition per row of t
      OP_REQUIRES(ctx, t.dims() >= 1,
                  errors::InvalidArgument("'then' must be at least a vector, but saw shape: ",
                                          t.shape().DebugString()));
      OP_REQUIRES(ctx, t.dim_size(0) == cond.NumElements(),
                  errors::InvalidArgument(
                      "Number of batches of 'then' must match size of 'cond', but saw: ",
                      t.dim_size(0), " vs. ", cond.NumElements()));
      OP_REQUIRES(
          ctx, t.shape() == e.shape(),
          errors::InvalidArgument("'then' and 'else' must have the same size.  but "
                                  "received: ",
                                  t.shape().DebugString(), " vs. ", e.shape().DebugString()));
      Tensor* out = nullptr;
      OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({1, 2}, 0, t.shape(), &out));
      const int64_t rows = cond.NumElements();
      const int64_t row = rows == 0 ? 0 : t.NumElements() / rows;
      Run(
          ctx, out, t.NumElements(), [&](int64_t i) { return i / std::max<int64_t>(row, 1); },
          [](int64_t i) { return i; }, [](int64_t i) { return i; });
      return;
    }
    if (!ctx->ValidateInputsAreSameShape(this)) return;
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({1, 2}, 0, t.shape(), &out));
    auto same = [](int64_t i) { return i; };
    Run(ctx, out, t.NumElements(), same, same, same);
  }

  // out[i] = cond[c(i)] ? t[a(i)] : e[b(i)].
  template <typename C, typename A, typename B>
  static void Run(OpKernelContext* ctx, Tensor* out, int64_t n, C c, A a, B b) {
    const bool* cp = ctx->input(0).flat<bool>().data();
    const T* tp = ctx->input(1).flat<T>().data();
    const T* ep = ctx->input(2).flat<T>().data();
    T* z = out->flat<T>().data();
    ctx->ParallelFor(n, kGrain, [&](int64_t s, int64_t e) {
      for (int64_t i = s; i < e; ++i) z[i] = cp[c(i)] ? tp[a(i)] : ep[b(i)];
    });
  }
};

template <typename T>
class SelectV2Op : public OpKernel {
 public:
  explicit SelectV2Op(OpKernelConstruction* ctx) : OpKernel(ctx) { set_expensive(false); }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& cond = ctx->input(0);
    const Tensor& t = ctx->input(1);
    const Tensor& e = ctx->input(2);
    const auto cd = cond.shape().dim_sizes(), td = t.shape().dim_sizes(),
               ed = e.shape().dim_sizes();
    std::vector<int64_t> te, od;
    OP_REQUIRES(ctx, BroadcastDims(td, ed, &te) && BroadcastDims(cd, te, &od),
                errors::InvalidArgument("condition ", cond.shape().DebugString(), ", then ",
                                        t.shape().DebugString(), ", and else ",
                                        e.shape().DebugString(), " must be broadcastable"));
    TensorShape shape;  // with a status: empty inputs may broadcast past int64 (TF aborts)
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(od, &shape));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({1, 2}, 0, shape, &out));
    const int64_t n = out->NumElements();
    if (n == 0) return;
    const bool* cp = cond.flat<bool>().data();
    const T* tp = t.flat<T>().data();
    const T* ep = e.flat<T>().data();
    T* z = out->flat<T>().data();
    const auto sc = BroadcastStrides(cd, od), st = BroadcastStrides(td, od),
               se = BroadcastStrides(ed, od);
    const int rank = static_cast<int>(od.size());
    ctx->ParallelFor(n, kGrain, [&](int64_t s, int64_t end) {
      for (int64_t i = s; i < end; ++i) {
        int64_t ic = 0, it = 0, ie = 0, rest = i;
        for (int d = rank - 1; d >= 0; --d) {
          const int64_t k = rest % od[d];
          rest /= od[d];
          ic += k * sc[d];
          it += k * st[d];
          ie += k * se[d];
        }
        z[i] = cp[ic] ? tp[it] : ep[ie];
      }
    });
  }
};

#define MINITF_REGISTER_SELECT(T)                                                                 \
  REGISTER_KERNEL_BUILDER(Name("Select").Device(DEVICE_CPU).TypeConstraint<T>("T"), SelectOp<T>); \
  REGISTER_KERNEL_BUILDER(Name("SelectV2").Device(DEVICE_CPU).TypeConstraint<T>("T"),             \
                          SelectV2Op<T>);
MINITF_CALL_ALL_TYPES(MINITF_REGISTER_SELECT)

}  // namespace
}  // namespace tensorflow
