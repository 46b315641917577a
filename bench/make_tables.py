#!/usr/bin/env python3
"""Runs minitf's benchmarks and TensorFlow 2.21's side by side, in one run, and prints the
tables of BENCHMARKS.md's performance section (Markdown) with the ratios its targets use.

  bench/make_tables.py [--build build] [--venv .venv-tf] [--seconds 0.5] [--rounds 3]

Needs a Release build of bench/ (tools/build.sh) and a virtualenv with tensorflow-cpu==2.21.0
(tests/tf_crosscheck/run_crosscheck.sh makes .venv-tf). TensorFlow runs through its C API
(bench/tf_c_api_runner.cc, grappler and constant folding off) on the GraphDefs minitf's
benchmarks write, and through tf.raw_ops for single kernels (bench/tf_*_bench.py).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def gbench(binary, pattern, min_time):
    """name -> the benchmark's JSON entry (real_time in ns unless time_unit says otherwise)."""
    out = subprocess.run([binary, f"--benchmark_filter={pattern}",
                          f"--benchmark_min_time={min_time}", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}
    result = {}
    for b in json.loads(out)["benchmarks"]:
        b["ns"] = b["real_time"] * scale[b.get("time_unit", "ns")]
        result[b["name"].replace("/real_time", "")] = b
    return result


class TensorFlow:
    def __init__(self, venv, workdir):
        self.python = os.path.join(venv, "bin", "python")
        self.workdir = workdir
        tf_dir = subprocess.run(
            [self.python, "-c", "import os, tensorflow as tf; print(os.path.dirname(tf.__file__))"],
            check=True, capture_output=True, text=True, env=self.env()).stdout.strip()
        self.runner = os.path.join(workdir, "tf_bench")
        subprocess.run(["c++", "-std=c++17", "-O2", "-w", os.path.join(ROOT, "bench/tf_c_api_runner.cc"),
                        f"-I{tf_dir}/include", "-o", self.runner, f"-L{tf_dir}",
                        "-l:libtensorflow_cc.so.2", "-l:libtensorflow_framework.so.2",
                        f"-Wl,-rpath,{tf_dir}"], check=True)
        self.configs = {}
        for threads in (1, 2):
            path = os.path.join(workdir, f"config{threads}.pb")
            subprocess.run([self.python, "-c", CONFIG_SCRIPT, path, str(threads)], check=True,
                           env=self.env())
            self.configs[threads] = path

    @staticmethod
    def env():
        return dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")

    def session(self, graph, threads, kind, name, seconds):
        """(ns per Run, peak RSS in MB) of TF's DirectSession running `graph`."""
        out = subprocess.run([self.runner, os.path.join(self.workdir, graph), self.configs[threads],
                              kind, name, str(seconds)], check=True, capture_output=True,
                             text=True, env=self.env()).stdout
        m = re.search(r" (\d+) max_rss_kB=(\d+)", out)
        return float(m.group(1)), int(m.group(2)) / 1e3

    def script(self, name, threads):
        out = subprocess.run([self.python, os.path.join(ROOT, "bench", name), str(threads)],
                             check=True, capture_output=True, text=True, env=self.env()).stdout
        return out.splitlines()


CONFIG_SCRIPT = """
import sys
from tensorflow.core.protobuf import config_pb2
n = int(sys.argv[2])
config = config_pb2.ConfigProto(intra_op_parallelism_threads=n, inter_op_parallelism_threads=n)
config.graph_options.rewrite_options.disable_meta_optimizer = True
config.graph_options.optimizer_options.opt_level = config_pb2.OptimizerOptions.L0
config.graph_options.optimizer_options.do_constant_folding = False
open(sys.argv[1], "wb").write(config.SerializeToString())
"""


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--venv", default=os.path.join(ROOT, ".venv-tf"))
    parser.add_argument("--seconds", type=float, default=0.5, help="minimum time per benchmark")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternating minitf / TF rounds of the training steps")
    args = parser.parse_args()
    bench = lambda name: os.path.join(args.build, "bench", name)  # noqa: E731
    with tempfile.TemporaryDirectory() as work:
        tf = TensorFlow(args.venv, work)
        names = subprocess.run([bench("executor_bench"), f"--write_graphs={work}"], check=True,
                               capture_output=True, text=True).stdout
        chain_fetch = re.search(r"^chain fetch (\S+)", names, re.M).group(1)
        fan_target = re.search(r"^fan target (\S+)", names, re.M).group(1)
        subprocess.run([bench("training_bench"), f"--write_graphs={work}"], check=True,
                       capture_output=True)

        # Executor: ns per node above the plain-loop floor, and Run() of a one-op graph.
        ex = gbench(bench("executor_bench"), "Chain(Session|Floor)|Fan(Session|Floor)|RunScalar",
                    args.seconds)
        rows = []
        for graph, session, floor, tf_graph, kind, name in (
                ("Identity chain", "BM_ChainSession", "BM_ChainFloor", "chain.pb", "fetch",
                 chain_fetch),
                ("Const -> 998 Identity -> NoOp", "BM_FanSession", "BM_FanFloor", "fan.pb",
                 "target", fan_target)):
            for threads in (1, 2):
                per = ex[f"{session}/{threads}"]["ns"] / 1000
                base = ex[floor]["ns"] / 1000
                tf_per = tf.session(tf_graph, threads, kind, name, 2.5)[0] / 1000
                rows.append([graph, threads, f"{base:.1f}", f"{per:.1f}", f"**{per - base:.1f}**",
                             f"{tf_per:.0f}", f"{tf_per / per:.1f}x"])
        print("Executor, 1000 nodes, ns per node:\n")
        print(table(["graph", "threads", "floor", "minitf", "minitf - floor", "TensorFlow 2.21",
                     "TF / minitf"], rows))
        rows = []
        for threads in (1, 2):
            ns = ex[f"BM_RunScalarGraph/{threads}"]["ns"]
            tf_ns = tf.session("scalar.pb", threads, "fetch", "Const:0", 2.5)[0]
            rows.append([threads, f"**{ns:.0f} ns**", f"{tf_ns / 1000:.1f} us", f"{tf_ns / ns:.0f}x"])
        print("\n`Run()` of a one-op scalar graph:\n")
        print(table(["threads", "minitf", "TensorFlow 2.21", "TF / minitf"], rows))

        # Training steps: time and memory, minitf and TF in the same run, in alternating rounds
        # (a shared machine's speed drifts over minutes: the median of each side's rounds, taken
        # in turn, compares them under the same conditions).
        steps = (("QAT layer", "qat.pb", "BM_QatStep"), ("box refinement", "box.pb", "BM_BoxStep"),
                 ("conv classifier", "conv.pb", "BM_ConvStep"))
        runs, tf_runs = [], []
        for _ in range(args.rounds):
            # One process per step, so that each step's peak RSS is its own.
            run = {}
            for pattern in ["BM_FmaPeak"] + [f"{key}/" for _, _, key in steps]:
                run.update(gbench(bench("training_bench"), pattern, max(args.seconds, 1.0)))
            runs.append(run)
            tf_runs.append({(graph, threads): tf.session(graph, threads, "target", "step", 3)
                            for _, graph, _ in steps for threads in (1, 2)})
        median = lambda values: sorted(values)[len(values) // 2]  # noqa: E731
        counter = lambda name, key: median([r[name][key] for r in runs])  # noqa: E731
        # The QAT step's floor: its two matrix products at the FMA peak of the threads used, both
        # busy at once (BM_FmaPeak; minitf's GEMM sums each element as one FMA chain in k order).
        rows = []
        for step, graph, key in steps:
            for threads in (1, 2):
                us = counter(f"{key}/{threads}", "ns") / 1000
                tf_ns = median([r[(graph, threads)][0] for r in tf_runs])
                tf_rss = max(r[(graph, threads)][1] for r in tf_runs)
                peak = f"BM_FmaPeak/threads:{threads}"
                floor = f"{counter(peak, 'qat_gemm_floor_us'):.0f}" if graph == "qat.pb" else "-"
                rows.append([step, threads, floor, f"{us:.0f}", f"{tf_ns / 1000:.0f}",
                             f"**{tf_ns / 1000 / us:.2f}x**",
                             f"{counter(f'{key}/{threads}', 'peak_tensor_MB'):.1f}",
                             f"{max(r[f'{key}/{threads}']['max_rss_MB'] for r in runs):.0f}",
                             f"{tf_rss:.0f}"])
        print(f"\nTraining steps, us per step (median of {args.rounds} alternating rounds); memory "
              "in MB (GEMM floor: the QAT step's two matrix products at the FMA peak, "
              f"{counter('BM_FmaPeak/threads:1', 'GFLOPs'):.0f} GFLOP/s on one thread, "
              f"{counter('BM_FmaPeak/threads:2', 'GFLOPs'):.0f} per thread on two):\n")
        print(table(["step", "threads", "GEMM floor", "minitf", "TensorFlow 2.21", "TF / minitf",
                     "minitf peak tensors", "minitf peak RSS", "TF peak RSS"], rows))

        # Seed kernels.
        cr = gbench(bench("crop_and_resize_bench"), "CropAndResize", args.seconds)
        tf_cr = {}
        for threads in (1, 2):
            for line in tf.script("tf_crop_and_resize_bench.py", threads):
                m = re.match(r"TF (\S+) threads=(\d+): ([\d.]+) us", line)
                if m:
                    tf_cr[(m.group(1), int(m.group(2)))] = float(m.group(3))
        inner = 64 * 7 * 7 * 256  # boxes x crop x depth of crop_and_resize_bench.cc
        rows = []
        for op in ("CropAndResize", "CropAndResizeGradBoxes", "CropAndResizeGradImage"):
            one = cr[f"BM_{op}/1"]["ns"]
            for threads in (1, 2):
                ns = cr[f"BM_{op}/{threads}"]["ns"]
                tf_us = tf_cr.get((op, threads))
                rows.append([op, threads, f"{ns / 1000:.0f}", f"{ns / inner:.2f}",
                             f"{one / ns:.2f}x", f"{tf_us:.0f}" if tf_us else "-",
                             f"{tf_us * 1000 / ns:.1f}x" if tf_us else "-"])
        print("\nCropAndResize and its gradients, 64 boxes 7x7x256 on [2, 32, 32, 256], "
              "us per call:\n")
        print(table(["op", "threads", "minitf", "ns per inner element", "speed-up over 1 thread",
                     "TensorFlow 2.21", "TF / minitf"], rows))

        fq = gbench(bench("fake_quant_bench"), "100000000", max(args.seconds, 3.0))
        tf_fq = {}
        for threads in (1, 2):
            for line in tf.script("tf_fake_quant_bench.py", threads):
                m = re.match(r"TF \S+ n=100000000 threads=(\d+): ([\d.]+) ns/elem", line)
                if m:
                    tf_fq[int(m.group(1))] = float(m.group(2))
        rows = []
        for threads in (1, 2):
            ns = fq[f"BM_FakeQuantVarsGradient/100000000/{threads}"]["ns"] / 1e8
            floor = fq[f"BM_FusedFloor/100000000/{threads}"]["ns"] / 1e8
            rows.append([threads, f"{floor:.3f}", f"**{ns:.3f}**", f"{tf_fq[threads]:.3f}",
                         f"{tf_fq[threads] / ns:.1f}x"])
        print("\nFakeQuantWithMinMaxVarsGradient, 1e8 floats, ns per element:\n")
        print(table(["threads", "floor", "minitf", "TensorFlow 2.21", "TF / minitf"], rows))


if __name__ == "__main__":
    sys.exit(main())
