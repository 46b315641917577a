// Uncompressed BMP as TF 2.21's decode kernel reads it: the header's pixel-data offset, width,
// height (negative: rows top-down) and bits per pixel (8, 24 or 32) at their fixed offsets, the
// size checks with TF's texts, rows padded to 4 bytes, BGR(A) to RGB(A), gray repeated, alpha
// 255 where the file has none.
#ifndef MINITF_OPS_IMAGE_IO_INTERNAL_BMP_CODEC_H_
#define MINITF_OPS_IMAGE_IO_INTERNAL_BMP_CODEC_H_

#include <cstdint>
#include <string>

#include "framework/status.h"

namespace tensorflow {
namespace bmp_codec {

struct Header {
  int32_t offset = 0, width = 0, height = 0;
  int in_channels = 0, out_channels = 0;
  int64_t rows = 0, row_size = 0;
  bool top_down = false;
};

// Checks `data` (TF's order and texts) for `channels` (0: the file's, 3 or 4).
Status ReadHeader(const std::string& data, int channels, Header* header);
// Writes rows x width x out_channels bytes.
void Decode(const std::string& data, const Header& header, uint8_t* out);

}  // namespace bmp_codec
}  // namespace tensorflow

#endif  // MINITF_OPS_IMAGE_IO_INTERNAL_BMP_CODEC_H_
