"""Seed 000, method 3 (标记优化): the mirror-halved search with marker arrays for columns and diagonals.

Instead of comparing with every earlier row, three marker arrays say what is taken (1 taken, 0 free; 1-based
rows and columns as in the seed): ``y[c]`` the columns ``1..n``, ``l[k + c]`` the diagonals of equal sum
(``2..2n``) and ``r[k - c + n]`` the diagonals of equal difference, shifted by ``n`` to stay positive. Before
row ``k`` moves its queen it releases the marks of the old square; a queen placed in a row above ``n`` marks
its column and diagonals. The first row stops at the middle ``w = (n + 1) >> 1``, for odd ``n`` with the first
queen in the middle the second row stops at ``w - 1`` (the bound ``e``), and the count is ``res << 1``, as in
method 2; enumerating emits each find, then its mirror image.

Examples
--------
>>> count(8).total
92
>>> count(8, nodes=True).profile[:2]
(1, 4)
>>> [q.tolist() for q in batches(4)]
[[[1, 3, 0, 2], [2, 0, 3, 1]]]

Notes
-----
The nodes are those of method 2 (the same search, the same bounds): a queen placed on a square no marker
array forbids. ``checks`` counts the marker-array lookups ``y[q[k]] || l[k + q[k]] || r[k - q[k] + n]``
makes, stopping at the first that is taken, as ``||`` does.

References
----------
Seed 000 (算法典型例题:N皇后问题,五种解法,逐步优化), section 标记优化, ``int queen_3(int n)``.
"""

import numpy as np
from nqueens.native._wrappers import seed_solver
from nqueens.native.mirror import _emit_pair, _root

from nqueens.core.jit import njit

__all__ = ["count", "batches", "warmup"]


def _start(n):
    # The search state: k, then q[0..n], y[0..n], l[0..2n], r[0..2n-1] (the seed's sizes, index 0 unused in q, y).
    state = np.zeros(1 + (n + 1) + (n + 1) + (2 * n + 1) + 2 * n, np.int64)
    state[0] = -1
    return state


@njit(cache=True, nogil=True)
def _count(n):
    # Seed 000, 标记优化, as written: q, k, res; the marker arrays y, l, r; the middle w and the bound e.
    if n == 1:
        return 1
    q = np.zeros(n + 1, np.int64)
    k = 1
    res = 0
    y = np.zeros(n + 1, np.int64)
    l = np.zeros(2 * n + 1, np.int64)
    r = np.zeros(2 * n, np.int64)
    w = (n + 1) >> 1
    odd = n & 1
    while k > 0:
        if q[k] != 0:
            y[q[k]] = 0
            l[k + q[k]] = 0
            r[k - q[k] + n] = 0
        q[k] += 1
        if k == 1:
            e = w
        elif k == 2 and odd and q[1] == w:
            e = w - 1
        else:
            e = n
        while q[k] <= e and (y[q[k]] or l[k + q[k]] or r[k - q[k] + n]):
            q[k] += 1
        if q[k] > e:
            k -= 1
        elif k == n:
            res += 1
        else:
            y[q[k]] = 1
            l[k + q[k]] = 1
            r[k - q[k] + n] = 1
            k += 1
            q[k] = 0
    return res << 1


@njit(cache=True, nogil=True)
def _taken_counting(y, l, r, k, c, n, checks):
    # y[c] || l[k + c] || r[k - c + n], adding to checks[0] the lookups made (|| stops at the first taken).
    checks[0] += 1
    if y[c]:
        return True
    checks[0] += 1
    if l[k + c]:
        return True
    checks[0] += 1
    return r[k - c + n] != 0


@njit(cache=True, nogil=True)
def _search(n, state, out, profile, checks):
    # The same loop, resumable (k, q, y, l, r live in state) and instrumented (see nqueens.native._chunks).
    q = state[1 : n + 2]
    y = state[n + 2 : 2 * n + 3]
    l = state[2 * n + 3 : 4 * n + 4]
    r = state[4 * n + 4 : 6 * n + 4]
    k = state[0]
    if k < 0:
        if _root(n, state, out, profile):
            return 1
        k = 1
    found = 0
    w = (n + 1) >> 1
    odd = n & 1
    while k > 0:
        if q[k] != 0:
            y[q[k]] = 0
            l[k + q[k]] = 0
            r[k - q[k] + n] = 0
        q[k] += 1
        if k == 1:
            e = w
        elif k == 2 and odd and q[1] == w:
            e = w - 1
        else:
            e = n
        while q[k] <= e and _taken_counting(y, l, r, k, q[k], n, checks):
            q[k] += 1
        if q[k] > e:
            k -= 1
            continue
        profile[k] += 1
        if k < n:
            y[q[k]] = 1
            l[k + q[k]] = 1
            r[k - q[k] + n] = 1
            k += 1
            q[k] = 0
            continue
        found = _emit_pair(out, found, q, n)
        if 0 < out.shape[0] < found + 2:  # out has rows, and the next pair may not fit
            break
    state[0] = k
    return found


count, batches, warmup = seed_solver("marks", _count, _search, _start, emit=2)
