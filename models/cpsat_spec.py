"""The declaration of the solver ``cpsat``: what it is, its limits and its options, beside its code
(:mod:`nqueens.models.cpsat`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.core.options import RULE
from nqueens.core.protocol import Option, Solver

__all__ = ["SOLVER"]

# Calibrated by the peak resident memory of `nqueens solve N --solver S --limit 1` at a few n, less the ~150 MB of an
# interpreter with the libraries loaded: with first=true, one worker, 70 MB at n = 200, 1.0 GB at n = 800 (about
# 1600 n^2; an earlier n = 5000 run grew past 24 GB). Each further search worker holds its own copy of the search
# state, and the lex-leader constraints of symmetry=true add the board's images (n = 100: 160 MB against 130 MB
# without, 120 MB of it the interpreter and OR-tools).
BYTES_PER_SQUARE = 1600
SYMMETRY_FACTOR = 3


def _memory(n, workers, options):
    """``(bytes, said)``: the model's memory for ``n`` with its own search workers and symmetry option."""
    search = max(1, options.get("workers") or 1)
    way = options.get("symmetry") or "none"
    per = BYTES_PER_SQUARE * n * n * (SYMMETRY_FACTOR if way == "lex" else 1)
    return per * search, f"workers={search}, symmetry={way}"


SOLVER = Solver(
    name="cpsat",
    family="model",
    origin="OR-tools CP-SAT: q[row] with all-different on q, q + i and q - i (the nqueens_sat.py sample)",
    can=("count", "enumerate", "instance", "optimize"),
    module="nqueens.models.cpsat",
    summary="CP-SAT with a solution callback, one search worker; stats: branches, conflicts, propagations",
    reach=10,
    options=(
        Option(
            "symmetry",
            str,
            "none",
            "symmetry broken in the model (the tree models' choices CP-SAT can state): none, half (the first "
            "row's queen on its left half, the middle column included: the exact total), lex (lex-leader "
            "constraints over the 8 board symmetries: only fundamental solutions, count adds unique and classes); "
            "true and false (the flag this option was) stand for lex and none",
            ("none", "half", "lex"),
            unique=("lex",),
            reduced=("lex",),
            aliases=tuple((word, "lex") for word in ("true", "yes", "on", "1", True))
            + tuple((word, "none") for word in ("false", "no", "off", "0", False)),
        ),
        Option("first", bool, False, "stop at the first solution (for large n; solve only)", partial=(True,)),
        Option("workers", int, 1, "CP-SAT search workers; more than 1 only with first=true", least=1),
        Option(
            "var",
            str,
            "auto",
            "a fixed search branching on: CP-SAT's own choice (auto), the rows in order, the row with the "
            "fewest columns left (first-fail), the row with the smallest column",
            ("auto", "input", "first-fail", "min-value"),
        ),
        Option(
            "value",
            str,
            "auto",
            "the column a fixed search tries first (auto: median): smallest, largest, median, the lower half",
            ("auto", "min", "max", "median", "split"),
        ),
        RULE,
        Option("seed", int, 0, "CP-SAT's random_seed (with one search worker its search is the same for each)"),
    ),
    memory=_memory,
    effort={
        "branches": ("branches",),
        "conflicts": ("conflicts",),
        "propagations": ("binary_propagations", "integer_propagations"),
    },
    libraries=("ortools",),
)
