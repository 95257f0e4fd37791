"""The declaration of the solver ``generate-test``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.generate_and_test`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.native._limits import DIAGONALS_MAX_N, DIAGONALS_REASON

from nqueens.core.effort import HAND_WRITTEN
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="generate-test",
    row_order=True,
    family="native",
    origin="seed 004: DFS over distinct columns, whole-board check only at the leaf; non-recursive next()",
    can=("count", "enumerate", "nodes"),
    module="nqueens.native.generate_and_test",
    no_instance="it runs seed 004's loop as written, which tests only whole boards",
    summary="generate every permutation, test the full board; compiled",
    max_n=DIAGONALS_MAX_N,
    limit_reason=DIAGONALS_REASON,
    effort=HAND_WRITTEN,
)
