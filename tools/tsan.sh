#!/usr/bin/env bash
# Builds libminitf and the session, executor, variable and concurrency tests with
# ThreadSanitizer (in build-tsan/) and runs them; any data race report fails. Called by .ci/run.
# MINITF_TSAN builds the portable thread pool (runtime/thread_pool_portable.cc), whose every
# hand-off is a std::mutex TSan sees; oneTBB's scheduler is not instrumented, so under it TSan
# would see no ordering between a task's spawn and its run. No suppressions are needed.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${MINITF_TSAN_BUILD_DIR:-build-tsan}
# Configured every time (quick when nothing changed), so targets added since the last run exist.
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMINITF_TSAN=ON \
      -DMINITF_BUILD_EXAMPLES=OFF -DMINITF_BUILD_BENCHMARKS=OFF > /dev/null
cmake --build "$build_dir" -j2 --target runtime_tests ops_tests
export TSAN_OPTIONS=halt_on_error=1:abort_on_error=1:second_deadlock_stack=1
# Every session, executor, thread-pool, soak and fault test; from ops_tests, the variables and
# optimizers (concurrent Runs updating one variable), the random ops, the seed ops (their
# golden cases run at several thread counts) and the other thread-count tests.
"$build_dir/tests/runtime_tests" --gtest_brief=1
"$build_dir/tests/ops_tests" --gtest_brief=1 \
  --gtest_filter='StateOpsTest.*:ResourceVariableOpsTest.*:RandomOpsTest.*:CropAndResize*:FakeQuant*:*ThreadCount*:*Concurrent*'
echo "ThreadSanitizer test suites passed"
