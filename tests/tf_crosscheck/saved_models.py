#!/usr/bin/env python3
"""SavedModels exported by TensorFlow 2.21 Python, loaded by minitf's LoadSavedModel.

  saved_models.py write OUT   saves the models under OUT/<model>/, with input.pb (a TensorProto)
                              and TF's serving outputs out_<key>.pb from the reloaded model
  saved_models.py check OUT   compares minitf's outputs (minitf_<key>.pb, written by
                              run_saved_model) with TF's, bit for bit (within GEMM rounding on
                              CPUs without AVX-512F: cpu_model.py)
"""
import glob
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cpu_model  # noqa: E402


class Mlp(tf.Module):
    """Two dense layers (ReLU, softmax)."""

    def __init__(self):
        self.w1 = tf.Variable(tf.random.stateless_normal([6, 8], seed=[1, 2]), name="w1")
        self.b1 = tf.Variable(tf.random.stateless_uniform([8], seed=[3, 4]), name="b1")
        self.w2 = tf.Variable(tf.random.stateless_normal([8, 3], seed=[5, 6]), name="w2")
        self.b2 = tf.Variable(tf.zeros([3]), name="b2")

    @tf.function(input_signature=[tf.TensorSpec([None, 6], tf.float32, name="x")])
    def serve(self, x):
        h = tf.nn.relu(tf.matmul(x, self.w1) + self.b1)
        logits = tf.matmul(h, self.w2) + self.b2
        return {"probs": tf.nn.softmax(logits), "logits": logits}


class ConvNet(tf.Module):
    """Conv2D + bias + ReLU, max pool, a dense layer."""

    def __init__(self):
        self.k = tf.Variable(tf.random.stateless_normal([3, 3, 2, 4], seed=[7, 8]), name="k")
        self.kb = tf.Variable(tf.random.stateless_uniform([4], seed=[9, 1]), name="kb")
        self.w = tf.Variable(tf.random.stateless_normal([4 * 4 * 4, 5], seed=[2, 3]), name="w")

    @tf.function(input_signature=[tf.TensorSpec([None, 8, 8, 2], tf.float32, name="image")])
    def serve(self, image):
        c = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(image, self.k, 1, "SAME"), self.kb))
        p = tf.nn.max_pool2d(c, 2, 2, "VALID")
        flat = tf.reshape(p, [-1, 4 * 4 * 4])
        return {"scores": tf.matmul(flat, self.w)}


class QatDense(tf.Module):
    """Quantization-aware dense layer: FakeQuant on inputs and weights with learned ranges."""

    def __init__(self):
        self.w = tf.Variable(tf.random.stateless_normal([5, 4], seed=[4, 4]), name="w")
        self.in_min = tf.Variable(-1.5, name="in_min")
        self.in_max = tf.Variable(2.0, name="in_max")
        self.w_min = tf.Variable(-1.0, name="w_min")
        self.w_max = tf.Variable(1.0, name="w_max")

    @tf.function(input_signature=[tf.TensorSpec([None, 5], tf.float32, name="x")])
    def serve(self, x):
        xq = tf.quantization.fake_quant_with_min_max_vars(x, self.in_min, self.in_max, num_bits=8)
        wq = tf.quantization.fake_quant_with_min_max_vars(
            self.w, self.w_min, self.w_max, num_bits=4, narrow_range=True)
        return {"y": tf.matmul(xq, wq)}


MODELS = {
    "mlp": (Mlp, [7, 6]),
    "conv": (ConvNet, [2, 8, 8, 2]),
    "qat": (QatDense, [9, 5]),
}


def write(out):
    rng = np.random.default_rng(2026)
    for name, (cls, shape) in MODELS.items():
        model = cls()
        folder = os.path.join(out, name)
        tf.saved_model.save(model, folder, signatures={"serving_default": model.serve})
        x = rng.uniform(-2, 2, size=shape).astype(np.float32)
        with open(os.path.join(folder, "input.pb"), "wb") as f:
            f.write(tf.make_tensor_proto(x).SerializeToString())
        serving = tf.saved_model.load(folder).signatures["serving_default"]
        arg = list(serving.structured_input_signature[1].keys())[0]
        with open(os.path.join(folder, "input_name.txt"), "w") as f:
            f.write(arg)
        for key, value in serving(**{arg: tf.constant(x)}).items():
            with open(os.path.join(folder, f"out_{key}.pb"), "wb") as f:
                f.write(tf.make_tensor_proto(value.numpy()).SerializeToString())


# Outputs minitf computes within rounding of TF by design (docs/design.md), with the most
# units in the last place they may differ by: Softmax sums and exponentiates in its own order.
WITHIN_ULPS = {"mlp/probs": 2}


def ulps(a, b):
    ia = a.view(np.int32).astype(np.int64)
    ib = b.view(np.int32).astype(np.int64)
    ia = np.where(ia < 0, np.int64(-2**31) - ia, ia)
    ib = np.where(ib < 0, np.int64(-2**31) - ib, ib)
    return int(np.max(np.abs(ia - ib))) if a.size else 0


def load(path):
    proto = tf.make_tensor_proto(0)
    with open(path, "rb") as f:
        proto.ParseFromString(f.read())
    return tf.make_ndarray(proto)


def check(out):
    failed = False
    for name in MODELS:
        for want_path in sorted(glob.glob(os.path.join(out, name, "out_*.pb"))):
            key = os.path.basename(want_path)[len("out_"):-len(".pb")]
            got_path = os.path.join(out, name, f"minitf_{key}.pb")
            if not os.path.exists(got_path):
                print(f"{name}/{key}: minitf wrote no output")
                failed = True
                continue
            want, got = load(want_path), load(got_path)
            if want.shape != got.shape:
                print(f"{name}/{key}: shape {got.shape}, TF's is {want.shape}")
                failed = True
                continue
            distance = ulps(want, got)
            allowed = WITHIN_ULPS.get(f"{name}/{key}", 0)
            if distance > allowed and not cpu_model.gemm_order_is_tfs() and \
                    cpu_model.gemm_close(want, got):
                # Every model's outputs go through a MatMul or a convolution.
                print(f"{name}/{key}: within GEMM rounding of TF {want.shape} ({distance} ulp; "
                      "this CPU has no AVX-512F, cpu_model.py)")
            elif distance > allowed:
                print(f"{name}/{key}: differs from TF by {distance} ulp (allowed {allowed})")
                failed = True
            elif distance == 0:
                print(f"{name}/{key}: TF's bits {want.shape}")
            else:
                print(f"{name}/{key}: within {distance} ulp of TF {want.shape} (allowed {allowed})")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    {"write": write, "check": check}[sys.argv[1]](sys.argv[2])
