"""The declaration of the solver ``backtrack``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.backtrack`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.core.effort import HAND_WRITTEN
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="backtrack",
    row_order=True,
    family="native",
    origin="seed 000, method 1: non-recursive backtracking, q[k]++ and check(k) against every earlier row",
    can=("count", "enumerate", "nodes", "instance"),
    module="nqueens.native.backtrack",
    summary="seed 000's plain backtracking, compiled",
    effort=HAND_WRITTEN,
)
