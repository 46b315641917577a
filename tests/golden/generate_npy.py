#!/usr/bin/env python3
"""Generates tests/golden/npy/: .npy and .npz files written by NumPy, read by minitf's strict
reader in tests/cli/npy_test.cc (and compared byte for byte with what minitf's writer makes of
the same arrays). Every array's values follow a formula the test knows: element i of the array
in row-major order is i (as the dtype holds it), complex elements are i + 2i*j, booleans are
i % 3 == 0; strings are listed in STRINGS / UNICODE below.

  .venv-tf/bin/python tests/golden/generate_npy.py tests/golden/npy
  .venv-tf/bin/python tests/golden/generate_npy.py --check tests/golden/npy
"""
import io
import os
import sys
import tempfile

import numpy as np

STRINGS = [b"ab", b"", b"xyz\x00q"]
UNICODE = ["h\u00e9llo", "", "\u65e5\u672c"]


def arange(shape, dtype):
    n = int(np.prod(shape))
    kind = np.dtype(dtype).kind
    if kind == "b":
        values = np.arange(n) % 3 == 0
    elif kind == "c":
        values = np.arange(n) + 2j * np.arange(n)
    else:
        values = np.arange(n)
    return values.astype(dtype).reshape(shape)


def npy(array, version=None):
    f = io.BytesIO()
    if version is None:
        np.save(f, array)
    else:
        np.lib.format.write_array(f, array, version=version)
    return f.getvalue()


def npz(compressed, **arrays):
    # np.savez stamps members with the time; write into a file and rewrite the DOS date and
    # time fields so the committed bytes do not change from run to run.
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "a.npz")
        (np.savez_compressed if compressed else np.savez)(path, **arrays)
        data = bytearray(open(path, "rb").read())
    for sig, offset in ((b"PK\x03\x04", 10), (b"PK\x01\x02", 12)):
        at = data.find(sig)
        while at >= 0:
            data[at + offset:at + offset + 4] = b"\x00\x00\x21\x00"
            at = data.find(sig, at + 4)
    return bytes(data)


def files():
    out = {
        "f4_2x3.npy": npy(arange((2, 3), "<f4")),
        "i8_5.npy": npy(arange((5,), "<i8")),
        "b1_scalar.npy": npy(np.array(True)),
        "i4_scalar.npy": npy(np.array(7, dtype="<i4")),
        "f4_empty.npy": npy(np.zeros((0, 3), "<f4")),
        "u1_4.npy": npy(arange((4,), "|u1")),
        "i1_4.npy": npy(arange((4,), "|i1")),
        "i2_4.npy": npy(arange((4,), "<i2")),
        "u2_4.npy": npy(arange((4,), "<u2")),
        "u4_4.npy": npy(arange((4,), "<u4")),
        "u8_4.npy": npy(arange((4,), "<u8")),
        "f2_4.npy": npy(arange((4,), "<f2")),
        "f8_be_5.npy": npy(arange((5,), ">f8")),
        "c8_3.npy": npy(arange((3,), "<c8")),
        "c16_be_3.npy": npy(arange((3,), ">c16")),
        "b1_2x3.npy": npy(arange((2, 3), "|b1")),
        "i8_fortran_2x3x4.npy": npy(np.asfortranarray(arange((2, 3, 4), "<i8"))),
        "i4_be_fortran_3x4.npy": npy(np.asfortranarray(arange((3, 4), ">i4"))),
        "f4_v2_2x3.npy": npy(arange((2, 3), "<f4"), version=(2, 0)),
        "f4_v3_2x3.npy": npy(arange((2, 3), "<f4"), version=(3, 0)),
        "s5_3.npy": npy(np.array(STRINGS, dtype="S5")),
        "u5_3.npy": npy(np.array(UNICODE, dtype="<U5")),
        "u5_be_3.npy": npy(np.array(UNICODE, dtype=">U5")),
        "stored.npz": npz(False, a=arange((2, 3), "<f4"), b=arange((4,), "<i8")),
        "compressed.npz": npz(True, a=arange((2, 3), "<f4"), b=arange((4,), "<i8")),
        "one.npz": npz(False, only=arange((3,), "<i4")),
        "object.npy": npy(np.array([1, "a"], dtype=object)),
        "structured.npy": npy(np.zeros(2, dtype=[("x", "<f4"), ("y", "<i4")])),
    }
    return out


def main(argv):
    check = argv[1] == "--check"
    folder = argv[-1]
    bad = []
    for name, data in files().items():
        path = os.path.join(folder, name)
        if check:
            if not os.path.exists(path) or open(path, "rb").read() != data:
                bad.append(name)
        else:
            os.makedirs(folder, exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
    if bad:
        print("NumPy today writes different bytes for: " + ", ".join(bad))
        return 1
    print(("checked " if check else "wrote ") + f"{len(files())} files in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
