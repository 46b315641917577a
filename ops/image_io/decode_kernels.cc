// CPU kernels of the image decoders (image_io_ops.cc). As in TF 2.21 one kernel serves them
// all: the contents' magic bytes pick the codec, whichever op was asked (DecodePng decodes a
// JPEG, DecodeJpeg a PNG), with TF's checks and texts in TF's order. GIF and BMP contents are
// not decoded yet: Unimplemented.
#include <limits>
#include <string>

#include "absl/strings/match.h"
#include "framework/op_kernel.h"
#include "ops/image_io/internal/jpeg_codec.h"
#include "ops/image_io/internal/png_codec.h"

namespace tensorflow {
namespace {

enum class Format { kUnknown, kPng, kJpeg, kGif, kBmp };

Format Classify(absl::string_view data) {
  if (absl::StartsWith(data, "\xff\xd8\xff")) return Format::kJpeg;
  if (absl::StartsWith(data, "\x89PNG\r\n\x1a\n")) return Format::kPng;
  if (absl::StartsWith(data, "GIF8")) return Format::kGif;
  if (absl::StartsWith(data, "BM")) return Format::kBmp;
  return Format::kUnknown;
}

class DecodeImageOp : public OpKernel {
 public:
  explicit DecodeImageOp(OpKernelConstruction* ctx) : OpKernel(ctx) {
    op_ = type_string();
    if (op_ == "DecodeJpeg") {
      OP_REQUIRES_OK(ctx, ctx->GetAttr("ratio", &jpeg_.ratio));
      OP_REQUIRES(ctx, jpeg_.ratio == 1 || jpeg_.ratio == 2 || jpeg_.ratio == 4 || jpeg_.ratio == 8,
                  errors::InvalidArgument("ratio must be 1, 2, 4, or 8, got ", jpeg_.ratio));
      OP_REQUIRES_OK(ctx, ctx->GetAttr("fancy_upscaling", &jpeg_.fancy_upscaling));
      OP_REQUIRES_OK(ctx, ctx->GetAttr("try_recover_truncated", &jpeg_.try_recover_truncated));
      OP_REQUIRES_OK(ctx, ctx->GetAttr("acceptable_fraction", &jpeg_.min_acceptable_fraction));
      std::string dct;
      OP_REQUIRES_OK(ctx, ctx->GetAttr("dct_method", &dct));
      OP_REQUIRES(ctx, dct.empty() || dct == "INTEGER_FAST" || dct == "INTEGER_ACCURATE",
                  errors::InvalidArgument(
                      "dct_method must be one of {'', 'INTEGER_FAST', 'INTEGER_ACCURATE'}"));
      jpeg_.accurate_dct = dct == "INTEGER_ACCURATE";
    }
    if (op_ == "DecodePng") {
      OP_REQUIRES_OK(ctx, ctx->GetAttr("dtype", &dtype_));
      OP_REQUIRES(ctx, dtype_ == DT_UINT8 || dtype_ == DT_UINT16,
                  errors::InvalidArgument("`dtype` for `DecodePng` must be unit8, unit16 but got: ",
                                          dtype_));
    }
    OP_REQUIRES_OK(ctx, ctx->GetAttr("channels", &channels_));
    OP_REQUIRES(ctx, channels_ == 0 || channels_ == 1 || channels_ == 3 || channels_ == 4,
                errors::InvalidArgument("`channels` must be 0, 1, 3 or 4 but got ", channels_));
  }

  void Compute(OpKernelContext* ctx) override {
    const Tensor& contents = ctx->input(0);
    OP_REQUIRES(ctx, contents.dims() == 0,
                errors::InvalidArgument("`contents` must be scalar but got shape",
                                        contents.shape().DebugString()));
    const std::string& input = contents.scalar<tstring>()();
    OP_REQUIRES(ctx, !input.empty(), errors::InvalidArgument("Input is empty."));
    OP_REQUIRES(ctx, input.size() <= static_cast<size_t>(std::numeric_limits<int>::max()),
                errors::InvalidArgument("Input contents are too large for int: ", input.size()));
    switch (Classify(input)) {
      case Format::kJpeg:
        return DecodeJpeg(ctx, input);
      case Format::kPng:
        return DecodePng(ctx, input);
      case Format::kGif:
      case Format::kBmp:
        ctx->CtxFailure(errors::Unimplemented(op_,
                                              ": GIF and BMP contents are not supported by "
                                              "minitf yet"));
        return;
      case Format::kUnknown:
        ctx->CtxFailure(errors::InvalidArgument(
            "Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP required."));
        return;
    }
  }

 private:
  void DecodeJpeg(OpKernelContext* ctx, const std::string& input) {
    OP_REQUIRES(ctx, channels_ == 0 || channels_ == 1 || channels_ == 3,
                errors::InvalidArgument("JPEG does not support 4 channels"));
    jpeg_codec::DecodeFlags flags = jpeg_;
    flags.components = channels_;
    Tensor* output = nullptr;
    uint8_t* buffer = nullptr;
    std::unique_ptr<uint8_t[]> owned;
    uint8_t* done = jpeg_codec::Decode(
        input.data(), static_cast<int>(input.size()), flags,
        [&](int width, int height, int channels) -> uint8_t* {
          const Status s = ctx->allocate_output(0, TensorShape({height, width, channels}), &output);
          if (!s.ok()) {
            ctx->CtxFailure(s);
            return nullptr;
          }
          if (dtype_ == DT_UINT8) return output->flat<uint8_t>().data();
          owned.reset(new uint8_t[static_cast<size_t>(height) * width * channels]);
          return buffer = owned.get();
        });
    if (!ctx->status().ok()) return;
    OP_REQUIRES(
        ctx, done != nullptr,
        errors::InvalidArgument("jpeg::Uncompress failed. Invalid JPEG data or crop window."));
    if (dtype_ == DT_UINT16) {
      // 8-bit samples scaled by 256, as TF's.
      auto out = output->flat<uint16_t>();
      for (int64_t i = 0; i < out.size(); ++i) out(i) = static_cast<uint16_t>(buffer[i] * 256);
    }
  }

  void DecodePng(OpKernelContext* ctx, const std::string& input) {
    const int bits = dtype_ == DT_UINT8 ? 8 : 16;
    png_codec::Decoder decoder;
    OP_REQUIRES(ctx, decoder.Init(input, channels_, bits),
                errors::InvalidArgument("Invalid PNG. Failed to initialize decoder."));
    const int64_t width = decoder.width(), height = decoder.height();
    OP_REQUIRES(ctx,
                width < (int64_t{1} << 27) && height < (int64_t{1} << 27) &&
                    width * height < (int64_t{1} << 29),
                errors::InvalidArgument("PNG size too large for int: ", width, " by ", height));
    Tensor* output = nullptr;
    OP_REQUIRES_OK(
        ctx, ctx->allocate_output(0, TensorShape({height, width, decoder.channels()}), &output));
    uint8_t* data = dtype_ == DT_UINT8
                        ? output->flat<uint8_t>().data()
                        : reinterpret_cast<uint8_t*>(output->flat<uint16_t>().data());
    OP_REQUIRES(ctx, decoder.Finish(data, decoder.channels() * width * (bits / 8)),
                errors::InvalidArgument("Invalid PNG data, size ", input.size()));
  }

  std::string op_;
  jpeg_codec::DecodeFlags jpeg_;
  DataType dtype_ = DT_UINT8;
  int channels_ = 0;
};

REGISTER_KERNEL_BUILDER(Name("DecodePng").Device(DEVICE_CPU), DecodeImageOp);
REGISTER_KERNEL_BUILDER(Name("DecodeJpeg").Device(DEVICE_CPU), DecodeImageOp);

}  // namespace
}  // namespace tensorflow
