#!/usr/bin/env python3
"""Writes the libFuzzer harnesses' seed corpora (tests/fuzz/corpus/<harness>/) from TF 2.21.

Run with TF's virtualenv from the project root:
    .venv-tf/bin/python tests/fuzz/make_seeds.py [harness...]
The seeds are TF's own bytes: GraphDefs TF builds (binary and text), TensorProtos TF makes,
a SavedModel TF saves, a checkpoint TF writes, NumPy's .npy/.npz files,
a TFRecord file and an events file TF writes; the op harness's seeds
are byte strings that pick each focus op with small choices. Committed; rerun to refresh.
"""
import io
import os
import shutil
import struct
import sys
import tempfile

import numpy as np
import tensorflow as tf

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")


def out(harness, name, data):
    folder = os.path.join(ROOT, harness)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def graphs():
    g1 = tf.Graph()
    with g1.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [2, 3], name="x")
        mn = tf.constant(-1.0, name="min")
        mx = tf.constant(1.0, name="max")
        q = tf.quantization.fake_quant_with_min_max_vars(x, mn, mx, num_bits=8, name="fq")
        g = tf.quantization.fake_quant_with_min_max_vars_gradient(q, x, mn, mx, name="fqg")
        tf.identity(g[0], name="out")
    g2 = tf.Graph()
    with g2.as_default():
        img = tf.compat.v1.placeholder(tf.float32, [1, 4, 4, 1], name="image")
        boxes = tf.constant([[0.1, 0.2, 0.8, 0.9]], name="boxes")
        ind = tf.constant([0], name="box_ind")
        crops = tf.image.crop_and_resize(img, boxes, ind, [2, 2], name="crop")
        grads = tf.raw_ops.CropAndResizeGradBoxes(grads=tf.ones_like(crops), image=img,
                                                  boxes=boxes, box_ind=ind, name="gb")
        tf.identity(grads, name="out")
    g3 = tf.Graph()
    with g3.as_default():
        p = tf.compat.v1.placeholder(tf.int32, [None], name="idx")
        params = tf.constant(np.arange(12, dtype=np.float32).reshape(4, 3), name="params")
        ga = tf.gather(params, p, name="gather")
        oh = tf.one_hot(p, 4, name="onehot")
        s = tf.slice(params, [1, 0], [2, -1], name="slice")
        tf.concat([tf.reshape(ga, [-1]), tf.reshape(oh, [-1]), tf.reshape(s, [-1])], 0,
                  name="out")
    g4 = tf.Graph()
    with g4.as_default():
        a = tf.constant([[1.0, 2.0], [3.0, 4.0]], name="a")
        b = tf.matmul(a, a, name="mm")
        c = tf.nn.relu(tf.nn.bias_add(b, [0.5, -9.0]), name="relu")
        tf.reduce_sum(tf.nn.softmax(c), axis=1, name="out")
    for i, g in enumerate([g1, g2, g3, g4]):
        gd = g.as_graph_def()
        out("graph_def", "tf_graph%d.pb" % i, gd.SerializeToString())
        out("graph_def", "tf_graph%d.pbtxt" % i, str(gd).encode())


def tensors():
    values = [
        np.array(3.5, np.float32), np.arange(6, dtype=np.int32).reshape(2, 3),
        np.array([1.5, -2.0, np.nan], np.float64), np.array([True, False]),
        np.array([b"ab", b"", b"xyz"], object), np.array([1, 2], np.int64),
        np.array([0.5, 1.0], np.float16), np.array([[1 + 2j]], np.complex64),
        np.array([255, 0], np.uint8), np.zeros([0, 4], np.float32),
    ]
    for i, v in enumerate(values):
        out("tensor", "tf_tensor%d.pb" % i, tf.make_tensor_proto(v).SerializeToString())
    # A splat (one value for a shape, no tensor_content), as TF writes filled Consts.
    g = tf.Graph()
    with g.as_default():
        c = tf.constant(7, shape=[3], dtype=tf.int32)
    out("tensor", "tf_tensor_splat.pb", c.op.get_attr("value").SerializeToString())


def npy_files():
    src = os.path.join(os.path.dirname(ROOT), "..", "golden", "npy")
    for name in sorted(os.listdir(src)):
        path = os.path.join(src, name)
        if os.path.getsize(path) <= 4096:
            with open(path, "rb") as f:
                out("npy", name, f.read())
    buf = io.BytesIO()
    np.savez_compressed(buf, a=np.arange(5, dtype=np.float32), b=np.array([b"s"]))
    out("npy", "savez_compressed.npz", buf.getvalue())


def checkpoints():
    with tempfile.TemporaryDirectory() as tmp:
        prefix = os.path.join(tmp, "ckpt")
        v = {"w": tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3)),
             "step": tf.Variable(np.int64(7)), "name": tf.Variable(b"minitf")}
        tf.train.Checkpoint(**v).write(prefix)
        index = open(prefix + ".index", "rb").read()
        data = open(prefix + ".data-00000-of-00001", "rb").read()
        out("checkpoint", "tf_checkpoint", struct.pack("<H", len(index)) + index + data)
    src = os.path.join(os.path.dirname(ROOT), "..", "golden", "checkpoints")
    for name in ["small", "all"]:
        index = open(os.path.join(src, name + ".index"), "rb").read()
        data = open(os.path.join(src, name + ".data-00000-of-00001"), "rb").read()
        if len(index) < 65536:
            out("checkpoint", "golden_" + name, struct.pack("<H", len(index)) + index + data)


def saved_models():
    class Mlp(tf.Module):
        def __init__(self):
            self.w = tf.Variable(np.ones([3, 2], np.float32))

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
        def __call__(self, x):
            return {"y": tf.nn.relu(tf.matmul(x, self.w))}

    with tempfile.TemporaryDirectory() as tmp:
        m = Mlp()
        tf.saved_model.save(m, tmp, signatures={"serving_default": m.__call__})
        data = open(os.path.join(tmp, "saved_model.pb"), "rb").read()
        out("saved_model", "tf_mlp.pb", data)


OPS_SEEDS = 56  # the focus list's length in op_fuzzer.cc, at most


def records():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "plain.tfrecord")
        with tf.io.TFRecordWriter(path) as w:
            for r in [b"", b"record one", bytes(range(256))]:
                w.write(r)
        out("record", "tf_records", open(path, "rb").read())
        writer = tf.summary.create_file_writer(tmp)
        with writer.as_default():
            for step in range(3):
                tf.summary.scalar("loss", 1.0 / (step + 1), step=step)
                tf.summary.histogram("w", [0.5, -1.0, 2.0 * step], step=step)
        writer.close()
        events = [f for f in os.listdir(tmp) if "tfevents" in f]
        out("record", "tf_events", open(os.path.join(tmp, events[0]), "rb").read())


def op_seeds():
    # Byte 0 < 224 picks the focus list, byte 1 the op; the rest are small choices.
    for op in range(OPS_SEEDS):
        out("op", "focus_%02d" % op, bytes([0, op]) + bytes([1, 2, 1, 3, 0, 2, 1, 1] * 6))
    out("op", "any_op", bytes([255, 7]) + bytes([2, 1, 0, 3] * 8))


WRITERS = {"graph_def": graphs, "tensor": tensors, "npy": npy_files, "checkpoint": checkpoints,
           "saved_model": saved_models, "record": records, "op": op_seeds}

if __name__ == "__main__":
    # Arguments name the harnesses to rewrite (default: all).
    for harness in sys.argv[1:] or sorted(WRITERS):
        if os.path.isdir(os.path.join(ROOT, harness)):
            shutil.rmtree(os.path.join(ROOT, harness))
        WRITERS[harness]()
    total = sum(len(files) for _, _, files in os.walk(ROOT))
    print("wrote %d seeds under %s" % (total, ROOT))
    sys.exit(0)
