#!/usr/bin/env python3
"""Generates tests/golden/indexing.pb: inputs and TensorFlow 2.21's outputs for the indexing
family: StridedSlice, StridedSliceGrad, Gather, GatherV2, GatherNd, ScatterNd,
ScatterNdNonAliasingAdd, Split, SplitV,
ReverseV2, PadV2, Where, DynamicStitch, UnsortedSegmentSum, Bitcast and ListDiff, the
segment reductions (Segment*/UnsortedSegment* Sum, Prod, Mean, Max, Min), over several dtypes
(strings where TF's CPU kernels take them), ranks, masks, negative axes and empty tensors.
Valid inputs only. List-input ops store their `N` attr (the harness reads it to split the
inputs); type attrs the inputs imply (T, Tindices, Tidx, Tlen, Index) are not stored, the
others (Bitcast's `type`) are. Same container as generate_array.py.

  .venv-tf/bin/python tests/golden/generate_indexing.py tests/golden/indexing.pb
  .venv-tf/bin/python tests/golden/generate_indexing.py --check tests/golden/indexing.pb
"""
import inspect
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_file  # noqa: E402

SEED = 20261208
BF16 = tf.bfloat16.as_numpy_dtype
DTYPES = [np.float32, np.float64, np.float16, BF16, np.int8, np.uint8, np.int32, np.int64,
          np.complex64, np.bool_]
FLOATS = [np.float32, np.float64, np.float16, BF16]
IDX = (np.int32, np.int64)


def values(rng, dtype, shape):
    if dtype == np.bool_:
        return np.asarray(rng.random(shape) < 0.5)
    if dtype == "string":
        return np.array([b"s%d" % rng.integers(100) for _ in range(int(np.prod(shape)))],
                        dtype=object).reshape(shape)
    v = rng.standard_normal(shape) * 50
    if np.dtype(dtype).kind == "c":
        v = v + 1j * rng.standard_normal(shape)
    with np.errstate(all="ignore"):
        return v.astype(dtype)


def sparse(rng, dtype, shape):
    """values() with about half the elements zero (false), for Where."""
    v = np.array(values(rng, dtype, shape))
    v[np.asarray(rng.random(shape) < 0.5)] = 0
    return v


def ss(shape, b, e, s, bm=0, em=0, el=0, na=0, sh=0):
    """A StridedSlice spec: input shape, begin, end, strides and the five masks."""
    masks = dict(begin_mask=bm, end_mask=em, ellipsis_mask=el, new_axis_mask=na,
                 shrink_axis_mask=sh)
    return shape, b, e, s, {k: v for k, v in masks.items() if v}


# x[...] in numpy terms in the comments.
SPECS = [
    ss((10,), [2], [7], [1]), ss((10,), [1], [9], [3]),                 # 2:7, 1:9:3
    ss((10,), [-3], [-1], [1]), ss((10,), [8], [2], [-1]),              # -3:-1, 8:2:-1
    ss((10,), [-1], [-11], [-2]), ss((10,), [-20], [20], [1]),          # -1:-11:-2, clamped
    ss((10,), [20], [-20], [-1]), ss((10,), [5], [2], [1]),             # clamped reverse, empty
    ss((10,), [0], [0], [-1], bm=1, em=1), ss((10,), [3], [4], [1], sh=1),  # ::-1, 3
    ss((10,), [-1], [0], [1], sh=1), ss((10,), [0], [0], [1], na=1),    # -1, newaxis
    ss((10,), [0], [0], [7], bm=1, em=1),                               # ::7
    ss((4, 5), [1, 0], [3, 5], [1, 2]), ss((4, 5), [9, 1], [-9, 4], [1, 1], bm=1, em=1),
    ss((4, 5), [3, -1], [0, 0], [-1, -2], em=2),                        # 3:0:-1, -1::-2
    ss((4, 5), [0, 2], [0, 3], [1, 1], bm=1, em=1, sh=2),               # :, 2
    ss((4, 5), [1, 0], [2, 0], [1, 1], bm=2, em=2, sh=1),               # 1, :
    ss((4, 5), [0], [0], [1], el=1), ss((4, 5), [0, 1], [0, 3], [1, 1], el=1),  # ..., ...,1:3
    ss((4, 5), [0, 0], [0, 0], [1, 1], el=2, na=1),                     # newaxis, ...
    ss((4, 5), [0, 0, 0], [0, 0, 0], [1, 1, 1], bm=5, em=5, na=2),      # :, newaxis, :
    ss((4, 5), [10, 10], [20, 20], [1, 1]), ss((4, 5), [1, 2], [2, 3], [1, 1], sh=3),
    ss((4, 5), [0, 0], [0, 0], [1, 1], na=1, sh=1),                     # newaxis beats shrink
    ss((2, 3, 4), [0, 0, 0], [2, 3, 4], [1, 1, 1]),                      # identity
    ss((2, 3, 4), [1, -1, 0], [2, -4, 4], [1, -1, 2]),                   # 1:2, -1:-4:-1, ::2
    ss((2, 3, 4), [0, 1], [0, 2], [1, 1], el=1, sh=2),                  # ..., 1
    ss((2, 3, 4), [1, 0], [2, 0], [1, 1], el=2, sh=1),                  # 1, ...
    ss((2, 3, 4), [0, 0, 0], [0, 0, 0], [1, 1, 1], el=2, na=5),         # newaxis, ..., newaxis
    ss((2, 3, 4), [0, 0, 1, 0], [0, 0, 2, 0], [1, 1, 1, -1], bm=9, em=9, na=2, sh=4),
    ss((2, 3, 4), [-1, 0, -2], [0, 0, 0], [1, 1, 1], bm=2, em=6, sh=1),  # -1, :, -2:
    ss((2, 3, 4), [1], [2], [1]), ss((2, 3, 4), [5], [10], [1]),         # 1:2, 5:10 (empty)
    ss((2, 3, 4), [0, 0, 1], [0, 0, 0], [2, -2, 3], bm=3, em=7),         # ::2, ::-2, 1::3
    ss((2, 3, 4), [0, 2, 3], [2, 0, -5], [1, -1, -1]),                   # 0:2, 2:0:-1, 3:-5:-1
    ss((2, 3, 4, 5), [1, 0, 2], [2, 0, 4], [1, 1, 1], el=2, sh=1),       # 1, ..., 2:4
    ss((2, 3, 4, 5), [0, 1, 0, 0, 1], [0, 3, 0, 0, 2], [1, 1, 1, -1, 1],
       bm=9, em=9, na=4, sh=16),                                         # :,1:3,newaxis,::-1,1
    ss((2, 3, 4, 5), [0, 0], [0, 0], [1, 1], el=1, na=2),                # ..., newaxis
    ss((2, 3, 4, 5), [-1] * 4, [0] * 4, [1] * 4, sh=15),                 # -1, -1, -1, -1
    ss((2, 3, 4, 5), [0] * 4, [0] * 4, [-1] * 4, bm=15, em=15),          # all ::-1
    ss((2, 3, 4, 5), [0, 0], [1, 0], [1, 1]),                            # 0:1, 0:0
    ss((2, 3, 4, 5), [1, 0, 1, -3], [0, 2, 4, 0], [1, 1, 2, 1], em=9),   # 1:, :2, 1:4:2, -3:
    ss((), [0], [0], [1], el=1), ss((), [0], [0], [1], na=1),            # scalar ..., newaxis
]
FEW = [4, 9, 16, 22, 29, 30, 37, 40]  # the specs the other dtypes and the gradient get


def strided_slice(x, spec, itype):
    shape, b, e, s, attrs = spec
    return [x, np.array(b, itype), np.array(e, itype), np.array(s, itype)], attrs


def cases():
    rng = np.random.default_rng(SEED)
    # StridedSlice: every spec on float32 with int32 and int64 indices; a few on the others.
    for spec in SPECS:
        for itype in IDX:
            yield ("StridedSlice",) + strided_slice(values(rng, np.float32, spec[0]), spec, itype)
    for dtype in DTYPES[1:] + ["string"]:
        for k in FEW:
            yield ("StridedSlice",) + strided_slice(
                values(rng, dtype, SPECS[k][0]), SPECS[k], IDX[k % 2])
    # StridedSliceGrad(shape, begin, end, strides, dy): dy has the slice's shape.
    for dtype in FLOATS + [np.int32]:
        for k in (FEW if dtype == np.float32 else FEW[::2]):
            itype = IDX[k % 2]
            inputs, attrs = strided_slice(np.zeros(SPECS[k][0], np.float32), SPECS[k], itype)
            dy = values(rng, dtype, run("StridedSlice", inputs, attrs)[0].shape)
            yield "StridedSliceGrad", [np.array(SPECS[k][0], itype)] + inputs[1:] + [dy], attrs
    # Gather (v1, axis 0) and GatherV2 (axis, batch_dims), indices of rank 0, 1 and 2.
    idx_sets = [np.array(2), np.array([3, 0, 3, 1]), np.array([[1, 0], [2, 2], [0, 1]])]
    for dtype in DTYPES + ["string"]:
        p = values(rng, dtype, (4, 4, 5))
        for j, idx in enumerate(idx_sets):
            yield "Gather", [p, idx.astype(IDX[j % 2])], {}
            for axis in (0, 1, -1):
                yield "GatherV2", [p, idx.astype(IDX[j % 2]), np.array(axis, IDX[axis % 2])], {}
        bidx = np.array([[2, 0], [1, 1], [0, 2], [1, 0]])  # batch dim 4 = p's first
        for axis, bd, itype in ((1, 1, np.int32), (-1, 1, np.int64), (2, -1, np.int32)):
            yield "GatherV2", [p, bidx.astype(itype), np.array(axis, itype)], {"batch_dims": bd}
    # GatherNd: depth = rank (elements), < rank (slices), 0 (whole), empty indices.
    nd_sets = [np.array([1, 2, 3]), np.array([[0, 1, 4], [3, 2, 0]]), np.array([[2], [0]]),
               np.array([[[1, 1], [0, 2]], [[3, 0], [3, 2]]]), np.zeros((0, 2)),
               np.zeros((2, 0)), np.array([[[0]], [[3]]])]
    for dtype in DTYPES + ["string"]:
        p = values(rng, dtype, (4, 3, 5))
        for j, idx in enumerate(nd_sets):
            yield "GatherNd", [p, idx.astype(IDX[j % 2])], {}
    # ScatterNd(indices, updates, shape): duplicates summed for integers (and one float case).
    for dtype in DTYPES + ["string"]:
        exact = dtype in (np.int8, np.uint8, np.int32, np.int64)
        rows = [4, 0, 4, 1] if exact else [4, 0, 5, 1]
        for itype in IDX:
            yield "ScatterNd", [np.array(rows, itype)[:, None], values(rng, dtype, (4, 3)),
                                np.array([6, 3], itype)], {}
        elems = [[0, 1], [3, 2], [0, 1], [2, 0]] if exact else [[0, 1], [3, 2], [1, 1], [2, 0]]
        yield "ScatterNd", [np.array(elems, np.int64), values(rng, dtype, (4,)),
                            np.array([4, 3], np.int64)], {}
    yield "ScatterNd", [np.array([[1], [1], [0], [1]], np.int32),  # float32, duplicate rows
                        values(rng, np.float32, (4, 2)), np.array([3, 2], np.int32)], {}
    # Split(split_dim, value) and SplitV(value, size_splits with a -1, axis).
    for dtype in DTYPES + ["string"]:
        x = values(rng, dtype, (4, 6))
        for axis, n in ((0, 2), (1, 3), (-1, 6), (-2, 1)):
            yield "Split", [np.array(axis, np.int32), x], {"num_split": n}
        for sizes, axis, ltype in (([1, -1, 2], 1, np.int32), ([0, -1], -2, np.int64),
                                   ([2, 2], -2, np.int32), ([2, -1, 1, 1], -1, np.int64)):
            yield "SplitV", [x, np.array(sizes, ltype), np.array(axis, np.int32)], \
                {"num_split": len(sizes)}
    # ReverseV2 over axis lists, including negative and empty ones.
    for dtype in DTYPES + ["string"]:
        x = values(rng, dtype, (2, 3, 4))
        for j, axes in enumerate(([0], [1, 2], [-1], [], [0, -2], [2, 0, 1])):
            yield "ReverseV2", [x, np.array(axes, IDX[j % 2])], {}
    # PadV2 with a constant_values scalar, ranks 0, 2 and 3.
    for dtype in DTYPES + ["string"]:
        c = np.array(b"pad", dtype=object) if dtype == "string" else values(rng, dtype, ())
        yield "PadV2", [values(rng, dtype, (2, 3)), np.array([[1, 0], [2, 1]], np.int32), c], {}
        yield "PadV2", [values(rng, dtype, (1, 2, 0)),
                        np.array([[0, 1], [1, 1], [2, 0]], np.int64), c], {}
        yield "PadV2", [values(rng, dtype, ()), np.zeros((0, 2), np.int32), c], {}
    # Where(condition): int64 coordinates of the true (nonzero) elements; no string kernel,
    # TF's CPU kernel rejects rank 0 ("Unhandled input dimensions: 0") and float16.
    shapes = [(7,), (3, 4), (2, 3, 4), (2, 1, 3, 2), (0,), (2, 0, 3)]
    for dtype in [d for d in DTYPES if d != np.float16]:
        for shape in (shapes if dtype in (np.bool_, np.float32, np.int32) else shapes[:3]):
            yield "Where", [sparse(rng, dtype, shape)], {}
    # DynamicStitch(indices list, data list): overlapping indices, the later one wins.
    for dtype in DTYPES + ["string"]:
        idx = [np.array([0, 4], np.int32), np.array([[1, 3], [4, 2]], np.int32),
               np.array(5, np.int32), np.array([2], np.int32)]
        data = [values(rng, dtype, i.shape + (2,)) for i in idx]
        yield "DynamicStitch", idx + data, {"N": 4}
        yield "DynamicStitch", [np.array([1, 0], np.int32), values(rng, dtype, (2,))], {"N": 1}
    # UnsortedSegmentSum(data, segment_ids, num_segments): negative ids drop their rows.
    for dtype in DTYPES[:-1]:
        ids = np.array([0, -1, 2, 0, 5, -1])
        for itype, ntype in ((np.int32, np.int32), (np.int64, np.int32), (np.int32, np.int64)):
            yield "UnsortedSegmentSum", [values(rng, dtype, (6, 3)), ids.astype(itype),
                                         np.array(8, ntype)], {}
        yield "UnsortedSegmentSum", [values(rng, dtype, (2, 3, 2)),
                                     np.array([[1, -2, 1], [0, 3, 1]], np.int64),
                                     np.array(4, np.int64)], {}
    # Bitcast(input, type): same size, to smaller (adds a last dim), to larger (drops it).
    f32 = values(rng, np.float32, (3, 2))
    for x, to in ((f32, np.int32), (f32, np.uint8), (f32[0, 0], np.uint8),
                  (f32[0, 0], np.int32), (f32.view(np.int8).reshape(3, 2, 4), np.int32),
                  (f32.view(np.uint8).reshape(6, 4), np.float32),
                  (values(rng, np.float64, (3, 2)), np.int32),
                  (values(rng, np.float64, (2,)), np.int64),
                  (values(rng, np.float64, (2,)).view(np.int32).reshape(2, 2), np.float64),
                  (values(rng, np.complex64, (3,)), np.float32),
                  (values(rng, np.complex64, (3,)), np.float64),
                  (values(rng, np.float16, (4,)), np.int16), (values(rng, BF16, (4,)), np.float16),
                  (values(rng, np.int64, (2,)), np.uint8), (values(rng, np.int8, (5,)), np.uint8)):
        yield "Bitcast", [x], {"type": to}
    # ListDiff (C++ SetDiff1D), appended last: repeats kept, NaN never matches, -0 == +0.
    for dtype in (np.int32, np.int64, np.int8, np.uint16, np.float32, np.float64, "string"):
        if dtype == "string":
            x, y = np.array([b"a", b"b", b"a", b"c"], object), np.array([b"a", b"d"], object)
        elif np.dtype(dtype).kind == "f":
            x = np.array([1.5, np.nan, -0.0, 2.0, 1.5, 3.0], dtype)
            y = np.array([np.nan, 0.0, 1.5], dtype)
        else:
            x, y = np.array([4, 1, 4, 2, 7, 1], dtype), np.array([1, 9], dtype)
        for out_idx in (np.int32, np.int64):
            yield "ListDiff", [x, y], {"out_idx": out_idx}
        yield "ListDiff", [x[:0], y], {}

    # The segment reductions (appended last): sorted ones with gaps, one-row segments and
    # segments of 16+ rows (TF folds those into four accumulators on packet columns), widths
    # across the 8-float packet, NaN, +-0, +-inf and ties; unsorted ones with negative ids,
    # empty segments (Max/Min fill: the type's lowest/highest) and every CPU dtype.
    ints = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
    special = np.array([np.nan, 0.0, -0.0, np.inf, -np.inf, 1.0, -1.0])
    for dtype in FLOATS + ints + [np.complex64, np.complex128]:
        real = np.dtype(dtype).kind != "c"
        sorted_ops = ["SegmentSum", "SegmentProd", "SegmentMean"] + (
            ["SegmentMax", "SegmentMin"] if real else [])
        unsorted_ops = ["UnsortedSegmentSum", "UnsortedSegmentProd"] + (
            ["UnsortedSegmentMax", "UnsortedSegmentMin"] if real else [])
        for rows, width in ((5, 3), (20, 9), (17, 17), (2, 8), (33, 5)):
            ids = np.sort(rng.integers(0, 4, rows)) + (1 - rows % 2)  # a leading gap in some
            x = values(rng, dtype, (rows, width))
            if np.dtype(dtype).kind == "f" and rows != 33:
                mask = rng.random(x.shape) < 0.3
                with np.errstate(all="ignore"):
                    x[mask] = rng.choice(special, int(mask.sum())).astype(dtype)
            elif np.dtype(dtype).kind in "iu":
                x = (np.asarray(x, np.float64) % 7 - (0 if np.dtype(dtype).kind == "u" else 3))
                x = x.astype(dtype)  # small values: products stay in range more often
            for op in sorted_ops:
                yield op, [x, ids.astype(IDX[rows % 2])], {}
            uids = rng.integers(-1, 5, rows)
            for op in unsorted_ops:
                yield op, [x, uids.astype(IDX[rows % 2]), np.array(6, IDX[width % 2])], {}
        x = values(rng, dtype, (4, 2, 3))
        for op in unsorted_ops:
            yield op, [x, np.array([[0, -1], [3, 0], [0, 2], [-1, -1]], np.int32),
                       np.array(5, np.int64)], {}
            yield op, [x[:0], np.zeros((0,), np.int32), np.array(2, np.int32)], {}
        for op in sorted_ops:
            yield op, [x, np.array([0, 0, 0, 0], np.int64)], {}
            yield op, [x[:0], np.zeros((0,), np.int32)], {}
            yield op, [x[0, 0], np.array([0, 2, 2], np.int32)], {}
    # ScatterNdNonAliasingAdd(input, indices, updates): rows, elements and deeper slices, duplicate
    # indices summed (integers wrap), rank-1 indices (TF uses only their first element), empty
    # indices and updates, bad indices skipped under IGNORE.
    for dtype in DTYPES + [np.uint16, np.uint32, np.uint64, np.int16, np.complex128]:
        exact = np.dtype(dtype).kind in "iub"
        x = values(rng, dtype, (5, 3))
        for itype in IDX:
            rows = [4, 0, 4, 1] if exact else [4, 0, 2, 1]
            yield "ScatterNdNonAliasingAdd", [x, np.array(rows, itype)[:, None],
                                              values(rng, dtype, (4, 3))], {}
        yield "ScatterNdNonAliasingAdd", [x, np.array([[0, 1], [3, 2], [4, 0]], np.int64),
                                          values(rng, dtype, (3,))], {}
    x = values(rng, np.float32, (2, 3, 4))
    yield "ScatterNdNonAliasingAdd", [x, np.array([[[1, 2], [0, 0]]], np.int32),
                                      values(rng, np.float32, (1, 2, 4))], {}
    yield "ScatterNdNonAliasingAdd", [x, np.array([1, 0], np.int32),
                                      values(rng, np.float32, (2, 3, 4))], {}
    yield "ScatterNdNonAliasingAdd", [x, np.zeros((0, 2), np.int64),
                                      values(rng, np.float32, (0, 4))], {}
    yield "ScatterNdNonAliasingAdd", [np.array([120, -5], np.int8), np.array([[0], [0]], np.int32),
                                      np.array([10, 10], np.int8)], {}
    yield "ScatterNdNonAliasingAdd", [x, np.array([[1], [7], [0]], np.int32),
                                      values(rng, np.float32, (3, 3, 4))], \
        {"bad_indices_policy": "IGNORE"}

def run(op, inputs, attrs):
    fn = getattr(tf.raw_ops, op)
    params = list(inspect.signature(fn).parameters)
    tensors = [tf.constant(v) for v in inputs]
    kwargs = {k: (v if isinstance(v, (bool, int, float, str, list)) else tf.as_dtype(v))
              for k, v in attrs.items() if k != "N"}  # N is implied by the lists
    if op == "DynamicStitch":
        kwargs.update(indices=tensors[:attrs["N"]], data=tensors[attrs["N"]:])
    else:
        kwargs.update(dict(zip(params, tensors)))
    out = fn(**kwargs)
    return [o.numpy() for o in (out if isinstance(out, (list, tuple)) else [out])]


def build():
    return golden_file.build_cases(cases(), run)


if __name__ == "__main__":
    golden_file.main(build, __doc__)
