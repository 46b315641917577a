#!/usr/bin/env bash
# Executor benchmarks side by side: minitf (bench/executor_bench) and TensorFlow 2.21's own
# session (bench/tf_c_api_runner.cc built against the tensorflow-cpu wheel, timed through
# TF's C API on the very GraphDefs minitf builds), at 1 and 2 threads. TF runs with grappler
# and constant folding off, so that both execute the graph as written.
#
#   bench/run_tf_side_by_side.sh          (after tools/build.sh; needs .venv-tf, see
#                                          tests/tf_crosscheck/run_crosscheck.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${MINITF_BUILD_DIR:-build}
venv=.venv-tf
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

tf_dir=$("$venv/bin/python" -c "import os, tensorflow as tf; print(os.path.dirname(tf.__file__))" 2>/dev/null)
c++ -std=c++17 -O2 -w bench/tf_c_api_runner.cc -I"$tf_dir/include" -o "$out/tf_bench" \
    -L"$tf_dir" -l:libtensorflow_cc.so.2 -l:libtensorflow_framework.so.2 -Wl,-rpath,"$tf_dir"

"$build_dir/bench/executor_bench" --write_graphs="$out" > "$out/names.txt"
chain_fetch=$(awk '/^chain fetch/ {print $3}' "$out/names.txt")
fan_target=$(awk '/^fan target/ {print $3}' "$out/names.txt")

for threads in 1 2; do
  TF_CPP_MIN_LOG_LEVEL=3 "$venv/bin/python" - "$out/config$threads.pb" "$threads" <<'PY' 2>/dev/null
import sys
import tensorflow as tf
from tensorflow.core.protobuf import config_pb2, rewriter_config_pb2
n = int(sys.argv[2])
config = config_pb2.ConfigProto(intra_op_parallelism_threads=n, inter_op_parallelism_threads=n)
config.graph_options.rewrite_options.disable_meta_optimizer = True
config.graph_options.optimizer_options.opt_level = config_pb2.OptimizerOptions.L0
config.graph_options.optimizer_options.do_constant_folding = False
open(sys.argv[1], "wb").write(config.SerializeToString())
PY
done

echo "== minitf (ns per run; per_node = per run / 1000)"
"$build_dir/bench/executor_bench" --benchmark_min_time=0.5 \
    --benchmark_filter='Chain(Session|Floor)|Fan(Session|Floor)|RunScalarGraph' 2>/dev/null |
  grep BM_
echo "== TensorFlow 2.21 C API (ns per run, median of 5)"
for threads in 1 2; do
  echo "threads=$threads"
  TF_CPP_MIN_LOG_LEVEL=3 "$out/tf_bench" "$out/chain.pb" "$out/config$threads.pb" fetch "$chain_fetch" 2.5 2>/dev/null
  TF_CPP_MIN_LOG_LEVEL=3 "$out/tf_bench" "$out/fan.pb" "$out/config$threads.pb" target "$fan_target" 2.5 2>/dev/null
  TF_CPP_MIN_LOG_LEVEL=3 "$out/tf_bench" "$out/scalar.pb" "$out/config$threads.pb" fetch Const:0 2.5 2>/dev/null
done

# Training steps (bench/training_bench.cc): the forward and gradient graphs of a QAT layer
# and of box refinement, run to a NoOp named "step".
"$build_dir/bench/training_bench" --write_graphs="$out"
echo "== minitf training steps"
"$build_dir/bench/training_bench" --benchmark_min_time=1 2>/dev/null | grep BM_
echo "== TensorFlow 2.21 training steps (ns per run, median of 5)"
for threads in 1 2; do
  echo "threads=$threads"
  TF_CPP_MIN_LOG_LEVEL=3 "$out/tf_bench" "$out/qat.pb" "$out/config$threads.pb" target step 3 2>/dev/null
  TF_CPP_MIN_LOG_LEVEL=3 "$out/tf_bench" "$out/box.pb" "$out/config$threads.pb" target step 3 2>/dev/null
done
