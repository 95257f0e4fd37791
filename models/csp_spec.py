"""The declaration of the solver ``csp``: what it is, its limits and its options, beside its code
(:mod:`nqueens.models.csp`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.core.options import RULE
from nqueens.core.protocol import Option, Solver

__all__ = ["SOLVER", "ALGORITHMS", "PROPAGATION"]

ALGORITHMS = ("default", "backtracking", "recursive", "min-conflicts")
PROPAGATION = ("forward-checking", "none")

SOLVER = Solver(
    name="csp",
    family="model",
    origin="python-constraint: a variable per row, all-different columns, pairwise diagonal constraints",
    can=("count", "enumerate", "instance"),
    module="nqueens.models.csp",
    summary="the generic CSP, streamed from getSolutionIter; stats: assignments, constraint calls",
    reach=10,
    options=(
        Option(
            "algorithm",
            str,
            "default",
            "python-constraint's solver: its default (optimized backtracking: rows in order), backtracking or "
            "recursive (first-fail: the open row with the fewest columns), or min-conflicts (one solution, "
            "solve only)",
            ALGORITHMS,
            partial=("min-conflicts",),
        ),
        Option(
            "propagation",
            str,
            "forward-checking",
            "the backtracking algorithms hide the columns a placed queen attacks from the open rows "
            "(forward checking), or check a value only against the rows already placed (none)",
            PROPAGATION,
        ),
        RULE,
        Option("seed", int, 0, "seed of min-conflicts' random starts (the other algorithms ignore it)"),
    ),
    memory=(2048, 2),
    effort={"assignments": ("assignments",), "constraint_calls": ("constraint_calls",)},
    libraries=("python-constraint2",),
)
