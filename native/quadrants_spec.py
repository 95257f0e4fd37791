"""The declaration of the solver ``quadrants``: what it is, its limits and its options, beside its code
(:mod:`nqueens.native.quadrants`). It imports no numpy or numba, so the registry reads it without loading the code."""

from math import comb

from nqueens.native._options import ENGINE_OPTIONS

from nqueens.core.protocol import Option, Solver

__all__ = ["SOLVER", "memory_needed", "PROCESS_BYTES", "QUADRANT_PLACEMENTS"]

# Resident bytes of a process that has loaded Python, numpy, numba and the kernels (measured: 150-170 MiB).
PROCESS_BYTES = 192 << 20

# The number of placements of non-attacking queens on an h x h square with at most one per row and column
# (any number of queens, none included), h = 0..12: the size of the quadrant table.
QUADRANT_PLACEMENTS = (1, 2, 5, 18, 87, 462, 2635, 16870, 118969, 915442, 7535369, 66807234, 633443407)


def memory_needed(n, workers=1):
    """Estimated peak bytes of a count of ``n`` (checked) on ``workers`` threads: the process itself, the quadrant
    table and its index, and the join buffers of every thread."""
    h = n // 2
    table = 8 * QUADRANT_PLACEMENTS[h] + 16 * (4**h + 1)
    # A worker keeps the keys of both halves of a split (and the left ones filtered, and both sorted into buckets
    # by the join), 8 bytes each, in arrays grown by doubling to the bound of the largest split: at most 1/14 of
    # the table's placements (measured for h = 7..10: 6.4 %, 6.1 %, 4.6 %, 4.0 %), plus one block of bit planes
    # and the buckets' ranges (under 6 MiB).
    keys = QUADRANT_PLACEMENTS[h] // 14
    # The plan: rows of 5 int64 for every join, held about three times over while it is dealt into groups
    # (odd n: the splits of the centre queen and, for each pair of middle queens, every split of the others).
    joins = comb(2 * h, h) // 2 if n % 2 == 0 else comb(2 * h, h) // 4 + comb(max(2 * h - 1, 0), h) * h * (h - 1) // 2
    return PROCESS_BYTES + table + 3 * 40 * joins + workers * (5 * 8 * 2 * keys + (6 << 20))


def _memory(n, workers, options):
    return memory_needed(n, workers), ""


SOLVER = Solver(
    name="quadrants",
    family="engine",
    origin="meet in the middle after E. Kluev's N-Queens-Count-Sol: partial solutions of the four quadrants "
    "joined by diagonal occupancy; unique and classes by Burnside from the rotation-fixed solutions",
    can=("count", "unique"),
    module="nqueens.native.quadrants",
    summary="totals by joining half boards of quadrant placements; fastest from n = 15 on; memory grows ~3x per n",
    max_n=25,
    limit_reason="join keys of 2(n-1) bits in 8 chunks of 6; the memory budget may refuse less",
    no_instance="it joins half boards by the symmetries of the whole board, which an instance does not keep",
    reach=14,
    memory=_memory,
    options=(
        ENGINE_OPTIONS[0],
        Option(
            "memory",
            str,
            None,
            "bytes the quadrant table and join buffers may use, e.g. 8G (default: the memory available now)",
        ),
        *ENGINE_OPTIONS[1:],
    ),
    effort={"subproblems": ("subproblems",)},
    default_from=15,  # nqueens count's counter from here on (benchmarks/quadrants_vs_kluev.py)
)
