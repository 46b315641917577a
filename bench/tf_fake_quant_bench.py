#!/usr/bin/env python3
"""TensorFlow 2.21's FakeQuantWithMinMaxVarsGradient on the sizes bench/fake_quant_bench.cc
uses, at 1 and 2 threads: ns per element, median of 5 trials of timed tf.function calls on
inputs large enough that Python's per-call overhead (~20 us) is small.

  .venv-tf/bin/python bench/tf_fake_quant_bench.py <threads>
(one process per thread count: TF fixes its pools at first use)
"""
import sys
import time

import numpy as np
import tensorflow as tf

threads = int(sys.argv[1])
tf.config.threading.set_intra_op_parallelism_threads(threads)
tf.config.threading.set_inter_op_parallelism_threads(threads)


@tf.function
def grad(g, x):
    return tf.raw_ops.FakeQuantWithMinMaxVarsGradient(gradients=g, inputs=x, min=-6.0, max=6.0)


rng = np.random.default_rng(1)
for n in (1000000, 10000000, 100000000):
    g = tf.constant(rng.uniform(-1, 1, n).astype(np.float32))
    x = tf.constant(rng.uniform(-8, 8, n).astype(np.float32))
    for _ in range(5):
        [t.numpy() for t in grad(g, x)]
    trials = []
    for _ in range(5):
        reps = max(3, int(1e8 // n))
        start = time.perf_counter()
        for _ in range(reps):
            out = grad(g, x)
        out[1].numpy()
        trials.append((time.perf_counter() - start) / reps / n * 1e9)
    print(f"TF FakeQuantWithMinMaxVarsGradient n={n} threads={threads}: "
          f"{sorted(trials)[2]:.3f} ns/elem")
