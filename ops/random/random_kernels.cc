// CPU kernels of the stateful random ops (TF's random_op.cc, random_shuffle_op.cc,
// multinomial_op.cc): each kernel owns a Philox stream (internal/philox_streams.h), shared by
// every plan of a session, and reserves from it what TF's kernel reserves per Compute — 256
// blocks per output element for the distributions — so a node's Runs continue TF's sequence.
#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>

#include "framework/op_kernel.h"
#include "framework/random.h"
#include "ops/random/internal/multinomial.h"
#include "ops/random/internal/philox_streams.h"
#include "ops/random/internal/random_distributions.h"

namespace tensorflow {
namespace {

using random_internal::GuardedPhilox;

// The output shape held by input 0, allocated.
Status AllocateShaped(OpKernelContext* ctx, Tensor** out) {
  TensorShape shape;
  TF_RETURN_IF_ERROR(tensor::MakeShape(ctx->input(0), &shape));
  return ctx->allocate_output(0, shape, out);
}

// RandomUniform, RandomStandardNormal and TruncatedNormal.
template <class Dist>
class PhiloxRandomOp : public OpKernel {
 public:
  explicit PhiloxRandomOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, generator_.Init(ctx));
  }

  void Compute(OpKernelContext* ctx) override {
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, AllocateShaped(ctx, &out));
    const int64_t n = out->NumElements();
    const random::PhiloxRandom gen = generator_.ReserveBlocks(static_cast<uint64_t>(n) * 256);
    random_internal::FillPhilox(ctx, gen, out->flat<typename Dist::Result>().data(), n, Dist());
  }

 private:
  GuardedPhilox generator_;
};

template <typename T>
class RandomUniformIntOp : public OpKernel {
 public:
  explicit RandomUniformIntOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, generator_.Init(ctx));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& minval = ctx->input(1);
    const Tensor& maxval = ctx->input(2);
    OP_REQUIRES(
        ctx, minval.dims() == 0,
        errors::InvalidArgument("minval must be 0-D, got shape ", minval.shape().DebugString()));
    OP_REQUIRES(
        ctx, maxval.dims() == 0,
        errors::InvalidArgument("maxval must be 0-D, got shape ", maxval.shape().DebugString()));
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, AllocateShaped(ctx, &out));
    const int64_t n = out->NumElements();
    if (n == 0) return;
    const T lo = minval.scalar<T>()(), hi = maxval.scalar<T>()();
    OP_REQUIRES(ctx, lo < hi,
                errors::InvalidArgument("Need minval < maxval, got ", lo, " >= ", hi));
    const random::PhiloxRandom gen = generator_.ReserveBlocks(static_cast<uint64_t>(n) * 256);
    random_internal::FillPhilox(ctx, gen, out->flat<T>().data(), n,
                                random_internal::UniformIntDist<T>(lo, hi));
  }

 private:
  GuardedPhilox generator_;
};

// A forward Fisher-Yates over dim 0 with one 32-bit sample per swap (sample % remaining).
class RandomShuffleOp : public OpKernel {
 public:
  explicit RandomShuffleOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, generator_.Init(ctx));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& input = ctx->input(0);
    if (input.NumElements() <= 1 || input.dims() == 0 || input.dim_size(0) <= 1) {
      ctx->set_output(0, input);
      return;
    }
    const int64_t n = input.dim_size(0);
    random::PhiloxRandom gen = generator_.ReserveSamples32(static_cast<uint64_t>(n - 1));
    random::SingleSampleAdapter<random::PhiloxRandom> single(&gen);
    std::vector<int64_t> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    for (int64_t i = 0; i + 1 < n; ++i) {
      const uint32_t remaining = static_cast<uint32_t>(n - i);
      std::swap(perm[i], perm[i + single() % remaining]);
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, input.shape(), &out));
    const int64_t row = input.NumElements() / n;
    if (input.dtype() == DT_STRING) {
      const tstring* src = input.flat<tstring>().data();
      tstring* dst = out->flat<tstring>().data();
      for (int64_t i = 0; i < n; ++i) {
        std::copy(src + perm[i] * row, src + (perm[i] + 1) * row, dst + i * row);
      }
      return;
    }
    const size_t row_bytes = static_cast<size_t>(row) * DataTypeSize(input.dtype());
    const char* src = input.tensor_data().data();
    char* dst = const_cast<char*>(out->tensor_data().data());
    for (int64_t i = 0; i < n; ++i) {
      std::memcpy(dst + i * row_bytes, src + perm[i] * row_bytes, row_bytes);
    }
  }

 private:
  GuardedPhilox generator_;
};

template <typename T, typename OutT>
class MultinomialOp : public OpKernel {
 public:
  explicit MultinomialOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, generator_.Init(ctx));
  }

  void Compute(OpKernelContext* ctx) override {
    Tensor* out = nullptr;
    int samples = 0;
    OP_REQUIRES_OK(ctx, random_internal::PrepareMultinomial(ctx, &out, &samples));
    if (samples < 0) return;
    const int64_t batch = ctx->input(0).dim_size(0);
    const uint64_t reserved = static_cast<uint64_t>(batch) * ((samples + 3) / 4 * 4 * 2) * 256;
    const random::PhiloxRandom gen = generator_.ReserveBlocks(reserved);
    random_internal::SampleMultinomial<T, OutT>(ctx, gen, ctx->input(0), samples, out);
  }

 private:
  GuardedPhilox generator_;
};

#define MINITF_REGISTER_FLOAT_RANDOM(T)                                                          \
  REGISTER_KERNEL_BUILDER(Name("RandomUniform").Device(DEVICE_CPU).TypeConstraint<T>("dtype"),   \
                          PhiloxRandomOp<random_internal::UniformDist<T>>);                      \
  REGISTER_KERNEL_BUILDER(                                                                       \
      Name("RandomStandardNormal").Device(DEVICE_CPU).TypeConstraint<T>("dtype"),                \
      PhiloxRandomOp<random_internal::NormalDist<T>>);                                           \
  REGISTER_KERNEL_BUILDER(Name("TruncatedNormal").Device(DEVICE_CPU).TypeConstraint<T>("dtype"), \
                          PhiloxRandomOp<random_internal::TruncatedNormalDist<T>>);              \
  REGISTER_KERNEL_BUILDER(Name("Multinomial")                                                    \
                              .Device(DEVICE_CPU)                                                \
                              .TypeConstraint<T>("T")                                            \
                              .TypeConstraint<int32_t>("output_dtype"),                          \
                          MultinomialOp<T, int32_t>);                                            \
  REGISTER_KERNEL_BUILDER(Name("Multinomial")                                                    \
                              .Device(DEVICE_CPU)                                                \
                              .TypeConstraint<T>("T")                                            \
                              .TypeConstraint<int64_t>("output_dtype"),                          \
                          MultinomialOp<T, int64_t>);
MINITF_REGISTER_FLOAT_RANDOM(Eigen::half)
MINITF_REGISTER_FLOAT_RANDOM(Eigen::bfloat16)
MINITF_REGISTER_FLOAT_RANDOM(float)
MINITF_REGISTER_FLOAT_RANDOM(double)
#undef MINITF_REGISTER_FLOAT_RANDOM

REGISTER_KERNEL_BUILDER(Name("RandomUniformInt").Device(DEVICE_CPU).TypeConstraint<int32_t>("Tout"),
                        RandomUniformIntOp<int32_t>);
REGISTER_KERNEL_BUILDER(Name("RandomUniformInt").Device(DEVICE_CPU).TypeConstraint<int64_t>("Tout"),
                        RandomUniformIntOp<int64_t>);
REGISTER_KERNEL_BUILDER(Name("RandomShuffle").Device(DEVICE_CPU), RandomShuffleOp);

}  // namespace
}  // namespace tensorflow
