"""The declaration of the solver ``mary``: what it is, its limits and its options, beside its code
(:mod:`nqueens.models.mary`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.models._options import TREE_MODE, TREE_ORDER, TREE_PROGRESS, TREE_PROPAGATION, TREE_SYMMETRY

from nqueens.core.effort import TREE_SEARCH
from nqueens.core.options import RULE
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="mary",
    row_order=True,
    family="model",
    origin="seed 003: full m-ary tree, rows explicit; columns and diagonals implicit",
    can=("count", "enumerate", "nodes", "instance"),
    module="nqueens.models.mary",
    summary="state-space tree: n children per node (a column for the next row), compiled",
    options=(TREE_MODE, TREE_PROPAGATION, TREE_ORDER, TREE_SYMMETRY, TREE_PROGRESS, RULE),
    memory=(40, 2),  # its state: 4 n^2 int64 (nqueens.models.rows), and slack
    effort=TREE_SEARCH,
)
