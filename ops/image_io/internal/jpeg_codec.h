// JPEG through libjpeg-turbo, as TF 2.21's jpeg_mem does it: TF's memory source (a truncated
// stream is an error, or with try_recover_truncated ends in a fake EOI; the lines a decode
// could not read are black, and fewer than acceptable_fraction of them fail it), IFAST or
// ISLOW IDCT, fancy upsampling, 1/ratio scaling, CMYK/YCCK converted to RGB by TF's formula;
// and TF's encoder settings (quality, progressive, optimized Huffman tables, 4:2:0 or 4:4:4,
// JFIF density, an XMP APP1 marker). libjpeg's errors longjmp back here and become a failure:
// a corrupt file never crashes, and libjpeg prints nothing.
#ifndef MINITF_OPS_IMAGE_IO_INTERNAL_JPEG_CODEC_H_
#define MINITF_OPS_IMAGE_IO_INTERNAL_JPEG_CODEC_H_

#include <cstdint>
#include <functional>
#include <string>

namespace tensorflow {
namespace jpeg_codec {

struct DecodeFlags {
  int ratio = 1;       // 1, 2, 4 or 8
  int components = 0;  // 0 (the file's, CMYK as 3), 1 or 3
  bool fancy_upscaling = true;
  bool try_recover_truncated = false;
  float min_acceptable_fraction = 1.0f;
  bool accurate_dct = false;  // ISLOW; IFAST otherwise (TF's default)
};

// Decodes into the buffer `allocate(width, height, components)` returns (rows packed); the
// buffer, or nullptr on failure (or when `allocate` returned nullptr).
uint8_t* Decode(const void* data, int size, const DecodeFlags& flags,
                const std::function<uint8_t*(int, int, int)>& allocate);

struct EncodeFlags {
  int components = 3;  // 1 (grayscale) or 3 (RGB)
  int quality = 95;
  bool progressive = false, optimize_size = false, chroma_downsampling = true;
  int density_unit = 1;  // 1 in, 2 cm
  int x_density = 300, y_density = 300;
  std::string xmp_metadata;
};

// Encodes packed rows; false on failure (a zero or too large size).
bool Encode(const uint8_t* image, int width, int height, const EncodeFlags& flags,
            std::string* out);

}  // namespace jpeg_codec
}  // namespace tensorflow

#endif  // MINITF_OPS_IMAGE_IO_INTERNAL_JPEG_CODEC_H_
