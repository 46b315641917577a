// CPU kernels of the value-dependent ops of partition_ops.cc, with TF 2.21's checks and texts.
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

// DynamicPartition: data's slices (one per partitions element) go to output partitions[i],
// in order of appearance.
template <typename T>
class DynamicPartitionOp : public OpKernel {
 public:
  explicit DynamicPartitionOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    set_expensive(false);
    OP_REQUIRES_OK(ctx, ctx->GetAttr("num_partitions", &num_partitions_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& data = ctx->input(0);
    const Tensor& partitions = ctx->input(1);
    bool prefix = partitions.dims() <= data.dims();
    for (int d = 0; prefix && d < partitions.dims(); ++d) {
      prefix = partitions.dim_size(d) == data.dim_size(d);
    }
    OP_REQUIRES(ctx, prefix,
                errors::InvalidArgument("data.shape must start with partitions.shape, ",
                                        "got data.shape = ", data.shape().DebugString(),
                                        ", partitions.shape = ", partitions.shape().DebugString()));
    const auto p = partitions.flat<int32_t>();
    const int64_t n = partitions.NumElements();
    std::vector<int64_t> count(num_partitions_, 0);
    for (int64_t i = 0; i < n; ++i) {
      const int32_t part = p(i);
      OP_REQUIRES(ctx, part >= 0 && part < num_partitions_,
                  errors::InvalidArgument("partitions", SliceDebugString(partitions.shape(), i),
                                          " = ", part, " is not in [0, ", num_partitions_, ")"));
      ++count[part];
    }
    int64_t slice = 1;
    for (int d = partitions.dims(); d < data.dims(); ++d) slice *= data.dim_size(d);
    std::vector<T*> outs(num_partitions_);
    for (int k = 0; k < num_partitions_; ++k) {
      TensorShape shape({count[k]});
      for (int d = partitions.dims(); d < data.dims(); ++d) shape.AddDim(data.dim_size(d));
      Tensor* out = nullptr;
      OP_REQUIRES_OK(ctx, ctx->allocate_output(k, shape, &out));
      outs[k] = out->flat<T>().data();
    }
    const T* x = data.flat<T>().data();
    for (int64_t i = 0; i < n; ++i) {
      T*& dst = outs[p(i)];
      std::copy(x + i * slice, x + (i + 1) * slice, dst);
      dst += slice;
    }
  }

 private:
  int32_t num_partitions_ = 0;
};

// Values hash as numbers (so -0 and +0 meet); equality is ==, so every NaN is its own value,
// as in TF's hash map.
template <typename T>
struct ValueHash {
  size_t operator()(const T& v) const {
    if constexpr (std::is_same<T, tstring>::value || std::is_same<T, bool>::value ||
                  std::is_integral<T>::value) {
      return std::hash<T>()(v);
    } else {
      double d = static_cast<double>(v);
      if (d == 0) d = 0;  // -0 hashes as +0
      return std::hash<double>()(d);
    }
  }
};

// Unique: y holds x's distinct values in order of first appearance, idx[i] the position of
// x[i]'s value in y.
template <typename T, typename TIndex>
class UniqueOp : public OpKernel {
 public:
  explicit UniqueOp(OpKernelConstruction* ctx) : OpKernel(ctx) {}
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    OP_REQUIRES(ctx, x.dims() == 1, errors::InvalidArgument("unique expects a 1D vector."));
    const int64_t n = x.NumElements();
    OP_REQUIRES(ctx, n <= std::numeric_limits<int32_t>::max(),
                errors::InvalidArgument("unique does not support input tensors larger than ",
                                        std::numeric_limits<int32_t>::max(), " elements"));
    Tensor* idx = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(1, x.shape(), &idx));
    const auto in = x.flat<T>();
    auto index = idx->flat<TIndex>();
    std::unordered_map<T, TIndex, ValueHash<T>> seen;
    std::vector<const T*> firsts;
    for (int64_t i = 0; i < n; ++i) {
      auto it = seen.emplace(in(i), static_cast<TIndex>(firsts.size()));
      if (it.second) firsts.push_back(&in(i));
      index(i) = it.first->second;
    }
    Tensor* y = nullptr;
    OP_REQUIRES_OK(ctx,
                   ctx->allocate_output(0, TensorShape({static_cast<int64_t>(firsts.size())}), &y));
    auto out = y->flat<T>();
    for (size_t k = 0; k < firsts.size(); ++k) out(k) = *firsts[k];
  }
};

// CheckNumerics: the input, or InvalidArgument "<message> : Tensor had NaN values" (Inf, or
// Inf and NaN) when it holds any.
template <typename T>
class CheckNumericsOp : public OpKernel {
 public:
  explicit CheckNumericsOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("message", &message_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& in = ctx->input(0);
    const T* x = in.flat<T>().data();
    bool has_nan = false, has_inf = false;
    for (int64_t i = 0; i < in.NumElements(); ++i) {
      const double v = static_cast<double>(x[i]);
      has_nan = has_nan || std::isnan(v);
      has_inf = has_inf || std::isinf(v);
    }
    if (has_nan || has_inf) {
      const char* what = has_nan && has_inf ? "Inf and NaN" : (has_inf ? "Inf" : "NaN");
      ctx->CtxFailure(errors::InvalidArgument(message_, " : Tensor had ", what, " values"));
      return;
    }
    ctx->set_output(0, in);
  }

 private:
  std::string message_;
};

#define MINITF_REGISTER_PARTITION(T)                                                          \
  REGISTER_KERNEL_BUILDER(Name("DynamicPartition").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          DynamicPartitionOp<T>);
MINITF_CALL_ALL_TYPES(MINITF_REGISTER_PARTITION)

#define MINITF_REGISTER_UNIQUE(T)                                                                  \
  REGISTER_KERNEL_BUILDER(                                                                         \
      Name("Unique").Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<int32_t>("out_idx"), \
      UniqueOp<T, int32_t>);                                                                       \
  REGISTER_KERNEL_BUILDER(                                                                         \
      Name("Unique").Device(DEVICE_CPU).TypeConstraint<T>("T").TypeConstraint<int64_t>("out_idx"), \
      UniqueOp<T, int64_t>);
MINITF_CALL_REAL_NUMBER_TYPES(MINITF_REGISTER_UNIQUE)
MINITF_REGISTER_UNIQUE(tstring)

#define MINITF_REGISTER_CHECK(T)                                                           \
  REGISTER_KERNEL_BUILDER(Name("CheckNumerics").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          CheckNumericsOp<T>);
MINITF_REGISTER_CHECK(Eigen::bfloat16)
MINITF_REGISTER_CHECK(Eigen::half)
MINITF_REGISTER_CHECK(float)
MINITF_REGISTER_CHECK(double)

}  // namespace
}  // namespace tensorflow
