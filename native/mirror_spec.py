"""The declaration of the solver ``mirror``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.mirror`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.native._options import HALF_BOARD_REASON

from nqueens.core.effort import HAND_WRITTEN
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="mirror",
    row_order=True,
    family="native",
    origin="seed 000, method 2: backtracking over the left half of the first row, doubled by the mirror image",
    can=("count", "enumerate", "nodes"),
    module="nqueens.native.mirror",
    no_instance=HALF_BOARD_REASON,
    summary="seed 000's mirror-halved backtracking, compiled",
    effort=HAND_WRITTEN,
)
