// CPU kernels of Softmax, LogSoftmax, SoftmaxCrossEntropyWithLogits and
// SparseSoftmaxCrossEntropyWithLogits, computed as TF's Eigen kernels do, row by row over the
// last dimension: the row's max subtracted, exp, the sum of the exps (in row order, so results
// do not depend on thread count), then softmax = e * (1 / sum), log softmax = shifted -
// log(sum), loss = sum(labels * (log(sum) - shifted)), backprop = e / sum - labels. Sums
// differ from TF's in rounding only (TF's Eigen and oneDNN pick their own order). 16-bit
// floats compute in float.
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "framework/bcast.h"
#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

template <typename T>
using Acc = std::conditional_t<std::is_same<T, double>::value, double, float>;

// The max of a row: a NaN anywhere makes it NaN.
template <typename A>
A RowMax(const A* row, int64_t n) {
  A m = -std::numeric_limits<A>::infinity();
  for (int64_t j = 0; j < n; ++j) {
    if (std::isnan(row[j])) return row[j];
    m = std::max(m, row[j]);
  }
  return m;
}

template <typename T, bool kLog>
class SoftmaxOp : public OpKernel {
 public:
  explicit SoftmaxOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& logits = ctx->input(0);
    OP_REQUIRES(ctx, logits.dims() >= 1,
                errors::InvalidArgument("logits must have >= 1 dimension, got ",
                                        logits.shape().DebugString()));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->forward_input_or_allocate_output({0}, 0, logits.shape(), &out));
    const int64_t classes = logits.dim_size(logits.dims() - 1);
    if (classes == 0 || logits.NumElements() == 0) return;
    const int64_t rows = logits.NumElements() / classes;
    const T* in = logits.flat<T>().data();
    T* z = out->flat<T>().data();
    ctx->ParallelFor(rows, std::max<int64_t>(1, 4096 / classes), [&](int64_t s, int64_t e) {
      std::vector<Acc<T>> row(classes);
      for (int64_t r = s; r < e; ++r) {
        for (int64_t j = 0; j < classes; ++j) row[j] = static_cast<Acc<T>>(in[r * classes + j]);
        const Acc<T> m = RowMax(row.data(), classes);
        Acc<T> sum = 0;
        for (int64_t j = 0; j < classes; ++j) {
          row[j] -= m;
          sum += std::exp(row[j]);
        }
        if (kLog) {
          const Acc<T> log_sum = std::log(sum);
          for (int64_t j = 0; j < classes; ++j)
            z[r * classes + j] = static_cast<T>(row[j] - log_sum);
        } else {
          const Acc<T> inv = Acc<T>(1) / sum;
          for (int64_t j = 0; j < classes; ++j) {
            z[r * classes + j] = static_cast<T>(std::exp(row[j]) * inv);
          }
        }
      }
    });
  }
};

// Fills loss[r] and backprop[r, :] from the row's shifted logits and a label lookup.
template <typename T, typename Label>
void CrossEntropyRow(std::vector<Acc<T>>* shifted, const Label& label, T* loss, T* backprop) {
  const int64_t classes = static_cast<int64_t>(shifted->size());
  Acc<T>* b = shifted->data();
  const Acc<T> m = RowMax(b, classes);
  Acc<T> sum = 0;
  for (int64_t j = 0; j < classes; ++j) {
    b[j] -= m;
    sum += std::exp(b[j]);
  }
  const Acc<T> log_sum = std::log(sum);
  Acc<T> l = 0;
  for (int64_t j = 0; j < classes; ++j) {
    l += label(j) * (log_sum - b[j]);
    backprop[j] = static_cast<T>(std::exp(b[j]) / sum - label(j));
  }
  *loss = static_cast<T>(l);
}

template <typename T>
class SoftmaxXentOp : public OpKernel {
 public:
  explicit SoftmaxXentOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& logits = ctx->input(0);
    const Tensor& labels = ctx->input(1);
    const auto ld = logits.shape().dim_sizes(), bd = labels.shape().dim_sizes();
    std::vector<int64_t> shape;
    OP_REQUIRES(ctx, BroadcastDims(ld, bd, &shape),
                errors::InvalidArgument("logits and labels must be broadcastable: logits_size=",
                                        logits.shape().DebugString(),
                                        " labels_size=", labels.shape().DebugString()));
    OP_REQUIRES(ctx, shape.size() == 2,
                errors::InvalidArgument("logits and labels must be either 2-dimensional, or "
                                        "broadcasted to be 2-dimensional"));
    const int64_t batch = shape[0], classes = shape[1];
    Tensor *loss = nullptr, *backprop = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({batch}), &loss));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(1, TensorShape({batch, classes}), &backprop));
    if (batch == 0 || classes == 0) return;
    const auto sl = BroadcastStrides(ld, shape), sb = BroadcastStrides(bd, shape);
    const T* lp = logits.flat<T>().data();
    const T* bp = labels.flat<T>().data();
    T* loss_p = loss->flat<T>().data();
    T* back_p = backprop->flat<T>().data();
    ctx->ParallelFor(batch, std::max<int64_t>(1, 4096 / classes), [&](int64_t s, int64_t e) {
      std::vector<Acc<T>> row(classes);
      for (int64_t r = s; r < e; ++r) {
        for (int64_t j = 0; j < classes; ++j) {
          row[j] = static_cast<Acc<T>>(lp[r * sl[0] + j * sl[1]]);
        }
        auto label = [&](int64_t j) { return static_cast<Acc<T>>(bp[r * sb[0] + j * sb[1]]); };
        CrossEntropyRow<T>(&row, label, &loss_p[r], &back_p[r * classes]);
      }
    });
  }
};

template <typename T, typename Index>
class SparseSoftmaxXentOp : public OpKernel {
 public:
  explicit SparseSoftmaxXentOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& logits = ctx->input(0);
    const Tensor& labels = ctx->input(1);
    OP_REQUIRES(ctx, logits.dims() == 2,
                errors::InvalidArgument("logits must be 2-D, but got shape ",
                                        logits.shape().DebugString()));
    OP_REQUIRES(ctx, labels.dims() == 1,
                errors::InvalidArgument("labels must be 1-D, but got shape ",
                                        labels.shape().DebugString()));
    OP_REQUIRES(
        ctx, logits.dim_size(0) == labels.dim_size(0),
        errors::InvalidArgument(
            "logits and labels must have the same first dimension, got logits shape ",
            logits.shape().DebugString(), " and labels shape ", labels.shape().DebugString()));
    const int64_t batch = logits.dim_size(0), classes = logits.dim_size(1);
    OP_REQUIRES(ctx, classes > 0 || batch == 0,
                errors::InvalidArgument("Must have at least one class, but got logits shape ",
                                        logits.shape().DebugString()));
    const Index* lab = labels.flat<Index>().data();
    for (int64_t r = 0; r < batch; ++r) {
      if (lab[r] < 0 || lab[r] >= classes) {
        std::string values;
        for (int64_t k = 0; k < batch; ++k) absl::StrAppend(&values, k ? " " : "", lab[k]);
        ctx->CtxFailure(errors::InvalidArgument("Received a label value of ", lab[r],
                                                " which is outside the valid range of [0, ",
                                                classes, ").  Label values: ", values));
        return;
      }
    }
    Tensor *loss = nullptr, *backprop = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({batch}), &loss));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(1, logits.shape(), &backprop));
    if (batch == 0) return;
    const T* lp = logits.flat<T>().data();
    T* loss_p = loss->flat<T>().data();
    T* back_p = backprop->flat<T>().data();
    ctx->ParallelFor(batch, std::max<int64_t>(1, 4096 / classes), [&](int64_t s, int64_t e) {
      std::vector<Acc<T>> row(classes);
      for (int64_t r = s; r < e; ++r) {
        for (int64_t j = 0; j < classes; ++j) row[j] = static_cast<Acc<T>>(lp[r * classes + j]);
        const int64_t target = lab[r];
        auto label = [&](int64_t j) { return Acc<T>(j == target ? 1 : 0); };
        CrossEntropyRow<T>(&row, label, &loss_p[r], &back_p[r * classes]);
      }
    });
  }
};

#define MINITF_REGISTER_SOFTMAX(T)                                                      \
  REGISTER_KERNEL_BUILDER(Name("Softmax").Device(DEVICE_CPU).TypeConstraint<T>("T"),    \
                          (SoftmaxOp<T, false>));                                       \
  REGISTER_KERNEL_BUILDER(Name("LogSoftmax").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          (SoftmaxOp<T, true>));                                        \
  REGISTER_KERNEL_BUILDER(                                                              \
      Name("SoftmaxCrossEntropyWithLogits").Device(DEVICE_CPU).TypeConstraint<T>("T"),  \
      SoftmaxXentOp<T>);                                                                \
  REGISTER_KERNEL_BUILDER(Name("SparseSoftmaxCrossEntropyWithLogits")                   \
                              .Device(DEVICE_CPU)                                       \
                              .TypeConstraint<T>("T")                                   \
                              .TypeConstraint<int32_t>("Tlabels"),                      \
                          (SparseSoftmaxXentOp<T, int32_t>));                           \
  REGISTER_KERNEL_BUILDER(Name("SparseSoftmaxCrossEntropyWithLogits")                   \
                              .Device(DEVICE_CPU)                                       \
                              .TypeConstraint<T>("T")                                   \
                              .TypeConstraint<int64_t>("Tlabels"),                      \
                          (SparseSoftmaxXentOp<T, int64_t>));
MINITF_REGISTER_SOFTMAX(float)
MINITF_REGISTER_SOFTMAX(double)
MINITF_REGISTER_SOFTMAX(Eigen::half)
MINITF_REGISTER_SOFTMAX(Eigen::bfloat16)

}  // namespace
}  // namespace tensorflow
