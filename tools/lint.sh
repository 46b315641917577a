#!/usr/bin/env bash
# Style checks, run by .ci/run after the tests: every hand-written C++ file is formatted as
# .clang-format says (the generated wrappers in compat/tensorflow/cc/ops are left as tools/op_gen
# writes them), and the library's sources pass the .clang-tidy checks. Installs clang-format and
# clang-tidy with apt-get when missing; needs build/compile_commands.json (tools/build.sh).
#   tools/lint.sh                check every file
#   tools/lint.sh --since REV    clang-tidy only the sources changed since REV, a commit whose tree
#                                passed it whole (tools/tidy_targets.py; .ci/run passes the one
#                                .ci/tidy_clean names: after a whole pass on a later commit,
#                                write that commit there)
#   tools/lint.sh --fix          reformat the tree in place (then review and commit)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${MINITF_BUILD_DIR:-build}
if ! command -v clang-format >/dev/null || ! command -v run-clang-tidy >/dev/null; then
  tools/install_packages.sh clang-format clang-tidy
fi

mapfile -t sources < <(git ls-files '*.h' '*.cc' | grep -v '^compat/tensorflow/cc/ops/')
if [ "${1:-}" = --fix ]; then
  clang-format -i "${sources[@]}"
  exit 0
fi
clang-format --dry-run --Werror "${sources[@]}"
echo "clang-format: ${#sources[@]} files formatted"

# The library, the generator and the command-line tool (tests and benchmarks are not held to .clang-tidy yet).
files=("$PWD/(framework|ops|runtime|tools|cli)/.*\.cc$")
if [ "${1:-}" = --since ]; then
  mapfile -t files < <(tools/tidy_targets.py "$2" | sed "s|[.]|[.]|g; s|^|/|; s|\$|\$|")
  if [ ${#files[@]} -eq 0 ]; then
    echo "clang-tidy: no source changed since $2"
    exit 0
  fi
  echo "clang-tidy: ${#files[@]} sources changed since $2 (or include a changed header)"
fi
run-clang-tidy -quiet -p "$build_dir" -j 2 "${files[@]}" > "$build_dir/clang-tidy.log" 2>&1 || {
  grep -E "(warning|error):" "$build_dir/clang-tidy.log" | sort -u | head -50
  echo "clang-tidy: FAILED (full log: $build_dir/clang-tidy.log)"
  exit 1
}
echo "clang-tidy: ok"
