#!/usr/bin/env python3
"""Compares minitf's .proto files with TensorFlow 2.21's generated descriptors: every
message, field and enum value minitf declares must exist in TF under the same full name
with the same number, type and label (minitf may leave fields out; it may not differ)."""
import subprocess
import sys
import tempfile

from google.protobuf import descriptor_pb2
import tensorflow as tf  # noqa: F401  (registers TF's descriptors)
from google.protobuf import descriptor_pool

from tensorflow.core.framework import device_attributes_pb2, graph_pb2, op_def_pb2  # noqa: F401
from tensorflow.core.framework import step_stats_pb2, summary_pb2  # noqa: F401
from tensorflow.core.protobuf import config_pb2, error_codes_pb2, tensor_bundle_pb2  # noqa: F401
from tensorflow.core.protobuf import meta_graph_pb2, saved_model_pb2, saver_pb2  # noqa: F401
from tensorflow.core.util import event_pb2  # noqa: F401


def repeated(field):
    if hasattr(field, "is_repeated"):
        return field.is_repeated
    return field.label == field.LABEL_REPEATED


def walk_messages(prefix, messages):
    for m in messages:
        name = f"{prefix}.{m.name}"
        yield name, m
        yield from walk_messages(name, m.nested_type)


def main():
    proto_root = sys.argv[1]
    protoc = sys.argv[2] if len(sys.argv) > 2 else "protoc"
    files = subprocess.run(["find", ".", "-name", "*.proto"], cwd=proto_root,
                           capture_output=True, text=True, check=True).stdout.split()
    with tempfile.NamedTemporaryFile(suffix=".pb") as out:
        subprocess.run([protoc, f"--descriptor_set_out={out.name}", "-I", proto_root,
                        *[f[2:] for f in files]], check=True)
        fds = descriptor_pb2.FileDescriptorSet.FromString(open(out.name, "rb").read())
    pool = descriptor_pool.Default()
    problems, fields, enums = [], 0, 0
    for fd in fds.file:
        for name, msg in walk_messages(fd.package, fd.message_type):
            try:
                tf_msg = pool.FindMessageTypeByName(name)
            except KeyError:
                problems.append(f"{name}: not a TF message")
                continue
            for field in msg.field:
                fields += 1
                tf_field = tf_msg.fields_by_name.get(field.name)
                if tf_field is None:
                    problems.append(f"{name}.{field.name}: not in TF")
                    continue
                mine = (field.number, field.type,
                        field.label == descriptor_pb2.FieldDescriptorProto.LABEL_REPEATED)
                theirs = (tf_field.number, tf_field.type, repeated(tf_field))
                if mine != theirs:
                    problems.append(f"{name}.{field.name}: minitf (number, type, repeated) "
                                    f"{mine} vs TF {theirs}")
        # Top-level enums and the enums nested in messages (LogMessage.Level, ...).
        nested = [(f"{name}.{e.name}", e) for name, msg in walk_messages(fd.package, fd.message_type)
                  for e in msg.enum_type]
        for enum_name, enum in [(f"{fd.package}.{e.name}", e) for e in fd.enum_type] + nested:
            try:
                tf_enum = pool.FindEnumTypeByName(enum_name)
            except KeyError:
                problems.append(f"{enum_name}: not a TF enum")
                continue
            for value in enum.value:
                enums += 1
                tf_value = tf_enum.values_by_name.get(value.name)
                if tf_value is None or tf_value.number != value.number:
                    problems.append(f"{enum_name}.{value.name}: differs from TF")
    for p in problems:
        print(p)
    print(f"protos: {len(fds.file)} files, {fields} fields, {enums} enum values: "
          f"{'FAIL' if problems else 'ok'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
