// CPU kernels of the stateless random ops (TF's stateless_random_ops.cc): the generator comes
// from the seed input (internal/philox_streams.h), the output is filled exactly as the stateful
// kernel started at that counter fills it. Check order as TF's: the shape, the seed's shape, an
// empty output returns before the seed's type and the bounds are looked at.
#include "framework/op_kernel.h"
#include "ops/random/internal/multinomial.h"
#include "ops/random/internal/philox_streams.h"
#include "ops/random/internal/random_distributions.h"

namespace tensorflow {
namespace {

// Allocates output 0 with the shape input 0 holds and, unless it is empty, sets *gen from the
// seed (input 1).
Status PrepareStateless(OpKernelContext* ctx, Tensor** out, random::PhiloxRandom* gen) {
  TensorShape shape;
  TF_RETURN_IF_ERROR(tensor::MakeShape(ctx->input(0), &shape));
  TF_RETURN_IF_ERROR(random_internal::CheckSeedShape(ctx->input(1)));
  TF_RETURN_IF_ERROR(ctx->allocate_output(0, shape, out));
  if ((*out)->NumElements() == 0) return OkStatus();
  return random_internal::StatelessGenerator(ctx->input(1), gen);
}

// StatelessRandomUniform, StatelessRandomNormal, StatelessTruncatedNormal and
// StatelessRandomUniformFullInt.
template <class Dist>
class StatelessRandomOp : public OpKernel {
 public:
  using OpKernel::OpKernel;

  void Compute(OpKernelContext* ctx) override {
    Tensor* out = nullptr;
    random::PhiloxRandom gen;
    OP_REQUIRES_OK(ctx, PrepareStateless(ctx, &out, &gen));
    if (out->NumElements() == 0) return;
    random_internal::FillPhilox(ctx, gen, out->flat<typename Dist::Result>().data(),
                                out->NumElements(), Dist());
  }
};

template <typename T>
class StatelessRandomUniformIntOp : public OpKernel {
 public:
  using OpKernel::OpKernel;

  void Compute(OpKernelContext* ctx) override {
    Tensor* out = nullptr;
    random::PhiloxRandom gen;
    OP_REQUIRES_OK(ctx, PrepareStateless(ctx, &out, &gen));
    if (out->NumElements() == 0) return;
    const Tensor& minval = ctx->input(2);
    const Tensor& maxval = ctx->input(3);
    OP_REQUIRES(
        ctx, minval.dims() == 0,
        errors::InvalidArgument("minval must be 0-D, got shape ", minval.shape().DebugString()));
    OP_REQUIRES(
        ctx, maxval.dims() == 0,
        errors::InvalidArgument("maxval must be 0-D, got shape ", maxval.shape().DebugString()));
    const T lo = minval.scalar<T>()(), hi = maxval.scalar<T>()();
    OP_REQUIRES(ctx, lo < hi,
                errors::InvalidArgument("Need minval < maxval, got ", lo, " >= ", hi));
    random_internal::FillPhilox(ctx, gen, out->flat<T>().data(), out->NumElements(),
                                random_internal::UniformIntDist<T>(lo, hi));
  }
};

template <typename T, typename OutT>
class StatelessMultinomialOp : public OpKernel {
 public:
  using OpKernel::OpKernel;

  void Compute(OpKernelContext* ctx) override {
    Tensor* out = nullptr;
    int samples = 0;
    OP_REQUIRES_OK(ctx, random_internal::PrepareMultinomial(ctx, &out, &samples));
    if (samples < 0) return;
    random::PhiloxRandom gen;
    OP_REQUIRES_OK(ctx, random_internal::StatelessGenerator(ctx->input(2), &gen));
    random_internal::SampleMultinomial<T, OutT>(ctx, gen, ctx->input(0), samples, out);
  }
};

#define MINITF_REGISTER_STATELESS_FLOAT(T)                                            \
  REGISTER_KERNEL_BUILDER(                                                            \
      Name("StatelessRandomUniform").Device(DEVICE_CPU).TypeConstraint<T>("dtype"),   \
      StatelessRandomOp<random_internal::UniformDist<T>>);                            \
  REGISTER_KERNEL_BUILDER(                                                            \
      Name("StatelessRandomNormal").Device(DEVICE_CPU).TypeConstraint<T>("dtype"),    \
      StatelessRandomOp<random_internal::NormalDist<T>>);                             \
  REGISTER_KERNEL_BUILDER(                                                            \
      Name("StatelessTruncatedNormal").Device(DEVICE_CPU).TypeConstraint<T>("dtype"), \
      StatelessRandomOp<random_internal::TruncatedNormalDist<T>>);                    \
  REGISTER_KERNEL_BUILDER(Name("StatelessMultinomial")                                \
                              .Device(DEVICE_CPU)                                     \
                              .TypeConstraint<T>("T")                                 \
                              .TypeConstraint<int32_t>("output_dtype"),               \
                          StatelessMultinomialOp<T, int32_t>);                        \
  REGISTER_KERNEL_BUILDER(Name("StatelessMultinomial")                                \
                              .Device(DEVICE_CPU)                                     \
                              .TypeConstraint<T>("T")                                 \
                              .TypeConstraint<int64_t>("output_dtype"),               \
                          StatelessMultinomialOp<T, int64_t>);
MINITF_REGISTER_STATELESS_FLOAT(Eigen::half)
MINITF_REGISTER_STATELESS_FLOAT(Eigen::bfloat16)
MINITF_REGISTER_STATELESS_FLOAT(float)
MINITF_REGISTER_STATELESS_FLOAT(double)
#undef MINITF_REGISTER_STATELESS_FLOAT

#define MINITF_REGISTER_STATELESS_INT(T)                                                   \
  REGISTER_KERNEL_BUILDER(                                                                 \
      Name("StatelessRandomUniformInt").Device(DEVICE_CPU).TypeConstraint<T>("dtype"),     \
      StatelessRandomUniformIntOp<T>);                                                     \
  REGISTER_KERNEL_BUILDER(                                                                 \
      Name("StatelessRandomUniformFullInt").Device(DEVICE_CPU).TypeConstraint<T>("dtype"), \
      StatelessRandomOp<random_internal::FullIntDist<T>>);
MINITF_REGISTER_STATELESS_INT(int32_t)
MINITF_REGISTER_STATELESS_INT(int64_t)
#undef MINITF_REGISTER_STATELESS_INT
REGISTER_KERNEL_BUILDER(
    Name("StatelessRandomUniformFullInt").Device(DEVICE_CPU).TypeConstraint<uint32_t>("dtype"),
    StatelessRandomOp<random_internal::FullIntDist<uint32_t>>);
REGISTER_KERNEL_BUILDER(
    Name("StatelessRandomUniformFullInt").Device(DEVICE_CPU).TypeConstraint<uint64_t>("dtype"),
    StatelessRandomOp<random_internal::FullIntDist<uint64_t>>);

}  // namespace
}  // namespace tensorflow
