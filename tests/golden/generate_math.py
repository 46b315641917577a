#!/usr/bin/env python3
"""Generates tests/golden/math.pb: inputs and TensorFlow 2.21's outputs for the math and
shape ops minitf implements (Add, AddV2, Sub, Mul, Div, Neg, Square, Sqrt, SqrtGrad, Conj, Sum,
Mean, MatMul, OnesLike, ZerosLike, Reshape, Shape, Size, BroadcastTo, BroadcastGradientArgs,
Complex, Real, Imag, Angle, ComplexAbs, RealDiv, DivNoNan):
every dtype the tests cover, broadcasting in every direction, special values (NaN, inf, -0,
subnormals), empty tensors. Same container format as generate_fake_quant.py.

  .venv-tf/bin/python tests/golden/generate_math.py tests/golden/math.pb
  .venv-tf/bin/python tests/golden/generate_math.py --check tests/golden/math.pb
"""
import inspect
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261202
FLOATS = [np.float32, np.float64, np.float16, tf.bfloat16.as_numpy_dtype]
INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
COMPLEX = [np.complex64, np.complex128]
SPECIAL = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-40, -3e-39, 65504.0, 1e30]


def values(rng, dtype, shape, positive=False, nonzero=False, special=True):
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        v = rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
        return (v * 3).astype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        lo, hi = max(info.min, -1000), min(info.max, 1000)
        if positive or nonzero:
            lo = max(lo, 1)
        v = rng.integers(lo, hi, shape, endpoint=True)
        if nonzero and info.min < 0:
            v = v * rng.choice([-1, 1], shape)
        return v.astype(dtype)
    v = rng.standard_normal(shape) * 10
    if positive:
        v = np.abs(v)
    flat = v.reshape(-1)
    if flat.size >= 4 and not positive and special:
        picks = rng.choice(len(SPECIAL), size=min(3, flat.size // 4), replace=False)
        for k, p in enumerate(picks):
            flat[rng.integers(0, flat.size)] = SPECIAL[p]
    return v.astype(dtype)


SHAPE_PAIRS = [((2, 3), (2, 3)), ((2, 3), (3,)), ((3,), (2, 3)), ((2, 1, 4), (3, 1)),
               ((), (5,)), ((4,), ()), ((0, 3), (3,)), ((1, 1), (1,)), ((2, 3, 1, 2), (1, 3, 4, 1))]


def cases():
    rng = np.random.default_rng(SEED)
    for dtype in FLOATS + INTS + COMPLEX:
        for xs, ys in SHAPE_PAIRS:
            x = values(rng, dtype, xs)
            y = values(rng, dtype, ys)
            for op in ("AddV2", "Sub", "Mul"):
                yield op, [x, y], {}
            if dtype not in (np.uint16, np.uint32, np.uint64):
                yield "Add", [x, y], {}
            yield "Div", [x, values(rng, dtype, ys, nonzero=True)], {}
        x = values(rng, dtype, (3, 5))
        yield "Square", [x], {}
        if dtype not in (np.uint8, np.uint16, np.uint32, np.uint64):
            yield "Neg", [x], {}
        if dtype in COMPLEX:
            yield "Conj", [x], {}
        if dtype in FLOATS or dtype in COMPLEX:
            yield "Sqrt", [values(rng, dtype, (4, 4))], {}
            y = values(rng, dtype, (6,), positive=True)
            yield "SqrtGrad", [y, values(rng, dtype, (6,))], {}
        yield "OnesLike", [x], {}
        yield "ZerosLike", [x], {}
        # Reductions: every axis set of a rank-3 tensor, keep_dims both ways, int64 axes too.
        # 16-bit floats without specials: their sums overflow at an order-dependent point.
        r = values(rng, dtype, (3, 4, 5), positive=dtype in INTS,
                   special=dtype not in (np.float16, tf.bfloat16.as_numpy_dtype))
        for axes in ([0], [1], [2], [-1], [0, 2], [1, 0], [0, 1, 2], []):
            for keep in (False, True):
                for op in ("Sum", "Mean"):
                    yield op, [r, np.array(axes, np.int32)], {"keep_dims": keep}
        yield "Sum", [r, np.array(1, np.int64)], {"keep_dims": False}
        yield "Mean", [values(rng, dtype, (0, 3)), np.array([1], np.int32)], {"keep_dims": False}
        if dtype in FLOATS + COMPLEX + [np.int32, np.int64]:
            for ta in (False, True):
                for tb in (False, True):
                    a = values(rng, dtype, (5, 3) if ta else (3, 5), special=False)
                    b = values(rng, dtype, (4, 5) if tb else (5, 4), special=False)
                    yield "MatMul", [a, b], {"transpose_a": ta, "transpose_b": tb}
        yield "BroadcastTo", [values(rng, dtype, (3, 1)), np.array([2, 3, 4], np.int32)], {}
    x = rng.standard_normal((2, 3, 4)).astype(np.float32)
    yield "Reshape", [x, np.array([4, -1], np.int32)], {}
    yield "Reshape", [x, np.array([24], np.int64)], {}
    yield "Shape", [x], {"out_type": np.int32}
    yield "Shape", [x], {"out_type": np.int64}
    yield "Size", [x], {"out_type": np.int32}
    for s0, s1 in [([2, 3, 5], [3, 1]), ([1], [4, 1, 2]), ([], [3]), ([2, 1], [2, 1]),
                   ([1, 1], [1])]:
        yield "BroadcastGradientArgs", [np.array(s0, np.int32), np.array(s1, np.int32)], {}
    yield "LogicalNot", [rng.random((3, 7)) < 0.5], {}
    yield "LogicalNot", [np.zeros((0, 2), np.bool_)], {}
    yield "LogicalNot", [np.array(True)], {}
    for dtype in (np.float32, np.float64, np.float16, np.int32, np.int64, np.complex64):
        parts = [values(rng, dtype, (2, 3)) for _ in range(3)]
        yield "AddN", parts, {}
        yield "AddN", parts[:1], {}
        yield "Identity", [parts[0]], {}
        yield "StopGradient", [parts[1]], {}
    yield "Identity", [np.array([b"a", b"bc"])], {}
    # Cast between the dtypes training graphs use (float->int in range: out-of-range float to
    # int is the CPU's conversion in TF and is tested by math_ops_test.cc).
    f = values(rng, np.float32, (4, 5), special=False)
    for dst in (np.float64, np.float16, tf.bfloat16.as_numpy_dtype, np.bool_, np.complex64):
        yield "Cast", [f], {"DstT": dst, "Truncate": False}
    yield "Cast", [np.round(f * 100)], {"DstT": np.int32, "Truncate": False}
    yield "Cast", [values(rng, np.float64, (7,))], {"DstT": np.float32, "Truncate": False}
    yield "Cast", [values(rng, np.int32, (6,))], {"DstT": np.float32, "Truncate": False}
    yield "Cast", [values(rng, np.int64, (6,))], {"DstT": np.int32, "Truncate": False}
    yield "Cast", [rng.random((5,)) < 0.5], {"DstT": np.float32, "Truncate": False}
    # Complex numbers: built (broadcasting) and taken apart, with special parts.
    for real, cplx in ((np.float32, np.complex64), (np.float64, np.complex128)):
        for xs, ys in SHAPE_PAIRS[:5]:
            yield "Complex", [values(rng, real, xs), values(rng, real, ys)], {"Tout": cplx}
        z = values(rng, cplx, (4, 5)).reshape(-1)
        z[:8] = [complex(np.inf, np.nan), complex(-0.0, -0.0), complex(1e30, 1e30),
                 complex(-3.0, 0.0), complex(0.0, -2.0), complex(-np.inf, 1.0), complex(3e-39, 1.0),
                 complex(np.nan, 0.0)]
        for op in ("Real", "Imag", "Angle", "ComplexAbs"):
            yield op, [z.reshape(4, 5)], {"Tout": real}
    # RealDiv and DivNoNan, zero divisors included (but for complex RealDiv, which is compared
    # within rounding: TF's scaled division gives NaN where 1/0 gives inf).
    for dtype in FLOATS + COMPLEX:
        for xs, ys in SHAPE_PAIRS[:5]:
            x, y = values(rng, dtype, xs), values(rng, dtype, ys)
            if dtype in COMPLEX:
                yield "RealDiv", [x, y], {}
            y.reshape(-1)[::3] = 0
            if dtype not in COMPLEX:
                yield "RealDiv", [x, y], {}
            yield "DivNoNan", [x, y], {}


def run(op, inputs, attrs):
    fn = getattr(tf.raw_ops, op)
    # raw_ops take keywords: the inputs are the leading parameters, in the op's order.
    names = list(inspect.signature(fn).parameters)[:len(inputs)]
    if op == "AddN":  # one list input
        kwargs = {"inputs": [tf.constant(v) for v in inputs]}
    else:
        kwargs = dict(zip(names, [tf.constant(v) for v in inputs]))
    kwargs.update({k: (v if isinstance(v, (bool, int, float, str)) else tf.as_dtype(v))
                   for k, v in attrs.items()})
    out = fn(**kwargs)
    return [o.numpy() for o in (out if isinstance(out, (list, tuple)) else [out])]


def build():
    return golden_file.build_cases(cases(), run)


if __name__ == "__main__":
    # Sum, Mean and MatMul sum in an order TF's kernels pick for the CPU at hand: on another
    # CPU model they match within rounding of their scale (as math_golden_test.cc compares).
    golden_file.main(build, __doc__, cpu_dependent={"Sum": "sum", "Mean": "sum", "MatMul": "sum"})
