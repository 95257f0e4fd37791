"""The declaration of the solver ``marks``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.marks`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.native._options import HALF_BOARD_REASON

from nqueens.core.effort import HAND_WRITTEN
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="marks",
    row_order=True,
    family="native",
    origin="seed 000, method 3: the mirror-halved search with marker arrays y, l, r for columns and diagonals",
    can=("count", "enumerate", "nodes"),
    module="nqueens.native.marks",
    no_instance=HALF_BOARD_REASON,
    summary="seed 000's marker-array backtracking, compiled",
    effort=HAND_WRITTEN,
)
