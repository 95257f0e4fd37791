"""The declaration of the solver ``sat``: what it is, its limits and its options, beside its code
(:mod:`nqueens.models.sat`). It imports no numpy or numba, so the registry reads it without loading the code."""

from nqueens.core.options import RULE
from nqueens.core.protocol import Option, Solver

__all__ = ["SOLVER", "ENCODINGS", "SAT_SOLVERS", "COUNTERS"]

ENCODINGS = ("pairwise", "seqcounter", "ladder", "totalizer", "sortnetwrk", "cardnetwrk", "bitwise")
# pysat's bundled solvers that add clauses between solves and can be interrupted. Not kissat404 (no
# incremental solving: adding a blocking clause aborts the process) nor cryptosat (a separate package).
SAT_SOLVERS = (
    "cadical195",
    "cadical153",
    "glucose42",
    "glucose4",
    "glucose3",
    "gluecard4",
    "gluecard3",
    "maplechrono",
    "maplecm",
    "maplesat",
    "mergesat3",
    "minicard",
    "minisat22",
    "minisat-gh",
)
COUNTERS = ("enumerate", "ganak")

# Bytes per n^2 of the model by cardinality encoding (pysat's clauses and the SAT solver's copy of them), from the
# peak resident memory of `nqueens solve N --solver sat --limit 1` at n = 60 and 120, less the interpreter's: pairwise
# 137 MB -> 811 MB (the diagonals' pairs; 3.1 GB at n = 200, 11.3 GB at n = 400), seqcounter 69 MB -> 129 MB,
# totalizer 192 MB -> 1.09 GB. The other networks are taken as the totalizer, ladder and bitwise (O(n) auxiliaries
# a line, as seqcounter) at twice seqcounter.
BYTES_PER_SQUARE = {
    "pairwise": 80_000,
    "seqcounter": 8_000,
    "ladder": 16_000,
    "totalizer": 100_000,
    "sortnetwrk": 100_000,
    "cardnetwrk": 100_000,
    "bitwise": 16_000,
}


def _memory(n, workers, options):
    """``(bytes, said)``: the model's memory for ``n`` under its cardinality encoding."""
    encoding = options.get("encoding", ENCODINGS[0])
    return BYTES_PER_SQUARE[encoding] * n * n, f"encoding={encoding}"


SOLVER = Solver(
    name="sat",
    family="model",
    origin="pysat: one Boolean per square; rows and columns exactly one, diagonals at most one, by a CardEnc "
    "encoding; counting by blocking clauses over the board variables, or Ganak's projected model count",
    can=("count", "enumerate", "instance", "optimize"),
    module="nqueens.models.sat",
    summary="SAT with a chosen cardinality encoding and solver; stats: variables, clauses, conflicts, decisions",
    reach=10,
    options=(
        Option(
            "encoding",
            str,
            "pairwise",
            "pysat's cardinality encoding of the row, column and diagonal constraints (pairwise: the fastest "
            "in benchmarks/sat_encodings.py)",
            ENCODINGS,
        ),
        Option(
            "satsolver",
            str,
            "cadical195",
            "one of pysat's bundled incremental SAT solvers (cadical195 is CaDiCaL 1.9.5)",
            SAT_SOLVERS,
        ),
        Option(
            "counter",
            str,
            "enumerate",
            "count by blocking clauses (with the SAT solver's statistics), or with the exact projected model "
            "counter Ganak (count only; the solvers extra)",
            COUNTERS,
        ),
        RULE,
    ),
    memory=_memory,
    effort={"conflicts": ("conflicts",), "decisions": ("decisions",), "propagations": ("propagations",)},
    libraries=("python-sat", "pyganak"),
)
