"""The declaration of the solver ``permutation``: what it is, its limits and its options, beside its code
(:mod:`nqueens.models.permutation`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.models._options import TREE_MODE, TREE_ORDER, TREE_PROGRESS, TREE_PROPAGATION, TREE_SYMMETRY

from nqueens.core.effort import TREE_SEARCH
from nqueens.core.options import RULE
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="permutation",
    row_order=True,
    family="model",
    origin="seed 003: permutation tree, rows and columns explicit; diagonals implicit (swap-based DFS)",
    can=("count", "enumerate", "nodes", "instance"),
    module="nqueens.models.permutation",
    summary="state-space tree: the unused columns are the children, compiled",
    options=(TREE_MODE, TREE_PROPAGATION, TREE_ORDER, TREE_SYMMETRY, TREE_PROGRESS, RULE),
    memory=(40, 2),  # its state: 4 n^2 int64 (nqueens.models.rows), and slack
    effort=TREE_SEARCH,
)
