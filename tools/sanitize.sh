#!/usr/bin/env bash
# Builds the test suites and the libFuzzer harnesses with AddressSanitizer and
# UndefinedBehaviorSanitizer (clang 14, Debug, in build-asan/), runs the suites, then runs each
# harness for MINITF_FUZZ_SECONDS (default 60) from its committed seeds (tests/fuzz/corpus/),
# two processes at a time throughout; any sanitizer report, crash or broken invariant fails.
# Called by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${MINITF_ASAN_BUILD_DIR:-build-asan}
fuzz_seconds=${MINITF_FUZZ_SECONDS:-60}

# clang and its runtimes (libFuzzer, the sanitizers), only when missing.
tools/install_packages.sh clang-14 libclang-rt-14-dev

# Configured every time (quick when nothing changed), so targets added since the last run exist.
# -g1 (line tables): reports name function, file and line; a tenth less compile time than -g.
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-g1 \
      -DCMAKE_CXX_COMPILER=clang++-14 \
      -DMINITF_SANITIZE=ON -DMINITF_FUZZ=ON \
      -DMINITF_BUILD_EXAMPLES=OFF -DMINITF_BUILD_BENCHMARKS=OFF > /dev/null
cmake --build "$build_dir" -j2 --target framework_tests ops_tests runtime_tests cli_tests fuzzers
# allocator_may_return_null: an allocation no memory can hold must come back as nullptr (minitf
# turns it into ResourceExhausted, as tests check), not abort inside ASan.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export build_dir fuzz_seconds
logs=$(mktemp -d)
export logs

# Two at a time (the runs are single-threaded under ASan's Debug build): each job's log is kept
# and printed when it fails. xargs exits non-zero when any job did.
# suite BINARY [SHARD]: one test binary, or shard SHARD of 2 of it.
suite() {
  local log="$logs/${1//\//_}${2:+-$2}.log"
  if [ -n "${2:-}" ]; then
    export GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=$2
  fi
  if ! "$build_dir/tests/$1" --gtest_brief=1 > "$log" 2>&1; then
    tail -n 80 "$log"
    echo "$1${2:+ (shard $2 of 2)} failed under ASan/UBSan"
    return 1
  fi
  grep -h "tests from .* ran" "$log" | sed "s|^|$1${2:+ shard $2}: |"
}
export -f suite
printf '%s\n' "ops_tests 0" "ops_tests 1" framework_tests runtime_tests cli/cli_tests |
  xargs -P 2 -L 1 bash -c 'suite "$@"' _
echo "sanitized test suites passed"

# The fuzzers: new inputs go to a scratch folder (the committed seeds stay as they are), a
# finding's input to fuzz-findings/<harness>-crash-..., and its log is printed. -entropic=0:
# with every counter of libminitf instrumented, the entropic schedule's bookkeeping took 95% of
# the time (7 executions/s of the op harness instead of 227).
findings=$PWD/fuzz-findings
mkdir -p "$findings"
export findings
fuzz() {
  local harness=$1 scratch dict=()
  scratch=$(mktemp -d)
  [ -f "tests/fuzz/$harness.dict" ] && dict=(-dict="tests/fuzz/$harness.dict")
  # TMPDIR: where the checkpoint and SavedModel harnesses write the files they read.
  if ! TMPDIR="$scratch" "$build_dir/tests/fuzz/${harness}_fuzzer" \
         -max_total_time="$fuzz_seconds" -entropic=0 -timeout=30 -rss_limit_mb=4096 \
         -print_final_stats=1 -artifact_prefix="$findings/$harness-" "${dict[@]}" \
         "$scratch" "tests/fuzz/corpus/$harness" > "$scratch.log" 2>&1; then
    tail -n 60 "$scratch.log"
    echo "fuzzer $harness found a problem: its input is in $findings"
    return 1
  fi
  local runs
  runs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$scratch.log")
  echo "fuzzer $harness: ${runs:-?} runs in ${fuzz_seconds}s, nothing found"
  rm -rf "$scratch" "$scratch.log"
}
export -f fuzz
printf '%s\n' graph_def op tensor npy checkpoint saved_model record |
  xargs -P 2 -L 1 bash -c 'fuzz "$@"' _
rmdir "$findings" 2>/dev/null || true
rm -rf "$logs"
