#!/usr/bin/env python3
"""Writes TF 2.21 checkpoints (TensorBundle V2) into tests/golden/checkpoints/ for
tests/ops/checkpoint_test.cc, which restores them with minitf and compares bit for bit, and
rewrites them with minitf's BundleWriter and compares the files byte for byte.

  all.{index,data-00000-of-00001}    every dtype, strings, empty tensors, scalars, 20 keys
                                     with a shared prefix (prefix compression, restarts)
  small.{index,data-00000-of-00001}  three tensors; the C++ test corrupts it and expects
                                     TF's exact error texts (recorded from TF)
  <name>.expected                    one line per tensor, in the order SaveV2 got them:
                                     name, then the hex of tf.make_tensor_proto(value)

  .venv-tf/bin/python tests/golden/generate_checkpoints.py tests/golden/checkpoints
  .venv-tf/bin/python tests/golden/generate_checkpoints.py --check tests/golden/checkpoints

--check regenerates into a temporary folder and fails unless every committed tensor equals
(bit for bit, via tf.train.load_checkpoint) what TF writes today and the .expected files are
the same. (TF's index block size is 256 KiB, so a checkpoint spanning two index blocks would
not fit the size budget: tests/tf_crosscheck/check_checkpoint.py has TF write one of two
blocks at check time and compares it with minitf's byte for byte.)
"""
import os
import shutil
import sys
import tempfile

os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

BF16 = tf.bfloat16.as_numpy_dtype


def all_tensors():
    """(name, value) in the order they are saved (the data file's order)."""
    out = []
    f = np.array([[0.5, -1.25, 3.0e38, -0.0], [np.inf, -np.inf, np.nan, 1e-45],
                  [1.0, 2.0, 3.0, 4.0]], dtype=np.float32)
    out.append(("float/matrix", f))
    out.append(("double/vec", np.array([np.pi, -np.e, 1e-310, 0.1, -0.0], dtype=np.float64)))
    out.append(("half", np.array([[0.5, -2.0, 65504.0], [6e-8, np.inf, -0.0]], dtype=np.float16)))
    out.append(("bfloat16", np.array([1.0, -3.5, 1e38, 0.1], dtype=BF16)))
    for dt in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]:
        info = np.iinfo(dt)
        out.append((np.dtype(dt).name, np.array([info.min, info.max, 0, 1, 100], dtype=dt)))
    out.append(("bool", np.array([True, False, False, True, True])))
    out.append(("complex64", np.array([1 + 2j, -0.5 - 0j, 3e30j], dtype=np.complex64)))
    out.append(("complex128", np.array([[1 + 2j, np.pi], [-1j, 1e-300 + 1e300j]],
                                       dtype=np.complex128)))
    out.append(("string/vec", np.array([b"", b"a", b"hello world", b"\x00\xff\x80zero",
                                        b"x" * 200], dtype=object)))
    out.append(("string/scalar", np.array(b"a scalar string", dtype=object)))
    out.append(("empty/float", np.zeros([0, 3], dtype=np.float32)))
    out.append(("empty/string", np.array([], dtype=object).reshape([0])))
    out.append(("scalar/int32", np.array(7, dtype=np.int32)))
    for i in range(20):
        out.append(("many/var_%02d" % i, np.arange(i + 1, dtype=np.float32) * 0.25 - i))
    return out


def small_tensors():
    return [("b", np.array([1.0, 2.0], dtype=np.float32)), ("a", np.array(3, dtype=np.int64)),
            ("s", np.array([b"ab", b"c"], dtype=object))]


SETS = {"all": all_tensors, "small": small_tensors}


def write(folder):
    os.makedirs(folder, exist_ok=True)
    for name, make in SETS.items():
        tensors = make()
        values = [tf.constant(v) if v.dtype != object else tf.constant(v, dtype=tf.string)
                  for _, v in tensors]
        tf.raw_ops.SaveV2(prefix=os.path.join(folder, name),
                          tensor_names=[n for n, _ in tensors],
                          shape_and_slices=[""] * len(tensors), tensors=values)
        with open(os.path.join(folder, name + ".expected"), "w") as f:
            for (n, _), v in zip(tensors, values):
                f.write("%s %s\n" % (n, tf.make_tensor_proto(v).SerializeToString().hex()))


def same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype == object:
        return list(a.ravel()) == list(b.ravel())
    return a.tobytes() == b.tobytes()


def check(committed):
    tmp = tempfile.mkdtemp()
    try:
        write(tmp)
        bad = []
        for name in SETS:
            old = tf.train.load_checkpoint(os.path.join(committed, name))
            new = tf.train.load_checkpoint(os.path.join(tmp, name))
            if old.get_variable_to_dtype_map() != new.get_variable_to_dtype_map():
                bad.append("%s: the names or dtypes differ" % name)
                continue
            for key in new.get_variable_to_dtype_map():
                if not same_bits(old.get_tensor(key), new.get_tensor(key)):
                    bad.append("%s: tensor %s differs" % (name, key))
            with open(os.path.join(committed, name + ".expected")) as f1, \
                    open(os.path.join(tmp, name + ".expected")) as f2:
                if f1.read() != f2.read():
                    bad.append("%s.expected differs" % name)
        for b in bad:
            print(b)
        if bad:
            sys.exit(1)
        print("checkpoints in %s: what TF writes today" % committed)
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    if sys.argv[1] == "--check":
        check(sys.argv[2])
    else:
        write(sys.argv[1])
