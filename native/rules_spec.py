"""The declaration of the solver ``rules``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.rules_counter`). It imports no numpy or numba, so the registry reads it without loading the code."""

import math

from nqueens.core.effort import HAND_WRITTEN
from nqueens.core.options import RULE
from nqueens.core.protocol import Solver

__all__ = ["SOLVER", "no_torus_solution"]


def no_torus_solution(n, options):
    """A torus of ``n`` without a solution: gcd(n, 6) > 1 (Pólya 1918), answered at once for every ``n``.

    Examples
    --------
    >>> no_torus_solution(1000002, {"rule": "toroidal"}), no_torus_solution(1000001, {"rule": "toroidal"})
    (True, False)
    """
    return options.get("rule") == "toroidal" and math.gcd(n, 6) != 1


SOLVER = Solver(
    name="rules",
    row_order=True,
    family="native",
    origin="attack rules as data (nqueens.core.rules): one bitmask search with the rule's per-row masks (knight "
    "moves from the two rows above; diagonals rotated mod n on a torus), mirror or translation symmetry",
    can=("count", "enumerate", "nodes"),
    module="nqueens.native.rules_counter",
    summary="queens, superqueens (A051223) or toroidal queens (A051906): --option rule=NAME or --rules NAME",
    max_n=62,
    limit_reason="64-bit masks with room for the knight's shifts",
    at_once=no_torus_solution,
    no_instance="its masks hold the rule's attacks only, not blocked squares or pre-placed queens",
    options=(RULE,),
    effort=HAND_WRITTEN,
)
