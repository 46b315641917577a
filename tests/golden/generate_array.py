#!/usr/bin/env python3
"""Generates tests/golden/array.pb: inputs and TensorFlow 2.21's outputs for the array family's
data-movement ops: Transpose, InvertPermutation, Pack, Unpack, Squeeze, ConcatV2,
ConcatOffset, ShapeN, Slice, Pad, Tile, OneHot, MirrorPad, ReverseSequence, Roll,
DynamicPartition, the diagonal ops, the block ops, Unique and CheckNumerics, over several dtypes (strings too), ranks, negative axes
and empty tensors. List-input ops store their `N` attr (the harness reads it to split the
inputs). Same container as generate_fake_quant.py.

  .venv-tf/bin/python tests/golden/generate_array.py tests/golden/array.pb
  .venv-tf/bin/python tests/golden/generate_array.py --check tests/golden/array.pb
"""
import inspect
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261207
BF16 = tf.bfloat16.as_numpy_dtype
DTYPES = [np.float32, np.float64, np.float16, BF16, np.int8, np.uint8, np.int32, np.int64,
          np.complex64, np.bool_]


def values(rng, dtype, shape):
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if dtype == "string":
        return np.array([b"s%d" % rng.integers(100) for _ in range(int(np.prod(shape)))],
                        dtype=object).reshape(shape)
    v = rng.standard_normal(shape) * 50
    if np.dtype(dtype).kind == "c":
        v = v + 1j * rng.standard_normal(shape)
    with np.errstate(all="ignore"):
        return v.astype(dtype)


def cases():
    rng = np.random.default_rng(SEED)
    for dtype in DTYPES + ["string"]:
        x = values(rng, dtype, (2, 3, 4))
        for perm in ([0, 1, 2], [2, 0, 1], [1, 0, 2], [2, 1, 0]):
            yield "Transpose", [x, np.array(perm, np.int32)], {}
        yield "Transpose", [values(rng, dtype, (3, 5)), np.array([1, 0], np.int64)], {}
        parts = [values(rng, dtype, (3, 2)) for _ in range(3)]
        for axis in (0, 1, 2, -1):
            yield "Pack", parts, {"axis": axis}
        for axis in (0, 1, -1):
            yield "Unpack", [x], {"num": x.shape[axis], "axis": axis}
        yield "Squeeze", [values(rng, dtype, (1, 3, 1, 2))], {}
        yield "Squeeze", [values(rng, dtype, (1, 3, 1, 2))], {"squeeze_dims": [2]}
        yield "Squeeze", [values(rng, dtype, (1, 3, 1, 2))], {"squeeze_dims": [-4, 2]}
        for axis in (0, 1, 2, -2):
            shape = list(x.shape)
            shape[axis] = 2
            yield "ConcatV2", [x, values(rng, dtype, tuple(shape)), np.array(axis, np.int32)], \
                {"N": 2}
        yield "ConcatV2", [x, x[:, :0], x, np.array(1, np.int64)], {"N": 3}
        yield "Slice", [x, np.array([0, 1, 1], np.int32), np.array([2, 2, -1], np.int32)], {}
        yield "Slice", [x, np.array([1, 0, 3], np.int64), np.array([1, 3, 1], np.int64)], {}
        yield "Slice", [x, np.array([0, 3, 0], np.int32), np.array([2, 0, 4], np.int32)], {}
        if dtype != "string":
            yield "Pad", [x, np.array([[0, 1], [2, 0], [1, 1]], np.int32)], {}
            yield "Pad", [values(rng, dtype, (0, 2)), np.array([[1, 1], [0, 2]], np.int64)], {}
    for perm in ([2, 0, 1, 3], [0], []):
        for dtype in (np.int32, np.int64):
            yield "InvertPermutation", [np.array(perm, dtype)], {}
    shapes = [np.array(s, np.int32) for s in ([2, 3, 4], [2, 5, 4], [2, 1, 4])]
    yield "ConcatOffset", [np.array(1, np.int32)] + shapes, {"N": 3}
    yield "ConcatOffset", [np.array(-2, np.int32)] + shapes, {"N": 3}
    yield "ShapeN", [values(rng, np.float32, (2, 3)), values(rng, np.float32, (4,)),
                     values(rng, np.float32, ())], {"out_type": np.int64}
    yield "ShapeN", [values(rng, np.float32, (0, 7))], {"out_type": np.int32}
    # Tile and OneHot (appended last: earlier case names stay put).
    for dtype in DTYPES + ["string"]:
        x = values(rng, dtype, (2, 3))
        for m, mtype in (([1, 1], np.int32), ([2, 3], np.int32), ([3, 1], np.int64),
                         ([0, 2], np.int32)):
            yield "Tile", [x, np.array(m, mtype)], {}
        if dtype != "string":
            on, off = values(rng, dtype, (2,))
            for axis in (-1, 0, 1):
                for itype in (np.int32, np.int64):
                    idx = np.array([[0, 2, -1], [5, 1, 1]], itype)
                    yield "OneHot", [idx, np.array(4, np.int32), on, off], {"axis": axis}
    # The reordering, diagonal, block and value-dependent ops (appended last).
    for dtype in DTYPES + ["string"]:
        x = values(rng, dtype, (2, 3, 4))
        for mode in ("REFLECT", "SYMMETRIC"):
            yield "MirrorPad", [x, np.array([[1, 0], [2, 1], [0, 3 if mode == "SYMMETRIC" else 2]],
                                            np.int32)], {"mode": mode}
            yield "MirrorPad", [x, np.array([[0, 0], [0, 0], [0, 0]], np.int64)], {"mode": mode}
            if dtype not in (np.bool_, "string"):
                g = values(rng, dtype, (4, 6, 5))
                yield "MirrorPadGrad", [g, np.array([[1, 1], [2, 1], [0, 2]], np.int32)], \
                    {"mode": mode}
        yield "ReverseSequence", [x, np.array([3, 0, 2, 1], np.int64)], {"seq_dim": 1,
                                                                         "batch_dim": 2}
        yield "ReverseSequence", [x, np.array([2, 1], np.int32)], {"seq_dim": 2, "batch_dim": 0}
        yield "Roll", [x, np.array([1, -5], np.int32), np.array([2, -3], np.int32)], {}
        yield "Roll", [x, np.array(7, np.int64), np.array(1, np.int64)], {}
        yield "Roll", [x, np.array([2, 3], np.int32), np.array([0, 0], np.int64)], {}
        yield "DynamicPartition", [x, np.array([[1, 0, 2], [2, 2, 0]], np.int32)], \
            {"num_partitions": 3}
        yield "DynamicPartition", [x, np.array([0, 0], np.int32)], {"num_partitions": 2}
        if dtype == "string":
            continue
        yield "MatrixDiag", [values(rng, dtype, (2, 3))], {}
        yield "MatrixDiagPart", [x], {}
        for lower, upper in ((0, 0), (1, -1), (-1, 2), (2, 4)):
            yield "MatrixBandPart", [x, np.array(lower, np.int64), np.array(upper, np.int64)], {}
        yield "SpaceToDepth", [values(rng, dtype, (2, 4, 6, 3))], {"block_size": 2}
        yield "DepthToSpace", [values(rng, dtype, (2, 2, 3, 12))], {"block_size": 2}
        if dtype not in (np.int8, np.uint8, np.bool_, BF16):
            yield "Diag", [values(rng, dtype, (2, 3))], {}
            yield "DiagPart", [values(rng, dtype, (2, 3, 2, 3))], {}
        if dtype in (np.complex64, np.bool_):
            continue
        y = values(rng, dtype, (4, 4, 2, 3))
        yield "SpaceToBatchND", [y, np.array([2, 3], np.int32),
                                 np.array([[1, 1], [1, 0]], np.int32)], {}
        yield "SpaceToBatchND", [y, np.array([2], np.int64), np.array([[0, 2]], np.int64)], {}
        yield "BatchToSpaceND", [y, np.array([2, 1], np.int32),
                                 np.array([[1, 0], [0, 1]], np.int32)], {}
        yield "BatchToSpaceND", [y, np.array([4], np.int64), np.array([[2, 3]], np.int64)], {}
        yield "SpaceToBatch", [values(rng, dtype, (1, 4, 2, 3)),
                               np.array([[0, 2], [1, 1]], np.int32)], {"block_size": 2}
        yield "BatchToSpace", [values(rng, dtype, (4, 2, 2, 3)),
                               np.array([[1, 0], [0, 1]], np.int64)], {"block_size": 2}
    for dtype in (np.float32, np.float64, np.int32, np.int64, np.uint8, "string"):
        u = values(rng, dtype, (9,))
        u = np.concatenate([u[:5], u[1:3], u[4:5], u[:1]])
        for idx in (np.int32, np.int64):
            yield "Unique", [u], {"out_idx": idx}
    z = np.array([0.0, -0.0, np.nan, 1.0, np.nan, 1.0, -0.0], np.float32)
    yield "Unique", [z], {"out_idx": np.int32}
    for dtype in (np.float32, np.float64, np.float16, BF16):
        yield "CheckNumerics", [values(rng, dtype, (3, 4))], {"message": "finite"}
    # DiagPart of a scalar (appended last): TF checks only that the rank is even.
    yield "DiagPart", [np.array(3.5, np.float32)], {}


def run(op, inputs, attrs):
    fn = getattr(tf.raw_ops, op)
    params = list(inspect.signature(fn).parameters)
    tensors = [tf.constant(v) for v in inputs]
    # N is implied by the list; raw_ops calls squeeze_dims `axis`.
    kwargs = {("axis" if k == "squeeze_dims" else k): v for k, v in attrs.items() if k != "N"}
    kwargs = {k: (v if isinstance(v, (bool, int, float, str, list)) else tf.as_dtype(v))
              for k, v in kwargs.items()}
    if op in ("Pack", "ShapeN"):
        kwargs[params[0]] = tensors
    elif op == "ConcatV2":
        kwargs.update(values=tensors[:-1], axis=tensors[-1])
    elif op == "ConcatOffset":
        kwargs.update(concat_dim=tensors[0], shape=tensors[1:])
    else:
        kwargs.update(dict(zip(params, tensors)))
    out = fn(**kwargs)
    return [o.numpy() for o in (out if isinstance(out, (list, tuple)) else [out])]


def build():
    return golden_file.build_cases(cases(), run)


if __name__ == "__main__":
    golden_file.main(build, __doc__)
