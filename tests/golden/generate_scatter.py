#!/usr/bin/env python3
"""Generates tests/golden/scatter.pb: inputs and TensorFlow 2.21's outputs for the scatters that
update an existing tensor: TensorScatterUpdate, TensorScatterAdd, TensorScatterSub,
TensorScatterMin and TensorScatterMax, and the reference-variable forms ScatterNdUpdate,
ScatterNdAdd, ScatterNdSub, ScatterNdMin and ScatterNdMax (a case's `input_0` is the variable's
value before the op, `expected_0` after it, as in generate_training.py). Rows, single elements
and deeper slices, duplicate indices applied in order (integers wrap), empty updates, NaNs,
signed zeros and subnormals, and bad indices skipped under IGNORE, over the dtypes TF's CPU
kernels take. Appended after them: the row scatters ScatterUpdate, ScatterAdd, ScatterSub,
ScatterMul, ScatterDiv, ScatterMin and ScatterMax on reference variables (indices of any rank,
scalar updates, duplicates, 1,500 distinct rows: TF's threaded path). Same container as
generate_array.py.

  .venv-tf/bin/python tests/golden/generate_scatter.py tests/golden/scatter.pb
  .venv-tf/bin/python tests/golden/generate_scatter.py --check tests/golden/scatter.pb
"""
import os
import sys

os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.core.framework import graph_pb2  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261206
BF16 = tf.bfloat16.as_numpy_dtype
REAL = [np.float32, np.float64, np.float16, BF16, np.int8, np.uint8, np.int16, np.uint16,
        np.int32, np.uint32, np.int64, np.uint64]
NUMBER = REAL + [np.complex64, np.complex128]
IDX = (np.int32, np.int64)
FORMS = {"Update": NUMBER + [np.bool_, object], "Add": NUMBER, "Sub": NUMBER, "Min": REAL,
         "Max": REAL}


def values(rng, dtype, shape):
    dtype = np.dtype(dtype)
    if dtype == object:
        return np.array([f"s{v}" for v in rng.integers(0, 99, shape).ravel()],
                        object).reshape(shape)
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(np.bool_)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
    if dtype.kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    x = rng.standard_normal(shape) * 3
    # A few NaNs, infinities, signed zeros and (for float32/64) subnormals.
    special = [np.nan, -np.inf, np.inf, 0.0, -0.0]
    if dtype in (np.float32, np.float64):
        special.append(np.finfo(dtype).tiny / 4)
    flat = x.ravel()
    for i in range(0, flat.size, 5):
        flat[i] = special[(i // 5) % len(special)]
    return flat.reshape(shape).astype(dtype)


def cases(rng):
    """(form, [tensor, indices, updates], attrs)"""
    for form, dtypes in FORMS.items():
        for dtype in dtypes:
            x = values(rng, dtype, (5, 3))
            for itype in IDX:
                # Rows, a duplicate row applied twice in order.
                yield form, [x, np.array([4, 0, 4, 1], itype)[:, None],
                             values(rng, dtype, (4, 3))], {}
            # Single elements, a duplicate element.
            yield form, [x, np.array([[0, 1], [3, 2], [0, 1]], np.int64),
                         values(rng, dtype, (3,))], {}
    x = values(rng, np.float32, (2, 3, 4))
    for form in FORMS:
        yield form, [x, np.array([[[1, 2], [0, 0]]], np.int32),
                     values(rng, np.float32, (1, 2, 4))], {}
        yield form, [x, np.zeros((0, 2), np.int64), values(rng, np.float32, (0, 4))], {}
        yield form, [x, np.array([[1], [7], [0]], np.int32),
                     values(rng, np.float32, (3, 3, 4))], {"bad_indices_policy": "IGNORE"}
        yield form, [np.array([120, -5], np.int8), np.array([[0], [0]], np.int32),
                     np.array([10, 100], np.int8)], {}


ROW_FORMS = {"Update": NUMBER + [np.bool_, object], "Add": NUMBER, "Sub": NUMBER, "Mul": NUMBER,
             "Div": NUMBER,
             "Min": [np.float32, np.float64, np.float16, BF16, np.int32, np.int64],
             "Max": [np.float32, np.float64, np.float16, BF16, np.int32, np.int64]}


def divisors(rng, dtype, shape):
    """Updates for ScatterDiv: integers in +-[2, 9] (TF's integer division by 0 or of the
    minimum by -1 is a SIGFPE); floats as values() gives them (zeros give infinities)."""
    if np.dtype(dtype).kind in "iu":
        magnitude = rng.integers(2, 10, shape)
        sign = rng.choice([-1, 1], shape) if np.dtype(dtype).kind == "i" else 1
        return (magnitude * sign).astype(dtype)
    return values(rng, dtype, shape)


def row_cases(rng):
    """(form, [variable, indices, updates]) for the row scatters Scatter<form>."""
    for form, dtypes in ROW_FORMS.items():
        updates = divisors if form == "Div" else values
        for dtype in dtypes:
            x = values(rng, dtype, (5, 3))
            for itype in IDX:
                # Rows, a duplicate applied twice in order.
                yield form, [x, np.array([4, 0, 4, 1], itype), updates(rng, dtype, (4, 3))]
            # Indices of rank 2; one update for every row picked (a scalar).
            yield form, [x, np.array([[0, 3], [3, 2]], np.int64), updates(rng, dtype, (2, 2, 3))]
            yield form, [x, np.array([1, 3, 1], np.int32), updates(rng, dtype, ())]
            # A vector variable: rows of one element.
            yield form, [values(rng, dtype, (6,)), np.array([5, 2, 5], np.int32),
                         updates(rng, dtype, (3,))]
        x = values(rng, np.float32, (2, 3, 4))
        yield form, [x, np.array([1], np.int32), updates(rng, np.float32, (1, 3, 4))]
        yield form, [x, np.zeros((0,), np.int64), updates(rng, np.float32, (0, 3, 4))]
    # 1,500 distinct rows of 2,000: TF's threaded path (the order of distinct rows is moot).
    x = values(rng, np.float32, (2000, 2))
    rows = rng.permutation(2000)[:1500].astype(np.int32)
    yield "Add", [x, rows, values(rng, np.float32, (1500, 2))]
    yield "Update", [x, rows, values(rng, np.float32, (1500, 2))]
    yield "Add", [np.array([120, -5], np.int8), np.array([0, 0], np.int32),
                  np.array([10, 100], np.int8)]


def tensor_case(form, inputs, attrs):
    fn = getattr(tf.raw_ops, f"TensorScatter{form}")
    return [fn(tensor=tf.constant(inputs[0]), indices=tf.constant(inputs[1]),
               updates=tf.constant(inputs[2]), **attrs).numpy()]


def ref_case(form, inputs, attrs, op="ScatterNd"):
    """<op><form> on a reference variable holding inputs[0]: its value after the op."""
    graph = tf.Graph()
    with graph.as_default():
        x = tf.constant(inputs[0])
        var = tf.raw_ops.VariableV2(shape=x.shape, dtype=x.dtype)
        init = tf.raw_ops.Assign(ref=var, value=x)
        step = getattr(tf.raw_ops, f"{op}{form}")(
            ref=var, indices=tf.constant(inputs[1]), updates=tf.constant(inputs[2]), **attrs)
        with tf.compat.v1.Session(graph=graph) as session:
            session.run(init)
            session.run(step.op)
            return [session.run(var)]


def build():
    rng = np.random.default_rng(SEED)
    graph = graph_pb2.GraphDef()
    for form, inputs, attrs in list(cases(rng)):
        golden_file.add_case(graph, f"TensorScatter{form}", attrs, inputs,
                             tensor_case(form, inputs, attrs))
        if inputs[0].dtype != object or form == "Update":
            golden_file.add_case(graph, f"ScatterNd{form}", attrs, inputs,
                                 ref_case(form, inputs, attrs))
    for form, inputs in list(row_cases(rng)):
        golden_file.add_case(graph, f"Scatter{form}", {}, inputs,
                             ref_case(form, inputs, {}, op="Scatter"))
    return graph


if __name__ == "__main__":
    golden_file.main(build, __doc__)
