#!/usr/bin/env python3
"""Reads the TensorBoard events file minitf's tests/tf_programs/summaries.cc wrote (given its
directory) with TensorFlow's reader (tf.compat.v1.train.summary_iterator) and TensorBoard's
EventAccumulator, and checks every event: the version event EventsWriter starts with, each
step's merged Summary against the one TF 2.21's own ops compute from the same inputs, and the
SessionLog event."""
import glob
import math
import os
import sys

import numpy as np
import tensorflow as tf
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from tensorflow.core.framework import summary_pb2
from tensorflow.core.util import event_pb2


def expected_summary(step):
    """summaries.cc's "merged" node for a step, computed by TF."""
    raw = tf.raw_ops
    pair = raw.ScalarSummary(tags=tf.constant(["a", "b"]),
                             values=tf.constant([1.5, math.nan], tf.float32))
    loss = raw.ScalarSummary(tags=tf.constant("loss"), values=tf.constant(0.5 + step, tf.float64))
    w = raw.HistogramSummary(
        tag=tf.constant("w"),
        values=tf.constant([step / 2 - 1, 2.0, 3.25, -0.125, 1e-13], tf.float32))
    steps = raw.HistogramSummary(tag=tf.constant("steps"), values=tf.range(-5, 40, 3, tf.int64))
    ints = raw.ScalarSummary(tags=tf.constant([["i0", "i1"], ["i2", "i3"]]),
                             values=tf.constant([[1 << 60, -7], [0, 123456789]], tf.int64))
    merged = raw.MergeSummary(inputs=[pair, loss, w, steps, ints]).numpy()
    return summary_pb2.Summary.FromString(merged)


def canonical(message):
    return message.SerializeToString(deterministic=True)


def main():
    directory = sys.argv[1]
    files = glob.glob(os.path.join(directory, "events.out.tfevents.*"))
    problems = []
    if len(files) != 1:
        print(f"{directory}: expected one events file, found {files}")
        return 1
    events = list(tf.compat.v1.train.summary_iterator(files[0]))
    if len(events) != 5:
        problems.append(f"{len(events)} events, expected 5")
    first = events[0]
    if (first.file_version != "brain.Event:2"
            or first.source_metadata.writer != "tensorflow.core.util.events_writer"
            or first.wall_time != int(first.wall_time)):
        problems.append(f"version event: {first}")
    for step, event in enumerate(events[1:4], start=1):
        if event.step != step or event.wall_time != 1000.0 + step / 4:
            problems.append(f"event {step}: step {event.step}, wall_time {event.wall_time}")
        if canonical(event.summary) != canonical(expected_summary(step)):
            problems.append(f"event {step}: summary differs from TF's:\n{event.summary}")
    last = events[-1]
    if last.step != 4 or last.session_log.status != event_pb2.SessionLog.START:
        problems.append(f"session log event: {last}")

    # TensorBoard's view of the same file.
    acc = EventAccumulator(directory, size_guidance={"scalars": 0, "histograms": 0})  # keep all
    acc.Reload()
    losses = [(e.step, e.value) for e in acc.Scalars("loss")]
    if losses != [(1, 1.5), (2, 2.5), (3, 3.5)]:
        problems.append(f"TensorBoard's loss scalars: {losses}")
    if not all(math.isnan(e.value) for e in acc.Scalars("b")):
        problems.append("TensorBoard's b scalars are not NaN")
    histos = acc.Histograms("w")
    if [h.step for h in histos] != [1, 2, 3] or any(
            h.histogram_value.num != 5 or h.histogram_value.max != 3.25 for h in histos):
        problems.append(f"TensorBoard's w histograms: {histos}")
    if [h.histogram_value.min for h in histos] != [-0.5, -0.125, -0.125]:
        problems.append(f"TensorBoard's w minima: {[h.histogram_value.min for h in histos]}")
    steps = acc.Histograms("steps")[0].histogram_value
    if (steps.num, steps.min, steps.max, steps.sum) != (15, -5, 37, float(np.arange(-5, 40, 3).sum())):
        problems.append(f"TensorBoard's steps histogram: {steps}")

    for p in problems:
        print(p)
    print(f"{files[0]}: {len(events)} events, {'FAIL' if problems else 'read by TF and TensorBoard, ok'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
