#!/usr/bin/env python3
"""Generates tests/golden/image_io.pb: image files and TensorFlow 2.21's results for the codecs.
DecodePng on PNGs written by Pillow and by hand (gray 1/2/4/8/16 bits, gray+alpha, RGB and
RGBA at 8 and 16 bits, palettes with and without tRNS, tRNS on gray and RGB, Adam7 interlace,
several sizes) at every channels value and both dtypes; DecodeJpeg on JPEGs from Pillow (4:4:4,
4:2:2, 4:2:0, grayscale, CMYK, progressive, restart markers, odd sizes) with every ratio, both
DCT methods, fancy upscaling on and off, and truncated files with and without
try_recover_truncated / acceptable_fraction; each decoder also given the other's format (TF's
kernel dispatches on the magic bytes); EncodePng (8 and 16 bits, 1-4 channels, compression
levels, a batch) and EncodeJpeg (formats, qualities, progressive, optimize_size, chroma
downsampling off, densities, XMP metadata): TF's bytes. Then DecodeGif (Pillow's GIFs: one
frame, animations whose later frames Pillow crops to the changed area, transparency), DecodeBmp
(8, 24 and 32 bits, bottom-up and top-down, padded rows) and DecodeImage on every format with
each dtype and expand_animations value.

  .venv-tf/bin/python tests/golden/generate_image_io.py tests/golden/image_io.pb
  .venv-tf/bin/python tests/golden/generate_image_io.py --check tests/golden/image_io.pb
"""
import io
import os
import struct
import sys
import zlib

import numpy as np
import tensorflow as tf
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261206


def blob(data):
    """A scalar string tensor value that keeps trailing NUL bytes (numpy's S dtype drops them)."""
    return np.array(data, dtype=object)


def smooth(rng, h, w, c):
    """An image with gradients and noise (JPEG-like content), uint8."""
    y, x = np.mgrid[0:h, 0:w]
    base = np.stack([(x * 255 // max(w - 1, 1)), (y * 255 // max(h - 1, 1)),
                     ((x + y) * 127 // max(h + w - 2, 1))], -1)[..., :c]
    if c > 3:
        base = np.concatenate([base, rng.integers(0, 256, (h, w, c - 3))], -1)
    noise = rng.integers(-20, 21, (h, w, c))
    return np.clip(base + noise, 0, 255).astype(np.uint8)


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(kind + data) & 0xffffffff)


def raw_png(rng, w, h, bit_depth, color_type, interlace=False, extra=b""):
    """A PNG written by hand (filter 0 rows; Adam7 passes when interlaced)."""
    samples = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    maxv = (1 << bit_depth) - 1

    def rows(pw, ph):
        out = b""
        for _ in range(ph):
            vals = rng.integers(0, maxv + 1, pw * samples)
            if bit_depth == 16:
                line = b"".join(struct.pack(">H", int(v)) for v in vals)
            elif bit_depth == 8:
                line = bytes(int(v) for v in vals)
            else:
                bits = "".join(format(int(v), f"0{bit_depth}b") for v in vals)
                bits += "0" * (-len(bits) % 8)
                line = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
            out += b"\x00" + line
        return out

    if interlace:
        data = b""
        for x0, y0, dx, dy in [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
                               (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]:
            pw, ph = len(range(x0, w, dx)), len(range(y0, h, dy))
            if pw and ph:
                data += rows(pw, ph)
    else:
        data = rows(w, h)
    ihdr = struct.pack(">IIBBBBB", w, h, bit_depth, color_type, 0, 0, 1 if interlace else 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + extra +
            png_chunk(b"IDAT", zlib.compress(data)) + png_chunk(b"IEND", b""))


def pil_bytes(img, fmt, **kw):
    buf = io.BytesIO()
    img.save(buf, fmt, **kw)
    return buf.getvalue()


def png_files(rng):
    files = []
    for w, h in [(1, 1), (5, 3), (17, 9)]:
        files.append(raw_png(rng, w, h, 8, 2))
        files.append(raw_png(rng, w, h, 16, 6))
    for bd in (1, 2, 4, 8, 16):
        files.append(raw_png(rng, 11, 7, bd, 0))
    files.append(raw_png(rng, 9, 6, 8, 4))
    files.append(raw_png(rng, 9, 6, 16, 4))
    files.append(raw_png(rng, 9, 6, 16, 2))
    files.append(raw_png(rng, 10, 10, 8, 6))
    files.append(raw_png(rng, 13, 11, 8, 2, interlace=True))
    files.append(raw_png(rng, 13, 11, 4, 0, interlace=True))
    # tRNS on gray and RGB.
    files.append(raw_png(rng, 8, 5, 8, 0, extra=png_chunk(b"tRNS", struct.pack(">H", 7))))
    files.append(raw_png(rng, 8, 5, 8, 2, extra=png_chunk(b"tRNS", struct.pack(">HHH", 1, 2, 3))))
    # Palettes from Pillow, with and without transparency; 1-bit and L from Pillow too.
    img = Image.fromarray(smooth(rng, 12, 15, 3)).quantize(colors=16)
    files.append(pil_bytes(img, "PNG"))
    files.append(pil_bytes(img, "PNG", transparency=3))
    files.append(pil_bytes(Image.fromarray(smooth(rng, 6, 20, 1)[..., 0]).convert("1"), "PNG"))
    return files


def jpeg_files(rng):
    files = []
    for (h, w), sub in [((16, 16), 0), ((9, 13), 1), ((17, 23), 2), ((33, 40), 2), ((1, 1), 2)]:
        img = Image.fromarray(smooth(rng, h, w, 3))
        files.append(pil_bytes(img, "JPEG", quality=90, subsampling=sub))
    files.append(pil_bytes(Image.fromarray(smooth(rng, 14, 19, 1)[..., 0]), "JPEG", quality=80))
    files.append(pil_bytes(Image.fromarray(smooth(rng, 20, 18, 3)), "JPEG", quality=75,
                           progressive=True))
    files.append(pil_bytes(Image.fromarray(smooth(rng, 24, 24, 3)), "JPEG", quality=85,
                           restart_marker_blocks=1))
    files.append(pil_bytes(Image.fromarray(smooth(rng, 10, 12, 4), "CMYK"), "JPEG", quality=90))
    return files


def gif_files(rng):
    files = []
    frames = [Image.fromarray(smooth(rng, 11, 14, 3)).quantize(colors=32) for _ in range(3)]
    files.append(pil_bytes(frames[0], "GIF"))
    files.append(pil_bytes(frames[0], "GIF", save_all=True, append_images=frames[1:]))
    # Later frames differing in a corner only: Pillow stores them cropped, with an offset.
    base = smooth(rng, 12, 10, 3)
    moved = base.copy()
    moved[6:10, 4:9] = 255 - moved[6:10, 4:9]
    seq = [Image.fromarray(base).quantize(colors=16), Image.fromarray(moved).quantize(colors=16)]
    files.append(pil_bytes(seq[0], "GIF", save_all=True, append_images=seq[1:]))
    files.append(pil_bytes(seq[0], "GIF", save_all=True, append_images=seq[1:], transparency=2,
                           disposal=1))
    return files


def bmp(pixels, top_down=False, bpp=None):
    """An uncompressed BMP (BITMAPINFOHEADER) of uint8 pixels [h, w, c] (c 1, 3 or 4): rows
    padded to 4 bytes, BGR(A), bottom-up unless top_down; bpp 8 writes a gray palette."""
    h, w, c = pixels.shape
    bpp = bpp or 8 * c
    row = (w * c + 3) // 4 * 4
    palette = b"".join(bytes([i, i, i, 0]) for i in range(256)) if c == 1 else b""
    offset = 54 + len(palette)
    body = b""
    order = range(h) if top_down else range(h - 1, -1, -1)
    for y in order:
        line = pixels[y][:, [2, 1, 0, 3][:c]] if c >= 3 else pixels[y]
        body += line.tobytes() + b"\0" * (row - w * c)
    header = struct.pack("<2sIHHI", b"BM", offset + len(body), 0, 0, offset)
    info = struct.pack("<IiiHHIIiiII", 40, w, -h if top_down else h, 1, bpp, 0, len(body),
                       2835, 2835, 256 if c == 1 else 0, 0)
    return header + info + palette + body


def bmp_files(rng):
    return [bmp(smooth(rng, 5, 7, 3)), bmp(smooth(rng, 6, 5, 3), top_down=True),
            bmp(smooth(rng, 4, 6, 4)), bmp(smooth(rng, 7, 3, 1)),
            bmp(smooth(rng, 3, 9, 4), top_down=True)]


def more_cases(rng, pngs, jpegs):
    gifs, bmps = gif_files(rng), bmp_files(rng)
    for f in gifs:
        yield "DecodeGif", [blob(f)], {}
    for k, f in enumerate(bmps):
        for channels in (0, 3, 4):
            yield "DecodeBmp", [blob(f)], {"channels": channels}
    files = [pngs[1], pngs[6], pngs[-2], jpegs[2], jpegs[5], gifs[1], gifs[3], bmps[0], bmps[2]]
    for k, f in enumerate(files):
        for j, dtype in enumerate([np.uint8, np.uint16, np.float32]):
            channels = [0, 3][(k + j) % 2]
            yield "DecodeImage", [blob(f)], {"dtype": dtype, "channels": channels,
                                             "expand_animations": (k + j) % 3 != 0}
    # Single-frame GIFs through DecodePng and DecodeJpeg.
    yield "DecodePng", [blob(gifs[0])], {}
    yield "DecodeJpeg", [blob(gifs[0])], {"channels": 3}


def cases():
    rng = np.random.default_rng(SEED)
    pngs, jpegs = png_files(rng), jpeg_files(rng)
    for k, f in enumerate(pngs):
        for channels in (0, 1, 3, 4):
            yield "DecodePng", [blob(f)], {"channels": channels,
                                           "dtype": [np.uint8, np.uint16][(k + channels) % 2]}
    for k, f in enumerate(jpegs):
        for j, (channels, ratio) in enumerate([(0, 1), (1, 2), (3, 4), (0, 8), (3, 1)]):
            if channels == 1 and k == len(jpegs) - 1:
                continue  # CMYK to grayscale: libjpeg refuses (image_io_test.cc)
            yield "DecodeJpeg", [blob(f)], {
                "channels": channels, "ratio": ratio, "fancy_upscaling": (k + j) % 3 != 0,
                "dct_method": ["", "INTEGER_FAST", "INTEGER_ACCURATE"][(k + j) % 3]}
    # Truncated JPEGs: recovered (fake EOI), and accepted or not by acceptable_fraction.
    for f in jpegs[2:4] + jpegs[7:8]:
        for cut in (len(f) * 7 // 8, len(f) - 10):
            for recover, fraction in [(True, 1.0), (True, 0.5)]:
                yield "DecodeJpeg", [blob(f[:cut])], {"try_recover_truncated": recover,
                                                      "acceptable_fraction": fraction}
    # Each decoder on the other's format.
    yield "DecodePng", [blob(jpegs[1])], {"channels": 3}
    yield "DecodeJpeg", [blob(pngs[3])], {"channels": 1}
    for k, (shape, dtype) in enumerate([((4, 5, 1), np.uint8), ((3, 7, 2), np.uint8),
                                        ((6, 6, 3), np.uint8), ((5, 2, 4), np.uint8),
                                        ((4, 4, 3), np.uint16), ((3, 5, 2), np.uint16),
                                        ((2, 3, 4, 3), np.uint8), ((40, 33, 3), np.uint8)]):
        info = np.iinfo(dtype)
        image = rng.integers(0, info.max + 1, shape, dtype=np.int64).astype(dtype)
        if k == 7:
            image = smooth(rng, 40, 33, 3)
        yield "EncodePng", [image], {"compression": [-1, 0, 1, 6, 9][k % 5]}
    for k, attrs in enumerate([{}, {"quality": 50}, {"format": "rgb", "progressive": True},
                               {"optimize_size": True, "quality": 100},
                               {"chroma_downsampling": False, "density_unit": "cm",
                                "x_density": 72, "y_density": 96},
                               {"xmp_metadata": "<x:xmpmeta>minitf</x:xmpmeta>", "quality": 0},
                               {"format": "grayscale"}]):
        channels = 1 if k in (1, 6) else 3
        yield "EncodeJpeg", [smooth(rng, 21 + k, 30 - k, channels)], attrs
    yield from more_cases(rng, pngs, jpegs)


def build():
    return golden_file.build_cases(cases(), golden_file.run_raw_op)


if __name__ == "__main__":
    golden_file.main(build, __doc__)
