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

"$venv/bin/python" tests/tf_crosscheck/check_protos.py proto "$(command -v protoc)"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$build_dir/tests/tf_crosscheck/write_crosscheck_graphs" "$out"
"$venv/bin/python" tests/tf_crosscheck/check_graphs.py "$out"
echo "TF cross-check passed"
