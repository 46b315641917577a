#!/usr/bin/env python3
"""Generates tests/golden/nn.pb: inputs and TensorFlow 2.21's outputs for the nn family's
activations (Relu, Relu6, Elu, Selu, LeakyRelu, Softplus, Softsign), their gradient ops,
BiasAdd (NHWC and NCHW), BiasAddGrad, L2Loss, Softmax, LogSoftmax and the two softmax cross
entropies: every dtype TF's CPU kernels take, long
tensors (whole AVX packets and a tail) and short ones (tail only), NaN, inf, -0, subnormals
and the points where each function changes branch. Same container as generate_fake_quant.py.

  .venv-tf/bin/python tests/golden/generate_nn.py tests/golden/nn.pb
  .venv-tf/bin/python tests/golden/generate_nn.py --check tests/golden/nn.pb
"""
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261206
BF16 = tf.bfloat16.as_numpy_dtype
FLOATS = [np.float32, np.float64, np.float16, BF16]
INTS = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
SPECIAL = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-40, -1e-40, 6.0, 5.999, -13.94,
           13.94, 15.95, -15.95, 36.0, -36.0, 88.8, -104.0]


def values(rng, dtype, n, scale=5.0):
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(max(info.min, -20), min(info.max, 20), n, endpoint=True).astype(dtype)
    v = np.concatenate([rng.standard_normal(n) * scale, SPECIAL])
    rng.shuffle(v)
    with np.errstate(all="ignore"):
        return v.astype(dtype)


def cases():
    rng = np.random.default_rng(SEED)
    for dtype in FLOATS + INTS:
        ops = ["Relu", "Relu6"] + (["Elu", "Selu", "Softplus", "Softsign", "LeakyRelu"]
                                   if dtype in FLOATS else [])
        for op in ops:
            for scale in (1.0, 20.0):
                x = values(rng, dtype, 150, scale)
                yield op, [x], {}
                yield op, [x[:5]], {}
            if op == "LeakyRelu":
                yield op, [values(rng, dtype, 40)], {"alpha": 0.01}
                yield op, [values(rng, dtype, 40)], {"alpha": 1.5}
        grads = ["ReluGrad", "Relu6Grad"] + (
            ["EluGrad", "SeluGrad", "SoftplusGrad", "SoftsignGrad", "LeakyReluGrad"]
            if dtype in FLOATS else [])
        for op in grads:
            g = values(rng, dtype, 100)
            f = values(rng, dtype, 100)
            if op in ("EluGrad", "SeluGrad") and dtype in FLOATS:  # outputs of Elu/Selu
                f = np.maximum(f, np.array(-1.7, dtype)) if dtype != BF16 else f
            yield op, [g, f], {}
            yield op, [g[:7], f[:7]], {}
        if dtype in FLOATS or dtype in (np.int32, np.int64, np.uint8):
            v = values(rng, dtype, 60)[:60].reshape(3, 4, 5)
            b = values(rng, dtype, 5)[:5]
            yield "BiasAdd", [v, b], {"data_format": "NHWC"}
            yield "BiasAdd", [v, values(rng, dtype, 4)[:4]], {"data_format": "NCHW"}
            yield "BiasAdd", [values(rng, dtype, 24)[:24].reshape(2, 3, 2, 2),
                              values(rng, dtype, 3)[:3]], {"data_format": "NCHW"}
            g = (rng.standard_normal((4, 3, 6)) * 3).astype(dtype) if dtype in FLOATS else \
                values(rng, dtype, 72)[:72].reshape(4, 3, 6)
            yield "BiasAddGrad", [g], {"data_format": "NHWC"}
            yield "BiasAddGrad", [g], {"data_format": "NCHW"}
    for dtype in [np.complex64, np.complex128]:
        v = (rng.standard_normal((2, 3)) + 1j * rng.standard_normal((2, 3))).astype(dtype)
        yield "BiasAdd", [v, v[0]], {"data_format": "NHWC"}
        yield "BiasAddGrad", [v], {"data_format": "NHWC"}
    for dtype in FLOATS:
        yield "L2Loss", [(rng.standard_normal((7, 9)) * 2).astype(dtype)], {}
        yield "L2Loss", [np.zeros((0, 3), dtype)], {}
    # Softmax family (appended last: earlier case names stay put).
    for dtype in FLOATS:
        x = (rng.standard_normal((6, 10)) * 4).astype(dtype)
        x3 = (rng.standard_normal((2, 3, 5)) * 4).astype(dtype)
        for op in ("Softmax", "LogSoftmax"):
            yield op, [x], {}
            yield op, [x3], {}
            yield op, [np.array([1000, 1001, -1000], dtype) if dtype != np.float16
                        else np.array([10, 11, -10], dtype)], {}
        p = rng.random((6, 10))
        labels = (p / p.sum(axis=1, keepdims=True)).astype(dtype)
        yield "SoftmaxCrossEntropyWithLogits", [x, labels], {}
        yield "SoftmaxCrossEntropyWithLogits", [x, labels[:1]], {}
        for ltype in (np.int32, np.int64):
            yield "SparseSoftmaxCrossEntropyWithLogits", [x, rng.integers(0, 10, 6).astype(ltype)], {}

    # LRN and LRNGrad (appended last): float and half, depths across TF's summation orders
    # (sequential; one position with 128+ channels in blocks; half's 8-channel block; the
    # running sum past 384 channels with beta 0.5 or 1), every beta path, finite inputs.
    settings = [((2, 3, 2, 7), 2, 1.0, 1.0, 0.5), ((1, 2, 3, 24), 5, 2.0, 1e-4, 0.75),
                ((3, 1, 2, 31), 3, 0.5, 0.3, 1.0), ((1, 4, 1, 70), 9, 1.0, 2e-2, 0.6),
                ((1, 1, 1, 130), 4, 1.0, 1e-4, 0.75), ((2, 1, 1, 400), 6, 1.0, 1e-3, 0.5),
                ((1, 2, 1, 390), 3, 3.7, 1e-3, 1.0), ((2, 2, 2, 9), 0, 1.0, 5.0, 2.0)]
    for dtype in (np.float32, np.float16):
        for shape, r, bias, alpha, beta in settings:
            if dtype == np.float16 and shape[-1] > 100:
                continue
            x = (rng.standard_normal(shape) * rng.choice([0.1, 1, 3], shape)).astype(dtype)
            attrs = {"depth_radius": r, "bias": bias, "alpha": alpha, "beta": beta}
            yield "LRN", [x], attrs
            y = tf.raw_ops.LRN(input=tf.constant(x), **attrs).numpy()
            g = rng.standard_normal(shape).astype(dtype)
            g.reshape(-1)[::5] = 0
            yield "LRNGrad", [g, x, y], attrs


def build():
    return golden_file.build_cases(cases(), golden_file.run_raw_op)


if __name__ == "__main__":
    # The sums (the ones cwise_golden_test.cc compares within tolerance) follow the CPU's
    # kernels: half Softmax moves by up to 5 ulp between an AVX-512 Xeon and the machine that
    # wrote nn.pb.
    SUMS = ["BiasAddGrad", "L2Loss", "Softmax", "LogSoftmax", "SoftmaxCrossEntropyWithLogits",
            "SparseSoftmaxCrossEntropyWithLogits"]
    # LRN and LRNGrad (pow, sums over a window) moved by up to 3 ulp between an AVX-512 Xeon
    # (which wrote nn.pb) and an AVX2 EPYC.
    golden_file.main(build, __doc__, cpu_dependent={
        **{op: "sum" for op in SUMS}, "LRN": 3, "LRNGrad": "sum"})
