"""The declaration of the solver ``gpu``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.gpu`). It imports no numpy, numba or CUDA, so the registry reads it without loading the code."""

from nqueens.native._gpu_probe import device_present
from nqueens.native._options import ENGINE_OPTIONS

from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="gpu",
    family="engine",
    origin="the fast counter's start constellations split into work items on the CPU and finished by a "
    "bitmask search on an NVIDIA GPU (numba CUDA), after the Q27 project and Yao and Li (2025)",
    can=("count", "unique"),
    module="nqueens.native.gpu",
    summary="total, unique and orbit classes on an NVIDIA GPU (the 'gpu' extra); store, resume, Dask",
    max_n=27,
    limit_reason="32-bit masks, with a 5-bit column index beside the n bits of a row",
    no_instance="it counts one start constellation per class under the 8 board symmetries, which an "
    "instance does not keep",
    threads=4,  # CPU threads that build work items and feed the device
    reach=12,
    options=ENGINE_OPTIONS,
    libraries=("numba-cuda",),
    supported=device_present,  # an NVIDIA GPU's device files and numba's CUDA target, nothing imported
    default_from=18,  # nqueens count's counter from here on where it runs (benchmarks/gpu_device.sh)
)
