"""The declaration of the solver ``cpmpy``: what it is, its limits and its options, beside its code
(:mod:`nqueens.models.cpmpy_model`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.core.options import RULE
from nqueens.core.protocol import Option, Solver

__all__ = ["SOLVER", "BACKENDS", "OPTIMIZE_BACKENDS", "BACKEND"]

# The backends offered, and the packages each needs beyond CPMpy (the code reads them from here).
BACKENDS = {
    "ortools": "ortools",
    "exact": "exact",
    "pysat": "python-sat[pb] and pypblib",
    "choco": "pychoco",
    "z3": "z3-solver",
}
# The backends that optimise (CPMpy's pysat backend does not): ``nqueens optimize ... --solvers cpmpy:backend=B``.
OPTIMIZE_BACKENDS = ("ortools", "exact", "choco", "z3")
# The option that picks one, for this solver and for a user's CPMpy model function (nqueens.models.user_cpmpy).
BACKEND = Option(
    "backend",
    str,
    "ortools",
    "the solver CPMpy hands the model to (all but ortools need pip install 'nqueens[solvers]')",
    tuple(BACKENDS),
)

SOLVER = Solver(
    name="cpmpy",
    family="model",
    origin="CPMpy: the nqueens_sat.py model (three all-different constraints) written once, run on a chosen backend",
    can=("count", "enumerate", "instance", "optimize"),
    module="nqueens.models.cpmpy_model",
    summary="one CPMpy model on ortools, exact, pysat, choco or z3 (the last four: the solvers extra)",
    reach=8,
    options=(
        BACKEND,
        Option(
            "symmetry",
            str,
            "none",
            "symmetry broken by constraints (the tree models' choices a model states): none, half (the first "
            "row's queen on its left half, the middle column included: the exact total), lex (LexLessEq over the "
            "8 board symmetries: only fundamental solutions, count adds unique and classes)",
            ("none", "half", "lex"),
            unique=("lex",),
            reduced=("lex",),
        ),
        RULE,
    ),
    memory=(2000, 2),  # CPMpy's expression tree above CP-SAT's model (cpsat: 1600 n^2 a worker)
    effort={  # the statistics of the backend CPMpy hands the model to (models/cpmpy_model.py reads them)
        "branches": ("branches",),
        "conflicts": ("conflicts",),
        "decisions": ("decisions",),
        "propagations": ("propagations",),
        "failures": ("failures",),
        "search_nodes": ("search_nodes",),
    },
    libraries=("cpmpy", "ortools", "exact", "python-sat", "pychoco", "z3-solver"),  # CPMpy and its backends
)
