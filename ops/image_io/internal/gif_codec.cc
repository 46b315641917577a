// giflib behind gif_codec.h (DGifSlurp reads every frame; no longjmp here).
#include "ops/image_io/internal/gif_codec.h"

#include <gif_lib.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "absl/strings/str_cat.h"

namespace tensorflow {
namespace gif_codec {
namespace {

struct Input {
  const uint8_t* data;
  int left;
};

int Read(GifFileType* gif, GifByteType* out, int size) {
  auto* in = static_cast<Input*>(gif->UserData);
  if (in == nullptr) return 0;
  size = std::min(size, in->left);
  std::memcpy(out, in->data, size);
  in->data += size;
  in->left -= size;
  return size;
}

const char* ErrorText(int code) {
  const char* text = GifErrorString(code);
  return text == nullptr ? "Unknown error" : text;
}

struct Closer {
  void operator()(GifFileType* gif) const {
    int code = D_GIF_SUCCEEDED;
    DGifCloseFile(gif, &code);
  }
};

// Draws frame k of `gif` on `canvas` (width x height x 3), over frame k - 1's canvas.
bool DrawFrame(GifFileType* gif, int k, int width, int height, uint8_t* canvas,
               std::string* error) {
  const SavedImage& image = gif->SavedImages[k];
  const GifImageDesc& desc = image.ImageDesc;
  GraphicsControlBlock gcb;
  DGifSavedExtensionToGCB(gif, k, &gcb);
  const int64_t frame_bytes = static_cast<int64_t>(width) * height * 3;
  if (k > 0) std::memcpy(canvas, canvas - frame_bytes, frame_bytes);
  int left = desc.Left, top = desc.Top, right = desc.Left + desc.Width,
      bottom = desc.Top + desc.Height;
  if (desc.Left != 0 || desc.Top != 0 || desc.Width != width || desc.Height != height) {
    if (k == 0) std::memset(canvas, 0, frame_bytes);
    left = std::max(left, 0);
    top = std::max(top, 0);
    right = std::min(right, width);
    bottom = std::min(bottom, height);
  }
  const ColorMapObject* map = desc.ColorMap != nullptr ? desc.ColorMap : gif->SColorMap;
  if (map == nullptr) {
    *error = absl::StrCat("missing color map for frame ", k);
    return false;
  }
  for (int64_t y = top; y < bottom; ++y) {
    uint8_t* row = canvas + y * width * 3;
    for (int64_t x = left; x < right; ++x) {
      const GifByteType index = image.RasterBits[(y - desc.Top) * desc.Width + (x - desc.Left)];
      if (index == gcb.TransparentColor) {
        if (k == 0) std::memset(row + x * 3, 0, 3);
        continue;
      }
      if (index >= map->ColorCount) {
        *error = absl::StrCat("found color index ", index, " outside of color map range ",
                              map->ColorCount);
        return false;
      }
      row[x * 3] = map->Colors[index].Red;
      row[x * 3 + 1] = map->Colors[index].Green;
      row[x * 3 + 2] = map->Colors[index].Blue;
    }
  }
  return true;
}

}  // namespace

uint8_t* Decode(const void* data, int size,
                const std::function<uint8_t*(int, int, int, int)>& allocate, std::string* error,
                bool expand_animations) {
  int code = D_GIF_SUCCEEDED;
  Input in{static_cast<const uint8_t*>(data), size};
  std::unique_ptr<GifFileType, Closer> gif(DGifOpen(&in, Read, &code));
  if (code != D_GIF_SUCCEEDED || gif == nullptr) {
    *error = absl::StrCat("failed to open gif file: ", ErrorText(code));
    return nullptr;
  }
  if (DGifSlurp(gif.get()) != GIF_OK) {
    *error = absl::StrCat("failed to slurp gif file: ", ErrorText(gif->Error));
    // TF goes on with the frames read, unless none was, the last has no pixels, or the
    // file ended too soon.
    if (gif->ImageCount <= 0 || gif->SavedImages[gif->ImageCount - 1].RasterBits == nullptr ||
        gif->Error == D_GIF_ERR_EOF_TOO_SOON) {
      return nullptr;
    }
  }
  if (gif->ImageCount <= 0) {
    *error = "gif file does not contain any image";
    return nullptr;
  }
  int width = 0, height = 0;
  for (int k = 0; k < gif->ImageCount; ++k) {
    width = std::max(width, gif->SavedImages[k].ImageDesc.Width);
    height = std::max(height, gif->SavedImages[k].ImageDesc.Height);
  }
  const int frames = expand_animations ? gif->ImageCount : 1;
  uint8_t* out = allocate(frames, width, height, 3);
  if (out == nullptr) return nullptr;
  const int64_t frame_bytes = static_cast<int64_t>(width) * height * 3;
  for (int k = 0; k < frames; ++k) {
    if (!DrawFrame(gif.get(), k, width, height, out + k * frame_bytes, error)) return nullptr;
  }
  return out;
}

}  // namespace gif_codec
}  // namespace tensorflow
