"""Seed 000, method 2 (对称优化): backtracking over the left half of the first row, doubled by the mirror image.

The plain backtracking of method 1 (``q[k]++``, ``check(k)``; 1-based rows and columns), with a bound ``l`` on
how far right row ``k`` may go: the first row stops at the middle ``m = (n + 1) >> 1``; when ``n`` is odd and
the first queen stands in the middle column, the second row stops at ``m - 1``; every other row may go to
``n``. Each layout found this way stands for itself and its left-right mirror image, so the count is
``res << 1`` (``n = 1`` is the seed's special case, 特判). The mirror images are distinct from every layout
found and from each other, so enumerating them as well gives every solution exactly once: each find is emitted,
then its mirror image.

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
The profile is what the search visits, not an extrapolation: a node at depth ``k`` is a queen that
``check(k)`` accepted in row ``k`` within the row's bound, so the first row holds ``(n + 1) >> 1`` nodes and
the last holds half the solutions. ``checks`` counts the comparisons ``check(k)`` makes, one per earlier row
it looks at.

References
----------
Seed 000 (算法典型例题:N皇后问题,五种解法,逐步优化), section 对称优化, ``int queen(int n)``.
"""

import numpy as np
from nqueens.native._wrappers import seed_solver
from nqueens.native.backtrack import _check, _check_counting

from nqueens.core.jit import njit

__all__ = ["count", "batches", "warmup"]


def _start(n):
    # The search state: state[0] is k (-1: not started, 0: ended), state[1:] is q[0..n] (q[0] unused).
    state = np.zeros(n + 2, np.int64)
    state[0] = -1
    return state


@njit(cache=True, nogil=True)
def _emit_pair(out, at, q, n):
    # A find and its mirror image: when out has rows, write the layout q (1-based) into out[at] and its left-right
    # mirror image into out[at + 1], 0-based. Returns the solutions found then, at + 2.
    if out.shape[0] > 0:
        for i in range(1, n + 1):
            out[at, i - 1] = q[i] - 1
            out[at + 1, i - 1] = n - q[i]
    return at + 2


@njit(cache=True, nogil=True)
def _root(n, state, out, profile):
    # The search's root, counted in profile. For n = 1, which the texts answer apart (特判), the one solution is
    # written (when out has rows) and the search ends: then it returns True.
    profile[0] += 1
    if n > 1:
        return False
    if out.shape[0] > 0:
        out[0, 0] = 0
    state[0] = 0
    return True


@njit(cache=True, nogil=True)
def _count(n):
    # Seed 000, 对称优化, as written: q, k, res as in method 1; m the middle, l the bound of row k.
    if n == 1:
        return 1
    q = np.zeros(n + 1, np.int64)
    k = 1
    res = 0
    m = (n + 1) >> 1
    odd = n & 1
    while k > 0:
        q[k] += 1
        if k == 1:
            l = m
        elif k == 2 and odd and q[1] == m:
            l = m - 1
        else:
            l = n
        while q[k] <= l and not _check(q, k):
            q[k] += 1
        if q[k] > l:
            k -= 1
        elif k == n:
            res += 1
        else:
            k += 1
            q[k] = 0
    return res << 1


@njit(cache=True, nogil=True)
def _search(n, state, out, profile, checks):
    # The same loop, resumable (k and q live in state) and instrumented (see nqueens.native._chunks).
    q = state[1:]
    k = state[0]
    if k < 0:
        if _root(n, state, out, profile):
            return 1
        k = 1
    found = 0
    m = (n + 1) >> 1
    odd = n & 1
    while k > 0:
        q[k] += 1
        if k == 1:
            l = m
        elif k == 2 and odd and q[1] == m:
            l = m - 1
        else:
            l = n
        while q[k] <= l and not _check_counting(q, k, checks):
            q[k] += 1
        if q[k] > l:
            k -= 1
            continue
        profile[k] += 1
        if k < n:
            k += 1
            q[k] = 0
            continue
        found = _emit_pair(out, found, q, n)
        if 0 < out.shape[0] < found + 2:  # out has rows, and the next pair may not fit
            break
    state[0] = k
    return found


count, batches, warmup = seed_solver("mirror", _count, _search, _start, emit=2)
