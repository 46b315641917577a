#!/usr/bin/env python3
"""Generates tests/golden/gradients.pb: the gradients TensorFlow 2.21 computes (tf.gradients in
graph mode) for small composed graphs through FakeQuantWithMinMaxArgs/Vars/VarsPerChannel
and CropAndResize, the graphs minitf's tests/ops/gradients_golden_test.cc rebuilds with
AddSymbolicGradients. One NodeDef per case: `op` names the case, `input_<i>` holds the fed
values, `expected_<j>` the gradient wrt input j (in the order the case lists), and `exact_<j>`
says whether the value involves only elementwise arithmetic (then it must match bit for bit).

  .venv-tf/bin/python tests/golden/generate_gradients.py tests/golden/gradients.pb
  .venv-tf/bin/python tests/golden/generate_gradients.py --check tests/golden/gradients.pb
"""
import os
import sys

import numpy as np
import tensorflow as tf
from tensorflow.core.framework import graph_pb2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

tf.compat.v1.disable_eager_execution()
SEED = 20261204
raw = tf.raw_ops


def qat_dense(x, w, b, mn, mx, target, kind, num_bits, narrow):
    """loss = mean((fakequant(x w + b) - target)^2); the forward of the QAT example."""
    y = raw.AddV2(x=raw.MatMul(a=x, b=w), y=b)
    if kind == "vars":
        q = raw.FakeQuantWithMinMaxVars(inputs=y, min=mn, max=mx, num_bits=num_bits,
                                        narrow_range=narrow)
    elif kind == "per_channel":
        q = raw.FakeQuantWithMinMaxVarsPerChannel(inputs=y, min=mn, max=mx, num_bits=num_bits,
                                                  narrow_range=narrow)
    else:
        q = raw.FakeQuantWithMinMaxArgs(inputs=y, min=-1.5, max=2.0, num_bits=num_bits,
                                        narrow_range=narrow)
    d = raw.Sub(x=q, y=target)
    return raw.Mean(input=raw.Square(x=d), axis=[0, 1])


def fake_quant_elementwise(x, mn, mx, num_bits, narrow):
    """z = fakequant(x)^2 * 3 - x: every gradient wrt x is elementwise."""
    q = raw.FakeQuantWithMinMaxVars(inputs=x, min=mn, max=mx, num_bits=num_bits,
                                    narrow_range=narrow)
    return raw.Sub(x=raw.Mul(x=raw.Square(x=q), y=tf.constant(3.0)), y=x)


def crop_loss(image, boxes, target, method):
    crops = raw.CropAndResize(image=image, boxes=boxes, box_ind=tf.constant([0, 0, 1], tf.int32),
                              crop_size=tf.constant([3, 4], tf.int32), method=method)
    return raw.Sum(input=raw.Square(x=raw.Sub(x=crops, y=target)), axis=[0, 1, 2, 3])


def cases():
    rng = np.random.default_rng(SEED)
    f32 = lambda *s: rng.standard_normal(s).astype(np.float32)  # noqa: E731
    for kind in ("vars", "per_channel", "args"):
        for num_bits, narrow in ((8, False), (4, True)):
            x, w, b = f32(5, 3), f32(3, 2), f32(2) * 0.1
            if kind == "per_channel":
                mn, mx = np.array([-1.2, -0.7], np.float32), np.array([0.9, 1.6], np.float32)
            else:
                mn, mx = np.float32(-1.1), np.float32(1.3)
            target = f32(5, 2)
            inputs = [x, w, b, mn, mx, target]
            # gradients wrt x, w, b, min, max (min/max: none for Args)
            wrt = [0, 1, 2] + ([3, 4] if kind != "args" else [])
            exact = [False, False, False, False, False]
            yield (f"qat_{kind}", inputs, wrt, exact,
                   {"num_bits": num_bits, "narrow_range": narrow},
                   lambda t, kind=kind, nb=num_bits, nr=narrow: qat_dense(*t, kind, nb, nr))
    for num_bits, narrow in ((8, False), (3, True)):
        x = np.concatenate([f32(20) * 1.5, np.array([-1.1, 1.3, 0, -0.0, 5.0], np.float32)])
        mn, mx = np.float32(-1.1), np.float32(1.3)
        yield ("fake_quant_elementwise", [x, mn, mx], [0, 1, 2], [True, False, False],
               {"num_bits": num_bits, "narrow_range": narrow},
               lambda t, nb=num_bits, nr=narrow: fake_quant_elementwise(*t, nb, nr))
    for method in ("bilinear", "nearest"):
        image = rng.uniform(-1, 1, (2, 7, 6, 2)).astype(np.float32)
        a = rng.uniform(0, 1, (3, 2))
        c = rng.uniform(0, 1, (3, 2))
        boxes = np.concatenate([np.minimum(a, c), np.maximum(a, c)], 1).astype(np.float32)
        target = f32(3, 3, 4, 2)
        yield (f"crop_{method}", [image, boxes, target], [0, 1], [False, False],
               {"method": method}, lambda t, m=method: crop_loss(*t, m))


def build():
    graph = graph_pb2.GraphDef()
    for name, inputs, wrt, exact, attrs, forward in cases():
        with tf.Graph().as_default():
            feeds = [tf.compat.v1.placeholder(tf.as_dtype(np.asarray(v).dtype), np.shape(v))
                     for v in inputs]
            loss = forward(feeds)
            grads = tf.gradients(loss, [feeds[j] for j in wrt])
            with tf.compat.v1.Session() as sess:
                values = sess.run([loss] + grads, dict(zip(feeds, inputs)))
        node = golden_file.add_case(graph, name, attrs, inputs)
        node.attr["expected_loss"].tensor.CopyFrom(tf.make_tensor_proto(values[0]))
        for j, v in zip(wrt, values[1:]):
            node.attr[f"expected_{j}"].tensor.CopyFrom(tf.make_tensor_proto(v))
            node.attr[f"exact_{j}"].b = exact[j]
    return graph


if __name__ == "__main__":
    # The QAT gradient graphs go through MatMul (sums in an order the CPU's kernels pick): up to
    # 4 ulp between an AVX-512 Xeon (which wrote gradients.pb) and an AVX2 EPYC.
    golden_file.main(build, __doc__, cpu_dependent={
        "qat_vars": 8, "qat_per_channel": 8, "qat_args": 8})
