// libpng behind png_codec.h. libpng reports errors by longjmp: the functions that set the jump
// point hold no C++ objects with destructors across libpng calls.
#include "ops/image_io/internal/png_codec.h"

#include <png.h>
#include <zlib.h>

#include <cstring>

namespace tensorflow {
namespace png_codec {

struct Decoder::State {
  png_structp png = nullptr;
  png_infop info = nullptr;
  const uint8_t* data = nullptr;
  size_t left = 0;
  bool error = false;
  png_uint_32 width = 0, height = 0;
  int bit_depth = 0, color_type = 0, channels = 0, passes = 1;
  bool synthesize_16 = false;

  void Free() {
    if (png != nullptr) png_destroy_read_struct(&png, info != nullptr ? &info : nullptr, nullptr);
    png = nullptr;
    info = nullptr;
  }
};

namespace {

void OnError(png_structp png, png_const_charp) {
  static_cast<Decoder::State*>(png_get_error_ptr(png))->error = true;
  longjmp(png_jmpbuf(png), 1);
}
void OnEncodeError(png_structp png, png_const_charp) { longjmp(png_jmpbuf(png), 1); }
void OnWarning(png_structp, png_const_charp) {}

void ReadBytes(png_structp png, png_bytep out, png_size_t n) {
  auto* s = static_cast<Decoder::State*>(png_get_io_ptr(png));
  if (s->left < n) png_error(png, "More bytes requested to read than available");
  std::memcpy(out, s->data, n);
  s->data += n;
  s->left -= n;
}

void WriteBytes(png_structp png, png_bytep data, png_size_t n) {
  static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), n);
}
void Flush(png_structp) {}

// The transforms after the header (TF's CommonInitDecode); returns false on a libpng error.
bool SetUp(Decoder::State* s, int bits) {
  if (setjmp(png_jmpbuf(s->png))) return false;
  png_read_info(s->png, s->info);
  png_get_IHDR(s->png, s->info, &s->width, &s->height, &s->bit_depth, &s->color_type, nullptr,
               nullptr, nullptr);
  if (s->error || s->width == 0 || s->height == 0) return false;
  const bool trns = png_get_valid(s->png, s->info, PNG_INFO_tRNS) != 0;
  if (s->channels == 0) {
    s->channels = s->color_type == PNG_COLOR_TYPE_PALETTE ? (trns ? 4 : 3)
                                                          : png_get_channels(s->png, s->info);
  }
  const bool has_alpha = (s->color_type & PNG_COLOR_MASK_ALPHA) != 0;
  if ((s->channels & 1) == 0) {
    if (!has_alpha) {
      if (trns) {
        png_set_tRNS_to_alpha(s->png);
      } else {
        png_set_add_alpha(s->png, (1 << s->bit_depth) - 1, PNG_FILLER_AFTER);
      }
    }
  } else if (has_alpha || trns) {
    png_set_strip_alpha(s->png);
  }
  if (s->bit_depth > 8 && bits <= 8) png_set_strip_16(s->png);
  s->synthesize_16 = s->bit_depth <= 8 && bits == 16;
  png_set_packing(s->png);
  s->passes = png_set_interlace_handling(s->png);
  if (bits > 8) png_set_swap(s->png);  // little-endian hosts only, as minitf's
  if (s->color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(s->png);
  const bool is_gray = (s->color_type & PNG_COLOR_MASK_COLOR) == 0;
  if (is_gray && s->bit_depth < 8) png_set_expand_gray_1_2_4_to_8(s->png);
  if (s->channels < 3) {
    if (!is_gray) png_set_rgb_to_gray(s->png, 1, 0.299, 0.587);
  } else if (is_gray) {
    png_set_gray_to_rgb(s->png);
  }
  png_read_update_info(s->png, s->info);
  return true;
}

bool ReadRows(Decoder::State* s, uint8_t* out, int64_t row_bytes) {
  if (setjmp(png_jmpbuf(s->png))) return false;
  for (int p = 0; p < s->passes; ++p) {
    png_bytep row = out;
    for (png_uint_32 h = 0; h < s->height; ++h, row += row_bytes) {
      png_read_row(s->png, row, nullptr);
    }
  }
  png_read_end(s->png, s->info);
  return !s->error;
}

}  // namespace

Decoder::Decoder() : state_(new State) {}
Decoder::~Decoder() { state_->Free(); }
uint32_t Decoder::width() const { return state_->width; }
uint32_t Decoder::height() const { return state_->height; }
int Decoder::channels() const { return state_->channels; }

bool Decoder::Init(absl::string_view data, int channels, int bits) {
  State* s = state_.get();
  s->channels = channels;
  s->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, s, OnError, OnWarning);
  if (s->png == nullptr) return false;
  s->info = png_create_info_struct(s->png);
  if (s->info == nullptr) return false;
  s->data = reinterpret_cast<const uint8_t*>(data.data());
  s->left = data.size();
  png_set_read_fn(s->png, s, ReadBytes);
  if (!SetUp(s, bits)) {
    s->Free();
    return false;
  }
  return true;
}

bool Decoder::Finish(uint8_t* out, int64_t row_bytes) {
  State* s = state_.get();
  const bool ok = ReadRows(s, out, row_bytes);
  s->Free();
  if (!ok) return false;
  if (s->synthesize_16) {
    // 8-bit samples to 16 (v * 257), backwards in place.
    for (int64_t y = static_cast<int64_t>(s->height) - 1; y >= 0; --y) {
      uint8_t* row = out + y * row_bytes;
      auto* row16 = reinterpret_cast<uint16_t*>(row);
      for (int64_t x = static_cast<int64_t>(s->width) * s->channels - 1; x >= 0; --x) {
        row16[x] = static_cast<uint16_t>(row[x] | (row[x] << 8));
      }
    }
  }
  return true;
}

namespace {

bool WriteImage(png_structp png, png_infop info, const uint8_t* image, int width, int height,
                int64_t row_bytes, int color_type, int bits, int compression) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_compression_level(png, compression < 0 ? Z_DEFAULT_COMPRESSION : compression);
  png_set_compression_mem_level(png, MAX_MEM_LEVEL);
  png_set_IHDR(png, info, width, height, bits, color_type, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  if (bits > 8) png_set_swap(png);
  for (int y = 0; y < height; ++y) {
    png_write_row(png, const_cast<png_bytep>(image + y * row_bytes));
  }
  png_write_end(png, nullptr);
  return true;
}

}  // namespace

bool Encode(const uint8_t* image, int width, int height, int64_t row_bytes, int channels, int bits,
            int compression, std::string* out) {
  out->clear();
  if (width == 0 || height == 0) return false;
  static const int kColorTypes[] = {PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA,
                                    PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
  if (channels < 1 || channels > 4) return false;
  png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, OnEncodeError, OnWarning);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (info == nullptr) {
    png_destroy_write_struct(&png, nullptr);
    return false;
  }
  png_set_write_fn(png, out, WriteBytes, Flush);
  const bool ok = WriteImage(png, info, image, width, height, row_bytes, kColorTypes[channels - 1],
                             bits, compression);
  png_destroy_write_struct(&png, &info);
  return ok;
}

}  // namespace png_codec
}  // namespace tensorflow
