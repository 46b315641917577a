#!/usr/bin/env python3
"""Generates tests/golden/training.pb: single steps of TF 2.21's optimizer ops on reference
variables (ApplyGradientDescent, ApplyMomentum, ApplyAdam, ApplyRMSProp, ApplyAdagrad,
ApplyAdadelta; Nesterov and update_slots forms too)
for the floating dtypes TF's CPU kernels take. Each optimizer runs a trajectory of steps with
random gradients in a tf.compat.v1 graph and session; every step is one case: `input_<j>` the
op's inputs before the step (variables and slots as they were), `expected_<j>` each reference
input (the variable, then its slots) after it. A step matching TF's bits from any state means
whole trajectories match. Same container as generate_fake_quant.py.

  .venv-tf/bin/python tests/golden/generate_training.py tests/golden/training.pb
  .venv-tf/bin/python tests/golden/generate_training.py --check tests/golden/training.pb
"""
import os
import sys

os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.core.framework import graph_pb2  # noqa: E402
from tensorflow.python.framework import op_def_registry  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261205
BF16 = tf.bfloat16.as_numpy_dtype
DTYPES = [np.float32, np.float64, np.float16, BF16]
STEPS = 4
N = 37  # not a multiple of any packet size

# op: (slot names, {scalar input: value}, extra attrs); inputs are var, slots, then the op's
# remaining inputs in OpDef order.
OPTIMIZERS = [
    ("ApplyGradientDescent", [], {"alpha": 0.05}, {}),
    ("ApplyMomentum", ["accum"], {"lr": 0.05, "momentum": 0.9}, {"use_nesterov": False}),
    ("ApplyMomentum", ["accum"], {"lr": 0.05, "momentum": 0.9}, {"use_nesterov": True}),
    ("ApplyAdam", ["m", "v"],
     {"beta1_power": 0.9, "beta2_power": 0.999, "lr": 0.01, "beta1": 0.9, "beta2": 0.999,
      "epsilon": 1e-7}, {"use_nesterov": False}),
    ("ApplyAdam", ["m", "v"],
     {"beta1_power": 0.81, "beta2_power": 0.998, "lr": 0.01, "beta1": 0.9, "beta2": 0.999,
      "epsilon": 1e-7}, {"use_nesterov": True}),
    ("ApplyRMSProp", ["ms", "mom"],
     {"lr": 0.01, "rho": 0.9, "momentum": 0.5, "epsilon": 1e-7}, {}),
    ("ApplyAdagrad", ["accum"], {"lr": 0.05}, {"update_slots": True}),
    ("ApplyAdagrad", ["accum"], {"lr": 0.05}, {"update_slots": False}),
    ("ApplyAdadelta", ["accum", "accum_update"], {"lr": 1.0, "rho": 0.95, "epsilon": 1e-6}, {}),
]


def trajectory(rng, op, slots, scalars, attrs, dtype):
    """The cases of STEPS steps of `op` from a random start."""
    tf_dtype = tf.as_dtype(dtype)
    names = ["var"] + slots
    args = [a.name for a in op_def_registry.get(op).input_arg]
    grad_name = "grad" if "grad" in args else "delta"  # ApplyGradientDescent: delta
    graph = tf.Graph()
    cases = []
    with graph.as_default():
        refs = [tf.raw_ops.VariableV2(shape=[N], dtype=tf_dtype, name=n) for n in names]
        starts = [rng.standard_normal(N).astype(dtype)] + [
            (np.abs(rng.standard_normal(N)) * 0.1).astype(dtype) for _ in slots]
        inits = [tf.raw_ops.Assign(ref=r, value=tf.constant(s, tf_dtype))
                 for r, s in zip(refs, starts)]
        grad = tf.compat.v1.placeholder(tf_dtype, [N])
        kwargs = dict(zip(names, refs))
        kwargs.update({k: tf.constant(v, tf_dtype) for k, v in scalars.items()})
        kwargs[grad_name] = grad
        step = getattr(tf.raw_ops, op)(**kwargs, **attrs)
        with tf.compat.v1.Session(graph=graph) as session:
            session.run(inits)
            for _ in range(STEPS):
                g = (rng.standard_normal(N) * 0.5).astype(dtype)
                before = session.run(refs)
                session.run(step.op, {grad: g})
                after = session.run(refs)
                rest = [g if a == grad_name else np.asarray(scalars[a], dtype)
                        for a in args[len(names):]]
                cases.append((before + rest, after))
    return cases


def build():
    rng = np.random.default_rng(SEED)
    graph = graph_pb2.GraphDef()
    for op, slots, scalars, attrs in OPTIMIZERS:
        for dtype in DTYPES:
            for inputs, outputs in trajectory(rng, op, slots, scalars, attrs, dtype):
                golden_file.add_case(graph, op, attrs, inputs, outputs)
    return graph


if __name__ == "__main__":
    tf.compat.v1.disable_eager_execution()
    # Adagrad and Adadelta start from the CPU's rsqrt estimate (rsqrtps), whose table is the
    # CPU maker's; along Adadelta's trajectory (each step's input is TF's previous output) the
    # ulps grow to ~64 between an AVX-512 Xeon and an AVX2 EPYC, so it is compared as a sum.
    golden_file.main(build, __doc__.splitlines()[0], {"ApplyAdagrad": 2, "ApplyAdadelta": "sum"})
