// libjpeg-turbo behind jpeg_codec.h. libjpeg reports fatal errors through error_exit, which
// longjmps to the setjmp in each entry point; nothing with a destructor lives across it.
#include "ops/image_io/internal/jpeg_codec.h"

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <memory>

// jpeglib.h needs size_t and FILE first.
#include <jpeglib.h>
// After jpeglib.h: ERREXIT, WARNMS and the message codes.
#include <jerror.h>

namespace tensorflow {
namespace jpeg_codec {
namespace {

struct ErrorManager {
  jpeg_error_mgr pub;
  jmp_buf jump;
};

void OnError(j_common_ptr cinfo) { longjmp(reinterpret_cast<ErrorManager*>(cinfo->err)->jump, 1); }
void Silent(j_common_ptr) {}

// TF's memory source: the whole buffer at once; past its end, an error, or (recovering) one
// fake EOI marker and then an error. Recovering, TF also answers a refill request while bytes
// remain with "done" (libjpeg then reads its stale copy again), and tells "EOI already
// inserted" by next_input_byte == kFakeEoi, false once libjpeg has read those two bytes: on
// some corrupt files both make libjpeg loop forever (TF's wheel hangs on them). minitf answers
// as TF does, but at most kMaxRecoveries times per decode, then fails as TF does after its one
// fake EOI; a file TF decodes needs a handful.
struct Source {
  jpeg_source_mgr pub;
  const JOCTET* data;
  size_t size;
  bool try_recover;
  int recoveries;
};
constexpr int kMaxRecoveries = 1024;
const JOCTET kFakeEoi[2] = {0xFF, JPEG_EOI};

void InitSource(j_decompress_ptr cinfo) {
  auto* src = reinterpret_cast<Source*>(cinfo->src);
  src->pub.next_input_byte = src->data;
  src->pub.bytes_in_buffer = src->size;
}
boolean FillInput(j_decompress_ptr cinfo) {
  auto* src = reinterpret_cast<Source*>(cinfo->src);
  if (src->pub.bytes_in_buffer == 0 && src->pub.next_input_byte == src->data) {
    ERREXIT(cinfo, JERR_INPUT_EMPTY);
    return FALSE;
  }
  const bool recover = src->try_recover && src->recoveries++ < kMaxRecoveries;
  if (src->pub.bytes_in_buffer != 0) {
    if (!src->try_recover) return FALSE;
    if (recover) return TRUE;
  } else if (src->pub.next_input_byte != kFakeEoi && recover) {
    WARNMS(cinfo, JWRN_JPEG_EOF);
    src->pub.next_input_byte = kFakeEoi;
    src->pub.bytes_in_buffer = 2;
    return TRUE;
  }
  ERREXIT(cinfo, JERR_FILE_READ);
  return FALSE;
}
void SkipInput(j_decompress_ptr cinfo, long jump) {  // NOLINT(runtime/int): libjpeg's type
  auto* src = reinterpret_cast<Source*>(cinfo->src);
  if (jump < 0) return;
  if (static_cast<size_t>(jump) > src->pub.bytes_in_buffer) {
    src->pub.bytes_in_buffer = 0;
    (void)FillInput(cinfo);
  } else {
    src->pub.bytes_in_buffer -= jump;
    src->pub.next_input_byte += jump;
  }
}
void TermSource(j_decompress_ptr) {}

struct Progress {
  int height = 0, height_read = 0;
  int64_t stride = 0;  // bytes per output row
};

// The decode proper; returns the buffer or nullptr. `out` and `progress` outlive the longjmp.
uint8_t* DecodeLow(const void* data, int size, const DecodeFlags& flags,
                   const std::function<uint8_t*(int, int, int)>& allocate,
                   jpeg_decompress_struct* cinfo, Progress* progress, uint8_t** temp) {
  ErrorManager* err = reinterpret_cast<ErrorManager*>(cinfo->err);
  if (setjmp(err->jump)) return nullptr;
  jpeg_create_decompress(cinfo);
  auto* src = static_cast<Source*>((*cinfo->mem->alloc_small)(reinterpret_cast<j_common_ptr>(cinfo),
                                                              JPOOL_PERMANENT, sizeof(Source)));
  src->pub.init_source = InitSource;
  src->pub.fill_input_buffer = FillInput;
  src->pub.skip_input_data = SkipInput;
  src->pub.resync_to_restart = jpeg_resync_to_restart;
  src->pub.term_source = TermSource;
  src->pub.bytes_in_buffer = 0;
  src->pub.next_input_byte = nullptr;
  src->data = static_cast<const JOCTET*>(data);
  src->size = static_cast<size_t>(size);
  src->try_recover = flags.try_recover_truncated;
  src->recoveries = 0;
  cinfo->src = &src->pub;
  jpeg_read_header(cinfo, TRUE);

  int components = flags.components == 0 ? std::min(cinfo->num_components, 3) : flags.components;
  if (components == 1) {
    cinfo->out_color_space = JCS_GRAYSCALE;
  } else {
    const bool cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
  }
  cinfo->do_fancy_upsampling = flags.fancy_upscaling ? TRUE : FALSE;
  cinfo->scale_num = 1;
  cinfo->scale_denom = flags.ratio;
  cinfo->dct_method = flags.accurate_dct ? JDCT_ISLOW : JDCT_IFAST;
  jpeg_calc_output_dimensions(cinfo);
  const int64_t total =
      static_cast<int64_t>(cinfo->output_height) * cinfo->output_width * cinfo->num_components;
  if (cinfo->output_width <= 0 || cinfo->output_height <= 0 || total >= (int64_t{1} << 29)) {
    return nullptr;
  }
  jpeg_start_decompress(cinfo);
  const int width = static_cast<int>(cinfo->output_width);
  const int height = static_cast<int>(cinfo->output_height);
  const int stride = width * components;
  progress->height = height;
  progress->stride = stride;
  uint8_t* out = allocate(width, height, components);
  if (out == nullptr) return nullptr;
  const bool cmyk = cinfo->out_color_space == JCS_CMYK;
  if (cmyk) *temp = new uint8_t[static_cast<size_t>(width) * 4];
  progress->height_read = height;
  bool failed = false;
  uint8_t* line = out;
  while (cinfo->output_scanline < static_cast<JDIMENSION>(height)) {
    JSAMPROW row = cmyk ? *temp : line;
    const int read = static_cast<int>(jpeg_read_scanlines(cinfo, &row, 1));
    if (read == 0) {
      if (!flags.try_recover_truncated) {
        progress->height_read = static_cast<int>(cinfo->output_scanline);
        failed = true;
      } else {
        for (int y = static_cast<int>(cinfo->output_scanline); y < height; ++y) {
          if (y == 0) {
            std::memset(line, 0, stride);
          } else {
            std::memcpy(line, line - stride, stride);
          }
          line += stride;
        }
        cinfo->output_scanline = height;
      }
      break;
    }
    if (cmyk) {
      const uint8_t* p = *temp;
      for (int x = 0; x < width; ++x, p += 4) {
        const int c = p[0], m = p[1], y = p[2], k = p[3];
        if (cinfo->saw_Adobe_marker) {
          line[3 * x] = static_cast<uint8_t>(k * c / 255);
          line[3 * x + 1] = static_cast<uint8_t>(k * m / 255);
          line[3 * x + 2] = static_cast<uint8_t>(k * y / 255);
        } else {
          line[3 * x] = static_cast<uint8_t>((255 - k) * (255 - c) / 255);
          line[3 * x + 1] = static_cast<uint8_t>((255 - k) * (255 - m) / 255);
          line[3 * x + 2] = static_cast<uint8_t>((255 - k) * (255 - y) / 255);
        }
      }
    }
    line += stride;
  }
  const int expected = components == 1 ? 1 : (cmyk ? 4 : 3);
  if (cinfo->output_components != expected) failed = true;
  if (failed) {
    jpeg_abort(reinterpret_cast<j_common_ptr>(cinfo));
  } else {
    jpeg_finish_decompress(cinfo);
  }
  return out;
}

}  // namespace

uint8_t* Decode(const void* data, int size, const DecodeFlags& flags,
                const std::function<uint8_t*(int, int, int)>& allocate) {
  if (flags.ratio != 1 && flags.ratio != 2 && flags.ratio != 4 && flags.ratio != 8) {
    return nullptr;
  }
  if (flags.components != 0 && flags.components != 1 && flags.components != 3) return nullptr;
  if (size == 0 || data == nullptr) return nullptr;
  jpeg_decompress_struct cinfo;
  ErrorManager err;
  cinfo.err = jpeg_std_error(&err.pub);
  err.pub.error_exit = OnError;
  err.pub.output_message = Silent;
  Progress progress;
  uint8_t* temp = nullptr;
  uint8_t* out = DecodeLow(data, size, flags, allocate, &cinfo, &progress, &temp);
  delete[] temp;
  jpeg_destroy_decompress(&cinfo);
  const float fraction =
      progress.height == 0 ? 1.0f : static_cast<float>(progress.height_read) / progress.height;
  if (out == nullptr || fraction < std::min(1.0f, flags.min_acceptable_fraction)) return nullptr;
  if (progress.height_read != progress.height) {
    // The lines not read are black.
    std::memset(out + progress.height_read * progress.stride, 0,
                static_cast<size_t>((progress.height - progress.height_read) * progress.stride));
  }
  return out;
}

namespace {

// TF's memory destination: the compressed bytes appended to a string, in chunks.
struct Destination {
  jpeg_destination_mgr pub;
  JOCTET* buffer;
  size_t size;
  std::string* out;
};
void InitDestination(j_compress_ptr cinfo) {
  auto* d = reinterpret_cast<Destination*>(cinfo->dest);
  d->pub.next_output_byte = d->buffer;
  d->pub.free_in_buffer = d->size;
}
boolean EmptyOutput(j_compress_ptr cinfo) {
  auto* d = reinterpret_cast<Destination*>(cinfo->dest);
  d->out->append(reinterpret_cast<const char*>(d->buffer), d->size);
  d->pub.next_output_byte = d->buffer;
  d->pub.free_in_buffer = d->size;
  return TRUE;
}
void TermDestination(j_compress_ptr cinfo) {
  auto* d = reinterpret_cast<Destination*>(cinfo->dest);
  d->out->append(reinterpret_cast<const char*>(d->buffer), d->size - d->pub.free_in_buffer);
}

bool EncodeLow(const uint8_t* image, int width, int height, const EncodeFlags& flags,
               jpeg_compress_struct* cinfo, Destination* dest) {
  ErrorManager* err = reinterpret_cast<ErrorManager*>(cinfo->err);
  if (setjmp(err->jump)) return false;
  jpeg_create_compress(cinfo);
  dest->pub.init_destination = InitDestination;
  dest->pub.empty_output_buffer = EmptyOutput;
  dest->pub.term_destination = TermDestination;
  cinfo->dest = &dest->pub;
  cinfo->image_width = width;
  cinfo->image_height = height;
  cinfo->input_components = flags.components;
  cinfo->in_color_space = flags.components == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_set_defaults(cinfo);
  if (flags.optimize_size) cinfo->optimize_coding = TRUE;
  cinfo->density_unit = static_cast<UINT8>(flags.density_unit);
  cinfo->X_density = static_cast<UINT16>(flags.x_density);
  cinfo->Y_density = static_cast<UINT16>(flags.y_density);
  jpeg_set_quality(cinfo, flags.quality, TRUE);
  if (flags.progressive) jpeg_simple_progression(cinfo);
  if (!flags.chroma_downsampling) {
    for (int i = 0; i < cinfo->num_components; ++i) {
      cinfo->comp_info[i].h_samp_factor = 1;
      cinfo->comp_info[i].v_samp_factor = 1;
    }
  }
  jpeg_start_compress(cinfo, TRUE);
  if (!flags.xmp_metadata.empty()) {
    // APP1: XMP's namespace, a NUL, then the metadata.
    static const char kNamespace[] = "http://ns.adobe.com/xap/1.0/";
    const size_t ns = sizeof(kNamespace);  // with its NUL
    const size_t length = ns + flags.xmp_metadata.size();
    JOCTET* packet = static_cast<JOCTET*>(
        (*cinfo->mem->alloc_small)(reinterpret_cast<j_common_ptr>(cinfo), JPOOL_IMAGE, length));
    std::copy(kNamespace, kNamespace + ns, packet);
    std::copy(flags.xmp_metadata.begin(), flags.xmp_metadata.end(), packet + ns);
    jpeg_write_marker(cinfo, JPEG_APP0 + 1, packet, static_cast<unsigned int>(length));
  }
  const int64_t stride = static_cast<int64_t>(width) * flags.components;
  while (cinfo->next_scanline < cinfo->image_height) {
    JSAMPROW row = const_cast<JSAMPROW>(image + cinfo->next_scanline * stride);
    jpeg_write_scanlines(cinfo, &row, 1);
  }
  jpeg_finish_compress(cinfo);
  return true;
}

}  // namespace

bool Encode(const uint8_t* image, int width, int height, const EncodeFlags& flags,
            std::string* out) {
  out->clear();
  if (width <= 0 || height <= 0) return false;
  if (static_cast<int64_t>(width) * height >= (int64_t{1} << 29)) return false;
  const size_t size =
      static_cast<size_t>(std::min<int64_t>(int64_t{width} * height * flags.components, 1 << 20));
  std::unique_ptr<JOCTET[]> buffer(new JOCTET[size]);
  Destination dest;
  dest.buffer = buffer.get();
  dest.size = size;
  dest.out = out;
  jpeg_compress_struct cinfo;
  ErrorManager err;
  cinfo.err = jpeg_std_error(&err.pub);
  err.pub.error_exit = OnError;
  err.pub.output_message = Silent;
  const bool ok = EncodeLow(image, width, height, flags, &cinfo, &dest);
  jpeg_destroy_compress(&cinfo);
  if (!ok) out->clear();
  return ok;
}

}  // namespace jpeg_codec
}  // namespace tensorflow
