#!/usr/bin/env python3
"""Fails when a public minitf header includes oneTBB, or a generated header other than
TensorFlow's own protos (the ones the API hands to users)."""
import argparse
import os
import subprocess
import sys

ALLOWED_PB = {
    "types.pb.h", "tensor_shape.pb.h", "tensor.pb.h", "resource_handle.pb.h",
    "attr_value.pb.h", "node_def.pb.h", "versions.pb.h", "graph.pb.h", "function.pb.h",
    "op_def.pb.h", "config.pb.h", "step_stats.pb.h", "allocation_description.pb.h",
    "tensor_description.pb.h", "error_codes.pb.h",
    # EventsWriter (tensorflow/core/util/events_writer.h) takes TF's Event, as TF's does.
    "event.pb.h", "summary.pb.h",
    # TF's Session (ListDevices) and SavedModelBundle (meta_graph_def, its saver_def) hand
    # these to users, as TF's session.h and loader.h do.
    "device_attributes.pb.h", "meta_graph.pb.h", "saver.pb.h",
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--compiler", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--headers", nargs="+", required=True)
    args, flags = parser.parse_known_args()
    bad = []
    for header in args.headers:
        cmd = [args.compiler, "-std=c++17", "-M", "-x", "c++", *flags,
               os.path.join(args.root, header)]
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            bad.append(f"{header}: does not preprocess:\n{out.stderr}")
            continue
        deps = out.stdout.replace("\\\n", " ").split()
        for dep in deps:
            name = os.path.basename(dep)
            if "/tbb/" in dep or "/oneapi/" in dep:
                bad.append(f"{header}: pulls in oneTBB ({dep})")
                break
            if name.endswith(".pb.h") and name not in ALLOWED_PB:
                bad.append(f"{header}: pulls in generated header {dep}")
    for line in bad:
        print(line)
    print(f"checked {len(args.headers)} headers: {'FAIL' if bad else 'ok'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
