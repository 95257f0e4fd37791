"""Seed 002: the sieve algorithm (筛法) of Cheng Yuan-Bin, with one bit row per board row.

Placing a queen strikes out (筛去) its column and both diagonals in the rows still to be placed; the next queen
goes on a square not struck out. ``Q[i]`` is the board handed to row ``i``: ``Q[i][r]`` holds the struck
squares of row ``r`` as bits (``bj[j] = 1 << j`` is column ``j``), rows and columns 0-based as in the paper.
Placing the queen of row ``i`` in column ``j`` copies only the rows still needed into the next row's board and
strikes them there, which is the paper's ``queen(i, jstart, jend)`` after its third and fourth improvements.

The rows go 0, then ``N - 1``, ``N - 2``, ..., 1 (the paper's improved program): row 0 takes column ``j`` in
``0 .. (N + 1) / 2``, the last row only ``j + 1 .. N - 1 - j``, the others every column. Each layout ``A`` found
is emitted with its horizontal flip, and, unless ``A[0] + A[N - 1] == N - 1`` (the paper's 对称布局 test), its
vertical flip and its 180-degree rotation (``putout``): with the corner queens ``a = A[0]`` and
``b = A[N - 1]`` the search keeps ``a < b`` and ``a + b <= N - 1``, exactly one of the four corner pairs each
layout's images have, so every layout comes out once. The paper recurses; the recursion here is an explicit
stack (``J[i]``, ``E[i]``: the next and the last column of row ``i``'s loop), which it allows, since at any time
a row has at most one unfinished layout.

Examples
--------
>>> count(8).total
92
>>> count(8, nodes=True).profile[:2]
(1, 5)
>>> [q.tolist() for q in batches(4)]
[[[1, 3, 0, 2], [2, 0, 3, 1]]]

Notes
-----
The profile is what the sieve visits: depth ``d`` counts the queens placed as the ``d``-th queen (row 0,
then row ``N - 1``, ``N - 2``, ...) on squares not struck out, and the last depth counts the layouts found
(each stands for 2 or 4). Row 0 tries the paper's ``0 .. (N + 1) / 2``, so depth 1 holds
``(N + 1) / 2 + 1`` nodes, even though the last row's range is empty from ``j = N / 2`` on. ``n = 1`` is
answered without a search (the paper's bounds need ``N >= 2``).
``checks`` counts the bit tests ``Q[i][i] & bj[j]``, one per square of a row looked at.

References
----------
程元斌 (Cheng Yuan-Bin), 类似筛法的 N 皇后问题求解算法 (Sieve Algorithm to N Queens Problem), seed 002:
section 3, the improved ``queen(int i, int jstart, int jend)`` and ``putout(int t[], int n)``; table 1.
"""

import numpy as np
from nqueens.native._wrappers import seed_solver
from nqueens.native.mirror import _root

from nqueens.core.jit import njit

__all__ = ["count", "batches", "warmup"]


def _start(n):
    # The search state: i + 1 for the row i being placed (0: ended), then the boards Q[0..n-1][0..n-1], the
    # layout A, the next column J and the last column E of each row's loop. Row 0 runs j = 0 .. (n + 1) / 2.
    state = np.zeros(1 + n * n + 3 * n, np.int64)
    state[0] = -1
    state[1 + n * n + 2 * n] = (n + 1) // 2
    return state


@njit(cache=True, nogil=True)
def _hand_down(Q, i, j, n, bj):
    # The queen of row i stands in column j: copy the rows still to be placed into the next row's board, strike
    # out column j and both diagonals there, and return that row (the two branches of the paper's queen()).
    if i == 0:
        t = n - 1
        for k in range(i + 1, n):
            Q[t, k] = Q[i, k]
        for r in range(i + 1, n):
            Q[t, r] |= bj[j]
        r, c = i + 1, j - 1
        while r < n and c >= 0:
            Q[t, r] |= bj[c]
            r += 1
            c -= 1
        r, c = i + 1, j + 1
        while r < n and c < n:
            Q[t, r] |= bj[c]
            r += 1
            c += 1
        return t
    t = i - 1
    for k in range(i - 1, 0, -1):
        Q[t, k] = Q[i, k]
    for r in range(i - 1, 0, -1):
        Q[t, r] |= bj[j]
    r, c = i - 1, j - 1
    while r > 0 and c >= 0:
        Q[t, r] |= bj[c]
        r -= 1
        c -= 1
    r, c = i - 1, j + 1
    while r > 0 and c < n:
        Q[t, r] |= bj[c]
        r -= 1
        c += 1
    return t


@njit(cache=True, nogil=True)
def _count(n):
    # The paper's queen(i, jstart, jend) from queen(0, 0, (N + 1) / 2), counting instead of printing: putout
    # prints A and its horizontal flip, and for a layout with A[0] + A[N-1] != N-1 its vertical flip and its
    # 180-degree rotation too. The recursion is the stack J (next column), E (last column) of each row.
    if n == 1:
        return 1
    Q = np.zeros((n, n), np.int64)
    A = np.zeros(n, np.int64)
    J = np.zeros(n, np.int64)
    E = np.zeros(n, np.int64)
    bj = np.int64(1) << np.arange(n)
    res = 0
    i = 0
    E[0] = (n + 1) // 2
    while True:
        j = J[i]
        while j <= E[i] and (Q[i, i] & bj[j]) != 0:
            j += 1
        if j > E[i]:
            # The row's loop is over: return to the row placed before it (none before row 0).
            if i == 0:
                break
            i = 0 if i == n - 1 else i + 1
            continue
        J[i] = j + 1
        A[i] = j
        if i == 1:
            res += 2 if A[0] + A[n - 1] == n - 1 else 4
            J[i] = E[i] + 1
            continue
        t = _hand_down(Q, i, j, n, bj)
        if i == 0:
            J[t] = j + 1
            E[t] = n - 1 - j
        else:
            J[t] = 0
            E[t] = n - 1
        i = t
    return res


@njit(cache=True, nogil=True)
def _search(n, state, out, profile, checks):
    # The same loop, resumable (the row, Q, A, J and E live in state) and instrumented (see
    # nqueens.native._chunks). The d-th queen placed is depth d: row 0 is depth 1, row i > 0 is depth n + 1 - i.
    Q = state[1 : 1 + n * n].reshape((n, n))
    A = state[1 + n * n : 1 + n * n + n]
    J = state[1 + n * n + n : 1 + n * n + 2 * n]
    E = state[1 + n * n + 2 * n : 1 + n * n + 3 * n]
    bj = np.int64(1) << np.arange(n)
    if state[0] < 0:
        if _root(n, state, out, profile):
            return 1
        state[0] = 1
    i = state[0] - 1
    write = out.shape[0] > 0
    found = 0
    while True:
        j = J[i]
        while j <= E[i]:
            checks[0] += 1
            if (Q[i, i] & bj[j]) == 0:
                break
            j += 1
        if j > E[i]:
            if i == 0:
                i = -1
                break
            i = 0 if i == n - 1 else i + 1
            continue
        J[i] = j + 1
        A[i] = j
        profile[1 if i == 0 else n + 1 - i] += 1
        if i == 1:
            if write:
                _putout(out, found, A, n)
            found += 2 if A[0] + A[n - 1] == n - 1 else 4
            # The paper returns after the last row's queen: that row has one column left, at most.
            J[i] = E[i] + 1
            if write and found + 4 > out.shape[0]:
                break
            continue
        t = _hand_down(Q, i, j, n, bj)
        if i == 0:
            J[t] = j + 1
            E[t] = n - 1 - j
        else:
            J[t] = 0
            E[t] = n - 1
        i = t
    state[0] = i + 1
    return found


@njit(cache=True, nogil=True)
def _putout(out, at, t, n):
    # The paper's putout(t, n): the layout, its horizontal flip w, and unless t[0] + t[n-1] == n-1 (a symmetric
    # layout) its vertical flip w and that one's horizontal flip v, the 180-degree rotation.
    for j in range(n):
        out[at, j] = t[j]
        out[at + 1, j] = n - 1 - t[j]
    if t[0] + t[n - 1] == n - 1:
        return
    for j in range(n):
        out[at + 2, j] = t[n - 1 - j]
        out[at + 3, j] = n - 1 - t[n - 1 - j]


count, batches, warmup = seed_solver("sieve", _count, _search, _start, emit=4)
