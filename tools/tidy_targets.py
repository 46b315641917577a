#!/usr/bin/env python3
"""Prints the library sources clang-tidy must check after the changes since a commit.

    tools/tidy_targets.py SINCE

SINCE is a commit whose tree passed the whole clang-tidy run (.ci/tidy_clean names one). The
sources held to .clang-tidy (the .cc files under framework/, ops/, runtime/, tools/, cli/) that
changed since then are printed, with every one that includes, directly or through other
headers, a header that changed (its warnings are reported through the files that include it).
Everything is printed when SINCE is not a commit here or when .clang-tidy, the build's CMake
files or the .proto files changed; nothing when no such file changed. Paths are relative to
the repository.
"""
import re
import subprocess
import sys

CHECKED = re.compile(r"^(framework|ops|runtime|tools|cli)/.*\.cc$")
EVERYTHING = re.compile(r"^(\.clang-tidy|CMakeLists\.txt|cmake/.*|proto/.*)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True,
                          text=True).stdout.split("\n")


def main():
    since = sys.argv[1]
    tracked = [f for f in git("ls-files", "*.h", "*.cc") if f]
    known = subprocess.run(["git", "cat-file", "-e", since + "^{commit}"],
                           capture_output=True).returncode == 0
    changed = set(f for f in git("diff", "--name-only", since, "--") if f) if known else None
    if changed is None or any(EVERYTHING.match(f) for f in changed):
        targets = [f for f in tracked if CHECKED.match(f)]
    else:
        targets = sorted(f for f in reached_from(changed, tracked) if CHECKED.match(f))
    if targets:
        print("\n".join(targets))


def reached_from(changed, tracked):
    """The changed files and every file that includes a changed header, however indirectly."""
    # A file includes "a/b.h" as the path from the repository's root or from compat/.
    def include_name(path):
        return path[len("compat/"):] if path.startswith("compat/") else path

    includes = {}
    for f in tracked:
        with open(f, encoding="utf-8", errors="replace") as text:
            includes[f] = set(INCLUDE.findall(text.read()))
    dirty = set(f for f in changed if f in includes)
    headers = set(include_name(f) for f in dirty if f.endswith(".h"))
    while headers:
        reached = set(f for f, inc in includes.items() if inc & headers and f not in dirty)
        dirty |= reached
        headers = set(include_name(f) for f in reached if f.endswith(".h"))
    return dirty


if __name__ == "__main__":
    main()
