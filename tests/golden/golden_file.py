"""The golden-file container shared by the generate_*.py scripts: a GraphDef with one NodeDef
per case (op, attrs, `input_<i>` tensors, TF's `expected_<i>` outputs), written
deterministically, or compared with the committed file (--check)."""
import argparse
import inspect
import sys

import numpy as np
import tensorflow as tf
from tensorflow.core.framework import graph_pb2


def set_attr(attr, value):
    """Stores an attr value by its Python type: bool b, int i, float f, str s, list of ints
    list.i, list with a float list.f, a dtype type."""
    if isinstance(value, (bool, np.bool_)):
        attr.b = bool(value)
    elif isinstance(value, (int, np.integer)):
        attr.i = int(value)
    elif isinstance(value, (float, np.floating)):
        attr.f = float(value)
    elif isinstance(value, str):
        attr.s = value.encode()
    elif isinstance(value, list) and any(isinstance(v, float) for v in value):  # list(float)
        attr.list.f.extend(float(v) for v in value)
    elif isinstance(value, list):  # list(int)
        attr.list.i.extend(int(v) for v in value)
    else:
        attr.type = tf.as_dtype(value).as_datatype_enum


def add_case(graph, op, attrs, inputs, outputs=()):
    """Appends NodeDef `case<N>` with `op`, `attrs`, the `input_<j>` tensors and TF's
    `expected_<j>` outputs; returns it, for any further attrs."""
    node = graph.node.add()
    node.name = f"case{len(graph.node) - 1}"
    node.op = op
    for k, v in attrs.items():
        set_attr(node.attr[k], v)
    for j, v in enumerate(inputs):
        node.attr[f"input_{j}"].tensor.CopyFrom(tf.make_tensor_proto(np.asarray(v)))
    for j, v in enumerate(outputs):
        node.attr[f"expected_{j}"].tensor.CopyFrom(tf.make_tensor_proto(v))
    return node


def run_raw_op(op, inputs, attrs):
    """Runs tf.raw_ops.<op> eagerly: the inputs fill its leading parameters in order, the attrs
    are passed by name; returns its outputs as numpy arrays."""
    fn = getattr(tf.raw_ops, op)
    names = list(inspect.signature(fn).parameters)[:len(inputs)]
    kwargs = dict(zip(names, [tf.constant(v) for v in inputs]))
    kwargs.update(attrs)
    out = fn(**kwargs)
    return [o.numpy() for o in (out if isinstance(out, (list, tuple)) else [out])]


def build_cases(cases, run):
    """A GraphDef of one add_case per (op, inputs, attrs) of `cases`, outputs from `run`."""
    graph = graph_pb2.GraphDef()
    for op, inputs, attrs in cases:
        add_case(graph, op, attrs, inputs, run(op, inputs, attrs))
    return graph


def outputs_match(committed, live, same):
    """The same case (op, attrs, inputs) whose every `expected_<j>` pair passes same(x, y), the
    two numpy arrays (same shape and dtype). Inputs must be identical, except float inputs that
    TF computed (optimizer trajectories, an activation's output fed to its gradient op), which
    move with the CPU model as outputs do: those pass same(x, y) too."""
    if committed.op != live.op or set(committed.attr) != set(live.attr):
        return False
    for key in committed.attr:
        a, b = committed.attr[key], live.attr[key]
        if a.SerializeToString(deterministic=True) == b.SerializeToString(deterministic=True):
            continue
        if not (key.startswith("expected_") or key.startswith("input_")) or not a.HasField("tensor"):
            return False
        x, y = tf.make_ndarray(a.tensor), tf.make_ndarray(b.tensor)
        if x.shape != y.shape or x.dtype != y.dtype or not same(x, y):
            return False
    return True


def within_ulps(committed, live, ulps=2):
    """Outputs within `ulps` units in the last place (NaNs where TF's are)."""
    def same(x, y):
        if x.dtype in (np.complex64, np.complex128):
            x, y = x.view(x.real.dtype), y.view(y.real.dtype)
        if not np.issubdtype(x.dtype, np.floating):
            return bool(np.array_equal(x, y))
        if not np.array_equal(np.isnan(x), np.isnan(y)):
            return False
        bits = np.dtype(f"int{x.dtype.itemsize * 8}")
        xi, yi = x.view(bits).astype(np.int64), y.view(bits).astype(np.int64)
        return bool((np.isnan(x) | (np.abs(xi - yi) <= ulps)).all())
    return outputs_match(committed, live, same)


# A reordered sum's relative tolerance by dtype (as tests/ops/cwise_golden_test.cc's SumClose).
SUM_TOLERANCE = {np.dtype(np.float32): 1e-5, np.dtype(np.float64): 1e-12,
                 np.dtype(np.float16): 1e-2, np.dtype(np.complex64): 1e-5,
                 np.dtype(np.complex128): 1e-12}


def within_sum_tolerance(committed, live):
    """Outputs within their dtype's SUM_TOLERANCE times their largest magnitude (sums in an order
    the CPU's kernels pick; bfloat16 4e-2, integers exact); NaNs and infinities where TF's
    are."""
    def same(x, y):
        if x.dtype.kind in "iub":
            return bool(np.array_equal(x, y))
        rel = SUM_TOLERANCE.get(x.dtype, 4e-2)  # bfloat16
        x, y = x.astype(np.complex128).ravel(), y.astype(np.complex128).ravel()
        finite = np.isfinite(x) & np.isfinite(y)
        if not np.array_equal(x[~finite], y[~finite], equal_nan=True):
            return False
        scale = max(1.0, float(np.abs(y[finite]).max(initial=0.0)))
        return bool(np.abs(x[finite] - y[finite]).max(initial=0.0) <= rel * scale)
    return outputs_match(committed, live, same)


def case_matches(committed, live, tolerance):
    """Whether a committed case matches live TF's: identical, or within `tolerance` (ulps, "sum",
    or a function of the two NodeDefs) for an op whose TF results depend on the CPU model."""
    if committed.SerializeToString(deterministic=True) == live.SerializeToString(
            deterministic=True):
        return True
    if tolerance is None:
        return False
    if callable(tolerance):
        return tolerance(committed, live)
    if tolerance == "sum":
        return within_sum_tolerance(committed, live)
    return within_ulps(committed, live, tolerance)


def main(build, description, cpu_dependent=None):
    """Parses [--check] PATH; writes build()'s GraphDef there or compares it with the file.
    Cases of the ops in `cpu_dependent` ({op name: tolerance}: ops whose TF results differ
    between CPU models, e.g. those starting from the CPU's approximate rcp/rsqrt instructions or
    from libm functions the CPU picks) match within that many ulps, or, given "sum", within
    SUM_TOLERANCE (sums in an order the CPU's kernels pick), or when the given function of the
    committed and the live NodeDef says so; every other case must be identical. TF 2.21's
    results were seen to move between an AVX-512 Xeon and an AVX2 EPYC (docs/design.md, "Golden
    files and the CPU model")."""
    cpu_dependent = cpu_dependent or {}
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true",
                        help="regenerate and compare with the committed file instead of writing")
    parser.add_argument("path")
    args = parser.parse_args()
    graph = build()
    if args.check:
        committed = graph_pb2.GraphDef()
        with open(args.path, "rb") as f:
            committed.ParseFromString(f.read())
        differ = [a for a, b in zip(committed.node, graph.node)
                  if not case_matches(a, b, cpu_dependent.get(a.op))]
        same = len(committed.node) == len(graph.node) and not differ
        print(f"{args.path}: {len(graph.node)} cases, "
              f"{'matches live TF' if same else 'DIFFERS from live TF'}")
        for case in differ[:10]:
            print(f"  {case.name} ({case.op}) differs")
        sys.exit(0 if same else 1)
    with open(args.path, "wb") as f:
        f.write(graph.SerializeToString(deterministic=True))
    print(f"wrote {len(graph.node)} cases to {args.path}")
