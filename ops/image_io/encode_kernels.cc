// CPU kernels of EncodePng (each image of a batch on its own) and EncodeJpeg with TF 2.21's
// checks and texts; the codecs are internal/png_codec and internal/jpeg_codec.
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "framework/op_kernel.h"
#include "ops/image_io/internal/jpeg_codec.h"
#include "ops/image_io/internal/png_codec.h"

namespace tensorflow {
namespace {

class EncodePngOp : public OpKernel {
 public:
  explicit EncodePngOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("compression", &compression_));
    OP_REQUIRES(ctx, -1 <= compression_ && compression_ <= 9,
                errors::InvalidArgument("compression should be in [-1,9], got ", compression_));
    DataType dt;
    OP_REQUIRES_OK(ctx, ctx->GetAttr("T", &dt));
    bits_ = dt == DT_UINT8 ? 8 : 16;
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& image = ctx->input(0);
    OP_REQUIRES(
        ctx, image.dims() >= 3,
        errors::InvalidArgument("images must be at least rank 3", image.shape().DebugString()));
    OP_REQUIRES(ctx, image.NumElements() < std::numeric_limits<int32_t>::max(),
                errors::InvalidArgument("image cannot have >= int32 max elements"));
    const int batch_dims = image.dims() - 3;
    const int64_t height = image.dim_size(batch_dims), width = image.dim_size(batch_dims + 1),
                  channels = image.dim_size(batch_dims + 2);
    OP_REQUIRES(ctx, width * channels < std::numeric_limits<int32_t>::max() / 2,
                errors::InvalidArgument("image too wide to encode"));
    OP_REQUIRES(ctx, channels >= 1 && channels <= 4,
                errors::InvalidArgument("image must have 1, 2, 3, or 4 channels, got ", channels));
    TensorShape out_shape;
    int64_t batches = 1;
    for (int i = 0; i < batch_dims; ++i) {
      OP_REQUIRES_OK(ctx, out_shape.AddDimWithStatus(image.dim_size(i)));
      batches *= image.dim_size(i);
    }
    Tensor* output = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, out_shape, &output));
    const auto* data = static_cast<const uint8_t*>(image.data());
    const int64_t row_bytes = width * channels * bits_ / 8;
    const int64_t image_bytes = height * row_bytes;
    std::vector<char> failed(batches, 0);
    tstring* out = output->flat<tstring>().data();
    ctx->ParallelFor(batches, 1, [&](int64_t s, int64_t e) {
      for (int64_t i = s; i < e; ++i) {
        failed[i] = !png_codec::Encode(data + i * image_bytes, static_cast<int>(width),
                                       static_cast<int>(height), row_bytes,
                                       static_cast<int>(channels), bits_, compression_, &out[i]);
      }
    });
    std::vector<int64_t> bad;
    for (int64_t i = 0; i < batches; ++i) {
      if (failed[i]) bad.push_back(i);
    }
    OP_REQUIRES(ctx, bad.empty(),
                errors::Internal("PNG encoding failed at the following flattened batch indices: ",
                                 absl::StrJoin(bad, ", ")));
  }

 private:
  int compression_ = -1;
  int bits_ = 8;
};

class EncodeJpegOp : public OpKernel {
 public:
  explicit EncodeJpegOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    OP_REQUIRES_OK(ctx, ctx->GetAttr("format", &format_));
    OP_REQUIRES(ctx, format_.empty() || format_ == "grayscale" || format_ == "rgb",
                errors::InvalidArgument("format must be '', grayscale or rgb, got ", format_));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("quality", &flags_.quality));
    OP_REQUIRES(ctx, 0 <= flags_.quality && flags_.quality <= 100,
                errors::InvalidArgument("quality must be in [0,100], got ", flags_.quality));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("progressive", &flags_.progressive));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("optimize_size", &flags_.optimize_size));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("chroma_downsampling", &flags_.chroma_downsampling));
    std::string unit;
    OP_REQUIRES_OK(ctx, ctx->GetAttr("density_unit", &unit));
    OP_REQUIRES(ctx, unit == "in" || unit == "cm",
                errors::InvalidArgument("density_unit must be 'in' or 'cm'", unit));
    flags_.density_unit = unit == "in" ? 1 : 2;
    OP_REQUIRES_OK(ctx, ctx->GetAttr("x_density", &flags_.x_density));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("y_density", &flags_.y_density));
    OP_REQUIRES_OK(ctx, ctx->GetAttr("xmp_metadata", &flags_.xmp_metadata));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& image = ctx->input(0);
    OP_REQUIRES(
        ctx, image.dims() == 3,
        errors::InvalidArgument("image must be 3-dimensional", image.shape().DebugString()));
    OP_REQUIRES(ctx, image.NumElements() < std::numeric_limits<int32_t>::max(),
                errors::InvalidArgument("Cannot encode images with >= max int32 elements"));
    const int64_t channels = image.dim_size(2);
    jpeg_codec::EncodeFlags flags = flags_;
    if (format_.empty()) {
      OP_REQUIRES(ctx, channels == 1 || channels == 3,
                  errors::InvalidArgument("image must have 1 or 3 channels, got ",
                                          image.shape().DebugString()));
      flags.components = static_cast<int>(channels);
    } else {
      flags.components = format_ == "grayscale" ? 1 : 3;
      OP_REQUIRES(ctx, flags.components == channels,
                  errors::InvalidArgument("format ", format_, " expects ", flags.components,
                                          " channels, got ", image.shape().DebugString()));
    }
    Tensor* output = nullptr;
    OP_REQUIRES_OK(ctx, ctx->allocate_output(0, TensorShape({}), &output));
    OP_REQUIRES(ctx,
                jpeg_codec::Encode(
                    image.flat<uint8_t>().data(), static_cast<int>(image.dim_size(1)),
                    static_cast<int>(image.dim_size(0)), flags, &output->scalar<tstring>()()),
                errors::Internal("JPEG encoding failed"));
  }

 private:
  std::string format_;
  jpeg_codec::EncodeFlags flags_;
};

REGISTER_KERNEL_BUILDER(Name("EncodePng").Device(DEVICE_CPU), EncodePngOp);
REGISTER_KERNEL_BUILDER(Name("EncodeJpeg").Device(DEVICE_CPU), EncodeJpegOp);

}  // namespace
}  // namespace tensorflow
