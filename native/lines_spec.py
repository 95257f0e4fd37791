"""The declaration of the solver ``lines``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.lines`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.core.effort import HAND_WRITTEN
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="lines",
    family="native",
    origin="the instance solver: bitmasks per row and column, the most constrained line first, pruning on "
    "any empty row or column (for CSPLib prob079/prob080 and the excluded-diagonal instances)",
    can=("count", "enumerate", "nodes", "instance"),
    module="nqueens.native.lines",
    summary="the default solver for instances (blocked squares, placed queens, excluded diagonals), compiled",
    # 64-bit masks up to n = 63, multi-word bitsets above: no fixed limit, only memory (about 9 n^2 bytes
    # at most: the root board, one trail entry per open square, the lines; lines.memory_needed)
    memory=(10, 2),
    effort=HAND_WRITTEN,
)
