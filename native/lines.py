"""``lines``: the instance solver, a bitmask search that branches on the most constrained line.

Built for the n-queens variants research benchmarks (blocked squares, n-Queens Completion, excluded diagonals;
see :mod:`nqueens.core.instance`), and a good plain solver too. Every free row keeps the mask of its open squares
(bit ``c`` for column ``c``) and every free column the mask of its open squares (bit ``r`` for row ``r``); the
instance is folded into those masks once, at the root (blocked squares and excluded diagonals are simply
never open; pre-placed queens are placed before the search starts). Then, at every node:

- **branch on the most constrained line**: the free row *or free column* with the fewest open squares, trying
  each of its squares in turn (a line with one square is a forced move);
- **prune on any empty line**: a placement after which some free row or some free column has no open square
  left cannot be completed, and is abandoned at once.

Row-by-row search (the plain solvers, and the paper's dedicated bitwise solver) sees an empty *column* only
when it reaches the last row, and keeps trying rows whose squares all fail; an exact-cover view of the board
(rows and columns are both lines that need exactly one queen, as in Knuth's dancing links with the
min-size heuristic) sees both at once. On the hard excluded-diagonal instances of Gent, Jefferson and
Nightingale (n = 16..21, near the satisfiable/unsatisfiable threshold) that decides each one in a few million
nodes or fewer.

Up to ``n = 63`` a line's mask is one int64 (:mod:`~nqueens.native.lines_kernels`); above, an array of uint64
words changed in place and restored on backtracking (:mod:`~nqueens.native.lines_wide_kernels`), which visits the
same tree: boards of any ``n``, as far as memory goes (:func:`memory_needed`).

A node at depth ``k`` is a placement of ``k`` queens by the search (pre-placed queens are on the board at the
root) after which every free row and column still has an open square: the profile has ``m + 1`` depths for an
instance with ``m`` free rows, and its last depth holds the solutions.

Examples
--------
>>> count(8).total
92
>>> from nqueens.core.instance import Instance
>>> count(8, instance=Instance.make(8, queens=[(0, 0)])).total
4
>>> count(8, nodes=True, instance=Instance.make(8, queens=[(0, 0), (1, 4)])).profile
(1, 3, 4, 3, 1, 1, 1)

References
----------
I. P. Gent, C. Jefferson, P. Nightingale, "Complexity of n-Queens Completion", JAIR 59 (2017) 815-848;
CSPLib problems 079 and 080. D. E. Knuth, "Dancing links" (2000), the min-size heuristic.
"""

import numpy as np
from nqueens.native._limits import MASK_MAX_N

from nqueens.core.board import dtype_for
from nqueens.core.record import Tally

__all__ = ["count", "batches", "warmup", "memory_needed"]

# Placements per kernel call: the kernel returns to Python this often, so Ctrl-C is seen within a fraction of
# a second, and resumes where it stopped.
_BUDGET = 1 << 22

_CHUNK = 1 << 14
# At most this many squares in a chunk of solutions (so 16384 solutions of n <= 63, fewer of a larger board).
_CHUNK_SQUARES = 1 << 20


def count(n, *, nodes=False, instance=None):
    """Count the solutions of ``n``-queens, or of ``instance``, by the most-constrained-line search.

    Parameters
    ----------
    n : int
        Board size: up to 63 on the 64-bit kernel, above on the multi-word one (see Notes).
    nodes : bool
        Also return the feasible nodes per depth (``profile``, free: the kernel always counts them).
    instance : Instance, optional
        Blocked squares, pre-placed queens, excluded diagonals (of the same ``n``).

    Returns
    -------
    Tally

    Examples
    --------
    >>> r = count(10, nodes=True)
    >>> r.total, r.profile[0], r.profile[-1] == r.total, r.nodes == sum(r.profile)
    (724, 1, True, True)

    Notes
    -----
    For ``n <= 63`` a line's open squares are one int64 and every depth keeps a copy of all the lines
    (:mod:`~nqueens.native.lines_kernels`); above, a line is an array of uint64 words changed in place and
    restored on backtracking (:mod:`~nqueens.native.lines_wide_kernels`, about ``9 n**2`` bytes). Both visit the
    same tree: the same answers, solutions in the same order, the same profile.
    """
    m, state, step = _searcher(n, instance)
    profile = np.zeros(m + 1, np.int64)
    out = np.empty((0, n), np.int64)
    total = 0
    while state[0] != -2:
        total += int(step(out, profile))
    if not nodes:
        return Tally(total=total)
    levels = tuple(int(v) for v in profile)
    return Tally(total=total, nodes=sum(levels), profile=levels)


def batches(n, *, limit=None, instance=None, stats=None):
    """Stream the solutions as ``(m, n)`` arrays, the kernel resumed chunk after chunk.

    ``stats``, a dict, receives ``nodes``: the nodes the search has stood on so far (its profile's sum, root
    included), kept up to date before each batch is yielded, so a stream stopped at its first solution reports
    the nodes that solution cost (and an exhausted one those of the whole tree).

    Examples
    --------
    >>> [q.tolist() for q in batches(4)]
    [[[1, 3, 0, 2], [2, 0, 3, 1]]]
    """
    m, state, step = _searcher(n, instance)
    size = max(1, min(_CHUNK, _CHUNK_SQUARES // n))
    size = size if limit is None else max(1, min(size, limit))
    out = np.empty((size, n), np.int64)
    profile = np.zeros(m + 1, np.int64)
    dtype = dtype_for(n)
    while state[0] != -2:
        filled = step(out, profile)
        if stats is not None:
            stats["nodes"] = int(profile.sum())
        if filled:
            yield out[:filled].astype(dtype)


def warmup():
    """Compile both kernels (or load them from numba's cache): the types they are compiled for do not depend on
    ``n``, so a board of 4 compiles the multi-word kernel as well as a board of 1000."""
    from nqueens.native import lines_wide_kernels as wide

    count(4)
    m, words, bits, state = wide.start(4)
    wide.search(4, m, words, bits, state, np.empty((0, 4), np.int64), np.zeros(m + 1, np.int64), 1)


def memory_needed(n):
    """Bytes the search needs for an ``n x n`` board, at most (the registry's ``memory`` is drawn from this)."""
    if n <= MASK_MAX_N:
        return 8 * 2 * (n + 1) * n
    from nqueens.native.lines_wide_kernels import memory_needed

    return memory_needed(n)


def _searcher(n, instance):
    """``(m, state, step)``: the free rows, the search state (``state[0] == -2`` once over) and ``step(out,
    profile)``, one call of the kernel that fits ``n``."""
    if n <= MASK_MAX_N:
        from nqueens.native.lines_kernels import search

        m, state = _start(n, instance)
        return m, state, lambda out, profile: search(n, m, state, out, profile, _BUDGET)
    from nqueens.native import lines_wide_kernels as wide

    from nqueens.core import memory

    memory.check(wide.memory_needed(n), f"solver 'lines' on n = {n}")
    m, words, bits, state = wide.start(n, instance)
    # A placement costs about n steps here against a few words below: the same time between returns.
    budget = max(1, _BUDGET * MASK_MAX_N // n)
    return m, state, lambda out, profile: wide.search(n, m, words, bits, state, out, profile, budget)


def _start(n, instance):
    """``(m, state)``: the number of free rows and the search state at the root (see ``lines_kernels``)."""
    from nqueens.native.lines_kernels import layout
    from nqueens.native.lines_wide_kernels import _open_squares

    open_, queens, consistent = _open_squares(n, instance)
    m = n - len(queens)
    sizes = layout(n, m)
    state = np.zeros(sum(sizes), np.int64)
    state[0] = -1 if consistent else -2
    if not consistent:
        return m, state
    offsets = np.cumsum((0,) + sizes)
    q = state[offsets[7] : offsets[8]]
    q[:] = -1
    for r, c in queens:
        q[r] = c
    free_cols = np.ones(n, np.bool_)
    free_cols[q[q >= 0]] = False
    # The open squares as masks: of each row (bit c for column c) and of each column (bit r for row r).
    bits = np.int64(1) << np.arange(n, dtype=np.int64)
    state[offsets[1] : offsets[1] + n] = open_ @ bits
    state[offsets[2] : offsets[2] + n] = open_.T @ bits
    state[offsets[3]] = bits[q < 0].sum()
    state[offsets[4]] = bits[free_cols].sum()
    return m, state
