// GIF through giflib (Debian's libgif-dev), as TF 2.21's gif_io does it: every frame (or the
// first) drawn on a canvas as large as the largest frame, each frame starting from the previous
// one, pixels of the frame's transparent color index left as they were (black on the first
// frame), the canvas outside the first frame black. Failures come back as TF's texts.
#ifndef MINITF_OPS_IMAGE_IO_INTERNAL_GIF_CODEC_H_
#define MINITF_OPS_IMAGE_IO_INTERNAL_GIF_CODEC_H_

#include <cstdint>
#include <functional>
#include <string>

namespace tensorflow {
namespace gif_codec {

// Decodes into the buffer `allocate(frames, width, height, 3)` returns; nullptr on failure,
// with TF's reason in `error` (empty when `allocate` returned nullptr).
uint8_t* Decode(const void* data, int size,
                const std::function<uint8_t*(int, int, int, int)>& allocate, std::string* error,
                bool expand_animations);

}  // namespace gif_codec
}  // namespace tensorflow

#endif  // MINITF_OPS_IMAGE_IO_INTERNAL_GIF_CODEC_H_
