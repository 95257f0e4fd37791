"""The declaration of the solver ``subset``: what it is, its limits and its options, beside its code
(:mod:`nqueens.models.subset`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.models._options import TREE_MODE, TREE_PROGRESS, TREE_SYMMETRY

from nqueens.core.effort import TREE_SEARCH
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="subset",
    row_order=True,
    family="model",
    origin="seed 004: the 2^(n*n) cell tree, every square a yes/no decision; all constraints implicit",
    can=("count", "enumerate", "nodes", "instance"),
    module="nqueens.models.subset",
    summary="state-space tree: a binary decision per cell, compiled; profile has one depth per cell",
    options=(TREE_MODE, TREE_PROGRESS, TREE_SYMMETRY),
    memory=(80, 2),  # state 2 n^2, per-depth counters 3 n^2 and path 3 n^2 int64, and slack
    effort=TREE_SEARCH,
)
