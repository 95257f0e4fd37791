"""The solver ``rules``: a numba bitmask counter for every rule of :mod:`nqueens.core.rules` (queen, superqueen,
toroidal), with the solutions, unique solutions and orbit classes under the rule's group for small boards.

Row by row with an explicit stack: columns and the two diagonals as bitmasks (shifted for a square board,
rotated within n bits on a torus), and for the knight the columns of the last two queens. The left-right
mirror is a symmetry of every rule, so the first row tries only the left half and doubles (the middle column
of odd n counts once); on the torus the cyclic column shift fixes the first queen at column 0 and
multiplies by n. Memory: O(n) words.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally
from nqueens.core.rules import get_rule, images, solutions

__all__ = ["count_fast", "count", "batches", "warmup", "UNIQUE_MAX_N"]

# Up to this n the unique solutions and orbit classes come with a count (from the enumerated solutions, reduced
# by the rule's group in plain Python); beyond it, the count gives the total alone.
UNIQUE_MAX_N = 10


@njit(cache=True, nogil=True)
def _count_from(n, first, knight, wrap):
    full = (np.int64(1) << n) - 1
    cols = np.zeros(n + 1, np.int64)
    ld = np.zeros(n + 1, np.int64)
    rd = np.zeros(n + 1, np.int64)
    p1 = np.zeros(n + 1, np.int64)
    p2 = np.zeros(n + 1, np.int64)
    free = np.zeros(n + 1, np.int64)
    bit = np.int64(1) << first
    cols[1] = bit
    if wrap:
        ld[1] = ((bit << 1) | (bit >> (n - 1))) & full
        rd[1] = ((bit >> 1) | (bit << (n - 1))) & full
    else:
        ld[1] = (bit << 1) & full
        rd[1] = bit >> 1
    p1[1] = bit
    row = 1
    if n == 1:
        return np.int64(1)
    forb = cols[1] | ld[1] | rd[1]
    if knight:
        forb |= (p1[1] << 2) | (p1[1] >> 2)
    free[1] = full & ~forb
    total = np.int64(0)
    while row >= 1:
        f = free[row]
        if f == 0:
            row -= 1
            continue
        b = f & -f
        free[row] = f ^ b
        if row == n - 1:
            total += 1
            continue
        c = cols[row] | b
        if wrap:
            x = ld[row] | b
            y = rd[row] | b
            l2 = ((x << 1) | (x >> (n - 1))) & full
            r2 = ((y >> 1) | (y << (n - 1))) & full
        else:
            l2 = ((ld[row] | b) << 1) & full
            r2 = (rd[row] | b) >> 1
        row += 1
        cols[row] = c
        ld[row] = l2
        rd[row] = r2
        p2[row] = p1[row - 1]
        p1[row] = b
        forb = c | l2 | r2
        if knight:
            forb |= (b << 2) | (b >> 2) | (p2[row] << 1) | (p2[row] >> 1)
        free[row] = full & ~forb
    return total


def count_fast(n: int, rule: str = "queen") -> int:
    """Number of solutions of n pieces under ``rule`` (numba; n <= 62).

    Examples
    --------
    >>> count_fast(10, "superqueen")
    4
    """
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 62:
        raise NQueensError(f"n must be an integer in 1..62, got {n!r}")
    r = get_rule(rule)
    if r.wrap:  # a cyclic column shift maps torus solutions to torus solutions: fix row 0's queen at column 0
        return n * int(_count_from(n, 0, r.knight, r.wrap))
    total = 0
    for first in range((n + 1) // 2):
        k = int(_count_from(n, first, r.knight, r.wrap))
        total += k if (n % 2 and first == n // 2) else 2 * k
    return total


def count(n, *, nodes=False, rule="queen"):
    """The solutions of ``n`` under ``rule``; for ``n <= UNIQUE_MAX_N`` also the unique ones and their classes
    under the rule's group (on the torus, orbits of D4 with the ``n**2`` translations).

    Examples
    --------
    >>> r = count(10, rule="superqueen")
    >>> r.total, r.unique
    (4, 1)
    """
    total = count_fast(n, rule)
    if n > UNIQUE_MAX_N:
        return Tally(total=total, stats={"rule": rule})
    sizes = {}
    seen = set()
    for q in solutions(n, rule):
        q = tuple(q)
        if q in seen:
            continue
        orbit = images(q, rule)
        seen |= orbit
        sizes[len(orbit)] = sizes.get(len(orbit), 0) + 1
    return Tally(total=total, unique=sum(sizes.values()), classes=dict(sorted(sizes.items())), stats={"rule": rule})


def batches(n, *, limit=None, rule="queen"):
    """The solutions under ``rule`` in lexicographic order, as ``(m, n)`` arrays (plain Python: small boards)."""
    chunk = []
    for q in solutions(n, rule):
        chunk.append(q)
        if len(chunk) == 1024 or (limit is not None and len(chunk) >= limit):
            yield np.array(chunk, dtype=np.int16).reshape(len(chunk), n)
            if limit is not None:
                limit -= len(chunk)
                if limit <= 0:
                    return
            chunk = []
    if chunk:
        yield np.array(chunk, dtype=np.int16).reshape(len(chunk), n)


def warmup():
    """Compile (or load) the kernel."""
    count_fast(4, "queen")
