#!/usr/bin/env python3
"""TensorFlow 2.21 on bench/nn_bench.cc's shapes: Conv2D and its two backprops, MatMul,
BatchMatMulV2, MaxPool; us per call, median of 5 trials. Run twice: as TF ships on x86 (oneDNN
kernels) and with TF_ENABLE_ONEDNN_OPTS=0 (TF's Eigen kernels, the ones minitf's numbers
follow).

  .venv-tf/bin/python bench/tf_nn_bench.py <threads>
  TF_ENABLE_ONEDNN_OPTS=0 .venv-tf/bin/python bench/tf_nn_bench.py <threads>
"""
import os
import sys
import time

import numpy as np
import tensorflow as tf

threads = int(sys.argv[1])
tf.config.threading.set_intra_op_parallelism_threads(threads)
tf.config.threading.set_inter_op_parallelism_threads(threads)
rng = np.random.default_rng(3)


def t(*shape):
    return tf.constant(rng.uniform(-0.5, 0.5, shape).astype(np.float32))


x, f, dy = t(16, 32, 32, 32), t(3, 3, 32, 64), t(16, 32, 32, 64)
a, b = t(512, 512), t(512, 512)
ba, bb = t(32, 128, 64), t(32, 64, 128)
p = t(16, 32, 32, 64)
R = tf.raw_ops
cases = [
    ("Conv2D", lambda: R.Conv2D(input=x, filter=f, strides=[1, 1, 1, 1], padding="SAME")),
    ("Conv2DBackpropInput", lambda: R.Conv2DBackpropInput(
        input_sizes=[16, 32, 32, 32], filter=f, out_backprop=dy, strides=[1, 1, 1, 1],
        padding="SAME")),
    ("Conv2DBackpropFilter", lambda: R.Conv2DBackpropFilter(
        input=x, filter_sizes=[3, 3, 32, 64], out_backprop=dy, strides=[1, 1, 1, 1],
        padding="SAME")),
    ("MatMul", lambda: R.MatMul(a=a, b=b)),
    ("BatchMatMul", lambda: R.BatchMatMulV2(x=ba, y=bb)),
    ("MaxPool", lambda: R.MaxPool(input=p, ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1],
                                  padding="SAME")),
]
onednn = os.environ.get("TF_ENABLE_ONEDNN_OPTS", "1") != "0"
for name, body in cases:
    fn = tf.function(body)
    for _ in range(3):
        fn().numpy()
    trials = []
    for _ in range(5):
        reps = 20
        start = time.perf_counter()
        for _ in range(reps):
            fn().numpy()
        trials.append((time.perf_counter() - start) / reps * 1e6)
    print(f"TF {'oneDNN' if onednn else 'Eigen'} {name} threads={threads}: "
          f"{sorted(trials)[2]:.1f} us")
