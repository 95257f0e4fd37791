"""Seed 000, method 5: the non-recursive bitwise counter with an explicit stack of ``(c, l, r, m)``.

The seed keeps, for every row ``k``, a tuple ``st[k] = (c, l, r, m)``: the columns taken (``c``), the squares of
row ``k`` attacked along the two diagonals (``l``, ``r``), and ``m``, the columns of row ``k`` already tried.
The free squares are ``pos = ~(c | l | r | m) & mk``; the lowest one ``p = pos & -pos`` is marked tried and
row ``k + 1`` starts from ``(c | p, (l | p) << 1, (r | p) >> 1, 0)``. When ``pos`` is empty the search goes
back one row. The four parts of the tuple are four parallel arrays here (``c[k]``, ``l[k]``, ``r[k]``,
``m[k]``), which is what the tuple compiles to; the names are the seed's.

Columns are bits, column ``j`` is bit ``j``; the lowest free bit is tried first, so solutions come out in
lexicographic order. Rows are 1-based as in the seed (``k = 1 .. n``, ``k = 0`` ends the search).

References
----------
Seed 000, section 位运算 (bitwise), ``queen(int n)`` with ``tuple<int, int, int, int> st[n + 2]``.
"""

import numpy as np
from numba import njit

from nqueens.board import dtype_for
from nqueens.record import Tally

__all__ = ["count", "batches", "warmup"]

_CHUNK = 1 << 14


@njit(cache=True, nogil=True)
def _count(n):
    # Seed 000, method 5, as written: res, mk, k, pos, p and the stack st[k] = (c, l, r, m).
    mk = (np.int64(1) << n) - 1
    c = np.zeros(n + 2, np.int64)
    l = np.zeros(n + 2, np.int64)
    r = np.zeros(n + 2, np.int64)
    m = np.zeros(n + 2, np.int64)
    res = 0
    k = 1
    while k > 0:
        pos = ~(c[k] | l[k] | r[k] | m[k]) & mk
        if pos == 0:
            k -= 1
            continue
        p = pos & -pos
        m[k] |= p
        if k < n:
            c[k + 1] = c[k] | p
            l[k + 1] = ((l[k] | p) << 1) & mk
            r[k + 1] = (r[k] | p) >> 1
            m[k + 1] = 0
            k += 1
        else:
            res += 1
            k -= 1
    return res


@njit(cache=True, nogil=True)
def _count_nodes(n, profile):
    # The same search; profile[k] counts the feasible nodes at depth k (k queens placed), profile[0] the root.
    # checks counts the candidate squares tested (one per p taken from pos).
    mk = (np.int64(1) << n) - 1
    c = np.zeros(n + 2, np.int64)
    l = np.zeros(n + 2, np.int64)
    r = np.zeros(n + 2, np.int64)
    m = np.zeros(n + 2, np.int64)
    res = 0
    checks = 0
    k = 1
    profile[0] += 1
    while k > 0:
        pos = ~(c[k] | l[k] | r[k] | m[k]) & mk
        if pos == 0:
            k -= 1
            continue
        p = pos & -pos
        m[k] |= p
        checks += 1
        profile[k] += 1
        if k < n:
            c[k + 1] = c[k] | p
            l[k + 1] = ((l[k] | p) << 1) & mk
            r[k + 1] = (r[k] | p) >> 1
            m[k + 1] = 0
            k += 1
        else:
            res += 1
            k -= 1
    return res, checks


@njit(cache=True, nogil=True)
def _fill(n, state, out):
    """Resume the search from ``state`` and write solutions into ``out`` until it is full or the search ends.

    ``state`` is one int64 array: ``state[0]`` is ``k`` (``-1`` before the first call, ``0`` when the search
    has ended), then the four stacks ``c``, ``l``, ``r``, ``m`` of ``n + 2`` entries each. Returns the number of
    rows written. A row's queen is the highest bit of ``m[k]``: the seed tries bits in increasing order.
    """
    mk = (np.int64(1) << n) - 1
    w = n + 2
    c = state[1 : 1 + w]
    l = state[1 + w : 1 + 2 * w]
    r = state[1 + 2 * w : 1 + 3 * w]
    m = state[1 + 3 * w : 1 + 4 * w]
    k = state[0]
    if k < 0:
        k = 1
        c[1] = 0
        l[1] = 0
        r[1] = 0
        m[1] = 0
    filled = 0
    while k > 0 and filled < out.shape[0]:
        pos = ~(c[k] | l[k] | r[k] | m[k]) & mk
        if pos == 0:
            k -= 1
            continue
        p = pos & -pos
        m[k] |= p
        if k < n:
            c[k + 1] = c[k] | p
            l[k + 1] = ((l[k] | p) << 1) & mk
            r[k + 1] = (r[k] | p) >> 1
            m[k + 1] = 0
            k += 1
        else:
            for row in range(1, n + 1):
                bits = m[row]
                col = 0
                while bits > 1:
                    bits >>= 1
                    col += 1
                out[filled, row - 1] = col
            filled += 1
            k -= 1
    state[0] = k
    return filled


def warmup():
    """Compile the kernels (or load them from numba's cache)."""
    _count(4)
    _count_nodes(4, np.zeros(6, np.int64))
    _fill(4, _initial_state(4), np.zeros((1, 4), np.uint8))


def count(n, *, nodes=False):
    """Count the solutions with seed 000's bitwise method.

    Notes
    -----
    A feasible node is a queen placed on a free square (a ``p`` taken from ``pos``), plus the root;
    ``checks`` counts those squares tested, which for this method equals the non-root nodes.
    """
    if not nodes:
        return Tally(total=int(_count(n)))
    profile = np.zeros(n + 1, np.int64)
    total, checks = _count_nodes(n, profile)
    profile = tuple(int(x) for x in profile)
    return Tally(total=int(total), nodes=sum(profile), profile=profile, stats={"checks": int(checks)})


def batches(n, *, limit=None):
    """Stream the solutions as ``(m, n)`` arrays straight from the kernel, in lexicographic order."""
    state = _initial_state(n)
    size = _CHUNK if limit is None else max(1, min(_CHUNK, limit))
    out = np.empty((size, n), dtype_for(n))
    while True:
        filled = _fill(n, state, out)
        if filled:
            yield out[:filled].copy()
        if state[0] == 0:
            return


def _initial_state(n):
    state = np.zeros(1 + 4 * (n + 2), np.int64)
    state[0] = -1
    return state
