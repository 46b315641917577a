#!/usr/bin/env bash
# Builds the test suites with AddressSanitizer and UndefinedBehaviorSanitizer (Debug, in
# build-asan/) and runs them; any sanitizer report fails. Called by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${MINITF_ASAN_BUILD_DIR:-build-asan}
# Configured every time (quick when nothing changed), so targets added since the last run exist.
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Debug -DMINITF_SANITIZE=ON \
      -DMINITF_BUILD_EXAMPLES=OFF -DMINITF_BUILD_BENCHMARKS=OFF > /dev/null
cmake --build "$build_dir" -j2 --target framework_tests ops_tests runtime_tests cli_tests
# allocator_may_return_null: an allocation no memory can hold must come back as nullptr (minitf
# turns it into ResourceExhausted, as tests check), not abort inside ASan.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
for t in framework_tests ops_tests runtime_tests cli/cli_tests; do
  "$build_dir/tests/$t" --gtest_brief=1
done
echo "sanitized test suites passed"
