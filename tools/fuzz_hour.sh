#!/usr/bin/env bash
# Runs each named libFuzzer harness until its process has used CPU_SECONDS (default 3600) of CPU,
# then interrupts it so libFuzzer prints its final stats; one line per harness goes to
# OUT/summary.txt (executions, CPU seconds, how it ended). The harnesses run one after another;
# start two of these for two cores. Needs the sanitizer build's fuzzers (tools/sanitize.sh, or
# `cmake --build build-asan --target fuzzers`). docs/reliability.md records the results.
#
#   tools/fuzz_hour.sh [--cpu-seconds N] [--out DIR] HARNESS...
#
# Each harness starts from its committed seeds (tests/fuzz/corpus/HARNESS, never written) plus
# OUT/corpus/HARNESS, the corpus its earlier runs grew. A finding's input goes to
# OUT/HARNESS-crash-... and the log to OUT/HARNESS.log. The timeout is far above the slowest
# unit because the fuzzer may share its core; never pause a fuzzer (its timeout is wall-clock).
set -euo pipefail
cd "$(dirname "$0")/.."
cpu_limit=3600
out=/tmp/fuzz_hour
while [ $# -gt 0 ]; do
  case $1 in
    --cpu-seconds) cpu_limit=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) break ;;
  esac
done
build_dir=${MINITF_ASAN_BUILD_DIR:-build-asan}
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
ticks=$(getconf CLK_TCK)

# cpu_seconds PID: user + system CPU of the process so far.
cpu_seconds() {
  awk -v t="$ticks" '{ sub(/^.*\) /, ""); print int(($12 + $13) / t) }' "/proc/$1/stat" 2>/dev/null || echo 0
}

for harness in "$@"; do
  mkdir -p "$out/corpus/$harness" "$out/tmp-$harness"
  dict=()
  [ -f "tests/fuzz/$harness.dict" ] && dict=(-dict="tests/fuzz/$harness.dict")
  log=$out/$harness.log
  # TMPDIR: where the checkpoint and SavedModel harnesses write the files they read.
  TMPDIR="$out/tmp-$harness" "$build_dir/tests/fuzz/${harness}_fuzzer" -entropic=0 -timeout=120 \
      -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$out/$harness-" "${dict[@]}" \
      "$out/corpus/$harness" "tests/fuzz/corpus/$harness" > "$log" 2>&1 &
  pid=$!
  used=0
  while kill -0 "$pid" 2>/dev/null; do
    used=$(cpu_seconds "$pid")
    if [ "$used" -ge "$cpu_limit" ]; then
      kill -INT "$pid"
      break
    fi
    sleep 5
  done
  status=0
  wait "$pid" || status=$?
  runs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log")
  if [ "$used" -ge "$cpu_limit" ]; then
    result="nothing found"
  else
    result="stopped early (exit $status): see $log"
  fi
  echo "$harness $(date -u +%F) executions=${runs:-?} cpu=${used}s $result" | tee -a "$out/summary.txt"
done
