"""What of TensorFlow's bits minitf reproduces depends on the CPU model.

minitf's float GEMM (MatMul, and the convolutions built on it) sums in the order of TF 2.21's
kernels on CPUs with AVX-512F: there the cross-check compares such outputs bit for bit. On
other CPUs (an AVX2 EPYC, 2026-12-06) TF's oneDNN kernels sum in an order minitf does not
reproduce, and outputs computed through a GEMM are compared within float rounding of the sum
instead (docs/design.md, "Golden files and the CPU model").
"""
import numpy as np

# Relative to the largest magnitude of TF's output (as the golden files' SUM_TOLERANCE).
GEMM_TOLERANCE = 1e-5


def gemm_order_is_tfs():
    """Whether this CPU has AVX-512F, where minitf's GEMM has TF's bits."""
    try:
        with open("/proc/cpuinfo") as f:
            return any(line.startswith("flags") and " avx512f" in line for line in f)
    except OSError:
        return False


def gemm_close(want, got):
    """Float outputs within GEMM_TOLERANCE times their largest magnitude (at least 1); NaNs and
    infinities where TF's are; anything else identical."""
    want, got = np.asarray(want), np.asarray(got)
    if want.shape != got.shape or want.dtype != got.dtype:
        return False
    if want.dtype.kind != "f":
        return want.tobytes() == got.tobytes()
    w, g = want.astype(np.float64).ravel(), got.astype(np.float64).ravel()
    finite = np.isfinite(w) & np.isfinite(g)
    if not np.array_equal(w[~finite], g[~finite], equal_nan=True):
        return False
    scale = max(1.0, float(np.abs(w[finite]).max(initial=0.0)))
    return bool(np.abs(w[finite] - g[finite]).max(initial=0.0) <= GEMM_TOLERANCE * scale)
