"""Seed 004: generate and test — a DFS over distinct columns that checks the whole board only at the leaf.

The seed's ``NQueen.dfs(cur)`` grows ``cur`` (``cur[i]`` is the column of row ``i``, 0-based) one row at a time,
trying the columns ``0 .. N - 1`` in order and skipping those already in ``cur`` (剪枝, the only pruning); a
full ``cur`` is a permutation, and ``check(cur)`` keeps it if every column holds one queen and every diagonal at
most one. So the search visits every permutation, in lexicographic order, and the solutions come out in that
order.

The seed's non-recursive ``next(cur)`` is the same DFS written as a loop over a stack: ``cur`` gets a ``-1``
sentinel in front, is incremented by one as an ``N``-ary number, and the loop then appends the first column not
in ``cur`` after the last one popped (``pop``, with ``flag`` saying whether something was popped) until a full
``cur`` passes ``check``. :func:`next_solution` is that function; the counting and enumerating kernels run the
same loop without stopping at a solution. ``i in cur`` is a count of each column in ``cur`` here (the same test
in one lookup), and ``check`` keeps one bit per line instead of a boolean matrix. The instrumented kernel
examines the lines in the seed's order (the columns, then the ``i + j`` diagonals, then the ``i - j`` ones) so
that it can count them; the counting kernel and :func:`next_solution` reach the same verdict in one pass over
the rows.

Examples
--------
>>> count(8).total
92
>>> count(4, nodes=True).profile
(1, 4, 12, 24, 2)
>>> [q.tolist() for q in batches(4)]
[[[1, 3, 0, 2], [2, 0, 3, 1]]]

Notes
-----
Before the leaf nothing but the columns is tested, so the feasible nodes at depth ``k < n`` are the
``n! / (n - k)!`` arrangements of ``k`` distinct columns; at depth ``n`` they are the permutations that pass
``check``, the solutions. ``checks`` counts the column tests ``i in cur`` (one per column looked at) and
the lines ``check`` examines (every column, then diagonals in the seed's order up to the first holding two
queens).

References
----------
Seed 004 (浅谈N皇后问题解法, https://zhuanlan.zhihu.com/p/478732443), class ``NQueen``: ``dfs``, ``check``,
``next``.
"""

import numpy as np
from nqueens.native._limits import DIAGONALS_MAX_N, DIAGONALS_REASON, check_limit
from nqueens.native._wrappers import seed_solver

from nqueens.core.bits import popcount
from nqueens.core.board import check_solution
from nqueens.core.errors import NQueensError
from nqueens.core.jit import njit

__all__ = ["count", "batches", "next_solution", "warmup"]


def next_solution(n, q=None):
    """The solution after ``q`` in the search's (lexicographic) order; the first for ``None``; ``None`` after the last.

    Seed 004's non-recursive ``next()``: increment ``q`` as an ``n``-ary number and continue the DFS from there
    to the next permutation that passes the whole-board check.

    Parameters
    ----------
    n : int
        Board size, an integer from 1 to 32.
    q : sequence of int, optional
        A solution of the ``n``-queens problem (``q[row] = column``, 0-based).

    Returns
    -------
    tuple of int or None

    Raises
    ------
    NQueensError
        If ``n`` is out of range, or ``q`` is not a solution of the ``n``-queens problem.

    Examples
    --------
    >>> next_solution(4)
    (1, 3, 0, 2)
    >>> next_solution(4, (1, 3, 0, 2))
    (2, 0, 3, 1)
    >>> next_solution(4, (2, 0, 3, 1)) is None
    True
    """
    # the API calls this directly, so it checks n itself
    n = check_limit(n, DIAGONALS_MAX_N, "next_solution", DIAGONALS_REASON)
    if q is None:
        cur = np.empty(0, np.int64)
    else:
        cur = np.array(_as_solution(n, q), np.int64)
    found = _next(n, cur)
    return tuple(int(c) for c in found) if len(found) else None


def _as_solution(n, q):
    try:
        columns = list(q)
    except TypeError:
        columns = None
    if (
        columns is None
        or len(columns) != n
        or not all(isinstance(c, (int, np.integer)) and not isinstance(c, bool) for c in columns)
        or not all(0 <= c < n for c in columns)
    ):
        raise NQueensError(f"q must be None or a solution: {n} columns in 0..{n - 1}, got {q!r}")
    columns = tuple(int(c) for c in columns)  # type: ignore[assignment]  # the checked list, as a tuple
    check_solution(columns)
    return columns


def _start(n):
    # The search state: len(cur) (-1: not started, 0: ended), pop, flag, then cur[0..n] (cur[0] is the -1
    # sentinel) and inq[0..n], how many times each column is in cur (the test `i in cur`).
    state = np.zeros(3 + 2 * (n + 1), np.int64)
    state[0] = -1
    return state


@njit(cache=True, nogil=True)
def _check(q, n):
    # Seed 004's check(cur): every column holds exactly one queen and every diagonal at most one. One bit per
    # line; the verdict is the seed's, reached in one pass over the rows that stops at the first clash (a column
    # n, which next() can produce by carrying, falls outside the board and fails the last test).
    col = np.int64(0)
    add = np.int64(0)
    sub = np.int64(0)
    for i in range(n):
        c = np.int64(1) << q[i]
        a = np.int64(1) << (i + q[i])
        s = np.int64(1) << (i - q[i] + n - 1)
        if (col & c) | (add & a) | (sub & s):
            return False
        col |= c
        add |= a
        sub |= s
    return col == (np.int64(1) << n) - 1


@njit(cache=True, nogil=True)
def _check_counting(q, n):
    # check(cur) and the number of lines it examines in the seed's order: all n columns, then the i + j
    # diagonals 0 .. 2n - 2 up to the first holding two queens, then the i - j diagonals likewise. (The seed's
    # row test, 判行, repeats the column test word for word; every row holds one queen here anyway.) One pass
    # marks every line once and, in `twice`, the lines holding a second queen; the first of those in the
    # seed's order is the lowest bit.
    col = np.int64(0)
    add = np.int64(0)
    sub = np.int64(0)
    add_twice = np.int64(0)
    sub_twice = np.int64(0)
    for i in range(n):
        col |= np.int64(1) << q[i]
        a = np.int64(1) << (i + q[i])
        add_twice |= add & a
        add |= a
        s = np.int64(1) << (i - q[i] + n - 1)
        sub_twice |= sub & s
        sub |= s
    if col != (np.int64(1) << n) - 1:
        return False, n
    # (the index of the lowest bit of x is the number of bits below it, popcount((x & -x) - 1))
    if add_twice:
        return False, n + popcount((add_twice & -add_twice) - 1) + 1
    if sub_twice:
        return False, n + (2 * n - 1) + popcount((sub_twice & -sub_twice) - 1) + 1
    return True, n + 2 * (2 * n - 1)


@njit(cache=True, nogil=True)
def _count(n):
    # The DFS of dfs(cur) from its start, the empty cur (the -1 sentinel alone), in the loop form of next().
    cur = np.zeros(n + 1, np.int64)
    cur[0] = -1
    return _dfs(n, cur, np.zeros(n + 1, np.int64), 1, False)


@njit(cache=True, nogil=True)
def _dfs(n, cur, inq, L, first):
    # next()'s loop: cur with its -1 sentinel and length L, inq the times each column is in it, pop the column last
    # popped, flag whether the last step popped. Every full cur is checked; with `first` the loop stops at the
    # first solution (left in cur) and returns 1, else it never stops at one and returns how many there were.
    pop = -1
    flag = 0
    res = 0
    while L > 0:
        if L - 1 == n:
            if _check(cur[1:], n):
                if first:
                    return 1
                res += 1
            L -= 1
            pop = cur[L]
            inq[pop] -= 1
            flag = 1
        i = flag * (pop + 1)
        while i < n and inq[i] > 0:
            i += 1
        if i < n:
            cur[L] = i
            inq[i] += 1
            L += 1
            flag = 0
        else:
            L -= 1
            pop = cur[L]
            if L > 0:
                inq[pop] -= 1
            flag = 1
    return res


@njit(cache=True, nogil=True)
def _search(n, state, out, profile, checks):
    # The same loop, resumable (L, pop, flag, cur and inq live in state) and instrumented (see
    # nqueens.native._chunks). A node at depth L - 1 is a cur of that length; the checks add up in `tests`.
    cur = state[3 : n + 4]
    inq = state[n + 4 : 2 * n + 5]
    L = state[0]
    pop = state[1]
    flag = state[2]
    if L < 0:
        profile[0] += 1
        cur[0] = -1
        L = 1
        pop = -1
        flag = 0
    write = out.shape[0] > 0
    found = 0
    tests = 0
    while L > 0:
        if L - 1 == n:
            if write:
                # Enumerating: only the verdict is wanted, and the one-pass check stops at the first clash.
                passed = _check(cur[1:], n)
            else:
                passed, lines = _check_counting(cur[1:], n)
                tests += lines
            if passed:
                profile[n] += 1
                if write:
                    for i in range(n):
                        out[found, i] = cur[i + 1]
                found += 1
            L -= 1
            pop = cur[L]
            inq[pop] -= 1
            flag = 1
            if write and found == out.shape[0]:
                break
        i = flag * (pop + 1)
        while i < n:
            tests += 1
            if inq[i] == 0:
                break
            i += 1
        if i < n:
            cur[L] = i
            inq[i] += 1
            L += 1
            flag = 0
            if L - 1 < n:
                profile[L - 1] += 1
        else:
            L -= 1
            pop = cur[L]
            if L > 0:
                inq[pop] -= 1
            flag = 1
    state[0] = L
    state[1] = pop
    state[2] = flag
    checks[0] += tests
    return found


@njit(cache=True, nogil=True)
def _next(n, q):
    # Seed 004's next(cur): put the -1 sentinel in front, add 1 to cur as an N-ary number, then run the DFS loop
    # from there and return the first full cur that passes check; an empty array once the loop has popped the
    # sentinel (the seed returns []).
    cur = np.zeros(n + 1, np.int64)
    inq = np.zeros(n + 1, np.int64)
    cur[0] = -1
    L = 1
    for c in q:
        cur[L] = c
        L += 1
    if L > 1:
        cur[L - 1] += 1
        for i in range(L - 1, L - n, -1):
            if cur[i] == n:
                cur[i] = 0
                cur[i - 1] += 1
            else:
                break
    for i in range(1, L):
        inq[cur[i]] += 1
    return cur[1:].copy() if _dfs(n, cur, inq, L, True) else np.empty(0, np.int64)


count, batches, _warmup_kernels = seed_solver("generate-test", _count, _search, _start)


def warmup():
    """Compile the kernels (or load them from numba's cache)."""
    _warmup_kernels()
    next_solution(4)
