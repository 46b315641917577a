#!/usr/bin/env python3
"""Fails when an #include crosses minitf's arrows (docs/design.md, "Layers and arrows"):

  framework/  includes no ops/, no runtime/ and no generated op wrapper;
  runtime/    includes no ops/ and no generated op wrapper (it builds ops by name);
  ops/<f>/    includes no runtime/; ops/array/ depends on no other family; every other
              family may use ops/array/ and ops/math/, and no third family;
  none of them includes cli/ (the command-line tool sits on top of the library).

Includes through TF's paths (compat/tensorflow/...) count as what they forward to. A generated
wrapper header (tensorflow/cc/ops/<h>.h, written by tools/op_gen) counts as the families whose
ops declare `.CcHeader("<h>")`: one of them must be the includer's own family or one it may
use. Since one header declares ops of several families, the wrapper classes a family's sources
build (`Sum(`, `ops::Sum::KeepDims`) are checked too, each counting as the family that
registers its op. `--self-test` checks the checker on a small tree with one violation of each
kind."""
import argparse
import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
CC_HEADER = re.compile(r'\.CcHeader\("([^"]+)"\)')
OP_NAME = re.compile(r'(?:REGISTER_OP|MINITF_\w+_OP)\(\s*"(\w+)"')
WRAPPER_CTOR = re.compile(r'^(\w+)::\1\(.*?NodeBuilder\(unique_name, "(\w+)"\)', re.M | re.S)
ALIAS = re.compile(r'^typedef (\w+) (\w+);', re.M)
COMMENT_OR_STRING = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"', re.S)
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


def family_sources(root):
    """(family, text) of every source under ops/<family>/."""
    for src in sources(root, "ops"):
        with open(src) as f:
            yield os.path.relpath(src, os.path.join(root, "ops")).split(os.sep)[0], f.read()


def wrapper_families(root):
    """tensorflow/cc/ops/<h>.h (and <h>_internal.h) -> the families declaring ops there."""
    fams = {}
    for family, text in family_sources(root):
        for header in CC_HEADER.findall(text):
            for name in (header, header + "_internal"):
                fams.setdefault(f"tensorflow/cc/ops/{name}.h", set()).add(family)
    return fams


def wrapper_classes(root):
    """Generated wrapper class (and alias) -> the family that registers its op."""
    op_family = {op: family for family, text in family_sources(root)
                 for op in OP_NAME.findall(text)}
    classes = {}
    gen = os.path.join(root, "compat", "tensorflow", "cc", "ops")
    if not os.path.isdir(gen):
        return classes
    for name in sorted(os.listdir(gen)):
        with open(os.path.join(gen, name)) as f:
            text = f.read()
        if name.endswith(".cc"):
            # One chunk per constructor definition; the full one names its op.
            for chunk in re.split(r"^(?=\w+::\w+\()", text, flags=re.M):
                m = WRAPPER_CTOR.match(chunk)
                if m and m.group(2) in op_family:
                    classes[m.group(1)] = op_family[m.group(2)]
    for name in sorted(os.listdir(gen)):
        if name.endswith(".h"):
            with open(os.path.join(gen, name)) as f:
                for cls, alias in ALIAS.findall(f.read()):
                    if cls in classes:
                        classes[alias] = classes[cls]
    return classes


def wrapper_uses(text, classes):
    """The wrapper classes a source builds (`Name(` or `Name::`), comments and strings aside."""
    code = COMMENT_OR_STRING.sub(" ", text)
    return sorted({m for m in re.findall(r"\b([A-Z]\w*)\s*(?:\(|::)", code) if m in classes})


def violations(root):
    fams = wrapper_families(root)
    classes = wrapper_classes(root)
    bad = []
    for top in ("framework", "runtime", "ops"):
        for src in sources(root, top):
            rel = os.path.relpath(src, root)
            family = rel.split(os.sep)[1] if top == "ops" else None
            with open(src) as f:
                text = f.read()
            includes = INCLUDE.findall(text)
            if top == "ops":
                # Through a header the family may include it can still build another family's
                # op (array_ops.h also declares the FakeQuant wrappers): check what it builds.
                allowed = ALLOWED_FAMILIES.get(family, DEFAULT_ALLOWED) | {family}
                for cls in wrapper_uses(text, classes):
                    if classes[cls] not in allowed:
                        bad.append(f"{rel}: builds {cls} (op of family {classes[cls]}): family "
                                   f"{family} may use only {sorted(allowed)}")
            for inc in includes:
                for target in forwarded(root, inc):
                    why = judge(top, family, target, fams)
                    if why:
                        via = "" if target == inc else f" (through {inc})"
                        bad.append(f"{rel}: includes {target}{via}: {why}")
    return bad


def judge(top, family, target, fams):
    is_wrapper = target.startswith("tensorflow/cc/ops/") and target in fams
    if target.startswith("cli/"):
        return "the library depends on no cli/"
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
        "runtime/c.cc": '#include "cli/npy.h"\n',
        "ops/array/array_grad.cc": '#include "tensorflow/cc/ops/math_ops.h"\n#include "ops/array/y.h"\n',
        "ops/math/math_ops.cc": '#include "runtime/executor.h"\n.CcHeader("math_ops")\n',
        "ops/image/image_ops.cc": '#include "ops/math/x.h"\n#include "ops/fake/z.h"\n.CcHeader("image_ops")\n',
        "compat/tensorflow/cc/ops/math_ops.h": "// This file is MACHINE GENERATED\n",
        "ops/fake/fake_ops.cc": 'REGISTER_OP("FakeOp")\n.CcHeader("array_ops")\n',
        "ops/array/array_ops.cc": 'REGISTER_OP("Ident")\n.CcHeader("array_ops")\n',
        "ops/array/array_grad2.cc": ('#include "tensorflow/cc/ops/array_ops.h"\n'
                                     'auto a = Ident(s, x);  // FakeOp( in a comment\n'
                                     'auto b = FakeAlias(s, "FakeOp(");\n'),
        "compat/tensorflow/cc/ops/array_ops.h": ("// This file is MACHINE GENERATED\n"
                                                 "typedef FakeOp FakeAlias;\n"),
        "compat/tensorflow/cc/ops/array_ops.cc": (
            "// This file is MACHINE GENERATED\n"
            'Ident::Ident(x) {\n NodeBuilder(unique_name, "Ident")\n}\n'
            'FakeOp::FakeOp(x) {\n NodeBuilder(unique_name, "FakeOp")\n}\n'),
    }
    with tempfile.TemporaryDirectory() as root:
        for name, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, name)), exist_ok=True)
            with open(os.path.join(root, name), "w") as f:
                f.write(text)
        found = sorted(line.split(":")[0] + " -> " + re.split(r"includes |builds ", line)[1]
                       .split(":")[0].split(" ")[0] for line in violations(root))
    expected = sorted([
        "framework/a.cc -> ops/math/x.h",
        "runtime/b.cc -> tensorflow/cc/ops/math_ops.h",
        "runtime/c.cc -> cli/npy.h",
        "ops/array/array_grad.cc -> tensorflow/cc/ops/math_ops.h",
        "ops/math/math_ops.cc -> runtime/executor.h",
        "ops/image/image_ops.cc -> ops/fake/z.h",
        "ops/array/array_grad2.cc -> FakeAlias",
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
