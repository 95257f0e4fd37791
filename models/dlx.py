"""N-Queens as exact cover, solved by Knuth's Algorithm X with dancing links.

The matrix has one row per placement (a queen on square ``(r, c)``) and four columns per row: the primary
columns ``R_r`` and ``C_c`` (every board row and every board column is covered exactly once) and the secondary
columns ``A_{r+c}`` and ``B_{r-c+n-1}`` (every diagonal at most once). A solution is a set of ``n`` matrix rows
that covers every primary column once and no secondary column twice. Another attack rule
(:mod:`nqueens.core.rules`) brings its own secondary columns: the 2n wrapped diagonals of a torus, and for a
superqueen one column per pair of squares a knight apart (Knuth's way of saying "not both").

Algorithm X picks an uncovered primary column, tries each matrix row in it, removes ("covers") every column of
that row and the rows that clash with them, recurses, and restores them in reverse order. With dancing links
(Knuth 2000) the matrix is a torus of doubly linked lists, and covering or uncovering a column is a few pointer
updates. Secondary columns are simply left out of the header list, so they are never chosen, yet a chosen row
still covers them. The kernel keeps Knuth's names: ``L``, ``R``, ``U``, ``D`` (the four links of every node),
``C`` (its column header), ``S`` (the number of rows in each column), ``O`` (the row chosen at each level) and
``h`` (the root, node 0).

The column to branch on is Knuth's heuristic, one with the fewest rows (``choose="min-size"``), or the first
uncovered primary column (``choose="first"``), which, with the board rows listed first, is plain row-by-row
backtracking.

An instance (:mod:`nqueens.core.instance`) simply leaves out the matrix rows of the squares no queen may take:
blocked squares, excluded diagonals, and in a row with a pre-placed queen every other square. Pre-placed queens
that attack each other share a secondary column, so no cover holds both: the count is 0.

A node of the search is a matrix row chosen, i.e. a queen placed; depth ``k`` holds the placements of ``k``
queens, so ``profile[k]`` counts the rows chosen at level ``k - 1`` (``profile[0] = 1``, the root) and
``profile[n]`` the solutions. ``stats["updates"]`` counts the nodes unlinked from their columns (Knuth's
measure of the work of ``cover``).

References
----------
D. E. Knuth, "Dancing links", *Millennial Perspectives in Computer Science* (2000), arXiv:cs/0011047;
TAOCP vol. 4B, section 7.2.2.1 (secondary columns for the n-queens problem).
"""

from typing import Any

import numpy as np
from nqueens.models.dlx_spec import CHOICES

from nqueens.core.board import dtype_for
from nqueens.core.errors import NQueensError
from nqueens.core.jit import njit
from nqueens.core.record import Tally
from nqueens.core.rules import diagonals, knight_pairs

__all__ = ["CHOICES", "count", "batches", "warmup"]


_CHUNK = 4096

# tally[...]: solutions found and nodes unlinked by cover.
_SOLUTIONS = 0
_UPDATES = 1

# The search's three places in Knuth's recursive procedure.
_ENTER, _TRY, _BACK = 0, 1, 2


def count(n, *, nodes=False, choose="min-size", instance=None, rule="queen"):
    """Count the solutions by Algorithm X; ``nodes`` adds the rows chosen per depth.

    Parameters
    ----------
    n : int
        Board size, >= 1.
    nodes : bool
        Also return ``nodes`` and ``profile`` (free: the kernel always counts them).
    choose : {"min-size", "first"}
        The column to branch on: one with the fewest rows (Knuth), or the first uncovered one.
    instance : Instance, optional
        Blocked squares, pre-placed queens, excluded diagonals.
    rule : str
        The attack rule (:mod:`nqueens.core.rules`): its diagonals, and a secondary column per pair of squares a
        knight apart for ``superqueen``.

    Returns
    -------
    Tally
        ``stats`` holds ``updates``, the nodes unlinked from their columns.

    Examples
    --------
    >>> count(8).total
    92
    >>> count(8, nodes=True, choose="first").profile
    (1, 8, 42, 140, 344, 568, 550, 312, 92)
    >>> from nqueens.core.instance import Instance
    >>> count(8, instance=Instance.make(8, blocked=[(0, 0), (7, 7)])).total
    84
    """
    minsize, x, S, state, profile, tally = _start(n, choose, instance, rule)
    _search(n, minsize, x, S, state, profile, tally, _NO_OUT)
    stats = {"updates": int(tally[_UPDATES])}
    if not nodes:
        return Tally(total=int(tally[_SOLUTIONS]), stats=stats)
    levels = tuple(int(v) for v in profile)
    return Tally(total=int(tally[_SOLUTIONS]), nodes=sum(levels), profile=levels, stats=stats)


def batches(n, *, limit=None, choose="min-size", instance=None, rule="queen"):
    """Stream the solutions as ``(m, n)`` arrays, the search resumed chunk by chunk.

    Examples
    --------
    >>> sorted(map(tuple, next(batches(4)).tolist()))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    minsize, x, S, state, profile, tally = _start(n, choose, instance, rule)
    dtype = dtype_for(n)
    left = limit
    while left is None or left > 0:
        out = np.empty((_CHUNK if left is None else min(_CHUNK, left), n), np.int64)
        filled = _search(n, minsize, x, S, state, profile, tally, out)
        if filled:
            yield out[:filled].astype(dtype)
        if state[0] == -2:
            return
        if left is not None:
            left -= filled


def warmup():
    """Compile the kernel (or load it from numba's cache)."""
    count(4)


def _links(n, allowed=None, rule="queen"):
    """The dancing-links torus: ``x`` stacks ``L, R, U, D, C`` and the placement ``r * n + c`` of each node.

    Node 0 is the root ``h``; headers ``1 .. 2n`` are the primary columns ``R_0 .. R_{n-1}, C_0 .. C_{n-1}``
    (linked into the root's list in that order), then the secondary columns, each linked only to itself: the
    rule's diagonals (:func:`nqueens.core.rules.diagonals`: ``A_0 .. A_{2n-2}, B_0 .. B_{2n-2}`` for queens, the
    2n wrapped ones on a torus) and, for a knight, one per pair of squares a knight apart. Then one node per
    column of each placement, for the squares ``allowed`` lets a queen take (per row, a mask of columns; every
    square when ``None``).
    """
    if allowed is None:
        allowed = [(1 << n) - 1] * n
    lines = diagonals(n, rule)
    pairs = knight_pairs(n, rule)
    secondary: list[list[Any]] = [[] for _ in range(n * n)]
    for k, line in enumerate(lines):
        for r, c in line:
            secondary[r * n + c].append(2 * n + 1 + k)
    for k, (a, b) in enumerate(pairs):
        for r, c in (a, b):
            secondary[r * n + c].append(2 * n + 1 + len(lines) + k)
    headers = 2 * n + 1 + len(lines) + len(pairs)
    squares = [(r, c) for r in range(n) for c in range(n) if allowed[r] >> c & 1]
    size = headers + sum(2 + len(secondary[r * n + c]) for r, c in squares)
    x = np.zeros((6, size), np.int64)
    L, R, U, D, C, ROW = x
    S = np.zeros(headers, np.int64)
    cols = np.arange(headers)
    L[:headers] = R[:headers] = U[:headers] = D[:headers] = C[:headers] = cols
    primary = 2 * n + 1
    R[:primary] = (cols[:primary] + 1) % primary
    L[:primary] = (cols[:primary] - 1) % primary
    node = headers
    for r, c in squares:
        columns = (1 + r, 1 + n + c, *secondary[r * n + c])
        width = len(columns)
        for t, col in enumerate(columns):
            i = node + t
            C[i] = col
            ROW[i] = r * n + c
            U[i] = U[col]
            D[i] = col
            D[U[col]] = i
            U[col] = i
            S[col] += 1
            L[i] = node + (t - 1) % width
            R[i] = node + (t + 1) % width
        node += width
    return x, S


def _start(n, choose, instance, rule):
    """A search's start: ``(minsize, x, S, state, profile, tally)``, the matrix of :func:`_links` and the search
    before its first step, its counters zero."""
    if choose not in CHOICES:
        raise NQueensError(f"choose must be one of {', '.join(CHOICES)}; got {choose!r}")
    x, S = _links(n, None if instance is None else instance.allowed(), rule)
    # state[0] = level k (-1 before the start, -2 when done), then O[0..n] and the chosen columns CS[0..n]
    state = np.zeros(1 + 2 * (n + 1), np.int64)
    state[0] = -1
    return choose == "min-size", x, S, state, np.zeros(n + 1, np.int64), np.zeros(2, np.int64)


_NO_OUT = np.zeros((0, 1), np.int64)


@njit(cache=True, nogil=True)
def _cover(c, L, R, U, D, C, S, tally):
    L[R[c]] = L[c]
    R[L[c]] = R[c]
    i = D[c]
    while i != c:
        j = R[i]
        while j != i:
            U[D[j]] = U[j]
            D[U[j]] = D[j]
            S[C[j]] -= 1
            tally[_UPDATES] += 1
            j = R[j]
        i = D[i]


@njit(cache=True, nogil=True)
def _uncover(c, L, R, U, D, C, S):
    i = U[c]
    while i != c:
        j = L[i]
        while j != i:
            S[C[j]] += 1
            U[D[j]] = j
            D[U[j]] = j
            j = L[j]
        i = U[i]
    L[R[c]] = c
    R[L[c]] = c


@njit(cache=True, nogil=True)
def _search(n, minsize, x, S, state, profile, tally, out):
    """Algorithm X, iterative and resumable; writes solutions to ``out`` (empty: count only); returns rows written.

    Knuth's recursive ``search(k)`` becomes three places: ``_ENTER`` (a new level: a solution if the root's
    list is empty, else choose and cover a column ``c``), ``_TRY`` (the next row ``r`` of column ``c``: cover
    its other columns and go down) and ``_BACK`` (up one level: uncover the row, take the next one).
    """
    L = x[0]
    R = x[1]
    U = x[2]
    D = x[3]
    C = x[4]
    ROW = x[5]
    O = state[1 : n + 2]
    CS = state[n + 2 : 2 * n + 3]
    h = 0
    capacity = out.shape[0]
    filled = 0
    k = state[0]
    if k == -2:
        return 0
    if k == -1:
        k = 0
        profile[0] += 1
        place = _ENTER
    else:
        place = _BACK
    c = 0
    r = 0
    while True:
        if place == _ENTER:
            if R[h] == h:
                tally[_SOLUTIONS] += 1
                if capacity > 0:
                    for t in range(k):
                        p = ROW[O[t]]
                        out[filled, p // n] = p % n
                    filled += 1
                    if filled == capacity:
                        state[0] = k
                        return filled
                place = _BACK
                continue
            c = R[h]
            if minsize:
                s = S[c]
                j = R[c]
                while j != h and s > 0:
                    if S[j] < s:
                        c = j
                        s = S[j]
                    j = R[j]
            _cover(c, L, R, U, D, C, S, tally)
            CS[k] = c
            r = D[c]
            place = _TRY
        elif place == _TRY:
            if r == c:
                _uncover(c, L, R, U, D, C, S)
                place = _BACK
                continue
            O[k] = r
            profile[k + 1] += 1
            j = R[r]
            while j != r:
                _cover(C[j], L, R, U, D, C, S, tally)
                j = R[j]
            k += 1
            place = _ENTER
        else:
            k -= 1
            if k < 0:
                state[0] = -2
                return filled
            r = O[k]
            c = CS[k]
            j = L[r]
            while j != r:
                _uncover(C[j], L, R, U, D, C, S)
                j = L[j]
            r = D[r]
            place = _TRY
