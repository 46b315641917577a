#!/usr/bin/env python3
"""Reads the checkpoints write_checkpoint.cc wrote with minitf through TensorFlow 2.21
(tf.train.load_checkpoint, and the RestoreV2 op) and checks every tensor, bit for bit,
against the TensorProtos in <name>.expected; also that TF sees no other tensors.

  .venv-tf/bin/python tests/tf_crosscheck/check_checkpoint.py <dir>

It also has TF save the tensors of `many` (5000 scalars: an index of two blocks) in the same
order into <dir>/tf_many and checks that minitf's files are TF's, byte for byte; tf_many is
then read back by `write_checkpoint --read` (run_crosscheck.sh).
"""
import shutil
import os
import sys

import numpy as np
import tensorflow as tf
from tensorflow.core.framework import tensor_pb2


def expected(path):
    out = []
    with open(path) as f:
        for line in f:
            name, hexed = line.split()
            proto = tensor_pb2.TensorProto()
            proto.ParseFromString(bytes.fromhex(hexed))
            out.append((name, tf.make_ndarray(proto), tf.dtypes.as_dtype(proto.dtype)))
    return out


def same_bits(got, want):
    got = np.asarray(got)
    if got.shape != want.shape:
        return False
    if want.dtype == object:
        return [bytes(x) for x in got.ravel()] == [bytes(x) for x in want.ravel()]
    return got.dtype == want.dtype and got.tobytes() == want.tobytes()


def check(directory, name):
    prefix = os.path.join(directory, name)
    cases = expected(prefix + ".expected")
    reader = tf.train.load_checkpoint(prefix)
    dtypes = reader.get_variable_to_dtype_map()
    bad = []
    if sorted(dtypes) != sorted(n for n, _, _ in cases):
        bad.append(f"{name}: TF sees tensors {sorted(dtypes)}")
    for n, want, dtype in cases:
        if dtypes.get(n) != dtype:
            bad.append(f"{name}/{n}: dtype {dtypes.get(n)} vs {dtype}")
        elif not same_bits(reader.get_tensor(n), want):
            bad.append(f"{name}/{n}: values differ")
    restored = tf.raw_ops.RestoreV2(prefix=prefix, tensor_names=[n for n, _, _ in cases],
                                    shape_and_slices=[""] * len(cases),
                                    dtypes=[d for _, _, d in cases])
    for (n, want, _), got in zip(cases, restored):
        if not same_bits(got.numpy(), want):
            bad.append(f"{name}/{n}: RestoreV2 values differ")
    return bad, len(cases)


def same_files_as_tf(directory):
    cases = expected(os.path.join(directory, "many.expected"))
    prefix = os.path.join(directory, "tf_many")
    tf.raw_ops.SaveV2(prefix=prefix, tensor_names=[n for n, _, _ in cases],
                      shape_and_slices=[""] * len(cases),
                      tensors=[tf.constant(v, dtype=d) for _, v, d in cases])
    shutil.copy(os.path.join(directory, "many.expected"), prefix + ".expected")
    bad = []
    for suffix in [".index", ".data-00000-of-00001"]:
        with open(os.path.join(directory, "many" + suffix), "rb") as a, \
                open(prefix + suffix, "rb") as b:
            if a.read() != b.read():
                bad.append(f"many{suffix}: minitf's bytes differ from TF's")
    if not bad:
        size = os.path.getsize(prefix + ".index")
        print(f"checkpoint many: minitf's files are TF's byte for byte (index {size} bytes)")
    return bad


def main(directory):
    failures = same_files_as_tf(directory)
    for name in ["saved", "merged", "many"]:
        bad, n = check(directory, name)
        failures += bad
        if not bad:
            print(f"checkpoint {name}: TF 2.21 reads all {n} tensors minitf wrote, bit for bit")
    for f in failures:
        print(f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main(sys.argv[1])
