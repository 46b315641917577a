#!/usr/bin/env python3
"""Fails when an #include crosses minitf's arrows (docs/design.md, "Layers and arrows"):

  framework/  includes no ops/, no runtime/ and no generated op wrapper;
  runtime/    includes no ops/ and no generated op wrapper (it builds ops by name);
  ops/<f>/    includes no runtime/; ops/array/ depends on no other family; every other
              family may use ops/array/ and ops/math/, and no third family.

Includes through TF's paths (compat/tensorflow/...) count as what they forward to. A generated
wrapper header (tensorflow/cc/ops/<h>.h, written by tools/op_gen) counts as the families whose
ops declare `.CcHeader("<h>")`: one of them must be the includer's own family or one it may
use. `--self-test` checks the checker on a small tree with one violation of each kind."""
import argparse
import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
CC_HEADER = re.compile(r'\.CcHeader\("([^"]+)"\)')
ALLOWED_FAMILIES = {"array": set()}
DEFAULT_ALLOWED = {"array", "math"}


def sources(root, top):
    for dirpath, _, files in os.walk(os.path.join(root, top)):
        for f in files:
            if f.endswith((".h", ".cc")):
                yield os.path.join(dirpath, f)


def forwarded(root, include, seen=None):
    """The project path a TF include path stands for ("tensorflow/..." -> what it includes)."""
    path = os.path.join(root, "compat", include)
    if not include.startswith("tensorflow/") or not os.path.exists(path):
        return [include]
    with open(path) as f:
        text = f.read()
    if "MACHINE GENERATED" in text:
        return [include]  # a generated wrapper header: judged by its families
    seen = seen or set()
    out = []
    for inc in INCLUDE.findall(text):
        if inc in seen:
            continue
        seen.add(inc)
        out.extend(forwarded(root, inc, seen))
    return out


def wrapper_families(root):
    """tensorflow/cc/ops/<h>.h (and <h>_internal.h) -> the families declaring ops there."""
    fams = {}
    for src in sources(root, "ops"):
        family = os.path.relpath(src, os.path.join(root, "ops")).split(os.sep)[0]
        with open(src) as f:
            for header in CC_HEADER.findall(f.read()):
                for name in (header, header + "_internal"):
                    fams.setdefault(f"tensorflow/cc/ops/{name}.h", set()).add(family)
    return fams


def violations(root):
    fams = wrapper_families(root)
    bad = []
    for top in ("framework", "runtime", "ops"):
        for src in sources(root, top):
            rel = os.path.relpath(src, root)
            family = rel.split(os.sep)[1] if top == "ops" else None
            with open(src) as f:
                includes = INCLUDE.findall(f.read())
            for inc in includes:
                for target in forwarded(root, inc):
                    why = judge(top, family, target, fams)
                    if why:
                        via = "" if target == inc else f" (through {inc})"
                        bad.append(f"{rel}: includes {target}{via}: {why}")
    return bad


def judge(top, family, target, fams):
    is_wrapper = target.startswith("tensorflow/cc/ops/") and target in fams
    if top in ("framework", "runtime"):
        if target.startswith("ops/") or is_wrapper:
            return f"{top}/ depends on no op family"
        if top == "framework" and target.startswith("runtime/"):
            return "framework/ depends on no runtime"
        return None
    if target.startswith("runtime/"):
        return "ops/ depend on no runtime"
    allowed = ALLOWED_FAMILIES.get(family, DEFAULT_ALLOWED) | {family}
    if target.startswith("ops/"):
        other = target.split("/")[1]
        if other not in allowed:
            return f"family {family} may use only {sorted(allowed)}"
    if is_wrapper and not (fams[target] & allowed):
        return (f"the ops declared there are of {sorted(fams[target])}; family {family} may "
                f"use only {sorted(allowed)}")
    return None


def self_test():
    files = {
        "framework/a.cc": '#include "ops/math/x.h"\n',
        "runtime/b.cc": '#include "tensorflow/cc/ops/math_ops.h"\n',
        "ops/array/array_grad.cc": '#include "tensorflow/cc/ops/math_ops.h"\n#include "ops/array/y.h"\n',
        "ops/math/math_ops.cc": '#include "runtime/executor.h"\n.CcHeader("math_ops")\n',
        "ops/image/image_ops.cc": '#include "ops/math/x.h"\n#include "ops/fake/z.h"\n.CcHeader("image_ops")\n',
        "compat/tensorflow/cc/ops/math_ops.h": "// This file is MACHINE GENERATED\n",
    }
    with tempfile.TemporaryDirectory() as root:
        for name, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, name)), exist_ok=True)
            with open(os.path.join(root, name), "w") as f:
                f.write(text)
        found = sorted(line.split(":")[0] + " -> " + line.split("includes ")[1].split(":")[0]
                       for line in violations(root))
    expected = sorted([
        "framework/a.cc -> ops/math/x.h",
        "runtime/b.cc -> tensorflow/cc/ops/math_ops.h",
        "ops/array/array_grad.cc -> tensorflow/cc/ops/math_ops.h",
        "ops/math/math_ops.cc -> runtime/executor.h",
        "ops/image/image_ops.cc -> ops/fake/z.h",
    ])
    if found != expected:
        print("self-test FAILED:\n  found    " + "\n  found    ".join(found) +
              "\n  expected " + "\n  expected ".join(expected))
        return 1
    print(f"self-test ok: {len(expected)} violations found")
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    bad = violations(args.root)
    for line in bad:
        print(line)
    print(f"layer arrows: {'FAIL' if bad else 'ok'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
