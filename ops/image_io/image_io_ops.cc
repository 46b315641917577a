// The image codecs (tensorflow/cc/ops/image_ops.h) with TF 2.21's definitions and shape
// functions: DecodePng, DecodeJpeg, DecodeGif, DecodeBmp, DecodeImage, EncodePng (batched: any
// leading dimensions) and EncodeJpeg. Kernels: decode_kernels.cc, encode_kernels.cc (libpng,
// libjpeg-turbo and giflib through internal/). No gradients: TF's C++ registry has none.
//
//   auto image = ops::DecodePng(root, ops::ReadFile(root, "in.png"),
//                               ops::DecodePng::Channels(3));
//   auto jpeg = ops::EncodeJpeg(root, image, ops::EncodeJpeg::Quality(90));
#include <vector>

#include "framework/errors.h"
#include "framework/op.h"

namespace tensorflow {
namespace {

using shape_inference::InferenceContext;

// [?, ?, channels] (channels unknown when 0) from a scalar string (TF's DecodeImageShapeFn).
Status DecodeImageShape(InferenceContext* c) {
  TF_RETURN_IF_ERROR(c->WithRank(0, 0));
  int32_t channels = 0;
  TF_RETURN_IF_ERROR(c->GetAttr("channels", &channels));
  if (channels < 0) return errors::InvalidArgument("channels must be non-negative, got ", channels);
  c->set_output(0, PartialTensorShape({-1, -1, channels == 0 ? -1 : channels}));
  return OkStatus();
}

}  // namespace

REGISTER_OP("DecodePng")
    .Input("contents: string")
    .Attr("channels: int = 0")
    .Attr("dtype: {uint8, uint16} = DT_UINT8")
    .Output("image: dtype")
    .SetShapeFn(DecodeImageShape)
    .Summary("Decode a PNG-encoded image to a uint8 or uint16 tensor.")
    .ArgDoc("channels", "Number of color channels for the decoded image.")
    .CcHeader("image_ops");

REGISTER_OP("DecodeJpeg")
    .Input("contents: string")
    .Attr("channels: int = 0")
    .Attr("ratio: int = 1")
    .Attr("fancy_upscaling: bool = true")
    .Attr("try_recover_truncated: bool = false")
    .Attr("acceptable_fraction: float = 1.0")
    .Attr("dct_method: string = ''")
    .Output("image: uint8")
    .SetShapeFn(DecodeImageShape)
    .Summary("Decode a JPEG-encoded image to a uint8 tensor.")
    .ArgDoc("channels", "Number of color channels for the decoded image.")
    .ArgDoc("ratio", "Downscaling ratio.")
    .ArgDoc("dct_method",
            "string specifying a hint about the algorithm used for decompression: '' (TF's\n"
            "default, INTEGER_FAST), 'INTEGER_FAST' or 'INTEGER_ACCURATE'.")
    .CcHeader("image_ops");

REGISTER_OP("DecodeGif")
    .Input("contents: string")
    .Output("image: uint8")
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(c->WithRank(0, 0));
      c->set_output(0, PartialTensorShape({-1, -1, -1, 3}));
      return OkStatus();
    })
    .Summary("Decode the frame(s) of a GIF-encoded image to a uint8 tensor.")
    .CcHeader("image_ops");

REGISTER_OP("DecodeBmp")
    .Input("contents: string")
    .Output("image: uint8")
    .Attr("channels: int = 0")
    .SetShapeFn(DecodeImageShape)
    .Summary("Decode the first frame of a BMP-encoded image to a uint8 tensor.")
    .CcHeader("image_ops");

REGISTER_OP("DecodeImage")
    .Input("contents: string")
    .Attr("channels: int = 0")
    .Attr("dtype: {uint8, uint16, float32} = DT_UINT8")
    .Output("image: dtype")
    .Attr("expand_animations: bool = true")
    .SetShapeFn([](InferenceContext* c) {
      // An unknown rank with expand_animations (a GIF gives 4-D), else [?, ?, channels].
      bool expand = true;
      TF_RETURN_IF_ERROR(c->GetAttr("expand_animations", &expand));
      TF_RETURN_IF_ERROR(DecodeImageShape(c));
      if (expand) c->set_output(0, PartialTensorShape());
      return OkStatus();
    })
    .Summary("Function for decode_bmp, decode_gif, decode_jpeg, and decode_png.")
    .CcHeader("image_ops");

REGISTER_OP("EncodePng")
    .Attr("compression: int = -1")
    .Attr("T: {uint8, uint16} = DT_UINT8")
    .Input("image: T")
    .Output("contents: string")
    .SetShapeFn([](InferenceContext* c) {
      // One string per image: the leading (batch) dimensions (TF's BatchedEncodeImageShapeFn).
      TF_RETURN_IF_ERROR(c->WithRankAtLeast(0, 3));
      const PartialTensorShape& image = c->input(0);
      if (image.unknown_rank()) {
        c->set_output(0, PartialTensorShape());
        return OkStatus();
      }
      std::vector<int64_t> dims;
      for (int d = 0; d + 3 < image.dims(); ++d) dims.push_back(image.dim_size(d));
      c->set_output(0, PartialTensorShape(dims));
      return OkStatus();
    })
    .Summary("PNG-encode an image.")
    .ArgDoc("compression", "Compression level.")
    .CcHeader("image_ops");

REGISTER_OP("EncodeJpeg")
    .Input("image: uint8")
    .Attr("format: {'', 'grayscale', 'rgb'} = ''")
    .Attr("quality: int = 95")
    .Attr("progressive: bool = false")
    .Attr("optimize_size: bool = false")
    .Attr("chroma_downsampling: bool = true")
    .Attr("density_unit: {'in', 'cm'} = 'in'")
    .Attr("x_density: int = 300")
    .Attr("y_density: int = 300")
    .Attr("xmp_metadata: string = ''")
    .Output("contents: string")
    .SetShapeFn([](InferenceContext* c) {
      TF_RETURN_IF_ERROR(c->WithRank(0, 3));
      c->set_output(0, PartialTensorShape({}));
      return OkStatus();
    })
    .Summary("JPEG-encode an image.")
    .ArgDoc("quality", "Quality of the compression from 0 to 100 (higher is better and slower).")
    .CcHeader("image_ops");

}  // namespace tensorflow
