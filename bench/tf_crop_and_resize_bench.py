#!/usr/bin/env python3
"""TensorFlow 2.21's CropAndResize family on bench/crop_and_resize_bench.cc's shapes (64
boxes of 7x7, depth 256, image [2, 32, 32, 256]), us per call, median of 5 trials.

  .venv-tf/bin/python bench/tf_crop_and_resize_bench.py <threads>
"""
import sys
import time

import numpy as np
import tensorflow as tf

threads = int(sys.argv[1])
tf.config.threading.set_intra_op_parallelism_threads(threads)
tf.config.threading.set_inter_op_parallelism_threads(threads)

rng = np.random.default_rng(3)
image = tf.constant(rng.uniform(-1, 1, (2, 32, 32, 256)).astype(np.float32))
grads = tf.constant(rng.uniform(-0.5, 0.5, (64, 7, 7, 256)).astype(np.float32))
lo = rng.uniform(0, 0.4, (64, 2))
hi = rng.uniform(0.55, 0.95, (64, 2))
boxes = tf.constant(np.concatenate([lo, hi], 1).astype(np.float32))
box_ind = tf.constant((np.arange(64) % 2).astype(np.int32))


@tf.function
def grad_boxes():
    return tf.raw_ops.CropAndResizeGradBoxes(grads=grads, image=image, boxes=boxes,
                                             box_ind=box_ind)


@tf.function
def forward():
    return tf.raw_ops.CropAndResize(image=image, boxes=boxes, box_ind=box_ind, crop_size=[7, 7])


@tf.function
def grad_image():
    return tf.raw_ops.CropAndResizeGradImage(grads=grads, boxes=boxes, box_ind=box_ind,
                                             image_size=[2, 32, 32, 256], T=tf.float32)


for name, fn in [("CropAndResizeGradBoxes", grad_boxes), ("CropAndResize", forward),
                 ("CropAndResizeGradImage", grad_image)]:
    for _ in range(5):
        fn().numpy()
    trials = []
    for _ in range(5):
        reps = 100
        start = time.perf_counter()
        for _ in range(reps):
            out = fn()
        out.numpy()
        trials.append((time.perf_counter() - start) / reps * 1e6)
    print(f"TF {name} threads={threads}: {sorted(trials)[2]:.1f} us")
