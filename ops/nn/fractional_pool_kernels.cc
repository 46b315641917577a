// CPU kernels of FractionalMaxPool, FractionalAvgPool and their gradient ops with TF 2.21's
// checks, texts, pooling sequences and arithmetic:
//  - the sequences come from a fresh Philox stream per run (seed, seed2; both 0 means random
//    seeds, chosen once per kernel when deterministic): rows then columns, each either a
//    shuffle of the window sizes (random) or ceil(alpha * (i + u)) (pseudo_random);
//  - windows are [seq[j], seq[j+1]) or, overlapping, [seq[j], seq[j+1]], clipped to the input;
//  - max starts at T's lowest value and takes strictly larger inputs (NaN never wins); avg adds
//    in T (a NaN being added wins) and divides by the count in T;
//  - the max gradient re-finds each window's first maximum and requires it to equal the forward
//    output; the avg gradient spreads grad / n in double, then rounds to T.
// Where TF would read or write out of bounds (sequence values outside the input, windows or
// gradients that do not fit the output), the kernels return InvalidArgument.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "framework/internal/wrapping.h"
#include "framework/op_kernel.h"
#include "framework/philox_random.h"
#include "framework/random.h"

namespace tensorflow {
namespace {

// TF's GuardedPhiloxRandom::ReserveSamples32: a copy of the stream, which then skips ahead.
random::PhiloxRandom Reserve32(random::PhiloxRandom* gen, int64_t samples) {
  random::PhiloxRandom copy = *gen;
  gen->Skip(static_cast<uint64_t>((samples + 3) / 4));
  return copy;
}

// The boundaries 0 = seq[0] < ... < seq[out] = in of `out` windows over `in` elements.
std::vector<int64_t> PoolingSequence(int in, int out, random::PhiloxRandom* gen, bool pseudo) {
  std::vector<int64_t> diff;
  if (pseudo) {
    const double alpha = static_cast<double>(in) / out;
    const int k = in / out;
    const double u_max1 = (k + 2) / alpha - 1;
    const double u_max2 = (in + 1 - k) / alpha - (out - 1);
    const double max_u = std::min(u_max1, u_max2);
    random::PhiloxRandom local = Reserve32(gen, 2);
    random::SimplePhilox philox(&local);
    const double u = philox.RandDouble() * max_u;
    std::vector<int64_t> cum(out + 1);
    cum[0] = 1;
    cum[out] = in + 1;
    for (int i = 1; i < out; ++i) cum[i] = static_cast<int>(std::ceil(alpha * (i + u)));
    for (int i = 0; i < out; ++i) diff.push_back(cum[i + 1] - cum[i]);
  } else {
    diff.assign(out, in / out);
    for (int i = 0; i < in % out; ++i) diff[i] += 1;
    random::PhiloxRandom local = Reserve32(gen, out);
    random::SingleSampleAdapter<random::PhiloxRandom> single(&local);
    for (int i = 0; i + 1 < out; ++i) {
      std::swap(diff[i], diff[i + single() % static_cast<uint32_t>(out - i)]);
    }
  }
  std::vector<int64_t> seq(out + 1, 0);
  for (int i = 1; i <= out; ++i) seq[i] = seq[i - 1] + diff[i - 1];
  return seq;
}

// Window j of `seq` over a dimension of `size`: [start, end], end clipped to the input.
void WindowBounds(const int64_t* seq, int64_t j, int64_t size, bool overlapping, int64_t* start,
                  int64_t* end) {
  *start = seq[j];
  *end = std::min(overlapping ? seq[j + 1] : seq[j + 1] - 1, size - 1);
}

// acc + x in T, with TF's NaN rule (the NaN being added wins) and wrapping integers.
template <typename T>
T AddInOrder(T acc, T x) {
  if constexpr (std::is_floating_point<T>::value) {
    if (std::isnan(x)) return x;
  }
  return internal::WrappingAdd(acc, x);
}

template <typename T, bool kMax>
class FractionalPoolOp : public OpKernel {
 public:
  explicit FractionalPoolOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("pooling_ratio", &ratio_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("pseudo_random", &pseudo_random_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("overlapping", &overlapping_));
    OP_REQUIRES(ctx, ratio_.size() == 4,
                errors::InvalidArgument("pooling_ratio field must specify 4 dimensions"));
    for (float r : ratio_) {
      OP_REQUIRES(ctx, r >= 1,
                  errors::InvalidArgument("pooling_ratio cannot be smaller than 1, got: ", r));
    }
    OP_REQUIRES(ctx, ratio_[0] == 1 && ratio_[3] == 1,
                errors::Unimplemented(kMax ? "Fractional max" : "Fractional average",
                                      " pooling is not yet supported on the batch nor channel "
                                      "dimension."));
    bool deterministic = false;
    OP_REQUIRES_OK(ctx, ctx->GetAttr("deterministic", &deterministic));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("seed", &seed_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("seed2", &seed2_));
    if (deterministic) {
      if (seed_ == 0 && seed2_ == 0) {  // random seeds, kept by this kernel
        seed_ = static_cast<int64_t>(random::New64());
        seed2_ = static_cast<int64_t>(random::New64());
      }
    } else {
      OP_REQUIRES(
          ctx, seed_ == 0 && seed2_ == 0,
          errors::InvalidArgument("Both seed and seed2 should be 0 if deterministic is false."));
    }
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    OP_REQUIRES(ctx, x.dims() == 4, errors::InvalidArgument("tensor_in must be 4-dimensional"));
    int in[4], out[4];
    for (int i = 0; i < 4; ++i) {
      in[i] = static_cast<int>(x.dim_size(i));
      OP_REQUIRES(ctx, static_cast<float>(in[i]) >= ratio_[i],
                  errors::InvalidArgument(
                      "Pooling ratio is higher than input dimension size for dimension ", i,
                      ". Input dim size: ", in[i], " pooling ratio: ", ratio_[i]));
      out[i] = static_cast<int>(std::floor(static_cast<float>(in[i]) / ratio_[i]));
    }
    uint64_t seed = static_cast<uint64_t>(seed_), seed2 = static_cast<uint64_t>(seed2_);
    if (seed == 0 && seed2 == 0) {
      seed = random::New64();
      seed2 = random::New64();
    }
    random::PhiloxRandom gen(seed, seed2);
    const std::vector<int64_t> rows = PoolingSequence(in[1], out[1], &gen, pseudo_random_);
    const std::vector<int64_t> cols = PoolingSequence(in[2], out[2], &gen, pseudo_random_);
    Tensor *y = nullptr, *row_t = nullptr, *col_t = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({out[0], out[1], out[2], out[3]}), &y));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(1, TensorShape({out[1] + 1}), &row_t));
    OP_REQUIRES_OK(ctx, ctx->allocate_output(2, TensorShape({out[2] + 1}), &col_t));
    std::copy(rows.begin(), rows.end(), row_t->flat<int64_t>().data());
    std::copy(cols.begin(), cols.end(), col_t->flat<int64_t>().data());
    const T* xp = x.flat<T>().data();
    T* yp = y->flat<T>().data();
    const int64_t depth = in[3];
    for (int64_t b = 0; b < in[0]; ++b) {
      for (int64_t hs = 0; hs < out[1]; ++hs) {
        int64_t h0, h1;
        WindowBounds(rows.data(), hs, in[1], overlapping_, &h0, &h1);
        for (int64_t ws = 0; ws < out[2]; ++ws) {
          int64_t w0, w1;
          WindowBounds(cols.data(), ws, in[2], overlapping_, &w0, &w1);
          T* dst = yp + ((b * out[1] + hs) * out[2] + ws) * depth;
          std::fill(dst, dst + depth, kMax ? Eigen::NumTraits<T>::lowest() : T(0));
          T count = T(0);
          for (int64_t h = h0; h <= h1; ++h) {
            for (int64_t w = w0; w <= w1; ++w) {
              const T* src = xp + ((b * in[1] + h) * in[2] + w) * depth;
              for (int64_t d = 0; d < depth; ++d) {
                if constexpr (kMax) {
                  dst[d] = dst[d] < src[d] ? src[d] : dst[d];
                } else {
                  dst[d] = AddInOrder(dst[d], src[d]);
                }
              }
              count = internal::WrappingAdd(count, T(1));
            }
          }
          if constexpr (!kMax) {
            for (int64_t d = 0; d < depth; ++d) dst[d] = dst[d] / count;
          }
        }
      }
    }
  }

 private:
  std::vector<float> ratio_;
  bool pseudo_random_ = false, overlapping_ = false;
  int64_t seed_ = 0, seed2_ = 0;
};

// Sequence values a gradient op reads: within [0, size] (TF reads out of bounds otherwise).
Status CheckSequence(const Tensor& seq, int64_t size, const char* name) {
  for (int64_t v : tensor::IntValues(seq)) {
    if (v < 0 || v > size) {
      return errors::InvalidArgument(name, " values must be in [0, ", size, "], got ", v);
    }
  }
  return OkStatus();
}

template <typename T>
class FractionalMaxPoolGradOp : public OpKernel {
 public:
  explicit FractionalMaxPoolGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("overlapping", &overlapping_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& x = ctx->input(0);
    const Tensor& y = ctx->input(1);
    const Tensor& dy = ctx->input(2);
    const Tensor& row_t = ctx->input(3);
    const Tensor& col_t = ctx->input(4);
    OP_REQUIRES(
        ctx, x.dims() == 4,
        errors::InvalidArgument("orig_input should be a tensor of rank 4, got ", x.DebugString()));
    OP_REQUIRES(ctx, x.NumElements() > 0,
                errors::InvalidArgument("orig_input must not be empty, got ", x.DebugString()));
    OP_REQUIRES(
        ctx, y.dims() == 4,
        errors::InvalidArgument("orig_output should be a tensor of rank 4, got ", y.DebugString()));
    OP_REQUIRES(ctx, y.NumElements() > 0,
                errors::InvalidArgument("orig_output must not be empty, got ", y.DebugString()));
    OP_REQUIRES(ctx, row_t.NumElements() * col_t.NumElements() <= x.NumElements(),
                errors::InvalidArgument("Pooling region has more elements than the input tensor. "
                                        "row_pooling_sequence: ",
                                        row_t.DebugString(), "col_pooling_sequence: ",
                                        col_t.DebugString(), "orig_input: ", x.DebugString()));
    OP_REQUIRES(ctx, TensorShapeUtils::IsVector(row_t.shape()),
                errors::InvalidArgument("row_pooling_sequence must be a vector, received shape ",
                                        row_t.shape().DebugString()));
    OP_REQUIRES(ctx, TensorShapeUtils::IsVector(col_t.shape()),
                errors::InvalidArgument("col_pooling_sequence must be a vector, received shape ",
                                        col_t.shape().DebugString()));
    const int64_t batch = x.dim_size(0), in_h = x.dim_size(1), in_w = x.dim_size(2),
                  depth = x.dim_size(3);
    const int64_t out_h = y.dim_size(1), out_w = y.dim_size(2);
    const int64_t row_windows = row_t.NumElements() - 1, col_windows = col_t.NumElements() - 1;
    // Beyond TF's checks: windows and outputs TF would index out of bounds.
    OP_REQUIRES(ctx,
                y.dim_size(0) == batch && y.dim_size(3) == depth && row_windows <= out_h &&
                    col_windows <= out_w,
                errors::InvalidArgument("orig_output ", y.shape().DebugString(),
                                        " does not hold the pooling windows of orig_input ",
                                        x.shape().DebugString()));
    OP_REQUIRES_OK(ctx, CheckSequence(row_t, in_h, "row_pooling_sequence"));
    OP_REQUIRES_OK(ctx, CheckSequence(col_t, in_w, "col_pooling_sequence"));
    const std::vector<int64_t> rows = tensor::IntValues(row_t), cols = tensor::IntValues(col_t);
    const int64_t n_out = y.NumElements();
    std::vector<T> dup(n_out, Eigen::NumTraits<T>::lowest());
    std::vector<int64_t> argmax(n_out, -1);
    const T* xp = x.flat<T>().data();
    for (int64_t b = 0; b < batch; ++b) {
      for (int64_t hs = 0; hs < row_windows; ++hs) {
        int64_t h0, h1;
        WindowBounds(rows.data(), hs, in_h, overlapping_, &h0, &h1);
        for (int64_t ws = 0; ws < col_windows; ++ws) {
          int64_t w0, w1;
          WindowBounds(cols.data(), ws, in_w, overlapping_, &w0, &w1);
          const int64_t o = ((b * out_h + hs) * out_w + ws) * depth;
          for (int64_t h = h0; h <= h1; ++h) {
            for (int64_t w = w0; w <= w1; ++w) {
              const int64_t i = ((b * in_h + h) * in_w + w) * depth;
              for (int64_t d = 0; d < depth; ++d) {
                if (dup[o + d] < xp[i + d] || argmax[o + d] == -1) {
                  dup[o + d] = xp[i + d];
                  argmax[o + d] = i + d;
                }
              }
            }
          }
        }
      }
    }
    const T* yp = y.flat<T>().data();
    for (int64_t i = 0; i < n_out; ++i) {
      OP_REQUIRES(ctx, dup[i] == yp[i],
                  errors::InvalidArgument("tensor_out_dup is not the same as tensor_out"));
    }
    Tensor* dx = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, x.shape(), &dx));
    T* dxp = dx->flat<T>().data();
    std::fill(dxp, dxp + dx->NumElements(), T(0));
    const T* g = dy.flat<T>().data();
    OP_REQUIRES(ctx, dy.NumElements() <= n_out,
                errors::InvalidArgument("out_backprop has ", dy.NumElements(),
                                        " elements, more than orig_output's ", n_out));
    for (int64_t i = 0; i < dy.NumElements(); ++i) {
      const int64_t at = argmax[i];
      OP_REQUIRES(
          ctx, at >= 0 && at < dx->NumElements(),
          errors::InvalidArgument("Invalid input backprop index: ", at, ", ", dx->NumElements()));
      dxp[at] = AddInOrder(dxp[at], g[i]);
    }
  }

 private:
  bool overlapping_ = false;
};

template <typename T>
class FractionalAvgPoolGradOp : public OpKernel {
 public:
  explicit FractionalAvgPoolGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("overlapping", &overlapping_));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& shape_t = ctx->input(0);
    const Tensor& dy = ctx->input(1);
    const Tensor& row_t = ctx->input(2);
    const Tensor& col_t = ctx->input(3);
    OP_REQUIRES(
        ctx, shape_t.dims() == 1 && shape_t.NumElements() == 4,
        errors::InvalidArgument("original input tensor shape must be1-dimensional and 4 elements"));
    OP_REQUIRES(ctx, dy.dims() == 4, errors::InvalidArgument("out_backprop must be 4-dimensional"));
    for (int i = 0; i < 4; ++i) {
      OP_REQUIRES(ctx, dy.dim_size(i) > 0,
                  errors::InvalidArgument("out_backprop must be positive for all dimension, got:",
                                          dy.dim_size(i)));
    }
    const int64_t out_b = dy.dim_size(0), out_h = dy.dim_size(1), out_w = dy.dim_size(2),
                  depth = dy.dim_size(3);
    OP_REQUIRES(ctx, row_t.NumElements() > out_h,
                errors::InvalidArgument("Given out_backprop shape ", dy.shape().DebugString(),
                                        ", row_seq_tensor must have at least ", out_h + 1,
                                        " elements, but got ", row_t.NumElements()));
    OP_REQUIRES(ctx, col_t.NumElements() > out_w,
                errors::InvalidArgument("Given out_backprop shape ", dy.shape().DebugString(),
                                        ", col_seq_tensor must have at least ", out_w + 1,
                                        " elements, but got ", col_t.NumElements()));
    const std::vector<int64_t> in = tensor::IntValues(shape_t);
    const char* names[4] = {"Batch", "Rows", "Columns", "Depth"};
    for (int i = 0; i < 4; ++i) {
      OP_REQUIRES(ctx, in[i] != 0,
                  errors::InvalidArgument(names[i], " dimension of input must not be 0"));
    }
    TensorShape in_shape;
    OP_REQUIRES_OK(ctx, TensorShape::BuildTensorShape(in, &in_shape));
    // Beyond TF's checks: a gradient wider than the input would be written out of bounds.
    OP_REQUIRES(ctx, out_b <= in[0] && depth <= in[3],
                errors::InvalidArgument("out_backprop ", dy.shape().DebugString(),
                                        " does not fit the input shape ", in_shape.DebugString()));
    const std::vector<int64_t> rows = tensor::IntValues(row_t), cols = tensor::IntValues(col_t);
    // The shape is data: allocate through the context (an impossible size is TF's OOM error),
    // the double sums first, as TF does.
    Tensor acc_t;
    OP_REQUIRES_OK(ctx, ctx->allocate_temp(DT_DOUBLE, in_shape, &acc_t));
    Tensor* dx = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, in_shape, &dx));
    double* acc = acc_t.flat<double>().data();
    std::fill(acc, acc + acc_t.NumElements(), 0.0);
    const T* g = dy.flat<T>().data();
    for (int64_t b = 0; b < out_b; ++b) {
      for (int64_t r = 0; r < out_h; ++r) {
        int64_t r0, r1;
        WindowBounds(rows.data(), r, in[1], overlapping_, &r0, &r1);
        OP_REQUIRES(ctx, r0 >= 0 && r1 >= 0,
                    errors::InvalidArgument("Row sequence tensor values must not be negative, got ",
                                            SequenceString(rows)));
        for (int64_t c = 0; c < out_w; ++c) {
          int64_t c0, c1;
          WindowBounds(cols.data(), c, in[2], overlapping_, &c0, &c1);
          OP_REQUIRES(
              ctx, c0 >= 0 && c1 >= 0,
              errors::InvalidArgument("Column sequence tensor values must not be negative, got ",
                                      SequenceString(cols)));
          const int64_t n = (r1 - r0 + 1) * (c1 - c0 + 1);
          const T* src = g + ((b * out_h + r) * out_w + c) * depth;
          for (int64_t ir = r0; ir <= r1; ++ir) {
            for (int64_t ic = c0; ic <= c1; ++ic) {
              double* dst = acc + ((b * in[1] + ir) * in[2] + ic) * in[3];
              for (int64_t d = 0; d < depth; ++d) {
                dst[d] = AddInOrder(dst[d], static_cast<double>(src[d]) / static_cast<double>(n));
              }
            }
          }
        }
      }
    }
    T* dxp = dx->flat<T>().data();
    for (int64_t i = 0; i < acc_t.NumElements(); ++i) dxp[i] = static_cast<T>(acc[i]);
  }

 private:
  // Eigen's printing of a vector: every value right-aligned to the widest, one space apart.
  static std::string SequenceString(const std::vector<int64_t>& v) {
    size_t width = 0;
    for (int64_t x : v) width = std::max(width, std::to_string(x).size());
    std::string out;
    for (size_t i = 0; i < v.size(); ++i) {
      const std::string s = std::to_string(v[i]);
      if (i > 0) out += ' ';
      out += std::string(width - s.size(), ' ') + s;
    }
    return out;
  }
  bool overlapping_ = false;
};

#define MINITF_REGISTER_FRACTIONAL(T)                                                              \
  REGISTER_KERNEL_BUILDER(Name("FractionalMaxPool").Device(DEVICE_CPU).TypeConstraint<T>("T"),     \
                          (FractionalPoolOp<T, true>));                                            \
  REGISTER_KERNEL_BUILDER(Name("FractionalAvgPool").Device(DEVICE_CPU).TypeConstraint<T>("T"),     \
                          (FractionalPoolOp<T, false>));                                           \
  REGISTER_KERNEL_BUILDER(Name("FractionalMaxPoolGrad").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          FractionalMaxPoolGradOp<T>);                                             \
  REGISTER_KERNEL_BUILDER(Name("FractionalAvgPoolGrad").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          FractionalAvgPoolGradOp<T>);
MINITF_REGISTER_FRACTIONAL(float)
MINITF_REGISTER_FRACTIONAL(double)
MINITF_REGISTER_FRACTIONAL(int32_t)
MINITF_REGISTER_FRACTIONAL(int64_t)
#undef MINITF_REGISTER_FRACTIONAL

}  // namespace
}  // namespace tensorflow
