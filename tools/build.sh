#!/usr/bin/env bash
# minitf's one entry point for a fresh machine (Debian 12):
#   tools/build.sh example   install what is missing, build, run the main example
#   tools/build.sh test      install what is missing, build, run every test (ctest)
# A second run reuses the build folder (MINITF_BUILD_DIR, default ./build).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
if [ "$mode" != example ] && [ "$mode" != test ]; then
  echo "usage: tools/build.sh example|test" >&2
  exit 2
fi
build_dir=${MINITF_BUILD_DIR:-build}

# 1. Debian packages (only the missing ones; apt-get update only when something is missing).
packages=(g++ make pkg-config python3 python3-venv libabsl-dev libeigen3-dev libprotobuf-dev
          protobuf-compiler libtbb-dev zlib1g-dev libpng-dev libjpeg-dev libgif-dev
          libgtest-dev libgmock-dev libbenchmark-dev)
command -v cmake >/dev/null 2>&1 || packages+=(cmake)
tools/install_packages.sh "${packages[@]}"

# 2. Configure once, then build incrementally.
if [ ! -f "$build_dir/CMakeCache.txt" ]; then
  cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build_dir" -j2

# 3. Run.
if [ "$mode" = example ]; then
  "$build_dir/examples/run_graph"
else
  ctest --test-dir "$build_dir" --output-on-failure -j2
fi
