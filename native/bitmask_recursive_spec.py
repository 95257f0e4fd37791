"""The declaration of the solver ``bitmask-recursive``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.bitmask_recursive`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.core.effort import HAND_WRITTEN
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="bitmask-recursive",
    row_order=True,
    family="native",
    origin="seeds 001/003: recursive bitmask backtracking (col, pie, na), plain Python",
    can=("count", "enumerate", "nodes", "instance"),
    module="nqueens.native.bitmask_recursive",
    summary="the readable recursive bitmask oracle (plain Python)",
    reach=10,
    max_n=500,
    limit_reason="Python's recursion depth: one call per row",
    effort=HAND_WRITTEN,
)
