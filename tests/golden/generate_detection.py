#!/usr/bin/env python3
"""Generates tests/golden/detection.pb: inputs and TensorFlow 2.21's outputs for the ops that
pick boxes in detection pipelines: TopKV2 (every real dtype, the three index types, k of 0, 1,
some and all columns, sorted and unsorted, ties, infinities, rows of one column, batches of
rows) and NonMaxSuppression, V2, V3, V4 and V5 (float and half boxes, float and half
thresholds, corners in either order, zero-area boxes, ties in score, score thresholds,
max_output_size 0 and past the box count, pad_to_max_output_size, soft NMS with several
sigmas), NonMaxSuppressionWithOverlaps and CombinedNonMaxSuppression. Same container as
generate_fake_quant.py.

  .venv-tf/bin/python tests/golden/generate_detection.py tests/golden/detection.pb
  .venv-tf/bin/python tests/golden/generate_detection.py --check tests/golden/detection.pb
"""
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261205
BF16 = tf.bfloat16.as_numpy_dtype
REAL_TYPES = [np.float32, np.float64, np.int32, np.uint8, np.int16, np.int8, np.int64, BF16,
              np.uint16, np.float16, np.uint32, np.uint64]
INDEX_TYPES = [np.int32, np.int16, np.int64]


def values(rng, dtype, shape, ties, specials):
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        hi = 6 if ties else min(info.max, 100000)
        lo = 0 if dtype.kind == "u" else -hi
        return rng.integers(lo, hi, shape, endpoint=True).astype(dtype)
    v = rng.integers(-3, 3, shape).astype(np.float64) if ties else rng.standard_normal(shape) * 10
    if specials:
        flat = v.reshape(-1)
        idx = rng.choice(flat.size, size=max(1, flat.size // 5), replace=False)
        flat[idx] = rng.choice([np.inf, -np.inf, -0.0, 0.0], idx.size)
    return v.astype(dtype)


def topk_cases(rng):
    shapes = [(7,), (3, 9), (2, 2, 6), (4, 1), (5, 33)]
    for t, dtype in enumerate(REAL_TYPES):
        for s, shape in enumerate(shapes):
            cols = shape[-1]
            for k in sorted({0, 1, min(3, cols), cols - 1 if cols > 2 else cols, cols}):
                ties = (t + s + k) % 2 == 0
                x = values(rng, dtype, shape, ties, specials=(s == 2 and k != 1))
                attrs = {"sorted": (s + k) % 3 != 0,
                         "index_type": INDEX_TYPES[(t + k) % 3]}
                yield "TopKV2", [x, np.array(k, [np.int32, np.int64, np.int16][s % 3])], attrs


def boxes(rng, n, flip):
    a = rng.uniform(0, 10, (n, 2))
    size = rng.uniform(0.5, 4, (n, 2))
    b = np.concatenate([a, a + size], 1)
    # Near-duplicates of earlier boxes, so that suppression happens.
    for i in range(max(1, n // 3), n):
        if rng.uniform() < 0.5:
            b[i] = b[rng.integers(0, i)] + rng.uniform(-0.6, 0.6, 4)
    if flip:
        b[::3] = b[::3][:, [2, 3, 0, 1]]
    b[n // 2] = [1, 1, 1, 3]  # no area
    return b


def nms_cases(rng):
    for t, dtype in enumerate([np.float32, np.float16]):
        for c, n in enumerate([1, 6, 13, 25]):
            b = boxes(rng, n, flip=c % 2 == 1).astype(dtype)
            s = rng.uniform(0, 1, n)
            if n > 4:
                s[3] = s[1]  # a tie: the lower index first
            s = s.astype(dtype)
            for m, max_out in enumerate([0, 3, n, n + 4]):
                iou = [0.5, 0.3, 0.0, 1.0][(c + m) % 4]
                thr_type = [np.float32, np.float16][(t + m) % 2]
                score = [0.2, -1.0, 0.6][(c + m) % 3]
                mo = np.array(max_out, np.int32)
                if t == 0:
                    yield "NonMaxSuppression", [b, s, mo], {"iou_threshold": float(iou)}
                yield "NonMaxSuppressionV2", [b, s, mo, np.array(iou, thr_type)], {}
                yield "NonMaxSuppressionV3", [b, s, mo, np.array(iou, thr_type),
                                              np.array(score, thr_type)], {}
                yield "NonMaxSuppressionV4", [b, s, mo, np.array(iou, thr_type),
                                              np.array(score, thr_type)], \
                    {"pad_to_max_output_size": m % 2 == 1}
                for sigma in [0.0, 0.5, 0.1]:
                    yield "NonMaxSuppressionV5", [b, s, mo, np.array(iou, dtype),
                                                  np.array(score, dtype), np.array(sigma, dtype)], \
                        {"pad_to_max_output_size": (m + c) % 2 == 0}


def overlap_and_combined_cases(rng):
    """NonMaxSuppressionWithOverlaps on random and IOU-like matrices; CombinedNonMaxSuppression
    with shared (q = 1) and per-class boxes, ties in score, scores below -1 (which TF's sort
    places after its empty slots), boxes outside [0, 1] with and without clipping, pad_per_class,
    max_total_size below and above the candidate count, several images."""
    for n, thr, score in [(6, 0.5, -np.inf), (9, 0.3, 0.2), (1, 0.0, 0.0), (0, 0.5, 0.1),
                          (12, 0.7, 0.4)]:
        o = rng.random((n, n)).astype(np.float32)
        s = np.round(rng.random(n) * 4).astype(np.float32) / 4  # ties
        for mo in (0, 3, n + 2):
            yield "NonMaxSuppressionWithOverlaps", [o, s, np.array(mo, np.int32),
                                                    np.array(thr, np.float32),
                                                    np.array(score, np.float32)], {}
    for k, (batch, n, classes, q) in enumerate([(1, 6, 1, 1), (2, 8, 3, 1), (2, 7, 3, 3),
                                                (3, 5, 4, 4), (1, 10, 2, 1), (2, 0, 2, 1)]):
        b = rng.random((batch, n, q, 4)).astype(np.float32) * 1.4 - 0.2
        s = np.round(rng.random((batch, n, classes)) * 5).astype(np.float32) / 5
        if k == 4:
            s = s * 6 - 4  # scores below -1, with a score_threshold below them
        for per_class, total, iou, score, pad, clip in [
                (2, 4, 0.5, 0.1, False, True), (3, 20, 0.3, 0.0, True, False),
                (5, 3, 0.6, -10.0, False, False), (1, 100, 1.0, 0.3, True, True),
                (4, 6, 0.0, -10.0, True, True)]:
            yield "CombinedNonMaxSuppression", [
                b, s, np.array(per_class, np.int32), np.array(total, np.int32),
                np.array(iou, np.float32), np.array(score, np.float32)], \
                {"pad_per_class": pad, "clip_boxes": clip}


def cases():
    rng = np.random.default_rng(SEED)
    yield from topk_cases(rng)
    yield from nms_cases(rng)
    yield from overlap_and_combined_cases(rng)


def build():
    return golden_file.build_cases(cases(), golden_file.run_raw_op)


if __name__ == "__main__":
    golden_file.main(build, __doc__)
