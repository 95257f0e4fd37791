"""Seed 000, method 5 (位运算): the non-recursive bitwise search with an explicit stack of ``(c, l, r, m)``.

The seed keeps, for every row ``k``, a tuple ``st[k] = (c, l, r, m)``: the columns taken (``c``), the squares of
row ``k`` attacked along the two diagonals (``l``, ``r``), and ``m``, the columns of row ``k`` already tried.
The free squares are ``pos = ~(c | l | r | m) & mk``; the lowest one ``p = pos & -pos`` is marked tried and
row ``k + 1`` starts from ``(c | p, (l | p) << 1, (r | p) >> 1, 0)``. When ``pos`` is empty the search goes
back one row. The four parts of the tuple are four parallel arrays here (``c[k]``, ``l[k]``, ``r[k]``,
``m[k]``), which is what the tuple compiles to; the names are the seed's. As the text asks, ``l`` is kept to
its low ``n`` bits (``& mk``).

Columns are bits, column ``j`` is bit ``j``; the lowest free bit is tried first, so solutions come out in
lexicographic order. Rows are 1-based as in the seed (``k = 1 .. n``, ``k = 0`` ends the search).

Examples
--------
>>> count(8).total
92
>>> count(8, nodes=True).profile
(1, 8, 42, 140, 344, 568, 550, 312, 92)
>>> [q.tolist() for q in batches(4)]
[[[1, 3, 0, 2], [2, 0, 3, 1]]]

Notes
-----
A feasible node is a queen placed on a free square (a ``p`` taken from ``pos``), plus the root: the search
stands on exactly the nodes of Knuth's backtrack tree. ``checks`` counts the row tests
``pos = ~(c | l | r | m) & mk``, each of which tests every square of a row at once: one per queen placed
and one more each time a row runs out of squares.

References
----------
Seed 000 (算法典型例题:N皇后问题,五种解法,逐步优化), section 位运算, ``queen(int n)`` with
``tuple<int, int, int, int> st[n + 2]``.
"""

import numpy as np
from nqueens.native._wrappers import seed_solver

from nqueens.core.jit import njit

__all__ = ["count", "batches", "warmup"]


def _start(n, rows=None):
    # The search state: k, then the four stacks c, l, r, m of n + 2 entries each (st[0..n+1] in the seed), then
    # the allowed columns of each row (all of them for the plain problem).
    state = np.zeros(1 + 4 * (n + 2) + n, np.int64)
    state[0] = -1
    state[1 + 4 * (n + 2) :] = (1 << n) - 1 if rows is None else rows
    return state


@njit(cache=True, nogil=True)
def _count(n):
    # Seed 000, 位运算, as written: res, mk, k, pos, p and the stack st[k] = (c, l, r, m).
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
def _search(n, state, out, profile, checks):
    # The same loop, resumable (k and the stack live in state) and instrumented (see nqueens.native._chunks).
    # A row's queen is the highest bit of m[k]: the seed tries the bits of a row in increasing order.
    mk = (np.int64(1) << n) - 1
    w = n + 2
    c = state[1 : 1 + w]
    l = state[1 + w : 1 + 2 * w]
    r = state[1 + 2 * w : 1 + 3 * w]
    m = state[1 + 3 * w : 1 + 4 * w]
    allowed = state[1 + 4 * w :]
    k = state[0]
    if k < 0:
        profile[0] += 1
        k = 1
    write = out.shape[0] > 0
    found = 0
    while k > 0:
        pos = ~(c[k] | l[k] | r[k] | m[k]) & mk & allowed[k - 1]
        checks[0] += 1
        if pos == 0:
            k -= 1
            continue
        p = pos & -pos
        m[k] |= p
        profile[k] += 1
        if k < n:
            c[k + 1] = c[k] | p
            l[k + 1] = ((l[k] | p) << 1) & mk
            r[k + 1] = (r[k] | p) >> 1
            m[k + 1] = 0
            k += 1
            continue
        if write:
            for row in range(1, n + 1):
                bits = m[row]
                col = 0
                while bits > 1:
                    bits >>= 1
                    col += 1
                out[found, row - 1] = col
        found += 1
        k -= 1
        if write and found == out.shape[0]:
            break
    state[0] = k
    return found


count, batches, warmup = seed_solver("bitwise", _count, _search, _start, masked=True)
