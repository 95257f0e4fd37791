"""The declaration of the solver ``sieve``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.sieve`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.native._limits import MASK_MAX_N

from nqueens.core.effort import HAND_WRITTEN
from nqueens.core.protocol import Solver

__all__ = ["SOLVER"]

SOLVER = Solver(
    name="sieve",
    row_order=True,
    family="native",
    origin="seed 002 (Cheng Yuan-Bin): bit rows struck out row by row; flips and a 180-degree turn emit the rest",
    can=("count", "enumerate", "nodes"),
    module="nqueens.native.sieve",
    no_instance="it places rows 0, n-1, n-2, ... and emits each layout with its flips and turn",
    summary="the sieve algorithm with bit rows, compiled",
    max_n=MASK_MAX_N,
    limit_reason="64-bit rows",
    effort=HAND_WRITTEN,
)
