"""The declaration of the solver ``fast``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.engine`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.native._options import ENGINE_OPTIONS

from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="fast",
    family="engine",
    origin="Takaken's orbit counts (COUNT2/4/8) on the Q27 project's start constellations: the queens of "
    "the four border lines, one representative per symmetry class",
    can=("count", "unique"),
    module="nqueens.native.engine",
    summary="total, unique and orbit classes in one symmetry-reduced pass; threads, Dask, resumable",
    max_n=31,
    limit_reason="int64 masks hold both diagonal directions, 2n bits",
    no_instance="it counts one start constellation per class under the 8 board symmetries, which an "
    "instance does not keep",
    reach=16,
    options=ENGINE_OPTIONS,
    effort={"subproblems": ("constellations",)},
)
