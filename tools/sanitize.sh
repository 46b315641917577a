#!/usr/bin/env bash
# Builds the test suites and the libFuzzer harnesses with AddressSanitizer and
# UndefinedBehaviorSanitizer (clang 14, Debug, in build-asan/), runs the suites, then runs each
# harness for MINITF_FUZZ_SECONDS (default 60) from its committed seeds (tests/fuzz/corpus/);
# any sanitizer report, crash or broken invariant fails. Called by .ci/run.
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
for t in framework_tests ops_tests runtime_tests cli/cli_tests; do
  "$build_dir/tests/$t" --gtest_brief=1
done
echo "sanitized test suites passed"

# The fuzzers: new inputs go to a scratch folder (the committed seeds stay as they are), a
# finding's input to fuzz-findings/<harness>-crash-..., and its log is printed. -entropic=0:
# with every counter of libminitf instrumented, the entropic schedule's bookkeeping took 95% of
# the time (7 executions/s of the op harness instead of 227).
findings=$PWD/fuzz-findings
mkdir -p "$findings"
for harness in graph_def op tensor npy checkpoint saved_model record; do
  scratch=$(mktemp -d)
  dict=()
  [ -f "tests/fuzz/$harness.dict" ] && dict=(-dict="tests/fuzz/$harness.dict")
  # TMPDIR: where the checkpoint and SavedModel harnesses write the files they read.
  if ! TMPDIR="$scratch" "$build_dir/tests/fuzz/${harness}_fuzzer" \
         -max_total_time="$fuzz_seconds" -entropic=0 -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
         -artifact_prefix="$findings/$harness-" "${dict[@]}" \
         "$scratch" "tests/fuzz/corpus/$harness" > "$scratch.log" 2>&1; then
    tail -n 60 "$scratch.log"
    echo "fuzzer $harness found a problem: its input is in $findings"
    exit 1
  fi
  runs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$scratch.log")
  echo "fuzzer $harness: ${runs:-?} runs in ${fuzz_seconds}s, nothing found"
  rm -rf "$scratch" "$scratch.log"
done
rmdir "$findings" 2>/dev/null || true
