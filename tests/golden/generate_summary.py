#!/usr/bin/env python3
"""Generates tests/golden/summary.pb: inputs and TensorFlow 2.21's outputs (serialized Summary
protos, compared byte for byte) for ScalarSummary (every realnumbertype, scalar and shaped
tags, values that round when cast to float, NaN, infinities, -0.0, no tags), HistogramSummary
(every realnumbertype; empty, single-value, bucket-limit, tiny, huge, signed-zero and random
inputs) and MergeSummary (several inputs, vectors of summaries, untagged values that may
repeat, values with metadata, images and tensors). Same container as generate_array.py.

  .venv-tf/bin/python tests/golden/generate_summary.py tests/golden/summary.pb
  .venv-tf/bin/python tests/golden/generate_summary.py --check tests/golden/summary.pb
"""
import inspect
import os
import sys

import numpy as np
import tensorflow as tf
from tensorflow.core.framework import summary_pb2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20260301
BF16 = tf.bfloat16.as_numpy_dtype
FLOATS = [np.float32, np.float64, np.float16, BF16]
INTS = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


def tags(*shape, prefix="t"):
    n = int(np.prod(shape)) if shape else 1
    return np.array([f"{prefix}{i}".encode() for i in range(n)], dtype=object).reshape(shape)


def ints(rng, dtype, shape):
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)


def scalar_cases(rng):
    yield [np.array(b"loss", dtype=object), np.float32(0.25)]
    yield [tags(0), np.zeros((0,), np.float32)]  # no tags: an empty Summary
    special = [0.0, -0.0, 1.0, -1.5, np.nan, np.inf, -np.inf, 1e-40, 3.4e38, 1e-8]
    yield [tags(len(special)), np.array(special, np.float32)]
    # Doubles that round (or overflow) when cast to float.
    yield [tags(2, 3), np.array([[0.1, 1e300, -1e-300], [1 / 3, 2.0**-149, -2.0**128]], np.float64)]
    for dtype in FLOATS[2:]:
        yield [tags(4), rng.standard_normal(4).astype(dtype) * 100]
    for dtype in INTS:
        yield [tags(3), ints(rng, dtype, 3)]
    # Extremes: int64/uint64 values that are not floats exactly.
    yield [tags(3), np.array([2**62 + 1, -(2**63), 2**53 + 1], np.int64)]
    yield [tags(2), np.array([2**64 - 1, 2**32 + 1], np.uint64)]
    yield [np.array([[b"\xff\x00bytes", "\u00fcnicode".encode()]], dtype=object),
           np.array([[7, -7]], np.int32)]


def histogram_cases(rng):
    yield [np.array(b"empty", dtype=object), np.zeros((0,), np.float32)]
    yield [np.array(b"one", dtype=object), np.float32(3.0)]
    yield [np.array(b"normal", dtype=object), rng.standard_normal((10, 100)).astype(np.float32)]
    yield [np.array(b"wide", dtype=object),
           (rng.standard_normal(500) * 10.0 ** rng.integers(-15, 25, 500)).astype(np.float64)]
    # Bucket edges (a value equal to a limit goes to the bucket above it), zeros of both
    # signs, values below the first limit and above 1e20, the extremes of double.
    limits = [1e-12, 1.1e-12, 1.0, -1.0, 1e20, -1e20]
    # (+DBL_MAX itself is left out: TF's upper_bound puts it one past the last bucket and
    # writes outside its buffer; minitf counts it in the last bucket.)
    edges = limits + [0.0, -0.0, 0.0, 5e-13, -5e-13, 1e25, -1e300, 1.7976931348623155e308,
                      -1.7976931348623157e308, 2.2250738585072014e-308, 5e-324]
    yield [np.array(b"edges", dtype=object), np.array(edges, np.float64)]
    yield [np.array(b"negzero", dtype=object), np.array([-0.0, -0.0], np.float32)]
    for dtype in FLOATS[2:]:
        yield [np.array(b"h", dtype=object), (rng.standard_normal(50) * 30).astype(dtype)]
    for dtype in INTS:
        yield [np.array(b"i", dtype=object), ints(rng, dtype, (4, 5))]
    yield [np.array(b"steps", dtype=object), np.arange(-20, 40, dtype=np.int32)]


def summary_bytes(op, inputs):
    return run(op, inputs, {})[0]


def merge_cases(rng):
    s1 = summary_bytes("ScalarSummary", [tags(2, prefix="a"), np.array([1.5, -2.0], np.float32)])
    s2 = summary_bytes("ScalarSummary", [np.array(b"b", dtype=object), np.float32(7.0)])
    h = summary_bytes("HistogramSummary", [np.array(b"hist", dtype=object),
                                           rng.standard_normal(64).astype(np.float32)])
    obj = lambda *xs: np.array(list(xs), dtype=object)  # noqa: E731
    yield [np.array(s1, dtype=object)]
    yield [np.array(s1, dtype=object), np.array(s2, dtype=object), np.array(h, dtype=object)]
    yield [obj(s2, h), np.array(s1, dtype=object)]  # a vector of summaries
    yield [obj(b"", s1), obj()]  # an empty Summary, an empty vector
    # Values without tags (TF's TensorSummary) may repeat; metadata, images and tensors are
    # carried over.
    rich = summary_pb2.Summary()
    for k in range(2):
        v = rich.value.add()
        v.tensor.CopyFrom(tf.make_tensor_proto(np.array([k, k + 1], np.int32)))
        v.metadata.plugin_data.plugin_name = "scalars"
        v.metadata.plugin_data.content = b"\x08\x01"
        v.metadata.data_class = summary_pb2.DATA_CLASS_TENSOR
    img = rich.value.add()
    img.tag = "img"
    img.node_name = "node"
    img.image.height, img.image.width, img.image.colorspace = 2, 3, 1
    img.image.encoded_image_string = b"\x89PNG"
    yield [np.array(rich.SerializeToString(), dtype=object), np.array(s2, dtype=object)]


def cases():
    rng = np.random.default_rng(SEED)
    for inputs in scalar_cases(rng):
        yield "ScalarSummary", inputs, {}
    for inputs in histogram_cases(rng):
        yield "HistogramSummary", inputs, {}
    for inputs in merge_cases(rng):
        yield "MergeSummary", inputs, {}


def run(op, inputs, attrs):
    fn = getattr(tf.raw_ops, op)
    if op == "MergeSummary":
        return [fn(inputs=[tf.constant(v) for v in inputs]).numpy()]
    params = list(inspect.signature(fn).parameters)
    kwargs = dict(attrs)
    kwargs.update(dict(zip(params, [tf.constant(v) for v in inputs])))
    return [fn(**kwargs).numpy()]


def build():
    return golden_file.build_cases(cases(), run)


def same_histogram_but_sum(committed, live):
    """HistogramSummary of inputs NumPy computed, whose bits follow the CPU: on an AVX2 EPYC one
    input moved by an ulp from the AVX-512 Xeon's that wrote summary.pb, and with it the
    histogram's `sum`. Inputs within 4 ulp, sums within 1e-12 relatively, every other field
    identical."""
    # The inputs NumPy computed (its exp and power are the CPU's too) within 4 ulp.
    inputs_a, inputs_b = type(committed)(), type(live)()
    inputs_a.CopyFrom(committed)
    inputs_b.CopyFrom(live)
    del inputs_a.attr["expected_0"]
    del inputs_b.attr["expected_0"]
    if not golden_file.within_ulps(inputs_a, inputs_b, 4):
        return False
    a, b = summary_pb2.Summary(), summary_pb2.Summary()
    a.ParseFromString(tf.make_ndarray(committed.attr["expected_0"].tensor).item())
    b.ParseFromString(tf.make_ndarray(live.attr["expected_0"].tensor).item())
    if len(a.value) != len(b.value):
        return False
    for x, y in zip(a.value, b.value):
        sx, sy = x.histo.sum, y.histo.sum
        if abs(sx - sy) > 1e-12 * max(1.0, abs(sx), abs(sy)):
            return False
        x.histo.sum = y.histo.sum = 0
    return a == b


if __name__ == "__main__":
    golden_file.main(build, __doc__, cpu_dependent={"HistogramSummary": same_histogram_but_sum})
