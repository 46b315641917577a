#!/usr/bin/env python3
"""Generates tests/golden/fake_quant.pb: inputs and TensorFlow 2.21's outputs for the six
FakeQuant ops, random and edge cases, for every num_bits 2..16 with and without
narrow_range.

The file is a GraphDef used as a container: one NodeDef per case, whose `op` is the op, whose
attrs are the op's attrs plus `input_<i>` (the input tensors), `expected_<i>` (TF's outputs)
and, for outputs that are sums, `exact_<i>` (the float64 sum, to judge accuracy).

  .venv-tf/bin/python tests/golden/generate_fake_quant.py tests/golden/fake_quant.pb
  .venv-tf/bin/python tests/golden/generate_fake_quant.py --check tests/golden/fake_quant.pb
"""
import os
import sys

import numpy as np
import tensorflow as tf
from tensorflow.core.framework import graph_pb2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261202
OPS = ["FakeQuantWithMinMaxArgs", "FakeQuantWithMinMaxArgsGradient",
       "FakeQuantWithMinMaxVars", "FakeQuantWithMinMaxVarsGradient",
       "FakeQuantWithMinMaxVarsPerChannel", "FakeQuantWithMinMaxVarsPerChannelGradient"]


def nudge(mn, mx, bits, narrow):
    """float32 re-derivation of TF's Nudge, used only to place inputs on grid edges."""
    f = np.float32
    qmin, qmax = f(1 if narrow else 0), f((1 << bits) - 1)
    scale = f(f(mx) - f(mn)) / f(qmax - qmin)
    zpfm = f(qmin - f(mn) / scale)
    if zpfm < qmin:
        zp = qmin
    elif zpfm > qmax:
        zp = qmax
    else:
        # Round half away from zero, exactly (float32 + 0.5 is exact in double).
        zp = f(np.floor(abs(float(zpfm)) + 0.5) * np.sign(float(zpfm)))
    return f((qmin - zp) * scale), f((qmax - zp) * scale), scale


def edge_inputs(rng, n, mn, mx, bits, narrow, specials):
    """Random values over a little more than the range, plus grid points, ties and edges."""
    nmin, nmax, scale = nudge(mn, mx, bits, narrow)
    span = float(mx - mn)
    x = rng.uniform(mn - 0.2 * span, mx + 0.2 * span, n).astype(np.float32)
    k = rng.integers(0, (1 << bits), n)
    grid = (nmin + k * scale).astype(np.float32)
    ties = (grid + np.float32(0.5) * scale).astype(np.float32)
    pick = rng.integers(0, 4, n)
    x = np.where(pick == 1, grid, np.where(pick == 2, ties, x)).astype(np.float32)
    edges = [nmin, nmax, np.nextafter(nmin, np.float32(-np.inf)),
             np.nextafter(nmax, np.float32(np.inf)), np.float32(0), np.float32(-0.0),
             np.float32(mn), np.float32(mx)]
    if specials:
        edges += [np.float32(np.inf), np.float32(-np.inf), np.float32(np.nan)]
    x[:len(edges)] = edges[:n]
    return x


def random_range(rng, kind):
    if kind == 0:
        lo = -rng.uniform(0.01, 10)
        return np.float32(lo), np.float32(lo + rng.uniform(0.05, 40))
    if kind == 1:  # all positive: the range shifts to start at 0
        lo = rng.uniform(0.01, 5)
        return np.float32(lo), np.float32(lo + rng.uniform(0.1, 10))
    if kind == 2:  # all negative
        hi = -rng.uniform(0.01, 5)
        return np.float32(hi - rng.uniform(0.1, 10)), np.float32(hi)
    return np.float32(-rng.uniform(0, 1e-3)), np.float32(rng.uniform(1e-3, 1e-2))  # tiny


def gradients(rng, shape, specials):
    g = rng.standard_normal(shape).astype(np.float32)
    if specials and g.size > 3:
        flat = g.reshape(-1)
        flat[-1] = -1.0  # gives -0.0 when masked out
    return g


def run(op, inputs, attrs):
    fn = getattr(tf.raw_ops, op)
    names = {
        "FakeQuantWithMinMaxArgs": ["inputs"],
        "FakeQuantWithMinMaxArgsGradient": ["gradients", "inputs"],
        "FakeQuantWithMinMaxVars": ["inputs", "min", "max"],
        "FakeQuantWithMinMaxVarsGradient": ["gradients", "inputs", "min", "max"],
        "FakeQuantWithMinMaxVarsPerChannel": ["inputs", "min", "max"],
        "FakeQuantWithMinMaxVarsPerChannelGradient": ["gradients", "inputs", "min", "max"],
    }[op]
    kwargs = dict(zip(names, [tf.constant(v) for v in inputs]))
    kwargs.update({k: v for k, v in attrs.items() if k != "lcg_count"})
    out = fn(**kwargs)
    if not isinstance(out, (list, tuple)):
        out = [out]
    return [np.asarray(o) for o in out]


def flush_subnormals(a):
    """TF's kernels run with denormals treated as zero (MXCSR DAZ)."""
    a = np.asarray(a, np.float32)
    tiny = np.abs(a) < np.finfo(np.float32).tiny
    return np.where(tiny, np.float32(0) * np.sign(a), a).astype(np.float32)


def exact_sums(op, inputs, attrs, outputs):
    """float64 sums of the selected gradients (for the d_min / d_max outputs)."""
    if not op.endswith("VarsGradient") and not op.endswith("PerChannelGradient"):
        return {}
    g, x, mn, mx = [flush_subnormals(v) for v in inputs]
    bits, narrow = attrs["num_bits"], attrs["narrow_range"]
    g64 = g.astype(np.float64)
    if op == "FakeQuantWithMinMaxVarsGradient":
        if mn == 0 and mx == 0:
            return {1: np.float64(0), 2: np.float64(0)}
        nmin, nmax, _ = nudge(mn, mx, bits, narrow)
        return {1: np.sum(g64 * (x < nmin)), 2: np.sum(g64 * (x > nmax))}
    depth = x.shape[-1]
    if depth == 0 or x.size == 0:
        return {1: np.zeros(depth), 2: np.zeros(depth)}
    g2, x2 = g64.reshape(-1, depth), x.reshape(-1, depth)
    below, above = np.zeros(depth), np.zeros(depth)
    for c in range(depth):
        if mn[c] == 0 and mx[c] == 0:
            continue
        nmin, nmax, _ = nudge(mn[c], mx[c], bits, narrow)
        below[c] = np.sum(g2[:, c] * (x2[:, c] < nmin))
        above[c] = np.sum(g2[:, c] * (x2[:, c] > nmax))
    return {1: below, 2: above}


def cases():
    rng = np.random.default_rng(SEED)
    shapes = [(), (0,), (7,), (3, 5), (1, 2, 3, 4), (2, 1, 3, 2, 2)]
    for bits in range(2, 17):
        for narrow in (False, True):
            for kind in range(4):
                mn, mx = random_range(rng, kind)
                specials = kind == 0
                attrs = {"num_bits": bits, "narrow_range": narrow}
                for shape in shapes:
                    n = int(np.prod(shape))
                    x = edge_inputs(rng, n, mn, mx, bits, narrow, specials).reshape(shape)
                    g = gradients(rng, shape, specials)
                    yield "FakeQuantWithMinMaxArgs", [x], dict(attrs, min=float(mn), max=float(mx))
                    yield ("FakeQuantWithMinMaxArgsGradient", [g, x],
                           dict(attrs, min=float(mn), max=float(mx)))
                    yield "FakeQuantWithMinMaxVars", [x, mn, mx], attrs
                    yield "FakeQuantWithMinMaxVarsGradient", [g, x, mn, mx], attrs
                    if len(shape) == 0 or len(shape) > 4:
                        continue
                    depth = shape[-1]
                    mins = np.array([random_range(rng, (kind + c) % 4)[0] for c in range(depth)],
                                    np.float32)
                    maxs = np.array([random_range(rng, (kind + c) % 4)[1] for c in range(depth)],
                                    np.float32)
                    if depth > 1:
                        mins[0], maxs[0] = mn, mx
                    yield "FakeQuantWithMinMaxVarsPerChannel", [x, mins, maxs], attrs
                    yield "FakeQuantWithMinMaxVarsPerChannelGradient", [g, x, mins, maxs], attrs
    # TF's defined results for odd ranges: min == max == 0, min == max != 0, min > max.
    x = np.array([-1.5, -0.0, 0.0, 0.3, 2.0, 7.5], np.float32)
    g = np.array([1.0, -2.0, 3.0, -4.0, 5.0, np.inf], np.float32)
    for mn, mx in [(0.0, 0.0), (-0.0, 0.0), (1.5, 1.5), (2.0, -1.0)]:
        attrs = {"num_bits": 8, "narrow_range": False}
        mn, mx = np.float32(mn), np.float32(mx)
        yield "FakeQuantWithMinMaxVars", [x, mn, mx], attrs
        yield "FakeQuantWithMinMaxVarsGradient", [g, x, mn, mx], attrs
        mins, maxs = np.full(6, mn, np.float32), np.full(6, mx, np.float32)
        yield "FakeQuantWithMinMaxVarsPerChannel", [x, mins, maxs], attrs
        yield "FakeQuantWithMinMaxVarsPerChannelGradient", [g, x, mins, maxs], attrs
    # A large Vars gradient (sums over many shards in TF). Its inputs come from a formula the
    # C++ test repeats (lcg_inputs), and d_input is stored as a hash, to keep the file small.
    g, x = lcg_inputs(300000)
    yield ("FakeQuantWithMinMaxVarsGradient", [g, x, np.float32(-6), np.float32(6)],
           {"num_bits": 8, "narrow_range": False, "lcg_count": 300000})


def lcg_inputs(n):
    """g in [-4, 4) and x in [-8, 8), exactly representable: (hash >> 8) * 2^-20 - offset."""
    i = np.arange(n, dtype=np.uint64)
    hx = (i * np.uint64(2654435761)) % np.uint64(1 << 32)
    hg = (i * np.uint64(2246822519) + np.uint64(374761393)) % np.uint64(1 << 32)
    x = ((hx >> np.uint64(8)).astype(np.float32) * np.float32(2.0 ** -20)) - np.float32(8)
    g = ((hg >> np.uint64(8)).astype(np.float32) * np.float32(2.0 ** -21)) - np.float32(4)
    return g.astype(np.float32), x.astype(np.float32)


def fnv1a64(data):
    """FNV-1a, 64 bits, of a byte string (numpy-vectorised over 8-byte words is not FNV;
    this is the plain byte loop, fine for a few MB)."""
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def build():
    graph = graph_pb2.GraphDef()
    for i, (op, inputs, attrs) in enumerate(cases()):
        outputs = run(op, inputs, attrs)
        node = graph.node.add()
        node.name = f"case{i}"
        node.op = op
        for k, v in attrs.items():
            golden_file.set_attr(node.attr[k], v)
        lcg = "lcg_count" in attrs
        for j, v in enumerate(inputs):
            if lcg and j < 2:
                continue  # regenerated by the test
            node.attr[f"input_{j}"].tensor.CopyFrom(tf.make_tensor_proto(np.asarray(v)))
        for j, v in enumerate(outputs):
            if lcg and v.size > 1:
                node.attr[f"expected_{j}_fnv1a64"].i = fnv1a64(v.tobytes()) - (1 << 64) * (
                    fnv1a64(v.tobytes()) >= (1 << 63))
                continue
            node.attr[f"expected_{j}"].tensor.CopyFrom(tf.make_tensor_proto(v))
        for j, v in exact_sums(op, inputs, attrs, outputs).items():
            node.attr[f"exact_{j}"].tensor.CopyFrom(tf.make_tensor_proto(np.asarray(v, np.float64)))
    return graph


if __name__ == "__main__":
    golden_file.main(build, __doc__)
