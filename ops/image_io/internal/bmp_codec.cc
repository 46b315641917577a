#include "ops/image_io/internal/bmp_codec.h"

#include <cstdlib>
#include <cstring>
#include <limits>

#include "framework/errors.h"

namespace tensorflow {
namespace bmp_codec {
namespace {

template <typename T>
T LittleEndianAt(const std::string& data, size_t at) {
  T v;
  std::memcpy(&v, data.data() + at, sizeof(T));  // little-endian hosts only, as minitf's
  return v;
}

}  // namespace

Status ReadHeader(const std::string& data, int channels, Header* h) {
  if (data.size() < 32) {
    return errors::InvalidArgument(
        "Incomplete bmp content, requires at least 32 bytes to find the header size, width, "
        "height, and bpp, got ",
        data.size(), " bytes");
  }
  h->offset = LittleEndianAt<int32_t>(data, 10);
  h->width = LittleEndianAt<int32_t>(data, 18);
  h->height = LittleEndianAt<int32_t>(data, 22);
  const int16_t bpp = LittleEndianAt<int16_t>(data, 28);
  h->in_channels = bpp / 8;
  if (h->in_channels != 1 && h->in_channels != 3 && h->in_channels != 4) {
    return errors::InvalidArgument(
        "Number of channels inherent in the image must be 1, 3 or 4, was ", h->in_channels);
  }
  h->out_channels = channels != 0 ? channels : h->in_channels;
  if (h->width <= 0) return errors::InvalidArgument("Width must be positive");
  if (h->height == 0) return errors::InvalidArgument("Height must be nonzero");
  if (h->offset < 0) return errors::InvalidArgument("header size must be nonnegative");
  h->rows = std::abs(static_cast<int64_t>(h->height));
  if (static_cast<int64_t>(h->width) * h->rows >= std::numeric_limits<int32_t>::max() / 8) {
    return errors::InvalidArgument("Total possible pixel bytes must be less than 2^30");
  }
  h->row_size = (static_cast<int64_t>(h->in_channels) * h->width + 3) / 4 * 4;
  // TF computes the difference in an int.
  const int size_diff =
      static_cast<int>(static_cast<int64_t>(data.size()) - h->offset - h->row_size * h->rows);
  if (size_diff != 0) {
    return errors::InvalidArgument(
        "Input size should match (header_size + row_size * abs_height) but they differ by ",
        size_diff);
  }
  const int64_t expected = h->offset + (h->rows - 1) * h->row_size +
                           (h->width - 1) * int64_t{h->in_channels} + h->in_channels;
  if (expected > static_cast<int64_t>(data.size())) {
    return errors::InvalidArgument("Incomplete bmp content, requires at least ", expected,
                                   " bytes, got ", data.size(), " bytes");
  }
  h->top_down = h->height < 0;
  return OkStatus();
}

void Decode(const std::string& data, const Header& h, uint8_t* out) {
  const auto* pixels = reinterpret_cast<const uint8_t*>(data.data()) + h.offset;
  const int in = h.in_channels, oc = h.out_channels;
  for (int64_t y = 0; y < h.rows; ++y) {
    const uint8_t* src = pixels + (h.top_down ? y : h.rows - 1 - y) * h.row_size;
    uint8_t* dst = out + y * h.width * oc;
    for (int64_t x = 0; x < h.width; ++x, src += in, dst += oc) {
      if (in == 1) {
        dst[0] = src[0];
        if (oc >= 3) dst[1] = dst[2] = src[0];
        if (oc == 4) dst[3] = 255;
      } else {
        dst[0] = src[2];
        dst[1] = src[1];
        dst[2] = src[0];
        if (oc == 4) dst[3] = in == 4 ? src[3] : 255;
      }
    }
  }
}

}  // namespace bmp_codec
}  // namespace tensorflow
