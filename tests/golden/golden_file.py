"""The golden-file container shared by the generate_*.py scripts: a GraphDef with one NodeDef
per case (op, attrs, `input_<i>` tensors, TF's `expected_<i>` outputs), written
deterministically, or compared with the committed file (--check)."""
import argparse
import sys

from tensorflow.core.framework import graph_pb2


def main(build, description):
    """Parses [--check] PATH; writes build()'s GraphDef there or compares it with the file."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true",
                        help="regenerate and compare with the committed file instead of writing")
    parser.add_argument("path")
    args = parser.parse_args()
    graph = build()
    if args.check:
        committed = graph_pb2.GraphDef()
        with open(args.path, "rb") as f:
            committed.ParseFromString(f.read())
        same = len(committed.node) == len(graph.node) and all(
            a.SerializeToString(deterministic=True) == b.SerializeToString(deterministic=True)
            for a, b in zip(committed.node, graph.node))
        print(f"{args.path}: {len(graph.node)} cases, "
              f"{'identical to live TF' if same else 'DIFFERS from live TF'}")
        sys.exit(0 if same else 1)
    with open(args.path, "wb") as f:
        f.write(graph.SerializeToString(deterministic=True))
    print(f"wrote {len(graph.node)} cases to {args.path}")
