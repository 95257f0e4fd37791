"""The declaration of the solver ``bitwise``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.bitwise`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.native._limits import MASK_MAX_N

from nqueens.core.effort import HAND_WRITTEN
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="bitwise",
    row_order=True,
    family="native",
    origin="seed 000, method 5: iterative bitwise search with a stack of (c, l, r, m)",
    can=("count", "enumerate", "nodes", "instance"),
    module="nqueens.native.bitwise",
    summary="seed 000's non-recursive bitwise counter, compiled",
    max_n=MASK_MAX_N,
    effort=HAND_WRITTEN,
)
