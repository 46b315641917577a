// CPU kernels of ScaleAndTranslate and ScaleAndTranslateGrad (resize_ops.cc) with TF 2.21's
// checks, texts and float arithmetic, so results have TF's bits:
//  - per axis, "spans": for output pixel i the sample point (i + 0.5) / scale - translate / scale
//    (1 / scale in double, rounded to float), the input pixels within the kernel's radius
//    (scaled by 1 / scale when downsampling with antialias), their kernel weights summed in
//    float and each multiplied by 1 / sum (a sum below 1000 * FLT_MIN leaves the weights 0); a
//    sample point outside the image gives an empty span;
//  - rows first into a float [batch, out_h, in_w, channels] buffer, then columns, each output
//    0 + w0 * x0 + w1 * x1 + ... in float in span order;
//  - the gradient: the forward spans transposed (for each input pixel, the outputs it fed, in
//    output order) and gathered the same way from the incoming gradient;
//  - float-to-integer conversions as x86-64 does them (NaN and out-of-range give the minimum),
//    and the span size's int arithmetic wrapping, as TF's compiled kernel computes them. Where
//    TF's kernel would then crash on a negative span size, an InvalidArgument.
#include <emmintrin.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "framework/op_kernel.h"

namespace tensorflow {
namespace {

int32_t X86FloatToInt32(float v) { return _mm_cvttss_si32(_mm_set_ss(v)); }
int64_t X86FloatToInt64(float v) { return _mm_cvttss_si64(_mm_set_ss(v)); }

// TF's Clamp: `high` wins when high < low (an input of size 0), where std::clamp is undefined.
int64_t Clamp(int64_t low, int64_t high, int64_t v) {
  if (high < v) return high;
  if (v < low) return low;
  return v;
}

// The sampling kernels (TF's kernels/image/sampling_kernels.h): weight at distance x >= 0.
enum class SamplingKernel {
  kLanczos1,
  kLanczos3,
  kLanczos5,
  kGaussian,
  kBox,
  kTriangle,
  kKeysCubic,
  kMitchellCubic,
  kUnknown
};

SamplingKernel SamplingKernelFromString(const std::string& name) {
  const std::string n = absl::AsciiStrToLower(name);
  if (n == "lanczos1") return SamplingKernel::kLanczos1;
  if (n == "lanczos3") return SamplingKernel::kLanczos3;
  if (n == "lanczos5") return SamplingKernel::kLanczos5;
  if (n == "gaussian") return SamplingKernel::kGaussian;
  if (n == "box") return SamplingKernel::kBox;
  if (n == "triangle") return SamplingKernel::kTriangle;
  if (n == "keyscubic") return SamplingKernel::kKeysCubic;
  if (n == "mitchellcubic") return SamplingKernel::kMitchellCubic;
  return SamplingKernel::kUnknown;
}

struct Lanczos {
  float radius;
  float Radius() const { return radius; }
  float operator()(float x) const {
    constexpr float kPi = 3.14159265359f;
    x = std::abs(x);
    if (x > radius) return 0.0f;
    if (static_cast<double>(x) <= 1e-3) return 1.0f;  // sin(x) / x's limit; TF's double 1e-3
    return radius * std::sin(kPi * x) * std::sin(kPi * x / radius) / (kPi * kPi * x * x);
  }
};

struct Gaussian {
  static constexpr float kRadius = 1.5f;
  static constexpr float kSigma = kRadius / 3.0f;
  float Radius() const { return kRadius; }
  float operator()(float x) const {
    x = std::abs(x);
    if (x >= kRadius) return 0.0f;
    // The exponent's quotient in double, as TF writes it (2.0 is a double).
    const double sigma = kSigma;
    return static_cast<float>(std::exp(static_cast<double>(-x * x) / (2.0 * sigma * sigma)));
  }
};

struct Box {
  float Radius() const { return 1.0f; }
  float operator()(float x) const {
    x = std::abs(x);
    return x < 0.5f ? 1.0f : x == 0.5f ? 0.5f : 0.0f;
  }
};

struct Triangle {
  float Radius() const { return 1.0f; }
  float operator()(float x) const {
    x = std::abs(x);
    return x < 1.0f ? 1.0f - x : 0.0f;
  }
};

struct KeysCubic {
  float Radius() const { return 2.0f; }
  float operator()(float x) const {
    x = std::abs(x);
    if (x >= 2.0f) return 0.0f;
    if (x >= 1.0f) return ((-0.5f * x + 2.5f) * x - 4.0f) * x + 2.0f;
    return ((1.5f * x - 2.5f) * x) * x + 1.0f;
  }
};

struct MitchellCubic {
  float Radius() const { return 2.0f; }
  float operator()(float x) const {
    x = std::abs(x);
    if (x >= 2.0f) return 0.0f;
    if (x >= 1.0f) {
      return (((-7.0f / 18.0f) * x + 2.0f) * x - 10.0f / 3.0f) * x + 16.0f / 9.0f;
    }
    return (((7.0f / 6.0f) * x - 2.0f) * x) * x + 8.0f / 9.0f;
  }
};

// One axis' spans: output i reads input starts[i] .. starts[i] + size - 1 (cut at the input's
// end) with weights[i * size ...].
struct Spans {
  int size = 0;
  Tensor starts;   // int32 [outputs]
  Tensor weights;  // float [outputs * size]
};

template <typename Kernel>
Status ComputeSpansFor(OpKernelContext* ctx, const Kernel& kernel, int64_t output_size,
                       int64_t input_size, float scale, float translate, bool antialias,
                       Spans* spans) {
  const float inv_scale = static_cast<float>(1.0 / static_cast<double>(scale));
  const float inv_translate = -inv_scale * translate;
  const float kernel_scale = antialias ? std::max(inv_scale, 1.0f) : 1.0f;
  const float reach = kernel.Radius() * kernel_scale;
  // 2 * ceil(reach) + 1 in int, wrapping as TF's compiled code does.
  const int32_t wide =
      static_cast<int32_t>(2u * static_cast<uint32_t>(X86FloatToInt32(std::ceil(reach))) + 1u);
  const int64_t span_size = std::min<int64_t>(wide, input_size);
  if (span_size < 0) {
    return errors::InvalidArgument("ScaleAndTranslate: the kernel's span size ", span_size,
                                   " for scale ", scale, " is negative");
  }
  spans->size = static_cast<int>(span_size);
  TF_RETURN_IF_ERROR(ctx->allocate_temp(DT_INT32, TensorShape({output_size}), &spans->starts));
  TensorShape weights_shape;
  TF_RETURN_IF_ERROR(weights_shape.AddDimWithStatus(span_size * output_size));
  TF_RETURN_IF_ERROR(ctx->allocate_temp(DT_FLOAT, weights_shape, &spans->weights));
  int32_t* starts = spans->starts.flat<int32_t>().data();
  float* weights = spans->weights.flat<float>().data();
  std::fill(weights, weights + spans->weights.NumElements(), 0.0f);

  const float one_over_kernel_scale = 1.0f / kernel_scale;
  std::vector<float> temp;
  for (int64_t x = 0; x < output_size; ++x) {
    const float sample = (static_cast<float>(x) + 0.5f) * inv_scale + inv_translate;
    if (sample < 0 || sample > static_cast<float>(input_size)) {  // outside: an empty span
      starts[x] = 0;
      continue;
    }
    const int64_t first =
        Clamp(0, input_size - 1, X86FloatToInt64(std::ceil(sample - reach - 0.5f)));
    const int64_t end =
        Clamp(0, input_size - 1, X86FloatToInt64(std::floor(sample + reach - 0.5f))) + 1;
    const int64_t this_size = end - first;
    if (this_size > span_size) {
      return errors::Internal(
          absl::StrFormat("Span is too large: %d vs %d.", this_size, span_size));
    }
    float total = 0.0f;
    temp.clear();
    for (int64_t s = first; s < end; ++s) {
      const float pos = static_cast<float>(s) + 0.5f - sample;
      temp.push_back(kernel(std::abs(pos * one_over_kernel_scale)));
      total += temp.back();
    }
    if (std::abs(total) >= 1000.0f * std::numeric_limits<float>::min()) {
      const float inv_total = 1.0f / total;
      float* out = weights + span_size * x;
      for (size_t j = 0; j < temp.size(); ++j) out[j] = temp[j] * inv_total;
    }
    starts[x] = static_cast<int32_t>(first);
  }
  return OkStatus();
}

Status ComputeSpans(OpKernelContext* ctx, SamplingKernel kernel, int64_t output_size,
                    int64_t input_size, float scale, float translate, bool antialias,
                    Spans* spans) {
  auto run = [&](const auto& k) {
    return ComputeSpansFor(ctx, k, output_size, input_size, scale, translate, antialias, spans);
  };
  switch (kernel) {
    case SamplingKernel::kLanczos1:
      return run(Lanczos{1.0f});
    case SamplingKernel::kLanczos3:
      return run(Lanczos{3.0f});
    case SamplingKernel::kLanczos5:
      return run(Lanczos{5.0f});
    case SamplingKernel::kGaussian:
      return run(Gaussian{});
    case SamplingKernel::kBox:
      return run(Box{});
    case SamplingKernel::kTriangle:
      return run(Triangle{});
    case SamplingKernel::kKeysCubic:
      return run(KeysCubic{});
    case SamplingKernel::kMitchellCubic:
      return run(MitchellCubic{});
    case SamplingKernel::kUnknown:
      break;
  }
  return errors::InvalidArgument("Unrecognized kernel type: ", static_cast<int>(kernel));
}

// The gradient's spans: the forward spans transposed. Input pixel i of the forward op starts at
// the first output that read it with a nonzero weight; the span size is the widest such range.
Status ComputeGradSpans(OpKernelContext* ctx, SamplingKernel kernel, int64_t forward_output_size,
                        int64_t forward_input_size, float scale, float translate, bool antialias,
                        Spans* grad) {
  Spans fwd;
  TF_RETURN_IF_ERROR(ComputeSpans(ctx, kernel, forward_output_size, forward_input_size, scale,
                                  translate, antialias, &fwd));
  const int32_t* starts = fwd.starts.flat<int32_t>().data();
  const float* weights = fwd.weights.flat<float>().data();
  // Pass 1: each input's first and last reader (outputs are visited in increasing order).
  Tensor first_t, last_t;
  TF_RETURN_IF_ERROR(ctx->allocate_temp(DT_INT32, TensorShape({forward_input_size}), &first_t));
  TF_RETURN_IF_ERROR(ctx->allocate_temp(DT_INT32, TensorShape({forward_input_size}), &last_t));
  int32_t* first = first_t.flat<int32_t>().data();
  int32_t* last = last_t.flat<int32_t>().data();
  std::fill(first, first + forward_input_size, -1);
  auto for_each_component = [&](auto&& fn) {
    for (int64_t o = 0; o < forward_output_size; ++o) {
      int64_t in = starts[o];
      for (int j = 0; j < fwd.size; ++j, ++in) {
        const float w = weights[o * fwd.size + j];
        if (w != 0.0f && in < forward_input_size) fn(in, o, w);
      }
    }
  };
  for_each_component([&](int64_t in, int64_t o, float) {
    if (first[in] < 0) first[in] = static_cast<int32_t>(o);
    last[in] = static_cast<int32_t>(o);
  });
  int64_t max_size = 0;
  for (int64_t i = 0; i < forward_input_size; ++i) {
    if (first[i] >= 0) max_size = std::max<int64_t>(max_size, last[i] - first[i] + 1);
  }
  grad->size = static_cast<int>(max_size);
  TF_RETURN_IF_ERROR(
      ctx->allocate_temp(DT_INT32, TensorShape({forward_input_size}), &grad->starts));
  TensorShape weights_shape;
  TF_RETURN_IF_ERROR(weights_shape.AddDimWithStatus(max_size * forward_input_size));
  TF_RETURN_IF_ERROR(ctx->allocate_temp(DT_FLOAT, weights_shape, &grad->weights));
  int32_t* grad_starts = grad->starts.flat<int32_t>().data();
  float* grad_weights = grad->weights.flat<float>().data();
  std::fill(grad_weights, grad_weights + grad->weights.NumElements(), 0.0f);
  for (int64_t i = 0; i < forward_input_size; ++i) grad_starts[i] = std::max(first[i], 0);
  // Pass 2: each (input, output) pair occurs once, so TF's 0 + w is w.
  for_each_component(
      [&](int64_t in, int64_t o, float w) { grad_weights[in * max_size + o - first[in]] += w; });
  return OkStatus();
}

// Rows: out[y] = sum over the span of w * in[starts[y] + j] (whole rows of row_size values).
template <typename T>
void GatherRows(const Spans& spans, const T* in, int64_t in_rows, int64_t row_size,
                int64_t out_rows, float* out) {
  const int32_t* starts = spans.starts.flat<int32_t>().data();
  const float* weights = spans.weights.flat<float>().data();
  for (int64_t y = 0; y < out_rows; ++y) {
    float* dst = out + row_size * y;
    std::fill(dst, dst + row_size, 0.0f);
    const int64_t real = std::min<int64_t>(starts[y] + int64_t{spans.size}, in_rows) - starts[y];
    const T* src = in + row_size * starts[y];
    for (int64_t j = 0; j < real; ++j, src += row_size) {
      const float w = weights[y * spans.size + j];
      for (int64_t k = 0; k < row_size; ++k) dst[k] += w * static_cast<float>(src[k]);
    }
  }
}

// Columns of each of `rows` rows: out[x] = sum over the span of w * in[starts[x] + j].
void GatherColumns(const Spans& spans, const float* in, int64_t rows, int64_t in_w, int64_t out_w,
                   int64_t channels, float* out) {
  const int32_t* starts = spans.starts.flat<int32_t>().data();
  const float* weights = spans.weights.flat<float>().data();
  for (int64_t y = 0; y < rows; ++y) {
    const float* row = in + in_w * channels * y;
    float* dst = out + out_w * channels * y;
    for (int64_t x = 0; x < out_w; ++x, dst += channels) {
      const int64_t real = std::min<int64_t>(starts[x] + int64_t{spans.size}, in_w) - starts[x];
      std::fill(dst, dst + channels, 0.0f);
      const float* src = row + starts[x] * channels;
      for (int64_t j = 0; j < real; ++j, src += channels) {
        const float w = weights[x * spans.size + j];
        for (int64_t c = 0; c < channels; ++c) dst[c] += w * src[c];
      }
    }
  }
}

// Both passes over each image of the batch: in [batch, in_h, in_w, c] -> out [batch, out_h,
// out_w, c] through a float [batch, out_h, in_w, c] buffer. Images are independent: split over
// the batch (the same bits at any thread count).
template <typename T>
Status GatherSpans(OpKernelContext* ctx, const Spans& rows, const Spans& cols, const T* in,
                   int64_t batch, int64_t in_h, int64_t in_w, int64_t channels, int64_t out_h,
                   int64_t out_w, float* out) {
  Tensor buffer;
  TF_RETURN_IF_ERROR(
      ctx->allocate_temp(DT_FLOAT, TensorShape({batch, out_h, in_w, channels}), &buffer));
  float* mid = buffer.flat<float>().data();
  const int64_t in_image = in_h * in_w * channels, mid_image = out_h * in_w * channels,
                out_image = out_h * out_w * channels;
  const int64_t cost = (rows.size + 1) * mid_image + (cols.size + 1) * out_image;
  ctx->ParallelFor(batch, std::max<int64_t>(1, 65536 / (cost + 1)), [&](int64_t s, int64_t e) {
    for (int64_t b = s; b < e; ++b) {
      GatherRows(rows, in + b * in_image, in_h, in_w * channels, out_h, mid + b * mid_image);
      GatherColumns(cols, mid + b * mid_image, out_h, in_w, out_w, channels, out + b * out_image);
    }
  });
  return OkStatus();
}

// The scale or translation input: a vector of two floats, [rows, columns].
Status ReadPair(const Tensor& t, float* row, float* col) {
  if (t.dims() != 1) {
    return errors::InvalidArgument("t must be 1-dimensional", t.shape().DebugString());
  }
  if (t.NumElements() != 2) {
    return errors::InvalidArgument("t must have two elements", t.shape().DebugString());
  }
  *row = t.flat<float>()(0);
  *col = t.flat<float>()(1);
  return OkStatus();
}

struct ScaleAndTranslateAttrs {
  SamplingKernel kernel = SamplingKernel::kUnknown;
  bool antialias = true;
  Status Read(OpKernelConstruction* ctx) {
    TF_RETURN_IF_ERROR(ctx->GetAttr("antialias", &antialias));
    std::string name;
    TF_RETURN_IF_ERROR(ctx->GetAttr("kernel_type", &name));
    kernel = SamplingKernelFromString(name);
    if (kernel == SamplingKernel::kUnknown) {
      return errors::InvalidArgument("Unrecognized kernel type: " + name);
    }
    return OkStatus();
  }
  // scale (input 2, both positive) and translation (input 3).
  static Status ReadTransform(OpKernelContext* ctx, float scale[2], float translation[2]) {
    TF_RETURN_IF_ERROR(ReadPair(ctx->input(2), &scale[0], &scale[1]));
    if (!(scale[0] > 0 && scale[1] > 0)) {
      return errors::InvalidArgument("Scale must be greater than zero.");
    }
    return ReadPair(ctx->input(3), &translation[0], &translation[1]);
  }
};

constexpr int64_t kMaxInt32 = std::numeric_limits<int32_t>::max();

template <typename T>
class ScaleAndTranslateOp : public OpKernel {
 public:
  explicit ScaleAndTranslateOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& images = ctx->input(0);
    OP_REQUIRES(
        ctx, images.dims() == 4,
        errors::InvalidArgument("input must be 4-dimensional", images.shape().DebugString()));
    const Tensor& size = ctx->input(1);
    OP_REQUIRES(ctx, size.dims() == 1,
                errors::InvalidArgument("output_shape_t must be 1-dimensional",
                                        size.shape().DebugString()));
    OP_REQUIRES(ctx, size.NumElements() == 2,
                errors::InvalidArgument("output_shape_t must have two elements",
                                        size.shape().DebugString()));
    const int64_t out_h = size.flat<int32_t>()(0), out_w = size.flat<int32_t>()(1);
    const int64_t batch = images.dim_size(0), in_h = images.dim_size(1), in_w = images.dim_size(2),
                  channels = images.dim_size(3);
    OP_REQUIRES(ctx, in_h < kMaxInt32 && in_w < kMaxInt32,
                errors::InvalidArgument("input sizes must be between 0 and max int32"));
    OP_REQUIRES(ctx, out_h > 0 && out_w > 0,
                errors::InvalidArgument("output dimensions must be positive"));
    OP_REQUIRES(ctx, channels > 0, errors::InvalidArgument("image must have at least one channel"));
    OP_REQUIRES(ctx, in_h > 0 && in_w > 0,
                errors::InvalidArgument("input image must be of non-zero size"));
    float scale[2], translation[2];
    OP_REQUIRES_OK(ctx, ScaleAndTranslateAttrs::ReadTransform(ctx, scale, translation));
    TensorShape out_shape;
    for (int64_t d : {batch, out_h, out_w, channels}) {
      OP_REQUIRES_OK(ctx, out_shape.AddDimWithStatus(d));
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    if (out->NumElements() == 0) return;
    Spans cols, rows;
    OP_REQUIRES_OK(ctx, ComputeSpans(ctx, attrs_.kernel, out_w, in_w, scale[1], translation[1],
                                     attrs_.antialias, &cols));
    OP_REQUIRES_OK(ctx, ComputeSpans(ctx, attrs_.kernel, out_h, in_h, scale[0], translation[0],
                                     attrs_.antialias, &rows));
    OP_REQUIRES_OK(ctx, GatherSpans(ctx, rows, cols, images.flat<T>().data(), batch, in_h, in_w,
                                    channels, out_h, out_w, out->flat<float>().data()));
  }

 private:
  ScaleAndTranslateAttrs attrs_;
};

class ScaleAndTranslateGradOp : public OpKernel {
 public:
  explicit ScaleAndTranslateGradOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, attrs_.Read(ctx));
  }
  void Compute(OpKernelContext* ctx) override {
    const Tensor& grads = ctx->input(0);
    const Tensor& original = ctx->input(1);
    OP_REQUIRES(
        ctx, grads.dims() == 4,
        errors::InvalidArgument("input_grad must be 4-dimensional", grads.shape().DebugString()));
    OP_REQUIRES(ctx, original.dims() == 4,
                errors::InvalidArgument("original_image must be 4-dimensional",
                                        original.shape().DebugString()));
    const int64_t batch = grads.dim_size(0), channels = grads.dim_size(3);
    const int64_t in_h = original.dim_size(1), in_w = original.dim_size(2);
    OP_REQUIRES(ctx, in_h < kMaxInt32 && in_w < kMaxInt32,
                errors::InvalidArgument("original sizes must be between 0 and max int32"));
    TensorShape out_shape;
    for (int64_t d : {batch, in_h, in_w, channels}) {
      OP_REQUIRES_OK(ctx, out_shape.AddDimWithStatus(d));
    }
    Tensor* out = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &out));
    float scale[2], translation[2];
    OP_REQUIRES_OK(ctx, ScaleAndTranslateAttrs::ReadTransform(ctx, scale, translation));
    // Nothing to compute (TF would still build spans from sizes an empty tensor may claim).
    if (out->NumElements() == 0) return;
    if (grads.NumElements() == 0) {
      std::fill_n(out->flat<float>().data(), out->NumElements(), 0.0f);
      return;
    }
    const int64_t fwd_out_h = grads.dim_size(1), fwd_out_w = grads.dim_size(2);
    Spans cols, rows;
    OP_REQUIRES_OK(ctx, ComputeGradSpans(ctx, attrs_.kernel, fwd_out_w, in_w, scale[1],
                                         translation[1], attrs_.antialias, &cols));
    OP_REQUIRES_OK(ctx, ComputeGradSpans(ctx, attrs_.kernel, fwd_out_h, in_h, scale[0],
                                         translation[0], attrs_.antialias, &rows));
    OP_REQUIRES_OK(ctx, GatherSpans(ctx, rows, cols, grads.flat<float>().data(), batch, fwd_out_h,
                                    fwd_out_w, channels, in_h, in_w, out->flat<float>().data()));
  }

 private:
  ScaleAndTranslateAttrs attrs_;
};

#define MINITF_REGISTER_SCALE_AND_TRANSLATE(T)                                                 \
  REGISTER_KERNEL_BUILDER(Name("ScaleAndTranslate").Device(DEVICE_CPU).TypeConstraint<T>("T"), \
                          ScaleAndTranslateOp<T>);
MINITF_REGISTER_SCALE_AND_TRANSLATE(int8_t)
MINITF_REGISTER_SCALE_AND_TRANSLATE(uint8_t)
MINITF_REGISTER_SCALE_AND_TRANSLATE(int16_t)
MINITF_REGISTER_SCALE_AND_TRANSLATE(uint16_t)
MINITF_REGISTER_SCALE_AND_TRANSLATE(int32_t)
MINITF_REGISTER_SCALE_AND_TRANSLATE(int64_t)
MINITF_REGISTER_SCALE_AND_TRANSLATE(Eigen::half)
MINITF_REGISTER_SCALE_AND_TRANSLATE(Eigen::bfloat16)
MINITF_REGISTER_SCALE_AND_TRANSLATE(float)
MINITF_REGISTER_SCALE_AND_TRANSLATE(double)
#undef MINITF_REGISTER_SCALE_AND_TRANSLATE

REGISTER_KERNEL_BUILDER(Name("ScaleAndTranslateGrad").Device(DEVICE_CPU).TypeConstraint<float>("T"),
                        ScaleAndTranslateGradOp);

}  // namespace
}  // namespace tensorflow
