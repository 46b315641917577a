// The ListDiff op (C++ class SetDiff1D): definition, shape function and CPU kernel. out holds
// the elements of x that are not in y, in x's order (repeats kept), idx their positions in x.
#include <cmath>
#include <limits>
#include <set>
#include <type_traits>

#include "framework/op.h"
#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

using shape_inference::InferenceContext;

Status ListDiffShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 1));
  TF_RETURN_IF_ERROR(c->WithRank(1, 1));
  c->set_output(0, PartialTensorShape({-1}));
  c->set_output(1, PartialTensorShape({-1}));
  return OkStatus();
}

template <typename T>
double AsDouble(const T& v) {
  if constexpr (std::is_same<T, double>::value) {
    return v;
  } else {
    return static_cast<float>(v);
  }
}

// What TF's hash set compares: the value itself, floats as doubles with -0 == +0; a NaN equals
// nothing (Member says so before looking it up).
template <typename T>
auto Key(const T& v) {
  if constexpr (std::is_integral<T>::value || std::is_same<T, tstring>::value) {
    return v;
  } else {
    const double d = AsDouble(v);
    return d == 0 ? 0.0 : d;
  }
}

template <typename T>
bool IsNanValue(const T& v) {
  if constexpr (std::is_integral<T>::value || std::is_same<T, tstring>::value) {
    return false;
  } else {
    return std::isnan(AsDouble(v));
  }
}

template <typename T, typename Index>
class ListDiffOp : public OpKernel {
 public:
  explicit ListDiffOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    const Tensor& y = ctx->input(1);
    OP_REQUIRES(ctx, x.dims() == 1, errors::InvalidArgument("x should be a 1D vector."));
    OP_REQUIRES(ctx, y.dims() == 1, errors::InvalidArgument("y should be a 1D vector."));
    const int64_t n = x.NumElements();
    OP_REQUIRES(ctx, n < std::numeric_limits<int32_t>::max(),
                errors::InvalidArgument("x too large for int32 indexing"));
    const T* xs = x.flat<T>().data();
    const T* ys = y.flat<T>().data();
    std::set<decltype(Key(xs[0]))> drop;
    for (int64_t i = 0; i < y.NumElements(); ++i) {
      if (!IsNanValue(ys[i])) drop.insert(Key(ys[i]));
    }
    auto dropped = [&](const T& v) { return !IsNanValue(v) && drop.count(Key(v)) != 0; };
    int64_t kept = 0;
    for (int64_t i = 0; i < n; ++i) kept += !dropped(xs[i]);
    Tensor* out = nullptr;
    Tensor* idx = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({kept}), &out));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(1, TensorShape({kept}), &idx));
    T* o = out->flat<T>().data();
    Index* p = idx->flat<Index>().data();
    for (int64_t i = 0, k = 0; i < n; ++i) {
      if (dropped(xs[i])) continue;
      o[k] = xs[i];
      p[k++] = static_cast<Index>(i);
    }
  }
};

}  // namespace

REGISTER_OP("ListDiff")
    .Input("x: T")
    .Input("y: T")
    .Output("out: T")
    .Output("idx: out_idx")
    .Attr("T: type")
    .Attr("out_idx: {int32, int64} = DT_INT32")
    .SetShapeFn(ListDiffShape)
    .Summary("Computes the difference between two lists of numbers or strings.")
    .CcName("SetDiff1D")
    .CcHeader("array_ops");

#define MINITF_REGISTER_LIST_DIFF(T)                               \
  REGISTER_KERNEL_BUILDER(Name("ListDiff")                         \
                              .Device(DEVICE_CPU)                  \
                              .TypeConstraint<T>("T")              \
                              .TypeConstraint<int32_t>("out_idx"), \
                          (ListDiffOp<T, int32_t>));               \
  REGISTER_KERNEL_BUILDER(Name("ListDiff")                         \
                              .Device(DEVICE_CPU)                  \
                              .TypeConstraint<T>("T")              \
                              .TypeConstraint<int64_t>("out_idx"), \
                          (ListDiffOp<T, int64_t>));
MINITF_REGISTER_LIST_DIFF(int8_t)
MINITF_REGISTER_LIST_DIFF(int16_t)
MINITF_REGISTER_LIST_DIFF(int32_t)
MINITF_REGISTER_LIST_DIFF(int64_t)
MINITF_REGISTER_LIST_DIFF(uint8_t)
MINITF_REGISTER_LIST_DIFF(uint16_t)
MINITF_REGISTER_LIST_DIFF(uint32_t)
MINITF_REGISTER_LIST_DIFF(uint64_t)
MINITF_REGISTER_LIST_DIFF(tstring)
MINITF_REGISTER_LIST_DIFF(float)
MINITF_REGISTER_LIST_DIFF(double)
MINITF_REGISTER_LIST_DIFF(Eigen::half)
MINITF_REGISTER_LIST_DIFF(Eigen::bfloat16)
#undef MINITF_REGISTER_LIST_DIFF

}  // namespace tensorflow
