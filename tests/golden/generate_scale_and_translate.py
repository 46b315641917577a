#!/usr/bin/env python3
"""Generates tests/golden/scale_and_translate.pb: inputs and TensorFlow 2.21's outputs for
ScaleAndTranslate and ScaleAndTranslateGrad: every sampling kernel (lanczos1/3/5, gaussian, box,
triangle, keyscubic, mitchellcubic, and a name in capitals), antialias on and off, every input
dtype TF's CPU kernel takes, up- and downsampling (uniform and per axis), translations inside,
partly outside and wholly outside the image, a size-1 axis, several channels and batches, and
NaN, inf and -0 in float images. Same container as generate_fake_quant.py.

  .venv-tf/bin/python tests/golden/generate_scale_and_translate.py tests/golden/scale_and_translate.pb
  .venv-tf/bin/python tests/golden/generate_scale_and_translate.py --check \\
      tests/golden/scale_and_translate.pb
"""
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261206
BF16 = tf.bfloat16.as_numpy_dtype
DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64, np.float16, np.float32,
          np.float64, BF16]
KERNELS = ["lanczos1", "lanczos3", "lanczos5", "gaussian", "box", "triangle", "keyscubic",
           "mitchellcubic", "Lanczos3"]
# (input [h, w], output [h, w], scale [row, col], translation [row, col])
GEOMETRIES = [
    ((4, 6), (8, 12), (2.0, 2.0), (0.0, 0.0)),
    ((8, 9), (3, 4), (0.37, 0.47), (0.0, 0.0)),
    ((5, 7), (6, 5), (1.3, 0.71), (0.6, -1.25)),
    ((3, 3), (4, 6), (2.1, 2.1), (100.0, 200.0)),   # wholly outside: zeros
    ((6, 4), (6, 4), (1.0, 1.0), (3.14, 1.19)),
    ((1, 9), (3, 4), (3.0, 0.45), (0.0, 0.5)),
    ((12, 5), (4, 9), (0.33333334, 1.8), (-2.0, 0.25)),
    ((7, 7), (5, 5), (0.05, 0.02), (0.0, 0.0)),      # wide antialiased spans
]


def image(rng, dtype, shape, specials=False):
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(max(info.min, -1000), min(info.max, 1000), shape,
                            endpoint=True).astype(dtype)
    v = rng.standard_normal(shape) * 20
    if specials:
        flat = v.reshape(-1)
        idx = rng.choice(flat.size, size=max(1, flat.size // 8), replace=False)
        flat[idx] = rng.choice([np.nan, np.inf, -np.inf, -0.0], idx.size)
    with np.errstate(all="ignore"):
        return v.astype(dtype)


def transform(geometry):
    _, (oh, ow), scale, translation = geometry
    return [np.array([oh, ow], np.int32), np.array(scale, np.float32),
            np.array(translation, np.float32)]


def cases():
    rng = np.random.default_rng(SEED)
    k = 0
    for kernel in KERNELS:
        for antialias in (True, False):
            for g, geometry in enumerate(GEOMETRIES):
                (h, w) = geometry[0]
                dtype = np.float32 if g % 3 else DTYPES[k % len(DTYPES)]
                k += 1
                channels = 1 + g % 3
                x = image(rng, dtype, (1 + g % 2, h, w, channels))
                yield "ScaleAndTranslate", [x] + transform(geometry), \
                    {"kernel_type": kernel, "antialias": antialias}
    # Every dtype once more with lanczos3 (the default) and a 3-channel batch of two.
    for dtype in DTYPES:
        x = image(rng, dtype, (2, 5, 6, 3))
        yield "ScaleAndTranslate", [x] + transform(GEOMETRIES[2]), {}
    # Non-finite values in float images.
    for kernel in ("lanczos3", "gaussian", "box"):
        x = image(rng, np.float32, (1, 6, 7, 2), specials=True)
        yield "ScaleAndTranslate", [x] + transform(GEOMETRIES[1]), {"kernel_type": kernel}
    # Extreme scales and translations: a tiny scale (kernel reach beyond int: TF's wrapped span
    # size of 1), a huge one, non-finite translations.
    for scale, translation, antialias in [((1e-30, 1.0), (0.5, 0.0), True),
                                          ((1e-30, 1.0), (0.5, 0.0), False),
                                          ((2e-9, 1.0), (0.5, 0.0), False),
                                          ((1e30, 1e30), (0.5, -3.0), True),
                                          ((1.0, 1.0), (np.nan, np.inf), True),
                                          ((1.0, 1.0), (-np.inf, 0.0), False)]:
        x = image(rng, np.float32, (1, 4, 5, 1))
        yield "ScaleAndTranslate", [x, np.array([3, 3], np.int32),
                                    np.array(scale, np.float32),
                                    np.array(translation, np.float32)], {"antialias": antialias}
    # The gradient op: the forward geometry's output size is the gradient's shape.
    for kernel in KERNELS:
        for antialias in (True, False):
            for g, ((h, w), (oh, ow), scale, translation) in enumerate(GEOMETRIES):
                channels = 1 + g % 2
                grads = image(rng, np.float32, (1 + g % 2, oh, ow, channels))
                original = image(rng, np.float32, (1 + g % 2, h, w, channels))
                yield "ScaleAndTranslateGrad", [grads, original,
                                                np.array(scale, np.float32),
                                                np.array(translation, np.float32)], \
                    {"kernel_type": kernel, "antialias": antialias}


def build():
    return golden_file.build_cases(cases(), golden_file.run_raw_op)


if __name__ == "__main__":
    golden_file.main(build, __doc__)
