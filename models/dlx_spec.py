"""The declaration of the solver ``dlx``: what it is, its limits and its options, beside its code
(:mod:`nqueens.models.dlx`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.core.options import RULE
from nqueens.core.protocol import Option, Solver

__all__ = ["SOLVER", "CHOICES"]

CHOICES = ("min-size", "first")  # the column to branch on

SOLVER = Solver(
    name="dlx",
    family="model",
    origin="exact cover (rows, columns primary; diagonals secondary): Knuth's Algorithm X, dancing links",
    can=("count", "enumerate", "nodes", "instance"),
    module="nqueens.models.dlx",
    summary="dancing links over the n*n placements, compiled; nodes = rows chosen",
    options=(
        Option(
            "choose",
            str,
            "min-size",
            "the column to branch on: fewest rows (Knuth's heuristic) or the first uncovered (row by row)",
            CHOICES,
        ),
        RULE,
    ),
    memory=(256, 2),
    effort={"nodes": (), "updates": ("updates",)},
)
