"""The compiled search of the instance solver ``lines`` (see :mod:`nqueens.native.lines` for the method).

One resumable kernel, :func:`search`, over int64 arrays only. The board is ``n x n`` (``n <= 63``): column ``c``
is bit ``c`` of a row's mask, row ``r`` is bit ``r`` of a column's mask. Importing this module compiles nothing.

The whole search state lives in one int64 array (so a search can stop when a chunk of solutions is full, or
when its node budget is spent, and continue later); :func:`layout` gives its parts. With ``m`` free rows at the
root, depth ``k = 0 .. m`` (the queens the search has placed) has:

``rows[k, r]``
    the squares still open in free row ``r`` (bit ``c``), zero for rows no longer free;
``cols[k, c]``
    the squares still open in free column ``c`` (bit ``r``);
``fr[k]``, ``fc[k]``
    the free rows and free columns, as masks;
``line[k]``
    the line branched on: a row ``r`` (``0 .. n-1``) or a column ``n + c``;
``cand[k]``
    the squares of that line still to try.

``q[r]`` is the column of row ``r``'s queen (pre-placed ones included). ``head[0]`` is the depth ``k`` of the
search (``-1`` before the root is examined, ``-2`` once the search has ended).
"""

import numpy as np

from nqueens.core.bits import popcount
from nqueens.core.jit import njit

__all__ = ["layout", "search", "HEAD"]

# The first entries of the state: the depth k.
HEAD = 1


def layout(n, m):
    """The sizes of the state's parts, in order: head, rows, cols, fr, fc, line, cand, q."""
    return (HEAD, (m + 1) * n, (m + 1) * n, m + 1, m + 1, m + 1, m + 1, n)


@njit(cache=True, nogil=True)
def _descend(n, rows, cols, k, fr, fc, r, c):
    """Fill depth ``k + 1`` from depth ``k`` with a queen on ``(r, c)`` (``r < 0``: copy depth ``k`` as it is).

    Returns the line to branch on at depth ``k + 1``: the free row or column with the fewest open squares
    (on ties the last one scanned: columns before rows, higher indices first, which on the hard
    excluded-diagonal instances visits about a sixth fewer nodes than the first), or ``-1`` if some free row
    or column has none left. Only the
    free lines are written; the others keep stale values that nothing reads.
    """
    best = n + 1
    choice = -1
    one = np.int64(1)
    # A queen on (r, c) closes, in a line at distance d, the crossing square and the two diagonal ones; bits
    # shifted past the board's edge fall on squares no line has open.
    bc = one << c if r >= 0 else np.int64(0)
    br = one << r if r >= 0 else np.int64(0)
    best, choice = _close(rows[k], rows[k + 1], fr, r, bc, 0, best, choice)
    if choice < 0:
        return -1
    return _close(cols[k], cols[k + 1], fc, c, br, n, best, choice)[1]


@njit(cache=True, nogil=True)
def _close(src, dst, x, at, b, code, best, choice):
    """:func:`_descend`'s scan of the free rows (or columns) ``x``: ``dst[i]`` gets the squares of ``src[i]`` that
    the queen (bit ``b``, on line ``at``) leaves open. Returns ``(best, choice)`` kept up to date with the line of
    fewest open squares (``code + i``; on ties the later one), or ``choice = -1`` at the first line left empty."""
    while x != 0:
        low = x & -x
        x ^= low
        i = popcount(low - 1)
        d = abs(i - at)
        m = src[i] & ~(b | (b << d) | (b >> d))
        dst[i] = m
        if m == 0:
            return best, -1
        p = popcount(m)
        if p <= best:
            best = p
            choice = code + i
    return best, choice


@njit(cache=True, nogil=True)
def search(n, m, state, out, profile, budget):
    """Run the search from ``state``: count (``out`` with no rows) or write solutions to ``out``.

    Returns the solutions found in this call. It returns early when ``out`` is full or when it has placed
    ``budget`` queens (``state`` then holds where to continue; ``state[0] == -2`` once the search is over).
    ``profile[k]`` counts the feasible nodes at depth ``k``: placements of ``k`` queens after which every free
    row and free column still has an open square (the root counts 1).

    The root of ``state`` is filled by the caller: depth 0 of ``rows``, ``cols``, ``fr``, ``fc`` and the
    pre-placed queens in ``q``.
    """
    s = HEAD + 2 * (m + 1) * n
    rows = state[HEAD : HEAD + (m + 1) * n].reshape((m + 1, n))
    cols = state[HEAD + (m + 1) * n : s].reshape((m + 1, n))
    per_depth = state[s : s + 4 * (m + 1)].reshape((4, m + 1))  # rows of a C array: numba knows them contiguous
    fr = per_depth[0]
    fc = per_depth[1]
    line = per_depth[2]
    cand = per_depth[3]
    s += 4 * (m + 1)
    q = state[s : s + n]
    one = np.int64(1)
    capacity = out.shape[0]
    found = 0
    k = state[0]
    if k == -2:
        return 0
    if k == -1:
        profile[0] += 1
        if m == 0:
            if capacity > 0:
                for i in range(n):
                    out[0, i] = q[i]
            state[0] = -2
            return 1
        # Examine the root: every line must have an open square; choose the line to branch on.
        choice = _descend(n, rows, cols, 0, fr[0], fc[0], -1, -1)
        if choice < 0:
            state[0] = -2
            return 0
        line[0] = choice
        cand[0] = rows[0, choice] if choice < n else cols[0, choice - n]
        k = 0
    spent = 0
    while True:
        if cand[k] == 0:
            k -= 1
            if k < 0:
                state[0] = -2
                return found
            continue
        if spent >= budget or (capacity > 0 and found == capacity):
            state[0] = k
            return found
        p = cand[k] & -cand[k]
        cand[k] ^= p
        spent += 1
        pos = popcount(p - 1)
        choice = line[k]
        if choice < n:
            r = choice
            c = pos
        else:
            r = pos
            c = choice - n
        q[r] = c
        frow = fr[k] & ~(one << r)
        fcol = fc[k] & ~(one << c)
        if frow == 0:
            profile[k + 1] += 1
            if capacity > 0:
                for i in range(n):
                    out[found, i] = q[i]
            found += 1
            continue
        choice = _descend(n, rows, cols, k, frow, fcol, r, c)
        if choice < 0:
            continue
        k += 1
        profile[k] += 1
        fr[k] = frow
        fc[k] = fcol
        line[k] = choice
        cand[k] = rows[k, choice] if choice < n else cols[k, choice - n]
