#!/usr/bin/env python3
"""Generates tests/golden/unary.pb: inputs and TensorFlow 2.21's outputs for the unary
elementwise math ops (Exp, Expm1, Log, Log1p, Sin, Cos, Tanh, Sigmoid, Rsqrt, Reciprocal, Floor,
Ceil, Round, Abs, Sign, Erf, Tan, Sinh, Cosh, Asinh, Acosh, Asin, Acos, Atan, Atanh, Lgamma, Digamma, Ndtri,
Erfinv) and their gradient ops (TanhGrad, SigmoidGrad, RsqrtGrad, ReciprocalGrad), for
every dtype TF's CPU kernels take. TF evaluates these with 8-float (4-double) AVX packets and
scalar code for the last size % 8 elements, so each dtype gets a long tensor (packets and a
tail), short ones (tail only) and an empty one, over the ranges where each function's
algorithm changes branch, with NaN, inf, -0 and subnormals. Same container as
generate_fake_quant.py.

  .venv-tf/bin/python tests/golden/generate_unary.py tests/golden/unary.pb
  .venv-tf/bin/python tests/golden/generate_unary.py --check tests/golden/unary.pb
"""
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261203
BF16 = tf.bfloat16.as_numpy_dtype
FLOATS = [np.float32, np.float64, np.float16, BF16]
COMPLEX = [np.complex64, np.complex128]
SPECIAL = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-40, -1e-40, 1e-310, 1.0, -1.0, 0.5,
           -0.5, 2.5, -3.5, 88.7, 89.0, -87.5, -104.0, -110.0, 709.0, 710.0, -746.0, 16.7, 7.9,
           -17.8, 25966.0, 18838.0, 1e6, 3e38, -3e38]

# Per op, the scales its inputs are drawn at (standard normals times each scale).
SCALES = {
    "Exp": [0.1, 3, 30, 300], "Expm1": [1e-3, 0.3, 3, 30, 300], "Sigmoid": [1, 10, 60],
    "Tanh": [0.3, 3, 12], "Sin": [1, 30, 1e4, 1e7], "Cos": [1, 30, 1e4, 1e7],
    "Log": [1e-30, 1e-3, 1, 1e3, 1e30], "Log1p": [1e-8, 1e-3, 0.5, 1e3, 1e30],
    "Rsqrt": [1e-30, 1e-3, 1, 1e3, 1e30], "Reciprocal": [1e-30, 1, 1e30],
    "Floor": [0.7, 10, 1e7], "Ceil": [0.7, 10, 1e7], "Round": [0.7, 10, 1e7],
}
POSITIVE_MOSTLY = {"Log", "Log1p", "Rsqrt"}
INT_ROUND = [np.int32, np.int64]


def values(rng, dtype, op, n):
    if np.dtype(dtype).kind == "c":
        # Complex: ordinary values only. TF's complex packets use Eigen's own complex formulas
        # (whose overflow and inf/NaN edge cases minitf does not reproduce): the test compares
        # them within rounding.
        v = rng.standard_normal(n) * rng.choice([0.1, 1, 5], n) + 0.05
        return (v + 1j * rng.standard_normal(n)).astype(dtype)
    parts = [rng.standard_normal(n // len(SCALES[op])) * s for s in SCALES[op]]
    v = np.concatenate(parts)
    if op in POSITIVE_MOSTLY:
        v = np.abs(v) * rng.choice([1, 1, 1, -1], v.shape)
    if op in ("Round", "Floor", "Ceil"):
        v[::3] = np.round(v[::3] * 2) / 2  # exact halves: ties
    v = np.concatenate([v, SPECIAL])
    rng.shuffle(v)
    with np.errstate(all="ignore"):
        return v.astype(dtype)


def cases():
    rng = np.random.default_rng(SEED)
    for op in SCALES:
        dtypes = FLOATS + ([] if op in ("Floor", "Ceil", "Round") else COMPLEX)
        for dtype in dtypes:
            long = values(rng, dtype, op, 600)
            # A long tensor (whole packets and a tail), the same values one by one (all tail),
            # a packet's worth plus one, and an empty tensor.
            yield op, [long], {}
            yield op, [long[:37].reshape(37, 1)], {}
            for k in range(0, 40, 3):
                yield op, [long[k:k + 1]], {}
            yield op, [long[:9]], {}
            yield op, [long[:0]], {}
        if op == "Round":
            for dtype in INT_ROUND:
                yield op, [rng.integers(-1000, 1000, 50).astype(dtype)], {}
    for op, fn in (("TanhGrad", np.tanh), ("SigmoidGrad", lambda v: 1 / (1 + np.exp(-v))),
                   ("RsqrtGrad", lambda v: 1 / np.sqrt(np.abs(v) + 1e-3)),
                   ("ReciprocalGrad", lambda v: 1 / v)):
        for dtype in FLOATS + COMPLEX:
            with np.errstate(all="ignore"):
                x = rng.standard_normal(203) * 4
                y = np.concatenate([fn(x), SPECIAL[:12]])
                dy = np.concatenate([rng.standard_normal(203) * 3, SPECIAL[:12][::-1]])
                dy[::7] = 0
                if np.dtype(dtype).kind == "c":  # ordinary values only, as values() says
                    y = np.nan_to_num(y[:203], posinf=2, neginf=-2) + 1j * rng.standard_normal(203)
                    dy = dy[:203] + 1j * rng.standard_normal(203)
                y, dy = y.astype(dtype), dy.astype(dtype)
            yield op, [y, dy], {}
            yield op, [y[:5], dy[:5]], {}
    # Abs and Sign (appended last: earlier case names stay put).
    ints = [np.int8, np.int16, np.int32, np.int64]
    for op in ("Abs", "Sign"):
        for dtype in FLOATS + ints + (COMPLEX if op == "Sign" else []):
            if np.dtype(dtype).kind in "iu":
                info = np.iinfo(dtype)
                v = np.concatenate([rng.integers(-100, 100, 40), [0, info.min, info.max, -1, 1]])
                v = v.astype(dtype)
            else:
                SCALES[op] = [1e-3, 1, 1e3]
                v = values(rng, dtype, op, 200)
            yield op, [v], {}
            yield op, [v[:5]], {}
            yield op, [v[-3:]], {}
    # Erf (appended last): both paths, near the clamps (|x| ~ 3.956 float, ~ 5.92 double,
    # 1.34e154 where TF's double erf turns NaN) and the special values.
    SCALES["Erf"] = [0.3, 1, 2.5, 6]
    for dtype in FLOATS:
        v = values(rng, dtype, "Erf", 600)
        with np.errstate(all="ignore"):
            edges = np.array([3.9562, 3.95621, -3.9563, 5.9215, 5.9216, -6.0, 1.34e154,
                              -1.35e154, 1.0, -1.0000001, 0.9999999], np.float64).astype(dtype)
        v = np.concatenate([v, edges, edges[:5]])
        yield "Erf", [v], {}
        yield "Erf", [v[:7]], {}
        for k in range(600, len(v)):
            yield "Erf", [v[k:k + 1]], {}
    # The functions TF computes with libm (appended last): Tan, Sinh, Cosh, Asinh, Acosh.
    SCALES.update({"Tan": [0.5, 1.5, 30, 1e4], "Sinh": [0.3, 3, 30, 100],
                   "Cosh": [0.3, 3, 30, 100], "Asinh": [1e-3, 1, 1e3, 1e30],
                   "Acosh": [1.01, 3, 1e3, 1e30]})
    for op in ("Tan", "Sinh", "Cosh", "Asinh", "Acosh"):
        for dtype in FLOATS + COMPLEX:
            v = values(rng, dtype, op, 400)
            if op == "Acosh" and np.dtype(dtype).kind != "c":
                v = np.abs(v) + 1  # mostly in the domain; NaN where below 1 (specials)
            yield op, [v], {}
            yield op, [v[:7]], {}

    # The inverse trigonometric functions (appended last): Eigen's packet algorithms for float
    # (and double atan, atanh) packets, libm in the tail; around the branch points 0.5 and 1.
    SCALES.update({"Asin": [0.3, 0.6, 1.2], "Acos": [0.3, 0.6, 1.2], "Atan": [0.3, 1, 30, 1e30],
                   "Atanh": [0.3, 0.6, 1.2]})
    edges = [0.5, -0.5, 0.49999997, 0.50000006, 0.99999994, -0.99999994, 1.0000001, 1e-8]
    for op in ("Asin", "Acos", "Atan", "Atanh"):
        for dtype in FLOATS + COMPLEX:
            v = values(rng, dtype, op, 600)
            if np.dtype(dtype).kind != "c":
                v = np.concatenate([v, np.array(edges).astype(dtype)])
            yield op, [v], {}
            yield op, [v[:7]], {}
            yield op, [v[-8:]], {}

    # The special functions (appended last): Lgamma and Digamma (poles, negative
    # non-integers, huge values), Ndtri on [0, 1] and Erfinv on [-1, 1] (tails near the ends,
    # out of the domain: NaN), each over TF's dtypes.
    SCALES.update({"Lgamma": [0.5, 3, 30, 1e30], "Digamma": [0.5, 3, 30, 1e10],
                   "Ndtri": [0.3, 1e-3, 1e-20], "Erfinv": [0.3, 1e-3, 1e-20]})
    for op in ("Lgamma", "Digamma", "Ndtri", "Erfinv"):
        for dtype in ([np.float32, np.float64, np.float16] if op in ("Lgamma", "Digamma")
                      else [np.float32, np.float64]):
            v = values(rng, dtype, op, 600)
            if op == "Ndtri":
                with np.errstate(all="ignore"):
                    v = np.where(np.arange(v.size) % 2 == 0, np.abs(v), 1 - np.abs(v)).astype(dtype)
            elif op == "Erfinv":
                with np.errstate(all="ignore"):
                    v = (np.sign(v) * (1 - np.abs(v))).astype(dtype)
            extra = [0.0, -0.0, 1.0, -1.0, 0.5, -2.0, -2.5, 1e-30, 0.13533528, 0.86466472,
                     0.99999994, -0.99999994]
            with np.errstate(all="ignore"):
                v = np.concatenate([v, np.array(extra).astype(dtype)])
            yield op, [v], {}
            yield op, [v[:7]], {}
            yield op, [v[-12:]], {}


def run(op, inputs, attrs):
    fn = getattr(tf.raw_ops, op)
    if len(inputs) == 1:
        out = fn(x=tf.constant(inputs[0]))
    else:
        out = fn(y=tf.constant(inputs[0]), dy=tf.constant(inputs[1]))
    return [out.numpy()]


def build():
    from tensorflow.core.framework import graph_pb2
    graph = graph_pb2.GraphDef()
    for op, inputs, attrs in cases():
        golden_file.add_case(graph, op, attrs, inputs, run(op, inputs, attrs))
    return graph


if __name__ == "__main__":
    # Float Rsqrt and Reciprocal start from the CPU's rsqrt/rcp estimates; Atan, Ndtri, Erfinv,
    # Log (complex64) and SigmoidGrad (float64, complex128) moved by up to 3 ulp between an
    # AVX-512 Xeon (which wrote unary.pb) and an AVX2 EPYC.
    golden_file.main(build, __doc__, cpu_dependent={
        "Rsqrt": 2, "Reciprocal": 2, "Log": 2, "Atan": 2, "Ndtri": 2, "Erfinv": 3,
        "SigmoidGrad": 4})
