#!/usr/bin/env python3
"""Generates tests/golden/binary.pb: inputs and TensorFlow 2.21's outputs for the broadcasting
binary ops Maximum, Minimum, SquaredDifference, FloorDiv, FloorMod, Mod, Pow, Less, LessEqual, Greater,
GreaterEqual, Equal, NotEqual, LogicalAnd, LogicalOr, Atan2, for Select (Where3) and SelectV2, and
for Range, Fill, Rank and ExpandDims, and the reductions Max, Min, All, Any, ArgMax and
ArgMin: every dtype TF's CPU kernels take, broadcasting both ways, packet
and tail positions (an 8-float packet boundary falls inside the long cases), NaN, inf, -0 and
subnormals. Same container as generate_fake_quant.py.

  .venv-tf/bin/python tests/golden/generate_binary.py tests/golden/binary.pb
  .venv-tf/bin/python tests/golden/generate_binary.py --check tests/golden/binary.pb
"""
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261205
BF16 = tf.bfloat16.as_numpy_dtype
FLOATS = [np.float32, np.float64, np.float16, BF16]
INTS = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
COMPLEX = [np.complex64, np.complex128]
SPECIAL = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-40, -1e-40, 1.0, -1.0, 2.5, -2.5]
SHAPES = [((37,), (37,)), ((5, 9), (9,)), ((9,), (5, 9)), ((3, 1, 4), (2, 1)), ((), (11,)),
          ((11,), ()), ((0, 3), (3,))]


def values(rng, dtype, shape, nonzero=False, small=False):
    dtype = np.dtype(dtype)
    n = int(np.prod(shape))
    if dtype.kind == "c":
        v = rng.standard_normal(n) * 3 + 1j * rng.standard_normal(n) * 3
        return v.astype(dtype).reshape(shape)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        lo, hi = max(info.min, -50 if small else -1000), min(info.max, 50 if small else 1000)
        v = rng.integers(lo, hi, n, endpoint=True).astype(dtype)
        if nonzero:
            v[v == 0] = 1
        if n >= 4 and not nonzero:
            v[:2] = [info.min, info.max]
        return v.reshape(shape)
    v = rng.standard_normal(n) * 10
    v = np.round(v * 2) / 2 if small else v
    if n >= 6:
        for k in rng.choice(n, size=min(len(SPECIAL), n // 3), replace=False):
            v[k] = SPECIAL[rng.integers(len(SPECIAL))]
    if nonzero:
        v[v == 0] = 1.5
    with np.errstate(all="ignore"):
        return v.astype(dtype).reshape(shape)


def cases():
    rng = np.random.default_rng(SEED)
    for dtype in FLOATS + INTS:
        for xs, ys in SHAPES:
            x, y = values(rng, dtype, xs, small=True), values(rng, dtype, ys, small=True)
            for op in ("Maximum", "Minimum", "Less", "LessEqual", "Greater", "GreaterEqual",
                       "Equal", "NotEqual"):
                yield op, [x, y], {}
            yield "FloorDiv", [x, values(rng, dtype, ys, nonzero=True)], {}
            yield "FloorMod", [x, values(rng, dtype, ys, nonzero=True)], {}
            if dtype in FLOATS + [np.int32, np.int64]:
                yield "SquaredDifference", [values(rng, dtype, xs), values(rng, dtype, ys)], {}
        # x == y on purpose: equal elements (max(+0, -0) and friends).
        x = values(rng, dtype, (16,), small=True)
        yield "Maximum", [x, -x if dtype in FLOATS else x], {}
        yield "Minimum", [x, -x if dtype in FLOATS else x], {}
        yield "Equal", [x, x], {}
    for dtype in COMPLEX:
        for xs, ys in SHAPES[:4]:
            x, y = values(rng, dtype, xs), values(rng, dtype, ys)
            yield "SquaredDifference", [x, y], {}
            yield "Equal", [x, x[..., ::-1] if x.ndim else x], {}
            yield "NotEqual", [x, y], {}
    for dtype in (np.bool_,):
        x = rng.random((4, 6)) < 0.5
        y = rng.random((6,)) < 0.5
        for op in ("LogicalAnd", "LogicalOr", "Equal", "NotEqual"):
            yield op, [x, y], {}
    yield "Equal", [np.array([b"a", b"bc", b""]), np.array([b"a", b"b", b""])], {}
    yield "NotEqual", [np.array([1, 2], np.int32), np.array([1, 2, 3], np.int32)], \
        {"incompatible_shape_error": False}
    yield "Equal", [np.array([1, 2], np.int32), np.array([1, 2, 3], np.int32)], \
        {"incompatible_shape_error": False}
    # Select: same shapes, a scalar condition, a condition per row; SelectV2 broadcasting.
    for dtype in [np.float32, np.float64, np.int32, np.int64, np.float16, np.complex64, np.uint8,
                  np.bool_]:
        t = values(rng, dtype, (4, 3)) if dtype != np.bool_ else rng.random((4, 3)) < 0.5
        e = values(rng, dtype, (4, 3)) if dtype != np.bool_ else rng.random((4, 3)) < 0.5
        yield "Select", [rng.random((4, 3)) < 0.5, t, e], {}
        yield "Select", [np.array(True), t, e], {}
        yield "Select", [rng.random(4) < 0.5, t, e], {}
        yield "SelectV2", [rng.random((3,)) < 0.5, t, e[:1]], {}
        yield "SelectV2", [rng.random((4, 1)) < 0.5, t[0], e], {}
    yield "Select", [np.array([True, False]), np.array([b"x", b"y"]), np.array([b"p", b"q"])], {}
    # Range: every registered dtype, both directions, fractional steps (accumulated in Tidx).
    for dtype, (s, l, d) in [(np.int32, (0, 10, 3)), (np.int32, (10, -7, -4)),
                             (np.int64, (-5, 5, 1)), (np.float32, (0.1, 1.0, 0.1)),
                             (np.float32, (1.0, 2.0, 0.3)), (np.float32, (3.0, -1.0, -0.7)),
                             (np.float64, (0.1, 1.0, 0.1)), (np.float16, (1.0, 30.0, 0.7)),
                             (BF16, (0.0, 5.0, 0.3)), (np.int32, (4, 4, 1))]:
        yield "Range", [np.array(s, dtype), np.array(l, dtype), np.array(d, dtype)], {}
    for dtype in [np.float32, np.int32, np.float16, np.complex64, np.bool_, np.int8]:
        v = np.array(3, dtype) if dtype != np.bool_ else np.array(True)
        yield "Fill", [np.array([2, 3], np.int32), v], {}
        yield "Fill", [np.array([0, 4], np.int64), v], {}
    yield "Fill", [np.array([], np.int32), np.array(7.5, np.float32)], {}
    yield "Fill", [np.array([2], np.int32), np.array(b"ab")], {}
    for shape in [(), (3,), (2, 0, 4), (1, 2, 3, 4)]:
        yield "Rank", [np.zeros(shape, np.float32)], {}
    x = rng.standard_normal((2, 3)).astype(np.float32)
    for axis, itype in [(0, np.int32), (1, np.int32), (2, np.int64), (-1, np.int32), (-3, np.int64)]:
        yield "ExpandDims", [x, np.array(axis, itype)], {}
    yield "ExpandDims", [np.array(b"s"), np.array([0], np.int32)], {}
    # Max, Min, ArgMax, ArgMin over every axis set; All, Any.
    for dtype in FLOATS + INTS:
        x = values(rng, dtype, (3, 4, 5), small=True)
        for axes in ([0], [1], [2], [-1], [0, 2], [0, 1, 2], []):
            for keep in (False, True):
                for op in ("Max", "Min"):
                    yield op, [x, np.array(axes, np.int32)], {"keep_dims": keep}
        yield "Max", [values(rng, dtype, (0, 3)), np.array([0], np.int64)], {"keep_dims": False}
        for dim in (0, 1, 2, -1):
            for op in ("ArgMax", "ArgMin"):
                yield op, [x, np.array(dim, np.int32)], {"output_type": np.int64}
        yield "ArgMax", [x, np.array(1, np.int64)], {"output_type": np.int32}
        ties = np.array([[1, 3, 3, 0], [2, 2, 1, 1]]).astype(dtype)
        yield "ArgMax", [ties, np.array(1, np.int32)], {"output_type": np.int64}
        yield "ArgMin", [ties, np.array(1, np.int32)], {"output_type": np.int64}
    b = rng.random((3, 4)) < 0.5
    for axes in ([0], [1], [0, 1], []):
        for op in ("All", "Any"):
            yield op, [b, np.array(axes, np.int32)], {"keep_dims": False}
    yield "All", [np.zeros((0, 2), np.bool_), np.array([0], np.int32)], {"keep_dims": True}
    yield "ArgMax", [b, np.array(0, np.int32)], {"output_type": np.int32}
    # Mod (C's truncated remainder), appended last: earlier case names stay put.
    for dtype in (np.float32, np.float64, np.int32, np.int64):
        for xs, ys in SHAPES:
            x = values(rng, dtype, xs, small=True)
            yield "Mod", [x, values(rng, dtype, ys, nonzero=True)], {}
            yield "Mod", [-x, values(rng, dtype, ys, nonzero=True)], {}
    # Pow (appended last): positive bases at many magnitudes, negative bases with integer and
    # fractional exponents, special values, both TF paths (packets and tail) and broadcasting.
    special = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 2.0, 0.5, 1e-40, 3.0, -2.5])
    for dtype in FLOATS + [np.complex64, np.complex128]:
        for xs, ys in SHAPES:
            x = np.abs(rng.standard_normal(xs)) * rng.choice([1e-3, 1, 30], xs)
            y = rng.standard_normal(ys) * rng.choice([0.5, 3, 20], ys)
            if np.dtype(dtype).kind == "c":
                x, y = x + 0.5j * rng.standard_normal(xs), y / 10 + 0.1j
            with np.errstate(all="ignore"):
                yield "Pow", [np.asarray(x).astype(dtype), np.asarray(y).astype(dtype)], {}
        if np.dtype(dtype).kind != "c":
            xg, yg = np.meshgrid(special, special)
            with np.errstate(all="ignore"):
                yield "Pow", [xg.reshape(-1).astype(dtype), yg.reshape(-1).astype(dtype)], {}
                neg = -np.abs(rng.standard_normal(37)) * 4
                yield "Pow", [neg.astype(dtype), np.round(rng.standard_normal(37) * 4).astype(dtype)], {}
                yield "Pow", [neg.astype(dtype), (rng.standard_normal(37) * 4).astype(dtype)], {}
    for dtype in (np.int8, np.int16, np.int32, np.int64):
        x = rng.integers(-9, 10, 37).astype(dtype)
        yield "Pow", [x, rng.integers(0, 12, 37).astype(dtype)], {}
        yield "Pow", [x, np.array(3, dtype)], {}

    # Atan2 (appended last): TF's packet algorithm in whole packets, libm's in the tail; every
    # pair of special values (signed zeros, infinities, NaN, |x| == |y|), broadcasting.
    for dtype in FLOATS:
        for xs, ys in SHAPES:
            yield "Atan2", [values(rng, dtype, xs), values(rng, dtype, ys)], {}
        yg, xg = np.meshgrid(special, special)
        with np.errstate(all="ignore"):
            yield "Atan2", [yg.reshape(-1).astype(dtype), xg.reshape(-1).astype(dtype)], {}
            big = rng.standard_normal(803) * rng.choice([1e-3, 1, 1e3], 803)
            yield "Atan2", [big.astype(dtype), rng.permutation(big).astype(dtype)], {}

def build():
    return golden_file.build_cases(cases(), golden_file.run_raw_op)


if __name__ == "__main__":
    # Float Atan2 moved by up to 2 ulp between an AVX-512 Xeon (which wrote binary.pb) and an
    # AVX2 EPYC.
    golden_file.main(build, __doc__, cpu_dependent={"Atan2": 2})
