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

// The V2 ops' inputs (TF's order and texts): alg (input 3) a scalar, 3 (auto) meaning 1
// (Philox); the shape; key [1]; a counter of at least `alg` elements (TF's check passes the
// algorithm's id as the length). Allocates output 0 and, unless it is empty, sets *gen from
// key and counter — InvalidArgument for an algorithm other than Philox, and for a counter
// shorter than Philox's two words (TF reads past its end).
Status PrepareStatelessV2(OpKernelContext* ctx, Tensor** out, random::PhiloxRandom* gen) {
  const Tensor& alg_t = ctx->input(3);
  if (alg_t.dims() != 0) {
    return errors::InvalidArgument("input 3 (0-based) must have shape [], not ",
                                   alg_t.shape().DebugString());
  }
  int alg = alg_t.scalar<int32_t>()();
  if (alg == 3) alg = 1;
  TensorShape shape;
  TF_RETURN_IF_ERROR(tensor::MakeShape(ctx->input(0), &shape));
  const Tensor& key = ctx->input(1);
  const Tensor& counter = ctx->input(2);
  if (key.dims() != 1 || key.dim_size(0) != 1) {
    return errors::InvalidArgument("key must have shape [1], not ", key.shape().DebugString(),
                                   ". (Note that batched keys are not supported yet.)");
  }
  if (counter.dims() != 1 || counter.dim_size(0) < alg) {
    return errors::InvalidArgument("counter must be a vector with length at least ", alg,
                                   "; got shape: ", counter.shape().DebugString(),
                                   ". (Note that batched counters are not supported yet.)");
  }
  TF_RETURN_IF_ERROR(ctx->allocate_output(0, shape, out));
  if ((*out)->NumElements() == 0) return OkStatus();
  if (alg != 1) return errors::InvalidArgument("Unsupported algorithm id: ", alg);
  if (counter.dim_size(0) < 2) {
    return errors::InvalidArgument("counter must be a vector with length at least 2; got shape: ",
                                   counter.shape().DebugString());
  }
  const uint64_t k = key.flat<uint64_t>()(0);
  const uint64_t c0 = counter.flat<uint64_t>()(0), c1 = counter.flat<uint64_t>()(1);
  random::PhiloxRandom::Key philox_key;
  philox_key[0] = static_cast<uint32_t>(k);
  philox_key[1] = static_cast<uint32_t>(k >> 32);
  random::PhiloxRandom::ResultType philox_counter;
  philox_counter[0] = static_cast<uint32_t>(c0);
  philox_counter[1] = static_cast<uint32_t>(c0 >> 32);
  philox_counter[2] = static_cast<uint32_t>(c1);
  philox_counter[3] = static_cast<uint32_t>(c1 >> 32);
  *gen = random::PhiloxRandom(philox_counter, philox_key);
  return OkStatus();
}

template <class Dist>
class StatelessRandomV2Op : public OpKernel {
 public:
  using OpKernel::OpKernel;

  void Compute(OpKernelContext* ctx) override {
    Tensor* out = nullptr;
    random::PhiloxRandom gen;
    OP_REQUIRES_OK(ctx, PrepareStatelessV2(ctx, &out, &gen));
    if (out->NumElements() == 0) return;
    random_internal::FillPhilox(ctx, gen, out->flat<typename Dist::Result>().data(),
                                out->NumElements(), Dist());
  }
};

template <typename T>
class StatelessRandomUniformIntV2Op : public OpKernel {
 public:
  using OpKernel::OpKernel;

  void Compute(OpKernelContext* ctx) override {
    Tensor* out = nullptr;
    random::PhiloxRandom gen;
    const Status s = PrepareStatelessV2(ctx, &out, &gen);
    OP_REQUIRES(ctx, s.ok() || out != nullptr, s);  // before the output exists: TF's order
    if (out->NumElements() == 0) return;
    const Tensor& minval = ctx->input(4);
    const Tensor& maxval = ctx->input(5);
    OP_REQUIRES(
        ctx, minval.dims() == 0,
        errors::InvalidArgument("minval must be 0-D, got shape ", minval.shape().DebugString()));
    OP_REQUIRES(
        ctx, maxval.dims() == 0,
        errors::InvalidArgument("maxval must be 0-D, got shape ", maxval.shape().DebugString()));
    const T lo = minval.scalar<T>()(), hi = maxval.scalar<T>()();
    OP_REQUIRES(ctx, lo < hi,
                errors::InvalidArgument("Need minval < maxval, got ", lo, " >= ", hi));
    OP_REQUIRES(ctx, s.ok(), s);  // the algorithm and counter, after the bounds as in TF
    random_internal::FillPhilox(ctx, gen, out->flat<T>().data(), out->NumElements(),
                                random_internal::UniformIntDist<T>(lo, hi));
  }
};

// key = the mixed block's words 0 and 1, counter = [0, words 2 and 3] (and alg = Philox).
class GetKeyCounterOp : public OpKernel {
 public:
  using OpKernel::OpKernel;

  void Compute(OpKernelContext* ctx) override {
    random::PhiloxRandom gen;
    OP_REQUIRES_OK(ctx, random_internal::StatelessGenerator(ctx->input(0), &gen));
    Tensor* key = nullptr;
    Tensor* counter = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({1}), &key));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(1, TensorShape({2}), &counter));
    key->flat<uint64_t>()(0) = gen.key()[0] | (static_cast<uint64_t>(gen.key()[1]) << 32);
    counter->flat<uint64_t>()(0) = 0;
    counter->flat<uint64_t>()(1) =
        gen.counter()[2] | (static_cast<uint64_t>(gen.counter()[3]) << 32);
    if (ctx->num_outputs() > 2) {
      Tensor* alg = nullptr;
      OP_REQUIRES_OK(ctx, ctx->allocate_output(2, TensorShape({}), &alg));
      alg->scalar<int32_t>()() = 1;
    }
  }
};

class GetAlgOp : public OpKernel {
 public:
  using OpKernel::OpKernel;

  void Compute(OpKernelContext* ctx) override {
    Tensor* alg = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &alg));
    alg->scalar<int32_t>()() = 1;  // Philox
  }
};

REGISTER_KERNEL_BUILDER(Name("StatelessRandomGetKeyCounter").Device(DEVICE_CPU), GetKeyCounterOp);
REGISTER_KERNEL_BUILDER(Name("StatelessRandomGetKeyCounterAlg").Device(DEVICE_CPU),
                        GetKeyCounterOp);
REGISTER_KERNEL_BUILDER(Name("StatelessRandomGetAlg").Device(DEVICE_CPU), GetAlgOp);

#define MINITF_REGISTER_STATELESS_V2_FLOAT(T)                                           \
  REGISTER_KERNEL_BUILDER(                                                              \
      Name("StatelessRandomUniformV2").Device(DEVICE_CPU).TypeConstraint<T>("dtype"),   \
      StatelessRandomV2Op<random_internal::UniformDist<T>>);                            \
  REGISTER_KERNEL_BUILDER(                                                              \
      Name("StatelessRandomNormalV2").Device(DEVICE_CPU).TypeConstraint<T>("dtype"),    \
      StatelessRandomV2Op<random_internal::NormalDist<T>>);                             \
  REGISTER_KERNEL_BUILDER(                                                              \
      Name("StatelessTruncatedNormalV2").Device(DEVICE_CPU).TypeConstraint<T>("dtype"), \
      StatelessRandomV2Op<random_internal::TruncatedNormalDist<T>>);
MINITF_REGISTER_STATELESS_V2_FLOAT(Eigen::half)
MINITF_REGISTER_STATELESS_V2_FLOAT(Eigen::bfloat16)
MINITF_REGISTER_STATELESS_V2_FLOAT(float)
MINITF_REGISTER_STATELESS_V2_FLOAT(double)
#undef MINITF_REGISTER_STATELESS_V2_FLOAT

#define MINITF_REGISTER_STATELESS_V2_FULL_INT(T)                                             \
  REGISTER_KERNEL_BUILDER(                                                                   \
      Name("StatelessRandomUniformFullIntV2").Device(DEVICE_CPU).TypeConstraint<T>("dtype"), \
      StatelessRandomV2Op<random_internal::FullIntDist<T>>);
MINITF_REGISTER_STATELESS_V2_FULL_INT(int32_t)
MINITF_REGISTER_STATELESS_V2_FULL_INT(int64_t)
MINITF_REGISTER_STATELESS_V2_FULL_INT(uint32_t)
MINITF_REGISTER_STATELESS_V2_FULL_INT(uint64_t)
#undef MINITF_REGISTER_STATELESS_V2_FULL_INT
// UniformIntV2: TF's CPU kernels take int32 and int64 (its OpDef admits the unsigned types).
REGISTER_KERNEL_BUILDER(
    Name("StatelessRandomUniformIntV2").Device(DEVICE_CPU).TypeConstraint<int32_t>("dtype"),
    StatelessRandomUniformIntV2Op<int32_t>);
REGISTER_KERNEL_BUILDER(
    Name("StatelessRandomUniformIntV2").Device(DEVICE_CPU).TypeConstraint<int64_t>("dtype"),
    StatelessRandomUniformIntV2Op<int64_t>);

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
