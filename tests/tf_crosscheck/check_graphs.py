#!/usr/bin/env python3
"""Imports each GraphDef minitf wrote into TensorFlow 2.21 and checks that TF computes the
expected tensors bit for bit (see write_graphs.cc for the case format)."""
import glob
import os
import sys

import numpy as np
import tensorflow as tf


def load_tensor(path):
    proto = tf.make_tensor_proto(0)  # any TensorProto instance to parse into
    proto.Clear()
    with open(path, "rb") as f:
        proto.ParseFromString(f.read())
    return tf.make_ndarray(proto), tf.dtypes.as_dtype(proto.dtype)


def same_bits(got, want):
    got = np.asarray(got, dtype=object if want.dtype == object else None)
    if got.dtype != want.dtype or got.shape != want.shape:
        return False, f"dtype/shape {got.dtype}{got.shape} vs {want.dtype}{want.shape}"
    if want.dtype == object:
        return [bytes(x) for x in got.ravel()] == [bytes(x) for x in want.ravel()], "strings"
    return got.tobytes() == want.tobytes(), "bytes"


def check_case(directory, name):
    graph_def = tf.compat.v1.GraphDef()
    with open(os.path.join(directory, name + ".graph.pb"), "rb") as f:
        graph_def.ParseFromString(f.read())
    feeds, fetches, targets, runs = {}, [], [], []
    with open(os.path.join(directory, name + ".manifest")) as f:
        for line in f:
            kind, tensor, *rest = line.split()
            if kind == "feed":
                feeds[tensor] = load_tensor(os.path.join(directory, rest[0]))[0]
            elif kind == "run":
                runs.append((tensor, int(rest[0])))
            elif kind == "fetch":
                fetches.append((tensor, load_tensor(os.path.join(directory, rest[0]))[0]))
            else:
                targets.append(tensor)
    failures = []
    graph = tf.Graph()
    with graph.as_default():
        tf.compat.v1.import_graph_def(graph_def, name="")
        with tf.compat.v1.Session(graph=graph) as sess:
            for target, times in runs:
                for _ in range(times):
                    sess.run(target, feed_dict=feeds)
            values = sess.run([t for t, _ in fetches], feed_dict=feeds)
            for (tensor, want), got in zip(fetches, values):
                ok, how = same_bits(got, want)
                if not ok:
                    failures.append(f"{name}: {tensor}: {how}: got {got!r}, want {want!r}")
            if targets:
                sess.run(targets, feed_dict=feeds)
    print(f"{name}: {sum(t for _, t in runs)} runs, {len(fetches)} fetches, {len(targets)} targets: "
          f"{'FAIL' if failures else 'ok'}")
    return failures


def main():
    directory = sys.argv[1]
    cases = sorted(os.path.basename(p)[:-len(".graph.pb")]
                   for p in glob.glob(os.path.join(directory, "*.graph.pb")))
    if not cases:
        print("no cases found")
        return 1
    failures = []
    for name in cases:
        failures += check_case(directory, name)
    for f in failures:
        print(f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
