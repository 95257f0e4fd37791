"""Seed 000, method 1 (回溯法): non-recursive backtracking, ``q[k]++`` and ``check(k)`` against every earlier row.

The seed's names and 1-based rows: ``q[1..n]`` holds the column (``1..n``) of each row's queen, ``q[k] = 0``
means row ``k`` is about to start, ``k`` is the row being placed and ``res`` counts the solutions. The queen of
row ``k`` steps right (``q[k]++``) until ``check(k)`` finds no earlier queen on its column or its diagonals;
past column ``n`` the search goes back one row (``--k``); a queen placed in row ``n`` is a solution, otherwise
row ``k + 1`` starts over (``q[++k] = 0``). Columns are tried from the left, so the solutions come out in
lexicographic order.

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
A feasible node at depth ``k`` is a queen that ``check(k)`` accepted in row ``k`` (the root counts 1): the
search stands on exactly the nodes of Knuth's backtrack tree. ``checks`` counts the comparisons
``check(k)`` makes, one per earlier row it looks at (it stops at the first attacking queen). Memory is
O(n).

References
----------
Seed 000 (算法典型例题:N皇后问题,五种解法,逐步优化), section 回溯法, ``int queen(int n)`` with the lambda
``check(k)``.
"""

import numpy as np
from nqueens.native._wrappers import seed_solver

from nqueens.core.jit import njit

__all__ = ["count", "batches", "warmup"]


def _start(n, rows=None):
    # The search state: state[0] is k (-1: not started, 0: ended), then q[0..n] (q[0] unused), then the allowed
    # columns of each row (bit c - 1 for column c; all of them for the plain problem).
    state = np.zeros(2 * n + 2, np.int64)
    state[0] = -1
    state[n + 2 :] = (1 << n) - 1 if rows is None else rows
    return state


@njit(cache=True, nogil=True)
def _check(q, k):
    # Seed 000's check(k): no queen of rows 1..k-1 on the column or a diagonal of q[k].
    for i in range(1, k):
        if q[i] == q[k] or abs(q[i] - q[k]) == abs(i - k):
            return False
    return True


@njit(cache=True, nogil=True)
def _check_counting(q, k, checks):
    # check(k), adding to checks[0] the comparisons it makes (one per earlier row looked at).
    for i in range(1, k):
        if q[i] == q[k] or abs(q[i] - q[k]) == abs(i - k):
            checks[0] += i
            return False
    checks[0] += k - 1
    return True


@njit(cache=True, nogil=True)
def _count(n):
    # Seed 000, 回溯法, as written: the board q, the row k being placed, the number of solutions res.
    q = np.zeros(n + 1, np.int64)
    k = 1
    res = 0
    while k > 0:
        q[k] += 1
        while q[k] <= n and not _check(q, k):
            q[k] += 1
        if q[k] > n:
            k -= 1
        elif k == n:
            res += 1
        else:
            k += 1
            q[k] = 0
    return res


@njit(cache=True, nogil=True)
def _search(n, state, out, profile, checks):
    # The same loop, resumable (k and q live in state) and instrumented (see nqueens.native._chunks).
    q = state[1 : n + 2]
    allowed = state[n + 2 :]
    k = state[0]
    if k < 0:
        profile[0] += 1
        k = 1
    write = out.shape[0] > 0
    found = 0
    while k > 0:
        q[k] += 1
        # an instance's square that is not allowed is skipped before check(k) looks at it
        while q[k] <= n and not ((allowed[k - 1] >> (q[k] - 1)) & 1 and _check_counting(q, k, checks)):
            q[k] += 1
        if q[k] > n:
            k -= 1
            continue
        profile[k] += 1
        if k < n:
            k += 1
            q[k] = 0
            continue
        if write:
            for i in range(1, n + 1):
                out[found, i - 1] = q[i] - 1
        found += 1
        if write and found == out.shape[0]:
            break
    state[0] = k
    return found


count, batches, warmup = seed_solver("backtrack", _count, _search, _start, masked=True)
