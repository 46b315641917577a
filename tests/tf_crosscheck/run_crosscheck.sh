#!/usr/bin/env bash
# The TF cross-check, run by .ci/run after the test suite: installs tensorflow-cpu==2.21.0
# into a virtualenv (reused on later runs), then checks minitf's protos against TF's and
# runs the graphs minitf writes in TF, comparing outputs bit for bit. When pip cannot
# install TensorFlow here it says so and stops without failing (TF is an oracle, never a
# dependency); any difference found when TF is present fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir=${MINITF_BUILD_DIR:-build}
venv=.venv-tf

if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import tensorflow" 2>/dev/null; then
  python3 -m venv "$venv"
  if ! "$venv/bin/pip" install -q tensorflow-cpu==2.21.0 numpy; then
    echo "TF cross-check SKIPPED: pip could not install tensorflow-cpu==2.21.0 on this machine"
    exit 0
  fi
fi
export TF_CPP_MIN_LOG_LEVEL=3
# TensorBoard reads minitf's events files (check_events.py); TF's wheel normally brings it.
if ! "$venv/bin/python" -c "import tensorboard" 2>/dev/null; then
  "$venv/bin/pip" install -q tensorboard
fi
# Pillow writes the image files of generate_image_io.py (TensorBoard normally brings it).
if ! "$venv/bin/python" -c "import PIL" 2>/dev/null; then
  "$venv/bin/pip" install -q pillow
fi

"$venv/bin/python" tests/tf_crosscheck/check_protos.py proto "$(command -v protoc)"

# The committed golden data must be what live TF computes today.
"$venv/bin/python" tests/golden/generate_fake_quant.py --check tests/golden/fake_quant.pb
"$venv/bin/python" tests/golden/generate_crop_and_resize.py --check tests/golden/crop_and_resize.pb
"$venv/bin/python" tests/golden/generate_math.py --check tests/golden/math.pb
"$venv/bin/python" tests/golden/generate_unary.py --check tests/golden/unary.pb
"$venv/bin/python" tests/golden/generate_binary.py --check tests/golden/binary.pb
"$venv/bin/python" tests/golden/generate_nn.py --check tests/golden/nn.pb
"$venv/bin/python" tests/golden/generate_array.py --check tests/golden/array.pb
"$venv/bin/python" tests/golden/generate_indexing.py --check tests/golden/indexing.pb
"$venv/bin/python" tests/golden/generate_scatter.py --check tests/golden/scatter.pb
"$venv/bin/python" tests/golden/generate_clip_scan.py --check tests/golden/clip_scan.pb
"$venv/bin/python" tests/golden/generate_gradients.py --check tests/golden/gradients.pb
"$venv/bin/python" tests/golden/generate_conv.py --check tests/golden/conv.pb
"$venv/bin/python" tests/golden/generate_resize.py --check tests/golden/resize.pb
"$venv/bin/python" tests/golden/generate_scale_and_translate.py --check \
  tests/golden/scale_and_translate.pb
"$venv/bin/python" tests/golden/generate_detection.py --check tests/golden/detection.pb
"$venv/bin/python" tests/golden/generate_image_io.py --check tests/golden/image_io.pb
"$venv/bin/python" tests/golden/generate_training.py --check tests/golden/training.pb
"$venv/bin/python" tests/golden/generate_random.py --check tests/golden/random.pb
"$venv/bin/python" tests/golden/generate_summary.py --check tests/golden/summary.pb

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$build_dir/tests/tf_crosscheck/write_crosscheck_graphs" "$out"
"$venv/bin/python" tests/tf_crosscheck/check_graphs.py "$out"

# Checkpoints: the committed TF-written ones are what TF writes today; TF reads minitf's.
"$venv/bin/python" tests/golden/generate_checkpoints.py --check tests/golden/checkpoints
mkdir "$out/checkpoints"
"$build_dir/tests/tf_crosscheck/write_checkpoint" "$out/checkpoints"
"$venv/bin/python" tests/tf_crosscheck/check_checkpoint.py "$out/checkpoints"
"$build_dir/tests/tf_crosscheck/write_checkpoint" --read "$out/checkpoints/tf_many"

# SavedModels exported by TF 2.21 Python (tf.saved_model.save), loaded by minitf's
# LoadSavedModel and run on the inputs TF ran them on.
mkdir "$out/saved_models"
"$venv/bin/python" tests/tf_crosscheck/saved_models.py write "$out/saved_models"
"$build_dir/tests/tf_crosscheck/run_saved_model" "$out/saved_models"/{mlp,conv,qat}
"$venv/bin/python" tests/tf_crosscheck/saved_models.py check "$out/saved_models"

# The minitf command-line tool on frozen graphs and SavedModels from TF, with inputs NumPy
# wrote; its .npy outputs must be TF's bits in np.save's bytes. The .npy/.npz files the unit
# tests read must be what NumPy writes today.
"$venv/bin/python" tests/golden/generate_npy.py --check tests/golden/npy
"$venv/bin/python" tests/tf_crosscheck/cli_models.py "$build_dir/cli/minitf" "$out/cli" \
  "$out/saved_models"

# The same C++ source built against TensorFlow 2.21 (the wheel's headers and libraries) and
# against minitf must print the same thing.
tf_dir=$("$venv/bin/python" -c "import os, tensorflow as tf; print(os.path.dirname(tf.__file__))")
# Every header minitf offers at a TensorFlow include path is one TF 2.21 has: in the wheel,
# or one of the headers TF's source tree has and its wheel leaves out (test helpers such as
# tensor_testutil.h, fake_input.h and kernel_benchmark_testlib.h, the SavedModel tag and
# signature constants).
test_helpers=" tensorflow/core/framework/tensor_testutil.h tensorflow/cc/gradients/grad_testutil.h \
tensorflow/cc/framework/testutil.h tensorflow/cc/framework/gradient_checker.h \
tensorflow/cc/saved_model/tag_constants.h tensorflow/cc/saved_model/signature_constants.h \
tensorflow/core/framework/fake_input.h tensorflow/core/common_runtime/kernel_benchmark_testlib.h "
(cd compat && find tensorflow xla -name '*.h') | while read -r header; do
  if [ ! -f "$tf_dir/include/$header" ] && [[ "$test_helpers" != *" $header "* ]]; then
    echo "compat/$header: TensorFlow 2.21 has no such header"
    exit 1
  fi
done
echo "compat/: every header is at a path TensorFlow 2.21 has"
# compare_program SOURCE MINITF_BINARY [ARGS...]: both builds run with ARGS. With
# SORT_BY_PREFIX=1 the lines are stably sorted by their first field first (programs whose
# threads print concurrently, each thread's lines in order under its own prefix). With
# NUMBERS_WITHIN=T the outputs must have the same words, numbers within T of each other
# (programs printing rounded results of float MatMul, which minitf rounds within an ulp of
# TF's, docs/design.md).
compare_program() {
  local source=$1 minitf_binary=$2 name
  shift 2
  name=$(basename "$source" .cc)
  # --no-as-needed: TF's session factories register from libtensorflow_cc's static
  # initializers, which a program that names no symbol of it would otherwise not load.
  c++ -std=c++17 -O1 -w "$source" -I"$tf_dir/include" -o "$out/$name.tf" -L"$tf_dir" \
      -Wl,--no-as-needed -l:libtensorflow_cc.so.2 -l:libtensorflow_framework.so.2 \
      -Wl,-rpath,"$tf_dir"
  "$out/$name.tf" "$@" > "$out/$name.tf.txt" 2>/dev/null
  "$minitf_binary" "$@" > "$out/$name.minitf.txt" 2>/dev/null
  if [ "${SORT_BY_PREFIX:-0}" = 1 ]; then
    for f in "$out/$name.tf.txt" "$out/$name.minitf.txt"; do
      LC_ALL=C sort -s -k1,1 "$f" > "$f.sorted" && mv "$f.sorted" "$f"
    done
  fi
  if [ -n "${NUMBERS_WITHIN:-}" ]; then
    if ! "$venv/bin/python" tests/tf_crosscheck/compare_numbers.py "$NUMBERS_WITHIN" \
        "$out/$name.tf.txt" "$out/$name.minitf.txt"; then
      echo "$source: minitf's output differs from TensorFlow's"
      exit 1
    fi
  elif ! diff -u "$out/$name.tf.txt" "$out/$name.minitf.txt"; then
    echo "$source: minitf's output differs from TensorFlow's"
    exit 1
  fi
  echo "$source: same output as TensorFlow ($(wc -l < "$out/$name.tf.txt") lines)"
}
# (TensorFlow's wheel does not export ClientSession, so programs that run a ClientSession are
# compared through their graphs instead, in check_graphs.py; programs on TF's core Session
# run in both.) Those on ClientSession must still compile unchanged against TF's headers.
for source in examples/*.cc; do
  if grep -q "client_session.h" "$source"; then
    c++ -std=c++17 -fsyntax-only -w "$source" -I"$tf_dir/include"
    echo "$source: compiles unchanged against TensorFlow"
    continue
  fi
  if [ "$(basename "$source")" = example_trainer.cc ]; then
    SORT_BY_PREFIX=1 NUMBERS_WITHIN=2e-6 compare_program "$source" \
      "$build_dir/examples/example_trainer" \
      --num_concurrent_sessions=3 --num_concurrent_steps=4 --num_iterations=30
    continue
  fi
  compare_program "$source" "$build_dir/examples/$(basename "$source" .cc)"
done
for source in tests/tf_programs/*.cc; do
  compare_program "$source" "$build_dir/tests/tf_programs/tf_program_$(basename "$source" .cc)"
done
compare_program tests/package/consumer/tf_program.cc \
  "$build_dir/tests/tf_crosscheck/consumer_tf_program"
# An events file written by minitf's EventsWriter, read by TF's and TensorBoard's readers.
"$build_dir/tests/tf_programs/tf_program_summaries" "$out/events" > /dev/null
"$venv/bin/python" tests/tf_crosscheck/check_events.py "$out/events"
echo "TF cross-check passed"
