#!/usr/bin/env python3
"""Generates tests/golden/random.pb: TF 2.21's random ops for fixed seeds. The stateful ops
(RandomUniform, RandomStandardNormal, TruncatedNormal, RandomUniformInt, RandomShuffle) run
twice in one tf.compat.v1 session: `expected_0` is the first Run's output, `second_0` the
second's (the node's stream continues). The stateless ops (StatelessRandomUniform, ...Normal,
StatelessTruncatedNormal, StatelessRandomUniformInt, ...FullInt, their V2 forms on keys and counters, and
StatelessRandomGetKeyCounter[Alg], StatelessRandomGetAlg) run once. Multinomial and StatelessMultinomial store
one output per intra-op thread count, since TF splits their rows by its thread pool:
`expected_0` at 1 thread, `threads2_0` and `threads4_0` at 2 and 4 (each count in its own
process: TF's CPU thread pool is made once per process; the other ops' outputs are checked to
be the same at every count). Same container as
generate_fake_quant.py.

  .venv-tf/bin/python tests/golden/generate_random.py tests/golden/random.pb
  .venv-tf/bin/python tests/golden/generate_random.py --check tests/golden/random.pb
"""
import os
import pickle
import subprocess
import sys
import tempfile

os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

FLOATS = ["float32", "float64", "float16", "bfloat16"]
SEEDS = [(1, 2), (87654321, -5), (2**40 + 17, 2**35 + 3), (0, 5), (-3, 0)]
SHAPES = [[], [5], [4, 7], [1001]]
THREADS = [1, 2, 4]


def cases():
    """(op, inputs, attrs, runs): runs 2 for a stateful op (two Runs), else 0 (one per thread
    count)."""
    out = []
    k = 0
    for op in ["RandomUniform", "RandomStandardNormal", "TruncatedNormal"]:
        for dtype in FLOATS:
            for shape in SHAPES:
                seed, seed2 = SEEDS[k % len(SEEDS)]
                k += 1
                shape_t = np.array(shape, np.int64 if k % 2 else np.int32)
                out.append((op, [shape_t], {"dtype": dtype, "seed": seed, "seed2": seed2}, 2))
    ranges = {"int32": [(-5, 17), (-2**31, 2**31 - 1), (0, 1), (100, 1000003)],
              "int64": [(-2**62, 2**62), (-2**63, 2**63 - 1), (-7, 3), (0, 2**40 + 5)]}
    for dtype, bounds in ranges.items():
        for lo, hi in bounds:
            seed, seed2 = SEEDS[k % len(SEEDS)]
            k += 1
            out.append(("RandomUniformInt",
                        [np.array([3, 5], np.int32), np.array(lo, dtype), np.array(hi, dtype)],
                        {"seed": seed, "seed2": seed2}, 2))
    shuffles = [np.arange(10, dtype=np.int32), np.arange(30, dtype=np.float32).reshape(10, 3),
                np.array([b"a", b"bb", b"ccc", b"dddd", b"e"]), np.arange(1001, dtype=np.int64),
                np.array([True, False, True]), np.array([[7.5]], np.float64)]
    for value in shuffles:
        seed, seed2 = SEEDS[k % len(SEEDS)]
        k += 1
        out.append(("RandomShuffle", [value], {"seed": seed, "seed2": seed2}, 2))
    for op in ["StatelessRandomUniform", "StatelessRandomNormal", "StatelessTruncatedNormal"]:
        for dtype in FLOATS:
            for shape in SHAPES:
                seed = SEEDS[k % len(SEEDS)]
                k += 1
                seed_t = np.array(seed, np.int64) if k % 2 or seed[0] > 2**31 else np.array(
                    seed, np.int32)
                out.append((op, [np.array(shape, np.int32), seed_t], {"dtype": dtype}, 0))
    for dtype, bounds in ranges.items():
        for lo, hi in bounds:
            seed = SEEDS[k % len(SEEDS)]
            k += 1
            out.append(("StatelessRandomUniformInt",
                        [np.array([7], np.int64), np.array(seed, np.int64), np.array(lo, dtype),
                         np.array(hi, dtype)], {}, 0))
    for dtype in ["int32", "int64", "uint32", "uint64"]:
        seed = SEEDS[k % len(SEEDS)]
        k += 1
        out.append(("StatelessRandomUniformFullInt",
                    [np.array([9], np.int32), np.array(seed, np.int64)], {"dtype": dtype}, 0))
    keys = [(0x123456789ABCDEF, (7, 2**63 + 5), 1), (5, (1, 2), 3), (2**64 - 1, (2**64 - 1, 0), 1)]
    for op in ["StatelessRandomUniformV2", "StatelessRandomNormalV2", "StatelessTruncatedNormalV2"]:
        for dtype in FLOATS:
            key, counter, alg = keys[k % len(keys)]
            k += 1
            out.append((op, [np.array([5, 3], np.int32), np.array([key], np.uint64),
                             np.array(counter, np.uint64), np.array(alg, np.int32)],
                        {"dtype": dtype}, 0))
    v2_ranges = {"int32": (-5, 17), "int64": (-2**62, 2**62), "uint32": (3, 2**32 - 2),
                 "uint64": (0, 2**64 - 1)}
    for dtype, (lo, hi) in v2_ranges.items():
        key, counter, alg = keys[k % len(keys)]
        k += 1
        v2 = [np.array([7], np.int64), np.array([key], np.uint64), np.array(counter, np.uint64),
              np.array(alg, np.int32)]
        if dtype.startswith("int"):  # TF's CPU kernels: int32 and int64 only
            out.append(("StatelessRandomUniformIntV2",
                        v2 + [np.array(lo, dtype), np.array(hi, dtype)], {}, 0))
        out.append(("StatelessRandomUniformFullIntV2", v2, {"dtype": dtype}, 0))
    for seed in [np.array([1, 2], np.int64), np.array([-1, 5], np.int32)]:
        out.append(("StatelessRandomGetKeyCounter", [seed], {}, 0))
        out.append(("StatelessRandomGetKeyCounterAlg", [seed], {}, 0))
    out.append(("StatelessRandomGetAlg", [], {}, 0))
    rng = np.random.default_rng(20261205)
    logits = [np.array([[0, 1, 2], [1, 1, -np.inf]], np.float32),
              rng.standard_normal((400, 8)).astype(np.float32),
              rng.standard_normal((700, 3)).astype(np.float64),
              np.array([[0.5, np.nan, 2, np.inf], [-1, -1, -1, -1]], np.float16),
              rng.standard_normal((5, 17)).astype(np.float32)]
    for i, lg in enumerate(logits):
        samples = [6, 5, 4, 9, 1][i]
        seed = SEEDS[k % len(SEEDS)]
        k += 1
        out_dtype = "int64" if i % 2 == 0 else "int32"
        out.append(("Multinomial", [lg, np.array(samples, np.int32)],
                    {"seed": seed[0], "seed2": seed[1], "output_dtype": out_dtype}, 0))
        out.append(("StatelessMultinomial",
                    [lg, np.array(samples, np.int32), np.array(seed, np.int64)],
                    {"output_dtype": out_dtype}, 0))
    lg16 = rng.standard_normal((4, 6)).astype(np.float32)
    import tensorflow as tf
    out.append(("Multinomial", [lg16.astype(tf.bfloat16.as_numpy_dtype), np.array(4, np.int32)],
                {"seed": 1, "seed2": 2, "output_dtype": "int64"}, 0))
    return out


def run_case(tf, op, inputs, attrs, runs, threads):
    """The op's outputs in a fresh graph and session: `runs` Runs (at least one)."""
    graph = tf.Graph()
    with graph.as_default():
        kwargs = {}
        fn = getattr(tf.raw_ops, op)
        import inspect
        names = list(inspect.signature(fn).parameters)[:len(inputs)]
        for name, v in zip(names, inputs):
            kwargs[name] = tf.constant(v)
        for key, v in attrs.items():
            kwargs[key] = tf.as_dtype(v) if key in ("dtype", "output_dtype") else v
        result = fn(**kwargs)
        config = tf.compat.v1.ConfigProto(intra_op_parallelism_threads=threads,
                                          inter_op_parallelism_threads=threads)
        with tf.compat.v1.Session(graph=graph, config=config) as session:
            values = [session.run(result) for _ in range(max(runs, 1))]
            return [list(v) if isinstance(v, tuple) else v for v in values]


def run_all(threads):
    import tensorflow as tf
    tf.compat.v1.disable_eager_execution()
    tf.config.threading.set_intra_op_parallelism_threads(threads)
    tf.config.threading.set_inter_op_parallelism_threads(threads)
    return [run_case(tf, op, inputs, attrs, runs, threads) for op, inputs, attrs, runs in cases()]


def child(threads, path):
    results = run_all(threads)
    with open(path, "wb") as f:
        pickle.dump([r[0] for r in results], f)


def in_process(threads):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "out.pickle")
        subprocess.run([sys.executable, os.path.abspath(__file__), "--child", str(threads), path],
                       check=True)
        with open(path, "rb") as f:
            return pickle.load(f)  # written by this script's own child, just now


def build():
    import golden_file
    from tensorflow.core.framework import graph_pb2
    import tensorflow as tf
    graph = graph_pb2.GraphDef()
    one = run_all(1)
    more = {t: in_process(t) for t in THREADS}
    for i, (op, *_rest) in enumerate(cases()):  # this process's pool may predate the config
        if op.endswith("Multinomial"):
            one[i][0] = more[1][i]
    bf16 = tf.bfloat16.as_numpy_dtype
    def listed(result):
        return list(result) if isinstance(result, (list, tuple)) else [result]

    for i, (op, inputs, attrs, runs) in enumerate(cases()):
        stored = dict(attrs)
        for key in ("dtype", "output_dtype"):
            if key in stored:
                stored[key] = bf16 if stored[key] == "bfloat16" else np.dtype(stored[key])
        first = listed(one[i][0])
        for t in THREADS[1:]:
            for a, b in zip(listed(more[t][i]), first):
                same = a.dtype == b.dtype and (
                    a.tobytes() == b.tobytes() or a.dtype == object and (a == b).all())
                assert op.endswith("Multinomial") or same, (op, t)
        node = golden_file.add_case(graph, op, stored, inputs, first)
        if runs == 2:
            node.attr["second_0"].tensor.CopyFrom(tf.make_tensor_proto(one[i][1]))
        elif op.endswith("Multinomial"):
            for t in THREADS[1:]:
                node.attr[f"threads{t}_0"].tensor.CopyFrom(tf.make_tensor_proto(more[t][i]))
    return graph


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        child(int(sys.argv[2]), sys.argv[3])
        sys.exit(0)
    import golden_file
    golden_file.main(build, __doc__.splitlines()[0])
