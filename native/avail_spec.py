"""The declaration of the solver ``avail``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.avail`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.native._options import HALF_BOARD_REASON

from nqueens.core.effort import HAND_WRITTEN
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="avail",
    row_order=True,
    family="native",
    origin="seed 000, method 4: the mirror-halved search over a linked list nex of the free columns",
    can=("count", "enumerate", "nodes"),
    module="nqueens.native.avail",
    no_instance=HALF_BOARD_REASON,
    summary="seed 000's available-column list backtracking, compiled",
    effort=HAND_WRITTEN,
)
