#!/usr/bin/env python3
"""Generates tests/golden/clip_scan.pb: inputs and TensorFlow 2.21's outputs for Prod, ClipByValue
(scalar and full-shape bounds, NaNs in t and in the bounds, min > max, signed zeros and
subnormals), Cumsum and Cumprod (every axis, exclusive and reverse, -0.0, int wraparound), over every
dtype TF's CPU kernels take, with lengths that leave a scalar tail after TF's AVX packets.
Same container as generate_array.py.

  .venv-tf/bin/python tests/golden/generate_clip_scan.py tests/golden/clip_scan.pb
  .venv-tf/bin/python tests/golden/generate_clip_scan.py --check tests/golden/clip_scan.pb
"""
import inspect
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261209
BF16 = tf.bfloat16.as_numpy_dtype
FLOATS = [np.float32, np.float64, np.float16, BF16]
INTS = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64]
COMPLEX = [np.complex64, np.complex128]


def values(rng, dtype, shape, scale=50):
    v = rng.standard_normal(shape) * scale
    if np.dtype(dtype).kind == "c":
        v = v + 1j * rng.standard_normal(shape) * scale
    with np.errstate(all="ignore"):
        if np.dtype(dtype).kind in "iu":
            info = np.iinfo(dtype)
            return rng.integers(info.min, int(info.max) + 1, size=shape, dtype=np.int64).astype(dtype)
        return v.astype(dtype)


def special(dtype, shape, rng):
    """Floats with NaN, infinities, signed zeros and subnormals mixed in."""
    v = values(rng, dtype, shape).reshape(-1)
    tiny = np.finfo(np.float32 if dtype == BF16 else dtype).tiny
    picks = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, tiny / 4, -tiny / 8, 1.0, -1.0]
    for k, p in enumerate(picks):
        v[(k * 7) % v.size] = p
    return v.reshape(shape)


def cases():
    rng = np.random.default_rng(SEED)
    for dtype in FLOATS + INTS + COMPLEX:
        for n in (13, 16, 3):
            x = special(dtype, (n,), rng) if dtype in FLOATS else values(rng, dtype, (n,))
            lo, hi = values(rng, dtype, (), 10), values(rng, dtype, (), 10)
            if np.dtype(dtype).kind not in "c" and lo > hi:
                lo, hi = hi, lo
            yield "ClipByValue", [x, np.asarray(lo, dtype), np.asarray(hi, dtype)], {}
            yield "ClipByValue", [x, np.asarray(hi, dtype), np.asarray(lo, dtype)], {}  # min > max
            yield "ClipByValue", [x, values(rng, dtype, (n,), 10), values(rng, dtype, (n,), 10)], {}
            yield "ClipByValue", [x, np.asarray(lo, dtype), values(rng, dtype, (n,), 10)], {}
            yield "ClipByValue", [x, values(rng, dtype, (n,), 10), np.asarray(hi, dtype)], {}
        if dtype in FLOATS:
            x = values(rng, dtype, (2, 9))
            yield "ClipByValue", [x, np.asarray(np.nan, dtype), np.asarray(1, dtype)], {}
            yield "ClipByValue", [x, special(dtype, (2, 9), rng), np.asarray(np.nan, dtype)], {}
            yield "ClipByValue", [special(dtype, (2, 9), rng), special(dtype, (2, 9), rng),
                                  values(rng, dtype, (2, 9))], {}
        yield "ClipByValue", [values(rng, dtype, (0, 3)), np.asarray(0, dtype),
                              np.asarray(1, dtype)], {}
        for shape in ((11,), (3, 5), (2, 3, 4)):
            x = values(rng, dtype, shape, 10)
            if dtype in FLOATS:
                x.reshape(-1)[0] = -0.0
            for axis in range(-1, len(shape)):
                for exclusive in (False, True):
                    for reverse in (False, True):
                        itype = np.int64 if axis == 1 else np.int32
                        for op in ("Cumsum", "Cumprod"):
                            xp = x if op == "Cumsum" or dtype in INTS else (x / 10).astype(dtype)
                            yield op, [xp, np.asarray(axis, itype)], \
                                {"exclusive": exclusive, "reverse": reverse}
    # Prod: floats are compared within a sum's tolerance (TF's Eigen tree
    # order is not reproduced), integers exactly (they wrap).
    for dtype in FLOATS + INTS + COMPLEX:
        x = values(rng, dtype, (3, 4, 5), 1) if dtype not in INTS else \
            rng.integers(-3, 4, size=(3, 4, 5)).astype(dtype)
        for axes in ([0], [1, 2], [-1], [], [0, 1, 2]):
            for keep in (False, True):
                yield "Prod", [x, np.array(axes, np.int32)], {"keep_dims": keep}
    yield "Prod", [np.full((40,), 3, np.int32), np.array(0, np.int64)], {"keep_dims": False}
    yield "Prod", [np.zeros((0, 3), np.float32), np.array([0], np.int32)], {"keep_dims": False}

    yield "Cumsum", [np.zeros((0, 3), np.float32), np.asarray(0, np.int32)], {}
    yield "Cumsum", [np.array([100, 100, 100], np.int8), np.asarray(0, np.int32)], {}


def run(op, inputs, attrs):
    fn = getattr(tf.raw_ops, op)
    params = list(inspect.signature(fn).parameters)
    kwargs = dict(attrs)
    kwargs.update(dict(zip(params, [tf.constant(v) for v in inputs])))
    return [fn(**kwargs).numpy()]


def build():
    return golden_file.build_cases(cases(), run)


if __name__ == "__main__":
    golden_file.main(build, __doc__)
