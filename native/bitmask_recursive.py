"""Recursive bitmask backtracking in plain Python: the readable oracle.

A port of the Python solution of seed 001 (LeetCode 51), also the "bitmask state compression" of seed 003.
Row by row, three masks say which columns the queens above attack: ``col`` (columns), ``pie`` (the "/" diagonals,
shifted right one column per row) and ``na`` (the "\\" diagonals, shifted left). The free squares of a row are
``~(col | pie | na) & ((1 << n) - 1)``; the search takes the lowest set bit first, so solutions come out in
lexicographic order. Names follow the seed (``backtrack``, ``col``, ``pie``, ``na``, ``bits``, ``p``).

It is deliberately not compiled: the tests compare every other solver with it. It takes instances the way the
seed's loop allows: row ``row`` may only use its allowed columns (``Instance.allowed``), one more ``&`` on
``bits``.

References
----------
Seed 001, section 5.2 (Python); seed 003, "bitmask state compression".
"""

from typing import Any

import numpy as np

from nqueens.core.board import dtype_for
from nqueens.core.record import Tally

__all__ = ["count", "batches", "solutions"]

_CHUNK = 4096


def count(n, *, nodes=False, instance=None):
    """Count solutions; with ``nodes`` also the feasible nodes per depth.

    Notes
    -----
    A feasible node at depth ``k`` is a placement of queens in rows ``0..k-1`` that no two attack; the root
    (depth 0) counts 1. The tally records no ``checks``: each square tested (a set bit taken from ``bits``) is a
    call one row down, counted in ``nodes`` when they are asked for.
    """
    allowed = _allowed(n, instance)

    def backtrack(row, col, pie, na):
        if row == n:
            return 1
        total = 0
        bits = ~(col | pie | na) & allowed[row]
        while bits:
            p = bits & -bits
            bits &= bits - 1
            total += backtrack(row + 1, col | p, (pie | p) >> 1, (na | p) << 1)
        return total

    if not nodes:
        return Tally(total=backtrack(0, 0, 0, 0))

    # The same search, counting the calls per row: a call for row k stands on k non-attacking queens.
    profile = [0] * (n + 1)

    def backtrack_counting(row, col, pie, na):
        profile[row] += 1
        if row == n:
            return 1
        total = 0
        bits = ~(col | pie | na) & allowed[row]
        while bits:
            p = bits & -bits
            bits &= bits - 1
            total += backtrack_counting(row + 1, col | p, (pie | p) >> 1, (na | p) << 1)
        return total

    total = backtrack_counting(0, 0, 0, 0)
    return Tally(total=total, nodes=sum(profile), profile=tuple(profile))


def solutions(n, *, instance=None):
    """Yield every solution as a tuple, in lexicographic order.

    Examples
    --------
    >>> list(solutions(4))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    allowed = _allowed(n, instance)
    queue: list[Any] = []

    def backtrack(row, col, pie, na):
        if row == n:
            yield tuple(queue)
            return
        bits = ~(col | pie | na) & allowed[row]
        while bits:
            p = bits & -bits
            bits &= bits - 1
            queue.append(p.bit_length() - 1)
            yield from backtrack(row + 1, col | p, (pie | p) >> 1, (na | p) << 1)
            queue.pop()

    yield from backtrack(0, 0, 0, 0)


def batches(n, *, limit=None, instance=None):
    """Stream :func:`solutions` as ``(m, n)`` arrays of at most a few thousand rows."""
    chunk = []
    for q in solutions(n, instance=instance):
        chunk.append(q)
        if len(chunk) == _CHUNK:
            yield np.array(chunk, dtype=dtype_for(n))
            chunk = []
    if chunk:
        yield np.array(chunk, dtype=dtype_for(n))


def _allowed(n, instance):
    # Per row, the columns a queen may take: all of them for the plain problem.
    return [(1 << n) - 1] * n if instance is None else instance.allowed()
