"""Whether this machine can run the GPU counter, answered without importing numba or a CUDA driver (the default
counter and the default columns of ``nqueens compare`` ask it on every run)."""

import importlib.util
import os

__all__ = ["simulated", "device_present"]


def simulated():
    """Whether numba's CUDA simulator is asked for (``NUMBA_ENABLE_CUDASIM=1``)."""
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "0") not in ("", "0")


def device_present():
    """Whether this machine shows an NVIDIA GPU (its device files) and numba's CUDA target is installed; a
    cheap test, not a promise: :func:`nqueens.native.gpu.warmup` asks the driver."""
    if simulated():
        return False
    if not (os.path.exists("/dev/nvidia0") or os.path.exists("/dev/nvidiactl")):
        return False
    try:
        return importlib.util.find_spec("numba.cuda") is not None
    except (ImportError, ValueError):
        return False
