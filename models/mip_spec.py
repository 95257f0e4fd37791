"""The declaration of the solver ``mip``: what it is, its limits and its options, beside its code
(:mod:`nqueens.models.mip`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.core.options import RULE
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="mip",
    family="model",
    origin="the 0-1 integer program (row and column sums 1, diagonal sums at most 1), SCIP through OR-tools' "
    "pywraplp; counting by no-good cuts",
    can=("count", "enumerate", "instance", "optimize"),
    module="nqueens.models.mip",
    summary="integer programming, one solve per solution; stats: branch-and-bound nodes, LP iterations",
    reach=7,
    options=(RULE,),
    memory=(8000, 2),  # measured: 0.36 GB for n = 200, 1.07 GB for n = 400 (limit 1)
    effort={"lp_nodes": ("bb_nodes",), "lp_iterations": ("lp_iterations",), "solves": ("solves",)},
    libraries=("ortools",),
)
