#!/usr/bin/env python3
"""Generates tests/golden/conv.pb: inputs and TensorFlow 2.21's outputs for the windowed ops
(Conv2D, Conv2DBackpropInput, Conv2DBackpropFilter, MaxPool, MaxPoolGrad, AvgPool, AvgPoolGrad,
MaxPoolV2, MaxPoolGradV2, FractionalMaxPool, FractionalAvgPool, MaxPool3D, AvgPool3D and their gradient ops)
and BatchMatMul / BatchMatMulV2 / BatchMatMulV3: every dtype TF's CPU kernels take, VALID / SAME / EXPLICIT
padding, strides, dilations, grouped convolutions, depth pooling, ties, NaN and -0 in the
pools, adjoints and broadcast batches. TF's own CPU kernels (TF_ENABLE_ONEDNN_OPTS=0: the
Eigen kernels TF's tests check, not the oneDNN rewrite). Same container as
generate_fake_quant.py.

  .venv-tf/bin/python tests/golden/generate_conv.py tests/golden/conv.pb
  .venv-tf/bin/python tests/golden/generate_conv.py --check tests/golden/conv.pb
"""
import os
import sys

os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261204
BF16 = tf.bfloat16.as_numpy_dtype
FLOATS = [np.float32, np.float64, np.float16, BF16]
POOL_INTS = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64]


def rand(rng, dtype, shape, scale=1.0):
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        lo = 0 if dtype.kind == "u" else -9
        return rng.integers(lo, 10, shape, endpoint=True).astype(dtype)
    if dtype.kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype) * scale
    return (rng.standard_normal(shape) * scale).astype(dtype)


def conv_out(size, window, stride, dilation, padding, pads=(0, 0)):
    eff = (window - 1) * dilation + 1
    if padding == "SAME":
        return -(-size // stride)
    return (size + pads[0] + pads[1] - eff + stride) // stride


def conv_cases(rng):
    # (input NHWC, filter HWIO, strides, padding, dilations, explicit paddings)
    shapes = [
        ((1, 5, 5, 2), (3, 3, 2, 4), [1, 1, 1, 1], "VALID", [1, 1, 1, 1], []),
        ((2, 7, 6, 3), (3, 2, 3, 5), [1, 2, 1, 1], "SAME", [1, 1, 1, 1], []),
        ((2, 8, 8, 4), (3, 3, 4, 8), [1, 2, 2, 1], "SAME", [1, 1, 1, 1], []),
        ((1, 6, 7, 2), (2, 3, 2, 3), [1, 1, 2, 1], "EXPLICIT", [1, 1, 1, 1],
         [0, 0, 1, 2, 0, 1, 0, 0]),
        ((3, 4, 4, 5), (1, 1, 5, 6), [1, 1, 1, 1], "VALID", [1, 1, 1, 1], []),
        ((1, 7, 7, 8), (5, 5, 8, 16), [1, 1, 1, 1], "SAME", [1, 1, 1, 1], []),
    ]
    forward_only = [
        ((1, 9, 8, 2), (3, 3, 2, 2), [1, 1, 1, 1], "SAME", [1, 2, 3, 1], []),
        ((2, 9, 9, 3), (2, 2, 3, 4), [1, 2, 1, 1], "VALID", [1, 2, 2, 1], []),
        ((1, 5, 5, 4), (3, 3, 2, 6), [1, 1, 1, 1], "SAME", [1, 1, 1, 1], []),  # 2 groups
        ((0, 5, 5, 2), (3, 3, 2, 4), [1, 1, 1, 1], "VALID", [1, 1, 1, 1], []),
        ((1, 5, 5, 2), (3, 3, 2, 0), [1, 1, 1, 1], "VALID", [1, 1, 1, 1], []),
    ]
    for dtype in FLOATS + [np.int32]:
        for x_shape, f_shape, strides, padding, dilations, pads in shapes + forward_only:
            x = rand(rng, dtype, x_shape)
            f = rand(rng, dtype, f_shape)
            attrs = {"strides": strides, "padding": padding, "dilations": dilations}
            if pads:
                attrs["explicit_paddings"] = pads
            yield "Conv2D", [x, f], dict(attrs)
        for x_shape, f_shape, strides, padding, dilations, pads in shapes:
            hp, wp = (pads[2:4], pads[4:6]) if pads else ((0, 0), (0, 0))
            oh = conv_out(x_shape[1], f_shape[0], strides[1], 1, padding, hp)
            ow = conv_out(x_shape[2], f_shape[1], strides[2], 1, padding, wp)
            dy = rand(rng, dtype, (x_shape[0], oh, ow, f_shape[3]))
            attrs = {"strides": strides, "padding": padding}
            if pads:
                attrs["explicit_paddings"] = pads
            sizes = np.array(x_shape, np.int32)
            yield "Conv2DBackpropInput", [sizes, rand(rng, dtype, f_shape), dy], dict(attrs)
            if dtype != np.int32:
                yield ("Conv2DBackpropFilter",
                       [rand(rng, dtype, x_shape), np.array(f_shape, np.int32), dy], dict(attrs))
        yield ("Conv2DBackpropInput",
               [np.array([5, 5], np.int32), rand(rng, dtype, (3, 3, 2, 4)),
                rand(rng, dtype, (2, 3, 3, 4))], {"strides": [1, 1, 1, 1], "padding": "VALID"})


def pool_values(rng, dtype, shape):
    v = rand(rng, dtype, shape, 3.0)
    if np.dtype(dtype).kind == "f" or dtype == BF16:
        flat = v.reshape(-1)
        specials = np.array([np.nan, -0.0, 0.0, np.inf, -np.inf], np.float64).astype(dtype)
        idx = rng.choice(flat.size, size=min(flat.size, 5), replace=False)
        flat[idx] = specials[:len(idx)]
    return v


def pool_cases(rng):
    windows = [
        ((1, 5, 5, 2), [1, 2, 2, 1], [1, 2, 2, 1], "SAME", []),
        ((2, 6, 7, 3), [1, 3, 3, 1], [1, 1, 1, 1], "SAME", []),
        ((2, 6, 7, 3), [1, 3, 2, 1], [1, 2, 3, 1], "VALID", []),
        ((1, 4, 4, 1), [1, 4, 4, 1], [1, 1, 1, 1], "SAME", []),
        ((3, 8, 8, 4), [1, 2, 3, 1], [1, 2, 2, 1], "VALID", []),
    ]
    explicit = ((1, 5, 6, 2), [1, 3, 3, 1], [1, 2, 2, 1], "EXPLICIT", [0, 0, 1, 2, 2, 0, 0, 0])
    # Ties: the first maximum in row-major order takes the gradient.
    ties = np.array([1, 5, 5, 2, 5, 0, 0, 5, 3, 3, 3, 3, 3, 3, 3, 3]).reshape(1, 4, 4, 1)
    for dtype in FLOATS + POOL_INTS:
        for shape, ksize, strides, padding, pads in windows + [explicit]:
            x = pool_values(rng, dtype, shape)
            attrs = {"ksize": ksize, "strides": strides, "padding": padding}
            if pads:
                attrs["explicit_paddings"] = pads
            yield "MaxPool", [x], dict(attrs)
            y = tf.raw_ops.MaxPool(input=tf.constant(x), **attrs).numpy()
            g = rand(rng, dtype, y.shape, 2.0)
            yield "MaxPoolGrad", [x, y, g], dict(attrs)
        t = ties.astype(dtype)
        attrs = {"ksize": [1, 3, 3, 1], "strides": [1, 1, 1, 1], "padding": "SAME"}
        y = tf.raw_ops.MaxPool(input=tf.constant(t), **attrs).numpy()
        yield "MaxPoolGrad", [t, y, np.arange(1, 17).reshape(1, 4, 4, 1).astype(dtype)], attrs
        yield ("MaxPool", [rand(rng, dtype, (2, 3, 3, 6))],
               {"ksize": [1, 1, 1, 3], "strides": [1, 1, 1, 3], "padding": "VALID"})
    for dtype in [np.uint32, np.uint64]:  # MaxPoolGrad only (MaxPool's OpDef has no uint32/64)
        x = rand(rng, dtype, (1, 5, 5, 2))
        y = np.zeros((1, 3, 3, 2), dtype)
        yield ("MaxPoolGrad", [x, y, rand(rng, dtype, (1, 3, 3, 2))],
               {"ksize": [1, 2, 2, 1], "strides": [1, 2, 2, 1], "padding": "SAME"})
    for dtype in FLOATS:
        for shape, ksize, strides, padding, _ in windows:
            x = rand(rng, dtype, shape, 3.0)
            attrs = {"ksize": ksize, "strides": strides, "padding": padding}
            yield "AvgPool", [x], dict(attrs)
            y = tf.raw_ops.AvgPool(value=tf.constant(x), **attrs).numpy()
            g = rand(rng, dtype, y.shape, 2.0)
            yield "AvgPoolGrad", [np.array(shape, np.int32), g], dict(attrs)


def batch_matmul_cases(rng):
    v2_types = FLOATS + [np.int16, np.int32, np.int64, np.complex64, np.complex128]
    for dtype in v2_types:
        for op in ("BatchMatMul", "BatchMatMulV2"):
            if op == "BatchMatMul" and dtype == np.int16:
                continue
            for adj_x in (False, True):
                for adj_y in (False, True):
                    xs = (3, 4, 5) if adj_x else (3, 5, 4)
                    ys = (3, 6, 4) if adj_y else (3, 4, 6)
                    yield (op, [rand(rng, dtype, xs), rand(rng, dtype, ys)],
                           {"adj_x": adj_x, "adj_y": adj_y})
            yield op, [rand(rng, dtype, (2, 2, 3, 70)), rand(rng, dtype, (2, 2, 70, 9))], {}
        yield "BatchMatMulV2", [rand(rng, dtype, (2, 1, 3, 4)), rand(rng, dtype, (5, 4, 2))], {}
        yield "BatchMatMulV2", [rand(rng, dtype, (3, 4)), rand(rng, dtype, (2, 1, 4, 3))], {}
        yield "BatchMatMulV2", [rand(rng, dtype, (0, 3, 4)), rand(rng, dtype, (4, 2))], {}
        yield "BatchMatMulV2", [rand(rng, dtype, (2, 3, 0)), rand(rng, dtype, (0, 2))], {}


def batch_matmul_v3_cases(rng):
    for dtype in [np.float32, np.float64, BF16, np.int16, np.int32, np.int64, np.complex64]:
        yield ("BatchMatMulV3", [rand(rng, dtype, (2, 1, 3, 4)), rand(rng, dtype, (3, 5, 4))],
               {"Tout": dtype, "adj_y": True})
    for ta in (np.int8, np.uint8):
        for tb in (np.int8, np.uint8):
            yield ("BatchMatMulV3", [rand(rng, ta, (2, 3, 40)), rand(rng, tb, (40, 2))],
                   {"Tout": np.int32})
        yield ("BatchMatMulV3", [rand(rng, ta, (3, 5)), rand(rng, BF16, (2, 5, 4))], {"Tout": BF16})
        yield ("BatchMatMulV3", [rand(rng, BF16, (2, 3, 5)), rand(rng, ta, (5, 4))], {"Tout": BF16})


def cases():
    rng = np.random.default_rng(SEED)
    yield from conv_cases(rng)
    yield from pool_cases(rng)
    yield from batch_matmul_cases(rng)
    yield from batch_matmul_v3_cases(rng)
    yield from pool_v2_cases(rng)
    yield from fractional_pool_cases(rng)
    yield from pool_3d_cases(rng)
    yield from wide_conv_cases(rng)


def wide_conv_cases(rng):
    """Float convolutions (appended last) deep enough for minitf's direct AVX-512 kernels:
    channel counts on both sides of a 16- and 32-lane tile, pixel counts off the 12-pixel tile,
    strides, dilation, and EXPLICIT padding past the window (the input gradient then starts
    inside out_backprop)."""
    shapes = [
        ((2, 9, 7, 16), (3, 3, 16, 8), [1, 1, 1, 1], "SAME", [1, 1, 1, 1], []),
        ((1, 6, 11, 48), (2, 3, 48, 40), [1, 1, 1, 1], "EXPLICIT", [1, 1, 1, 1],
         [0, 0, 3, 1, 2, 0, 0, 0]),
        ((2, 8, 9, 32), (3, 3, 32, 16), [1, 2, 2, 1], "SAME", [1, 1, 1, 1], []),
        ((1, 10, 10, 32), (3, 3, 32, 24), [1, 1, 1, 1], "VALID", [1, 1, 1, 1], []),
    ]
    for x_shape, f_shape, strides, padding, dilations, pads in shapes:
        attrs = {"strides": strides, "padding": padding}
        if pads:
            attrs["explicit_paddings"] = pads
        x = rand(rng, np.float32, x_shape)
        f = rand(rng, np.float32, f_shape)
        yield "Conv2D", [x, f], dict(attrs)
        hp, wp = (pads[2:4], pads[4:6]) if pads else ((0, 0), (0, 0))
        oh = conv_out(x_shape[1], f_shape[0], strides[1], 1, padding, hp)
        ow = conv_out(x_shape[2], f_shape[1], strides[2], 1, padding, wp)
        dy = rand(rng, np.float32, (x_shape[0], oh, ow, f_shape[3]))
        yield ("Conv2DBackpropInput", [np.array(x_shape, np.int32), f, dy], dict(attrs))
        yield ("Conv2DBackpropFilter", [x, np.array(f_shape, np.int32), dy], dict(attrs))
    x = rand(rng, np.float32, (1, 9, 9, 16))
    f = rand(rng, np.float32, (3, 3, 16, 32))
    yield "Conv2D", [x, f], {"strides": [1, 1, 1, 1], "padding": "SAME", "dilations": [1, 2, 2, 1]}


def pool_3d_cases(rng):
    """MaxPool3D, AvgPool3D and their gradient ops (appended last): float and bfloat16 (TF's CPU
    kernels), VALID and SAME (stride past the window too), channel counts on both sides of an
    8-lane packet; NaN and inf in VALID windows."""
    settings = [((1, 4, 5, 6, 3), [1, 2, 2, 3, 1], [1, 1, 2, 2, 1], "VALID"),
                ((2, 3, 4, 4, 8), [1, 2, 3, 2, 1], [1, 2, 1, 2, 1], "SAME"),
                ((1, 6, 3, 5, 9), [1, 1, 2, 2, 1], [1, 3, 1, 2, 1], "SAME"),
                ((1, 5, 5, 4, 17), [1, 3, 2, 2, 1], [1, 1, 2, 1, 1], "VALID"),
                ((2, 2, 3, 3, 1), [1, 2, 2, 2, 1], [1, 1, 1, 1, 1], "SAME")]
    for dtype in (np.float32, BF16):
        for shape, ksize, strides, padding in settings:
            x = (rng.standard_normal(shape) * 3).astype(dtype)
            if padding == "VALID":
                flat = x.reshape(-1)
                idx = rng.choice(flat.size, size=4, replace=False)
                flat[idx] = np.array([np.nan, np.inf, -np.inf, np.nan], np.float32).astype(dtype)
            attrs = {"ksize": ksize, "strides": strides, "padding": padding}
            yield "MaxPool3D", [x], dict(attrs)
            yield "AvgPool3D", [x], dict(attrs)
            clean = (rng.standard_normal(shape) * 3).astype(dtype)
            y = tf.raw_ops.MaxPool3D(input=tf.constant(clean), **attrs).numpy()
            g = (rng.standard_normal(y.shape) * 2).astype(dtype)
            yield "MaxPool3DGrad", [clean, y, g], dict(attrs)
            yield "AvgPool3DGrad", [np.array(shape, np.int32), g], dict(attrs)


def fractional_pool_cases(rng):
    """FractionalMaxPool / FractionalAvgPool with fixed seeds (deterministic), both sequence
    kinds, overlapping or not, and their gradient ops on the forward op's sequences (appended
    last)."""
    settings = [((1, 6, 6, 1), [1.0, 1.5, 1.5, 1.0], False, False, 1, 2),
                ((2, 10, 23, 3), [1.0, 1.44, 2.3, 1.0], True, False, 42, 0),
                ((1, 9, 7, 2), [1.0, 2.0, 1.3, 1.0], False, True, 7, 11),
                ((2, 5, 8, 4), [1.0, 1.7, 2.9, 1.0], True, True, -3, 5)]
    for dtype in [np.float32, np.float64, np.int32, np.int64]:
        for shape, ratio, pseudo, overlapping, seed, seed2 in settings:
            attrs = {"pooling_ratio": ratio, "pseudo_random": pseudo, "overlapping": overlapping,
                     "deterministic": True, "seed": seed, "seed2": seed2}
            for op in ("FractionalMaxPool", "FractionalAvgPool"):
                yield op, [pool_values(rng, dtype, shape)], dict(attrs)
                # The gradients on finite values (a NaN first in a window fails TF's check).
                x = rand(rng, dtype, shape, 3.0)
                y, rows, cols = [t.numpy() for t in getattr(tf.raw_ops, op)(value=tf.constant(x),
                                                                           **attrs)]
                g = rand(rng, dtype, y.shape, 2.0)
                if op == "FractionalMaxPool":
                    yield "FractionalMaxPoolGrad", [x, y, g, rows, cols], \
                        {"overlapping": overlapping}
                else:
                    yield "FractionalAvgPoolGrad", [np.array(shape, np.int64), g, rows, cols], \
                        {"overlapping": overlapping}


def pool_v2_cases(rng):
    """MaxPoolV2 and MaxPoolGradV2 (appended last): ksize and strides as int32 inputs."""
    windows = [((2, 6, 7, 3), [1, 3, 2, 1], [1, 2, 3, 1], "VALID"),
               ((1, 5, 5, 2), [1, 2, 2, 1], [1, 2, 2, 1], "SAME"),
               ((2, 3, 3, 6), [1, 1, 1, 3], [1, 1, 1, 3], "VALID")]
    for dtype in FLOATS + POOL_INTS:
        for shape, ksize, strides, padding in windows:
            x = pool_values(rng, dtype, shape)
            k, st = np.array(ksize, np.int32), np.array(strides, np.int32)
            yield "MaxPoolV2", [x, k, st], {"padding": padding}
            if ksize[3] != 1:
                continue
            y = tf.raw_ops.MaxPoolV2(input=tf.constant(x), ksize=k, strides=st,
                                     padding=padding).numpy()
            yield "MaxPoolGradV2", [x, y, rand(rng, dtype, y.shape, 2.0), k, st], \
                {"padding": padding}


def build():
    return golden_file.build_cases(cases(), golden_file.run_raw_op)


if __name__ == "__main__":
    # TF's convolutions and products sum in an order its kernels pick for the CPU at hand (their
    # GEMMs dispatch on the instruction set): on another CPU model the committed sums match
    # within rounding of their scale, not bit for bit (as the C++ test compares them).
    SUMS = ["Conv2D", "Conv2DBackpropInput", "Conv2DBackpropFilter", "BatchMatMul",
            "BatchMatMulV2", "BatchMatMulV3"]
    golden_file.main(build, __doc__, cpu_dependent={op: "sum" for op in SUMS})
