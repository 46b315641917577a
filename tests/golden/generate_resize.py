#!/usr/bin/env python3
"""Generates tests/golden/resize.pb: inputs and TensorFlow 2.21's outputs for the resize ops
ResizeNearestNeighbor, ResizeBilinear, ResizeBicubic and their gradient ops
(ResizeNearestNeighborGrad, ResizeBilinearGrad, ResizeBicubicGrad): every input dtype TF's CPU
kernels take, the three valid align_corners / half_pixel_centers combinations (and both for
ResizeNearestNeighborGrad, which takes them), upsampling, downsampling, odd ratios, size 1 on
either side, same-size resizes (bilinear's cast), 3 channels (TF's SSE path) and NaN, inf and
-0 in float images. Same container as generate_fake_quant.py.

  .venv-tf/bin/python tests/golden/generate_resize.py tests/golden/resize.pb
  .venv-tf/bin/python tests/golden/generate_resize.py --check tests/golden/resize.pb
"""
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261204
BF16 = tf.bfloat16.as_numpy_dtype
FORWARD_DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64, np.float16,
                  np.float32, np.float64, BF16]
MODES = [(False, False), (True, False), (False, True)]  # (align_corners, half_pixel_centers)
SIZES = [((3, 4), (5, 7)), ((6, 9), (4, 2)), ((1, 5), (3, 1)), ((4, 4), (4, 4)),
         ((5, 3), (9, 8)), ((2, 7), (2, 3)), ((17, 2), (6, 11))]


def image(rng, dtype, shape, specials=False):
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(max(info.min, -1000), min(info.max, 1000), shape,
                            endpoint=True).astype(dtype)
    v = rng.standard_normal(shape) * 20
    if specials:
        flat = v.reshape(-1)
        idx = rng.choice(flat.size, size=max(1, flat.size // 6), replace=False)
        flat[idx] = rng.choice([np.nan, np.inf, -np.inf, -0.0, 3e38], idx.size)
    with np.errstate(all="ignore"):
        return v.astype(dtype)


def cases():
    rng = np.random.default_rng(SEED)
    for op in ("ResizeNearestNeighbor", "ResizeBilinear", "ResizeBicubic"):
        for dtype in FORWARD_DTYPES:
            for k, ((h, w), (oh, ow)) in enumerate(SIZES):
                ac, hp = MODES[k % 3]
                channels = 3 if k % 2 else 1 + k % 5
                x = image(rng, dtype, (1 + k % 2, h, w, channels), specials=(k == 3))
                yield op, [x, np.array([oh, ow], np.int32)], {"align_corners": ac,
                                                              "half_pixel_centers": hp}
    grad_dtypes = {"ResizeBilinearGrad": [np.float32, np.float64, np.float16, BF16],
                   "ResizeBicubicGrad": [np.float32, np.float64]}
    for op, dtypes in grad_dtypes.items():
        for dtype in dtypes:
            for k, ((h, w), (oh, ow)) in enumerate(SIZES):
                ac, hp = MODES[k % 3]
                channels = 1 + k % 4
                grads = image(rng, np.float32, (2, oh, ow, channels))
                original = image(rng, dtype, (2, h, w, channels))
                yield op, [grads, original], {"align_corners": ac, "half_pixel_centers": hp}
    for dtype in (np.uint8, np.int8, np.int32, np.float16, np.float32, np.float64, BF16):
        for k, ((h, w), (oh, ow)) in enumerate(SIZES):
            ac, hp = [(False, False), (True, False), (False, True), (True, True)][k % 4]
            grads = image(rng, dtype, (2, oh, ow, 1 + k % 3))
            yield "ResizeNearestNeighborGrad", [grads, np.array([h, w], np.int32)], \
                {"align_corners": ac, "half_pixel_centers": hp}


def build():
    return golden_file.build_cases(cases(), golden_file.run_raw_op)


if __name__ == "__main__":
    golden_file.main(build, __doc__)
