// PNG through libpng, as TF 2.21's png_io does it: the transforms that give a requested channel
// count and bit depth (gray <-> RGB with libpng's 0.299/0.587 weights, tRNS or a filler as
// alpha, 16 -> 8 bits by dropping the low byte, 8 -> 16 by repeating it) and the encoder's
// settings (zlib level, MAX_MEM_LEVEL, default filters). Every libpng error is caught (its
// longjmp lands inside these functions) and reported as false: a corrupt file never crashes.
#ifndef MINITF_OPS_IMAGE_IO_INTERNAL_PNG_CODEC_H_
#define MINITF_OPS_IMAGE_IO_INTERNAL_PNG_CODEC_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/strings/string_view.h"

namespace tensorflow {
namespace png_codec {

// A decode in two steps: Init reads the header (size and channels known after it), Finish the
// pixels into a caller's buffer.
class Decoder {
 public:
  Decoder();
  ~Decoder();
  // channels: 0 (the file's; palettes give 3, or 4 with tRNS) or 1..4; bits: 8 or 16.
  bool Init(absl::string_view data, int channels, int bits);
  // Rows of `row_bytes` bytes; 16-bit samples in native byte order.
  bool Finish(uint8_t* out, int64_t row_bytes);
  uint32_t width() const;
  uint32_t height() const;
  int channels() const;

  struct State;

 private:
  std::unique_ptr<State> state_;
};

// Encodes `height` rows of `row_bytes` bytes (channels 1-4, bits 8 or 16, 16-bit samples in
// native order) at zlib `compression` (-1 the default); false on failure (a zero size).
bool Encode(const uint8_t* image, int width, int height, int64_t row_bytes, int channels, int bits,
            int compression, std::string* out);

}  // namespace png_codec
}  // namespace tensorflow

#endif  // MINITF_OPS_IMAGE_IO_INTERNAL_PNG_CODEC_H_
