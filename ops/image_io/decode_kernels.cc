// CPU kernels of the image decoders (image_io_ops.cc). As in TF 2.21 one kernel serves
// DecodePng, DecodeJpeg, DecodeGif, DecodeBmp and DecodeImage: the contents' magic bytes pick
// the codec whichever op was asked (DecodePng decodes a JPEG, DecodeGif a PNG as one frame; only
// BMP is kept to DecodeBmp and DecodeImage), with TF's checks and texts in TF's order.
// DecodeImage's uint16 and float outputs scale 8-bit samples by 256 and 1/255, 16-bit PNG ones by
// 1/65535, as TF's.
#include <cstdlib>
#include <limits>
#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "framework/op_kernel.h"
#include "ops/image_io/internal/bmp_codec.h"
#include "ops/image_io/internal/gif_codec.h"
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

// Writes `n` 8-bit samples into `out` (uint8, or uint16 * 256, or float / 255, as TF's).
void Widen(const uint8_t* in, int64_t n, Tensor* out) {
  if (out->dtype() == DT_UINT16) {
    uint16_t* o = out->flat<uint16_t>().data();
    for (int64_t i = 0; i < n; ++i) o[i] = static_cast<uint16_t>(in[i] * 256);
  } else if (out->dtype() == DT_FLOAT) {
    const float scale = static_cast<float>(1. / 255);
    float* o = out->flat<float>().data();
    for (int64_t i = 0; i < n; ++i) o[i] = static_cast<float>(in[i]) * scale;
  }
}

class DecodeImageOp : public OpKernel {
 public:
  explicit DecodeImageOp(OpKernelConstruction* ctx) : OpKernel(ctx), op_(type_string()) {
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
    if (op_ == "DecodePng" || op_ == "DecodeImage") {
      OP_REQUIRES_OK(ctx, ctx->GetAttr("dtype", &dtype_));
      if (op_ == "DecodeImage") {
        OP_REQUIRES_OK(ctx, ctx->GetAttr("expand_animations", &expand_animations_));
      }
    }
    if (op_ != "DecodeGif") {
      OP_REQUIRES_OK(ctx, ctx->GetAttr("channels", &channels_));
      OP_REQUIRES(ctx, channels_ == 0 || channels_ == 1 || channels_ == 3 || channels_ == 4,
                  errors::InvalidArgument("`channels` must be 0, 1, 3 or 4 but got ", channels_));
    } else {
      channels_ = 3;
    }
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
        return DecodeGif(ctx, input);
      case Format::kBmp:
        return DecodeBmp(ctx, input);
      case Format::kUnknown:
        ctx->CtxFailure(errors::InvalidArgument(
            "Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP required."));
        return;
    }
  }

 private:
  // The output of one image: [1, h, w, c] for DecodeGif, [h, w, c] otherwise.
  Status AllocateImage(OpKernelContext* ctx, int64_t h, int64_t w, int64_t c, Tensor** out) {
    return op_ == "DecodeGif" ? ctx->allocate_output(0, TensorShape({1, h, w, c}), out)
                              : ctx->allocate_output(0, TensorShape({h, w, c}), out);
  }

  // An 8-bit buffer for the codec: the output itself for uint8, else a temporary widened after.
  uint8_t* Buffer(Tensor* out, std::unique_ptr<uint8_t[]>* owned) {
    if (dtype_ == DT_UINT8) return out->flat<uint8_t>().data();
    owned->reset(new uint8_t[out->NumElements()]);
    return owned->get();
  }

  void DecodeJpeg(OpKernelContext* ctx, const std::string& input) {
    OP_REQUIRES(ctx, channels_ == 0 || channels_ == 1 || channels_ == 3,
                errors::InvalidArgument("JPEG does not support 4 channels"));
    OP_REQUIRES(ctx, op_ != "DecodeBmp",
                errors::InvalidArgument("Trying to decode JPEG format using DecodeBmp op. Use "
                                        "`decode_jpeg` or `decode_image` instead."));
    jpeg_codec::DecodeFlags flags = jpeg_;
    flags.components = channels_;
    Tensor* output = nullptr;
    std::unique_ptr<uint8_t[]> owned;
    uint8_t* done = jpeg_codec::Decode(input.data(), static_cast<int>(input.size()), flags,
                                       [&](int width, int height, int channels) -> uint8_t* {
                                         const Status s =
                                             AllocateImage(ctx, height, width, channels, &output);
                                         if (!s.ok()) {
                                           ctx->CtxFailure(s);
                                           return nullptr;
                                         }
                                         return Buffer(output, &owned);
                                       });
    if (!ctx->status().ok()) return;
    OP_REQUIRES(
        ctx, done != nullptr,
        errors::InvalidArgument("jpeg::Uncompress failed. Invalid JPEG data or crop window."));
    if (owned) Widen(owned.get(), output->NumElements(), output);
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
    OP_REQUIRES_OK(ctx, AllocateImage(ctx, height, width, decoder.channels(), &output));
    OP_REQUIRES(ctx, op_ != "DecodeBmp",
                errors::InvalidArgument("Trying to decode PNG format using DecodeBmp op. Use "
                                        "`decode_png` or `decode_image` instead."));
    const int64_t row_bytes = decoder.channels() * width * (bits / 8);
    std::unique_ptr<uint16_t[]> wide;
    uint8_t* data = nullptr;
    if (dtype_ == DT_FLOAT) {
      wide.reset(new uint16_t[output->NumElements()]);
      data = reinterpret_cast<uint8_t*>(wide.get());
    } else {
      data = static_cast<uint8_t*>(output->data());
    }
    OP_REQUIRES(ctx, decoder.Finish(data, row_bytes),
                errors::InvalidArgument("Invalid PNG data, size ", input.size()));
    if (wide) {
      const float scale = static_cast<float>(1. / 65535);
      float* o = output->flat<float>().data();
      for (int64_t i = 0; i < output->NumElements(); ++i) {
        o[i] = static_cast<float>(wide[i]) * scale;
      }
    }
  }

  void DecodeGif(OpKernelContext* ctx, const std::string& input) {
    OP_REQUIRES(ctx, channels_ == 0 || channels_ == 3,
                errors::InvalidArgument("channels must be 0 or 3 for GIF, got ", channels_));
    OP_REQUIRES(ctx, op_ != "DecodeBmp",
                errors::InvalidArgument("Trying to decode GIF format using DecodeBmp op. Use "
                                        "`decode_gif` or `decode_image` instead."));
    Tensor* output = nullptr;
    std::unique_ptr<uint8_t[]> owned;
    std::string error;
    uint8_t* done = gif_codec::Decode(
        input.data(), static_cast<int>(input.size()),
        [&](int frames, int width, int height, int channels) -> uint8_t* {
          Status s;
          if (op_ == "DecodePng" || op_ == "DecodeJpeg") {
            s = frames == 1
                    ? ctx->allocate_output(0, TensorShape({height, width, channels}), &output)
                    : errors::InvalidArgument("Got ", frames,
                                              " frames, but animated gifs can only be decoded by "
                                              "tf.io.decode_gif or tf.io.decode_image");
          } else if (op_ == "DecodeGif" || expand_animations_) {
            s = ctx->allocate_output(0, TensorShape({frames, height, width, channels}), &output);
          } else {
            s = ctx->allocate_output(0, TensorShape({height, width, channels}), &output);
          }
          if (!s.ok()) {
            ctx->CtxFailure(s);
            return nullptr;
          }
          return Buffer(output, &owned);
        },
        &error, op_ == "DecodeGif" || expand_animations_);
    if (!ctx->status().ok()) return;
    OP_REQUIRES(ctx, done != nullptr,
                errors::InvalidArgument("Invalid GIF data (size ", input.size(), "), ", error));
    if (owned) Widen(owned.get(), output->NumElements(), output);
  }

  void DecodeBmp(OpKernelContext* ctx, const std::string& input) {
    OP_REQUIRES(
        ctx, channels_ != 1,
        errors::InvalidArgument("`channels` must be 0, 3 or 4 for BMP, but got ", channels_));
    OP_REQUIRES(
        ctx, op_ == "DecodeBmp" || op_ == "DecodeImage",
        errors::InvalidArgument("Trying to decode BMP format using a wrong op. Use `decode_bmp` or "
                                "`decode_image` instead. Op used: ",
                                op_));
    bmp_codec::Header header;
    OP_REQUIRES_OK(ctx, bmp_codec::ReadHeader(input, channels_, &header));
    Tensor* output = nullptr;
    OP_REQUIRES_OK(
        ctx, ctx->allocate_output(0, TensorShape({header.rows, header.width, header.out_channels}),
                                  &output));
    std::unique_ptr<uint8_t[]> owned;
    bmp_codec::Decode(input, header, Buffer(output, &owned));
    if (owned) Widen(owned.get(), output->NumElements(), output);
  }

  const std::string op_;
  jpeg_codec::DecodeFlags jpeg_;
  DataType dtype_ = DT_UINT8;
  int channels_ = 0;
  bool expand_animations_ = true;
};

REGISTER_KERNEL_BUILDER(Name("DecodePng").Device(DEVICE_CPU), DecodeImageOp);
REGISTER_KERNEL_BUILDER(Name("DecodeJpeg").Device(DEVICE_CPU), DecodeImageOp);
REGISTER_KERNEL_BUILDER(Name("DecodeGif").Device(DEVICE_CPU), DecodeImageOp);
REGISTER_KERNEL_BUILDER(Name("DecodeBmp").Device(DEVICE_CPU), DecodeImageOp);
REGISTER_KERNEL_BUILDER(Name("DecodeImage").Device(DEVICE_CPU), DecodeImageOp);

}  // namespace
}  // namespace tensorflow
