#!/usr/bin/env python3
"""`minitf run` on models TensorFlow 2.21 exported, with inputs NumPy wrote, against TF's outputs.

  cli_models.py MINITF_BINARY OUT [SAVED_MODELS]

Writes into OUT a TF 1-style frozen graph (placeholders, variables frozen into constants by
convert_variables_to_constants: MatMul, BiasAdd, Relu, FakeQuantWithMinMaxVars, CropAndResize,
Cast) and a TF 2 frozen function (convert_variables_to_constants_v2), their inputs as .npy
and .npz files (a big-endian int64 array, a compressed archive), and TF's outputs; runs
`minitf run` on them, and on the SavedModels saved_models.py wrote in SAVED_MODELS (their
input.pb re-saved as .npy), and checks that every output minitf wrote is TF's, bit for bit,
and that each .npy file is byte for byte what np.save writes for the same array.
"""
import io
import os
import subprocess
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.python.framework import convert_to_constants  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cpu_model  # noqa: E402

tf.get_logger().setLevel("ERROR")
failed = False


def fail(message):
    global failed
    failed = True
    print(message)


def frozen_v1(out, rng):
    """A graph built the TF 1 way and frozen; returns the run's inputs and TF's outputs."""
    g = tf.Graph()
    with g.as_default():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [None, 6], name="x")
        image = v1.placeholder(tf.float32, [1, 5, 5, 2], name="image")
        ids = v1.placeholder(tf.int64, [None], name="ids")
        w = v1.Variable(rng.normal(size=[6, 8]).astype(np.float32), name="w")
        b = v1.Variable(rng.uniform(size=[8]).astype(np.float32), name="b")
        h = tf.nn.relu(tf.nn.bias_add(tf.matmul(x, w), b), name="hidden")
        tf.quantization.fake_quant_with_min_max_vars(h, -1.0, 3.0, num_bits=8, name="q")
        boxes = tf.constant([[0.1, 0.2, 0.9, 0.7], [0.0, 0.0, 1.0, 1.0]], tf.float32)
        tf.image.crop_and_resize(image, boxes, tf.zeros([2], tf.int32), [3, 4], name="crops")
        tf.multiply(tf.cast(ids, tf.float32), 0.5, name="scaled")
        feeds = {
            "x": rng.uniform(-2, 2, size=[7, 6]).astype(np.float32),
            "image": rng.uniform(0, 255, size=[1, 5, 5, 2]).astype(np.float32),
            "ids": np.arange(-3, 5, dtype=">i8"),
        }
        fetches = ["hidden", "q", "crops", "scaled"]
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), fetches)
            values = sess.run([f + ":0" for f in fetches],
                              {g.get_tensor_by_name(k + ":0"): v for k, v in feeds.items()})
    with open(os.path.join(out, "frozen_v1.pb"), "wb") as f:
        f.write(frozen.SerializeToString())
    return feeds, dict(zip(fetches, values))


def frozen_v2(out, rng):
    """A tf.function with variables, frozen by convert_variables_to_constants_v2."""
    w = tf.Variable(rng.normal(size=[6, 3]).astype(np.float32))

    @tf.function(input_signature=[tf.TensorSpec([None, 6], tf.float32, name="x")])
    def f(x):
        logits = tf.matmul(x, w)
        return tf.nn.relu(logits), tf.reduce_max(logits, axis=1)

    concrete = f.get_concrete_function()
    frozen = convert_to_constants.convert_variables_to_constants_v2(concrete)
    graph_def = frozen.graph.as_graph_def()
    with open(os.path.join(out, "frozen_v2.pb"), "wb") as fh:
        fh.write(graph_def.SerializeToString())
    x = rng.uniform(-2, 2, size=[5, 6]).astype(np.float32)
    relu, top = f(tf.constant(x))
    # The frozen graph's unread outputs are its Identity nodes, in graph order.
    names = [t.name.split(":")[0] for t in frozen.outputs]
    return {"x": x}, {names[0]: relu.numpy(), names[1]: top.numpy()}


def run_minitf(binary, args):
    result = subprocess.run([binary] + args, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"minitf {' '.join(args)} failed ({result.returncode}):\n{result.stderr}")
    return result


def check_outputs(label, folder, want):
    for key, value in want.items():
        path = os.path.join(folder, key.replace("/", "_").replace(":", "_") + ".npy")
        if not os.path.exists(path):
            fail(f"{label}/{key}: minitf wrote no {path}")
            continue
        raw = open(path, "rb").read()
        got = np.load(io.BytesIO(raw))
        want_value = np.asarray(value)
        if got.dtype != want_value.dtype or got.shape != want_value.shape:
            fail(f"{label}/{key}: {got.dtype}{got.shape}, TF's is {want_value.dtype}"
                 f"{want_value.shape}")
        elif got.tobytes() != want_value.tobytes() and (
                cpu_model.gemm_order_is_tfs() or not cpu_model.gemm_close(want_value, got)):
            fail(f"{label}/{key}: minitf's values differ from TF's")
        else:
            same = got.tobytes() == want_value.tobytes()
            saved = io.BytesIO()
            np.save(saved, got)
            if saved.getvalue() != raw:
                fail(f"{label}/{key}: the .npy minitf wrote is not what np.save writes")
            else:
                how = "TF's bits" if same else "within GEMM rounding of TF (cpu_model.py)"
                print(f"{label}/{key}: {how} {got.shape}, np.save's bytes")


def main(argv):
    binary, out = argv[1], argv[2]
    saved_models = argv[3] if len(argv) > 3 else None
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(2026)

    feeds, want = frozen_v1(out, rng)
    np.save(os.path.join(out, "x.npy"), feeds["x"])
    np.savez_compressed(os.path.join(out, "image.npz"), image=feeds["image"], other=np.zeros(2))
    np.savez(os.path.join(out, "ids.npz"), ids=feeds["ids"])
    run_minitf(binary, ["run", os.path.join(out, "frozen_v1.pb"), "--inputs",
                        f"x={out}/x.npy;image={out}/image.npz[image];ids={out}/ids.npz",
                        "--fetch", ",".join(want), "--outputs", os.path.join(out, "frozen_v1.out")])
    check_outputs("frozen_v1", os.path.join(out, "frozen_v1.out"), want)

    feeds, want = frozen_v2(out, rng)
    np.save(os.path.join(out, "x2.npy"), feeds["x"])
    run_minitf(binary, ["run", os.path.join(out, "frozen_v2.pb"), "--inputs", f"x={out}/x2.npy",
                        "--outputs", os.path.join(out, "frozen_v2.out")])
    check_outputs("frozen_v2", os.path.join(out, "frozen_v2.out"), want)

    if saved_models:
        # Softmax (mlp/probs) is within 2 ulp of TF by design; the CLI is checked on the rest.
        for name, fetch in (("mlp", "logits"), ("conv", ""), ("qat", "")):
            folder = os.path.join(saved_models, name)
            proto = tf.make_tensor_proto(0)
            with open(os.path.join(folder, "input.pb"), "rb") as f:
                proto.ParseFromString(f.read())
            x_path = os.path.join(out, f"{name}_input.npy")
            np.save(x_path, tf.make_ndarray(proto))
            arg = open(os.path.join(folder, "input_name.txt")).read()
            args = ["run", folder, "--inputs", f"{arg}={x_path}", "--outputs",
                    os.path.join(out, f"{name}.out")]
            if fetch:
                args += ["--fetch", fetch]
            run_minitf(binary, args)
            want = {}
            for file in os.listdir(folder):
                if file.startswith("out_") and (not fetch or file == f"out_{fetch}.pb"):
                    proto = tf.make_tensor_proto(0)
                    with open(os.path.join(folder, file), "rb") as f:
                        proto.ParseFromString(f.read())
                    want[file[len("out_"):-len(".pb")]] = tf.make_ndarray(proto)
            check_outputs(name, os.path.join(out, f"{name}.out"), want)
        shown = run_minitf(binary, ["show", os.path.join(saved_models, "mlp")]).stdout
        if "inputs['x'] tensor_info:" not in shown or "Method name is: " not in shown:
            fail("minitf show does not list the mlp signature")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
