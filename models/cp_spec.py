"""The declaration of the solver ``cp``: what it is, its limits and its options, beside its code
(:mod:`nqueens.models.cp`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.core.options import RULE
from nqueens.core.protocol import Option, Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="cp",
    family="model",
    origin="OR-tools' classic CP solver (pywrapcp): q[row] with all-different on q, q + i and q - i; "
    "search strategies and propagation levels",
    can=("count", "enumerate", "instance", "optimize"),
    module="nqueens.models.cp",
    summary="depth-first search with a chosen variable and value order; stats: failures, branches",
    reach=10,
    options=(
        Option(
            "var",
            str,
            "input",
            "the row to branch on: in order, fewest columns left (first-fail), smallest column, largest "
            "regret, at random",
            ("input", "first-fail", "min-value", "max-regret", "random"),
        ),
        Option(
            "value",
            str,
            "min",
            "the column to try first: smallest, largest, nearest the middle of min..max, the median of the "
            "domain (MiniZinc's indomain_median), the lower half first (split), at random",
            ("min", "max", "middle", "median", "split", "random"),
        ),
        Option(
            "propagation",
            str,
            "bounds",
            "the all-different propagator: bounds consistency with Hall intervals (the solver's default) or "
            "value removal only (forward checking)",
            ("bounds", "value"),
        ),
        Option("seed", int, 0, "seed of the random strategies"),
        Option(
            "symmetry",
            str,
            "none",
            "symmetry broken by constraints (the tree models' choices the model can state): none, half (the first "
            "row's queen on its left half, the middle column included: the exact total), lex (lex-leader "
            "constraints over the 8 board symmetries: only fundamental solutions, count adds unique and classes)",
            ("none", "half", "lex"),
            unique=("lex",),
            reduced=("lex",),
        ),
        RULE,
    ),
    memory=(16, 2),  # measured: 5.6 GB for n = 20000 (first-fail, limit 1)
    effort={"branches": ("branches",), "failures": ("failures",)},
    libraries=("ortools",),
)
