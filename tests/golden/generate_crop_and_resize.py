#!/usr/bin/env python3
"""Generates tests/golden/crop_and_resize.pb: inputs and TensorFlow 2.21's outputs for
CropAndResize, CropAndResizeGradImage (with op determinism on: boxes accumulated in order)
and CropAndResizeGradBoxes, for every image dtype TF allows, both methods, crop sizes of 1,
image height or width 1, flipped boxes, boxes outside [0, 1], samples on integer coordinates,
empty box lists. Same container format as generate_fake_quant.py.

  .venv-tf/bin/python tests/golden/generate_crop_and_resize.py tests/golden/crop_and_resize.pb
  .venv-tf/bin/python tests/golden/generate_crop_and_resize.py --check tests/golden/crop_and_resize.pb
"""
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

tf.config.experimental.enable_op_determinism()

SEED = 20261203
IMAGE_TYPES = [np.uint8, np.uint16, np.int8, np.int16, np.int32, np.int64, np.float16,
               np.float32, np.float64]
GRAD_IMAGE_TYPES = [np.float16, np.float32, np.float64]


def random_image(rng, dtype, shape):
    if dtype in (np.float16, np.float32, np.float64):
        return rng.uniform(-10, 10, shape).astype(dtype)
    info = np.iinfo(dtype)
    lo, hi = max(info.min, -(1 << 40)), min(info.max, 1 << 40)
    return rng.integers(lo, hi, shape, endpoint=True).astype(dtype)


def random_boxes(rng, n, kind):
    if kind == "inside":
        a = rng.uniform(0, 1, (n, 2))
        b = rng.uniform(0, 1, (n, 2))
        return np.concatenate([np.minimum(a, b), np.maximum(a, b)], 1)[:, [0, 1, 2, 3]]
    if kind == "flipped":
        a = rng.uniform(0, 1, (n, 2))
        b = rng.uniform(0, 1, (n, 2))
        return np.concatenate([np.maximum(a, b), np.minimum(a, b)], 1)
    if kind == "outside":
        return rng.uniform(-0.6, 1.6, (n, 4))
    # Samples on integer pixel coordinates: full-image and half-image boxes.
    choices = np.array([[0, 0, 1, 1], [0, 0, 0.5, 0.5], [0.5, 0.5, 1, 1], [1, 1, 0, 0]])
    return choices[rng.integers(0, len(choices), n)]


def cases():
    rng = np.random.default_rng(SEED)
    geometries = [(1, 5, 7, 3), (2, 4, 4, 2), (1, 1, 6, 2), (1, 6, 1, 1), (2, 9, 8, 1),
                  (1, 3, 3, 4)]
    crops = [(1, 1), (1, 4), (3, 1), (4, 5), (7, 7), (2, 2)]
    kinds = ["inside", "flipped", "outside", "grid"]
    for dtype in IMAGE_TYPES:
        for gi, (batch, h, w, depth) in enumerate(geometries):
            for ci, (ch, cw) in enumerate(crops):
                kind = kinds[(gi + ci) % len(kinds)]
                n = int(rng.integers(0, 4)) if (gi + ci) % 7 else 0
                image = random_image(rng, dtype, (batch, h, w, depth))
                boxes = random_boxes(rng, n, kind).astype(np.float32).reshape(n, 4)
                box_ind = rng.integers(0, batch, n).astype(np.int32)
                grads = rng.standard_normal((n, ch, cw, depth)).astype(np.float32)
                for method in ("bilinear", "nearest"):
                    extrapolation = float(np.float32(rng.uniform(-2, 2)))
                    yield ("CropAndResize", [image, boxes, box_ind, np.array([ch, cw], np.int32)],
                           {"method": method, "extrapolation_value": extrapolation})
                yield "CropAndResizeGradBoxes", [grads, image, boxes, box_ind], {"method": "bilinear"}
                if dtype in GRAD_IMAGE_TYPES:
                    for method in ("bilinear", "nearest"):
                        yield ("CropAndResizeGradImage",
                               [grads, boxes, box_ind, np.array([batch, h, w, depth], np.int32)],
                               {"method": method, "T": dtype})
    # Many overlapping boxes on one image: GradImage's accumulation order matters (half).
    image = rng.uniform(-1, 1, (1, 6, 6, 2)).astype(np.float32)
    boxes = rng.uniform(0, 1, (40, 4)).astype(np.float32)
    box_ind = np.zeros(40, np.int32)
    grads = rng.standard_normal((40, 5, 5, 2)).astype(np.float32)
    for dtype in GRAD_IMAGE_TYPES:
        yield ("CropAndResizeGradImage", [grads, boxes, box_ind, np.array([1, 6, 6, 2], np.int32)],
               {"method": "bilinear", "T": dtype})
    yield "CropAndResizeGradBoxes", [grads, image, boxes, box_ind], {"method": "bilinear"}
    # Large enough for the kernels' parallel paths: GradImage split by output rows (boxes
    # crowded on image 1, many sharing rows), GradBoxes two boxes at a time (an odd count).
    image = rng.uniform(-1, 1, (3, 20, 18, 16)).astype(np.float32)
    boxes = np.concatenate([random_boxes(rng, 20, "inside"), random_boxes(rng, 9, "outside"),
                            random_boxes(rng, 8, "grid")]).astype(np.float32)
    box_ind = np.concatenate([np.ones(25, np.int32), rng.integers(0, 3, 12).astype(np.int32)])
    grads = rng.standard_normal((37, 6, 5, 16)).astype(np.float32)
    for dtype in GRAD_IMAGE_TYPES:
        for method in ("bilinear", "nearest"):
            yield ("CropAndResizeGradImage",
                   [grads, boxes, box_ind, np.array([3, 20, 18, 16], np.int32)],
                   {"method": method, "T": dtype})
    yield "CropAndResizeGradBoxes", [grads, image, boxes, box_ind], {"method": "bilinear"}


def run(op, inputs, attrs):
    fn = getattr(tf.raw_ops, op)
    names = {
        "CropAndResize": ["image", "boxes", "box_ind", "crop_size"],
        "CropAndResizeGradImage": ["grads", "boxes", "box_ind", "image_size"],
        "CropAndResizeGradBoxes": ["grads", "image", "boxes", "box_ind"],
    }[op]
    kwargs = dict(zip(names, [tf.constant(v) for v in inputs]))
    kwargs.update({k: (tf.as_dtype(v) if k == "T" else v) for k, v in attrs.items()})
    return [np.asarray(fn(**kwargs))]


def build():
    return golden_file.build_cases(cases(), run)


if __name__ == "__main__":
    golden_file.main(build, __doc__)
