"""Seed 000, method 1 (回溯法): non-recursive backtracking, ``q[k]++`` and ``check(k)`` against every earlier row.

The seed's names and 1-based rows: ``q[1..n]`` holds the column (``1..n``) of each row's queen, ``q[k] = 0``
means row ``k`` is about to start, ``k`` is the row being placed and ``res`` counts the solutions. The queen of
row ``k`` steps right (``q[k]++``) until ``check(k)`` finds no earlier queen on its column or its diagonals;
past column ``n`` the search goes back one row (``--k``); a queen placed in row ``n`` is a solution, otherwise
row ``k + 1`` starts over (``q[++k] = 0``). Columns are tried from the left, so the solutions come out in
lexicographic order.

References
----------
Seed 000 (算法典型例题:N皇后问题,五种解法,逐步优化), section 回溯法, ``int queen(int n)`` with the lambda
``check(k)``.
"""

import numpy as np
from numba import njit

from nqueens.native._chunks import board_size, stream, tally
from nqueens.record import Tally

__all__ = ["count", "batches", "warmup"]


def count(n, *, nodes=False):
    """Count the solutions with seed 000's plain backtracking.

    Parameters
    ----------
    n : int
        Board size, an integer >= 1.
    nodes : bool
        Run the instrumented kernel instead: also the feasible nodes per depth (``profile``) and
        ``stats["checks"]``.

    Returns
    -------
    Tally

    Raises
    ------
    NQueensError
        If ``n`` is not an integer >= 1.

    Examples
    --------
    >>> count(8).total
    92
    >>> count(8, nodes=True).profile
    (1, 8, 42, 140, 344, 568, 550, 312, 92)

    Notes
    -----
    A feasible node at depth ``k`` is a queen that ``check(k)`` accepted in row ``k`` (the root counts 1): the
    search stands on exactly the nodes of Knuth's backtrack tree. ``checks`` counts the comparisons
    ``check(k)`` makes, one per earlier row it looks at (it stops at the first attacking queen). Memory is
    O(n).
    """
    n = board_size(n, "backtrack")
    if nodes:
        return tally(_search, n, _start(n))
    return Tally(total=int(_count(n)))


def batches(n, *, limit=None):
    """Stream the solutions as ``(m, n)`` arrays straight from the resumable kernel, in lexicographic order.

    Examples
    --------
    >>> [q.tolist() for q in batches(4)]
    [[[1, 3, 0, 2], [2, 0, 3, 1]]]
    """
    n = board_size(n, "backtrack")
    return stream(_search, n, _start(n), limit)


def warmup():
    """Compile the kernels (or load them from numba's cache)."""
    count(4)
    count(4, nodes=True)


def _start(n):
    # The search state: state[0] is k (-1: not started, 0: ended), state[1:] is q[0..n] (q[0] unused).
    state = np.zeros(n + 2, np.int64)
    state[0] = -1
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
    q = state[1:]
    k = state[0]
    if k < 0:
        profile[0] += 1
        k = 1
    write = out.shape[0] > 0
    found = 0
    while k > 0:
        q[k] += 1
        while q[k] <= n and not _check_counting(q, k, checks):
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
