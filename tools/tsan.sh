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
# -O1 -g1 (line tables): half the compile time of -O2 -g, and reports still name file and line.
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DMINITF_TSAN=ON \
      -DMINITF_BUILD_EXAMPLES=OFF -DMINITF_BUILD_BENCHMARKS=OFF > /dev/null

# From the op tests: the variables and optimizers (concurrent Runs updating one variable), the
# random ops, the seed ops (their golden cases run at several thread counts) and the other
# thread-count tests. They are built as tsan_ops_tests (tests/CMakeLists.txt), from the files
# that hold them; a test file with such a test must be in that list.
filter='StateOpsTest.*:ResourceVariableOpsTest.*:RandomOpsTest.*:CropAndResize*:FakeQuant*:*ThreadCount*:*Concurrent*'
tests_of() { sed -n '/set(MINITF_TSAN_OPS_TESTS/,/)/p' tests/CMakeLists.txt; }
picked='^(TEST|TEST_F|TEST_P)\((StateOpsTest|ResourceVariableOpsTest|RandomOpsTest|CropAndResize|FakeQuant|[A-Za-z_]*(ThreadCount|Concurrent)|[A-Za-z_]*, *[A-Za-z_]*(ThreadCount|Concurrent))'
for f in tests/ops/*_test.cc; do
  name=$(basename "$f" _test.cc)
  if grep -qE "$picked" "$f" && ! tests_of | grep -qw "$name"; then
    echo "$f has tests the ThreadSanitizer filter picks: add $name to MINITF_TSAN_OPS_TESTS"
    exit 1
  fi
done

cmake --build "$build_dir" -j2 --target runtime_tests tsan_ops_tests
export TSAN_OPTIONS=halt_on_error=1:abort_on_error=1:second_deadlock_stack=1
# Every session, executor, thread-pool, soak and fault test, then the op tests above.
"$build_dir/tests/runtime_tests" --gtest_brief=1
"$build_dir/tests/tsan_ops_tests" --gtest_brief=1 --gtest_filter="$filter"
echo "ThreadSanitizer test suites passed"
