"""The compiled kernels of the fast counter: start constellations, and the search that completes them.

:mod:`nqueens.native.engine` explains the method; this module holds the numba kernels it calls, over ints and
int64 arrays only. A board is ``n x n``, rows ``0 .. n-1`` from the top, column ``c`` is bit ``c`` of a mask.

A **start constellation** is the set of queens on the four border lines of the board, written ``(t, b, l, r)``:
the top-row queen is at ``(0, t)``, the bottom-row queen at ``(n - 1, b)``, the left-column queen at ``(l, 0)``
and the right-column queen at ``(r, n - 1)``. A queen in a corner lies on two border lines, so a constellation
holds two to four queens (one when ``n = 1``).

Importing this module compiles nothing; :func:`warmup` in :mod:`nqueens.native.engine` does.
"""

import numpy as np

from nqueens.core import d4
from nqueens.core.bits import popcount
from nqueens.core.jit import njit

__all__ = ["start_constellations", "solve_constellations"]

# Fields of a row of the constellation table.
T, B, L, R, H = range(5)
# Fields of a subproblem's result: the total, then the fundamental solutions with orbit size 1, 2, 4 and 8.
TOTAL, C1, C2, C4, C8 = range(5)
RESULT_SIZE = 5


# The square (row, col) under the g-th symmetry of the board, g as in nqueens.core.d4.NAMES (0 is the identity).
_image = njit(cache=True, nogil=True)(d4.square)


@njit(cache=True, nogil=True)
def _constellation_image(g, n, t, b, l, r):
    """``(t, b, l, r)`` of the image of the constellation under symmetry ``g``: each queen moves, and each
    border line's queen is read off again (the symmetries map border lines onto border lines)."""
    rows = (0, n - 1, l, r)
    cols = (t, b, 0, n - 1)
    t2 = b2 = l2 = r2 = -1
    for i in range(4):
        y, x = _image(g, n, rows[i], cols[i])
        if y == 0:
            t2 = x
        if y == n - 1:
            b2 = x
        if x == 0:
            l2 = y
        if x == n - 1:
            r2 = y
    return t2, b2, l2, r2


@njit(cache=True, nogil=True)
def _sort_key(n, t, b, l, r):
    """The order in which the images of a constellation compete to represent its class (least wins).

    Any rule that depends only on the image is correct; this one is chosen for speed (see
    :mod:`nqueens.native.engine`): the bottom queen near a corner, the top queen central, the side queens low,
    weighed as ``12 near(b) - 2 near(t) - 2 (l + r) - |l - r|``; ties go to the least ``(t, b, l, r)``.
    """
    m = n - 1
    near_b = b if b < m - b else m - b
    near_t = t if t < m - t else m - t
    spread = l - r if l > r else r - l
    score = 12 * near_b - 2 * near_t - 2 * (l + r) - spread + 8 * n
    return (((score * n + t) * n + b) * n + l) * n + r


@njit(cache=True, nogil=True)
def _valid(n, t, b, l, r):
    """Whether ``(t, b, l, r)`` is a consistent placement of non-attacking queens on the border lines."""
    m = n - 1
    # A corner queen lies on two lines, and then it is the queen of both.
    if (t == 0) != (l == 0) or (t == m) != (r == 0) or (b == 0) != (l == m) or (b == m) != (r == m):
        return False
    rows = (0, m, l, r)
    cols = (t, b, 0, m)
    for i in range(4):
        for j in range(i + 1, 4):
            dy = rows[i] - rows[j]
            dx = cols[i] - cols[j]
            if dy == 0 and dx == 0:
                continue
            if dy == 0 or dx == 0 or dy == dx or dy == -dx:
                return False
    return True


@njit(cache=True, nogil=True)
def start_constellations(n):
    """The representative start constellations of ``n``, one per class under the 8 symmetries.

    Returns an int64 array with one row ``(t, b, l, r, h)`` per class, in a fixed order, where ``h`` is the
    number of symmetries that map the constellation onto itself (1, 2, 4 or 8).
    """
    out = np.zeros((n * n * n * n, 5), np.int64)
    k = 0
    for t in range(n):
        for b in range(n):
            for l in range(n):
                for r in range(n):
                    if not _valid(n, t, b, l, r):
                        continue
                    own = _sort_key(n, t, b, l, r)
                    h = 1
                    least = True
                    for g in range(1, 8):
                        t2, b2, l2, r2 = _constellation_image(g, n, t, b, l, r)
                        key = _sort_key(n, t2, b2, l2, r2)
                        if key < own:
                            least = False
                            break
                        if key == own:
                            h += 1
                    if least:
                        out[k, T] = t
                        out[k, B] = b
                        out[k, L] = l
                        out[k, R] = r
                        out[k, H] = h
                        k += 1
    return out[:k].copy()


@njit(cache=True, nogil=True)
def _setup(n, t, b, l, r, rows, X, S):
    """Fill the free rows of a constellation and what its queens attack there; return their number ``m``.

    ``rows[d]`` is the ``d``-th row without a border queen, from the top; ``X[d]`` the columns of that row that a
    border queen occupies or attacks; ``S[d] = rows[d + 1] - rows[d]``, the shift of the diagonal masks from
    one free row to the next.
    """
    qrow = (0, n - 1, l, r)
    qcol = (t, b, 0, n - 1)
    m = 0
    for y in range(n):
        if y == 0 or y == n - 1 or y == l or y == r:
            continue
        mask = np.int64(0)
        for i in range(4):
            c = qcol[i]
            mask |= np.int64(1) << c
            dist = y - qrow[i] if y > qrow[i] else qrow[i] - y
            if c + dist < n:
                mask |= np.int64(1) << (c + dist)
            if c - dist >= 0:
                mask |= np.int64(1) << (c - dist)
        rows[m] = y
        X[m] = mask
        m += 1
    for d in range(m - 1):
        S[d] = rows[d + 1] - rows[d]
    if m > 0:
        S[m - 1] = 1
    return m


@njit(cache=True, nogil=True)
def _complete(n, t, b, l, r, order, fr, ys, cols, ups, downs):
    """Count the completions of the constellation ``(t, b, l, r)`` with at least 2 free rows (no symmetry
    bookkeeping), filling the most constrained free row first.

    The queens are kept as three masks: ``cols`` (bit ``c``), ``ups`` (bit ``row + c``, one per ``/`` diagonal)
    and ``downs`` (bit ``c - row + n - 1``, one per ``\\`` diagonal), so the free squares of any row ``y`` are
    ``~(cols | ups >> y | downs >> (n - 1 - y))`` and the rows can be filled in any order. At every node the
    search computes the free squares of all the free rows left, takes the row with the fewest (a row with one
    square is placed at once; a row with none ends the branch), and branches on its squares; this visits about
    a third of the nodes of a top-down search. ``order[d:]`` holds the free rows left at depth ``d`` (the row
    chosen is swapped to ``order[d]``); ``fr[d]``, ``ys[d]``, ``cols[d]``, ``ups[d]``, ``downs[d]`` are the
    squares of the row chosen at depth ``d`` not yet tried, that row, and the masks before its queen. The last
    two rows are counted directly: each square of one is a solution exactly when the other row keeps a free
    square.
    """
    full = (np.int64(1) << n) - 1
    top = n - 1
    c = np.int64(0)
    u = np.int64(0)
    w = np.int64(0)
    qrow = (0, top, l, r)
    qcol = (t, b, 0, top)
    for i in range(4):
        c |= np.int64(1) << qcol[i]
        u |= np.int64(1) << (qrow[i] + qcol[i])
        w |= np.int64(1) << (qcol[i] - qrow[i] + top)
    m = 0
    for y in range(n):
        if not (y == 0 or y == top or y == l or y == r):
            order[m] = y
            m += 1
    total = 0
    d = 0
    while True:
        # the queens (c, u, w) fill depth d; choose its row among order[d:m], or count the last two rows
        if d == m - 2:
            y0 = order[d]
            y1 = order[d + 1]
            f = ~(c | (u >> y0) | (w >> (top - y0))) & full
            u1 = u >> y1
            w1 = w >> (top - y1)
            while f != 0:
                bit = f & -f
                f ^= bit
                below = c | bit | u1 | ((bit << y0) >> y1) | w1 | ((bit << (top - y0)) >> (top - y1))
                total += (~below & full) != 0
            alive = False
        else:
            least = n + 1
            pick = d
            squares = np.int64(0)
            for j in range(d, m):
                y = order[j]
                f = ~(c | (u >> y) | (w >> (top - y))) & full
                k = popcount(f)
                if k < least:
                    least = k
                    pick = j
                    squares = f
            alive = least > 0
            if alive:
                y = order[pick]
                order[pick] = order[d]
                order[d] = y
                ys[d] = y
                fr[d] = squares
                cols[d] = c
                ups[d] = u
                downs[d] = w
        if not alive:
            d -= 1
            while d >= 0 and fr[d] == 0:
                d -= 1
            if d < 0:
                return total
        f = fr[d]
        bit = f & -f
        fr[d] = f ^ bit
        y = ys[d]
        c = cols[d] | bit
        u = ups[d] | (bit << y)
        w = downs[d] | (bit << (top - y))
        d += 1


@njit(cache=True, nogil=True)
def _stabilizer(n, q):
    """How many of the 8 symmetries map the solution ``q`` (``q[row] = column``) onto itself."""
    fixed = 1
    for g in range(1, 8):
        same = True
        for y in range(n):
            y2, x2 = _image(g, n, y, q[y])
            if q[y2] != x2:
                same = False
                break
        if same:
            fixed += 1
    return fixed


@njit(cache=True, nogil=True)
def _complete_symmetric(n, t, b, l, r, m, rows, X, S, fr, cols, lds, rds, bits, q, by_stabilizer):
    """Count the completions of a constellation, each by the size of its stabilizer.

    A top-down search over the free rows (the shift of the diagonal masks from one free row to the next is
    ``S``), keeping the square chosen in every row so that each complete board ``q`` can be compared with its 8
    images; it runs only for the few constellations that a symmetry fixes. ``by_stabilizer[k]`` is incremented for a
    completion that exactly ``k`` symmetries fix. Any ``m >= 0``.
    """
    full = (np.int64(1) << n) - 1
    for y in range(n):
        q[y] = -1
    q[0] = t
    q[n - 1] = b
    q[l] = 0
    q[r] = n - 1
    if m == 0:
        by_stabilizer[_stabilizer(n, q)] += 1
        return
    cols[0] = 0
    lds[0] = 0
    rds[0] = 0
    fr[0] = ~X[0] & full
    d = 0
    while d >= 0:
        f = fr[d]
        if f == 0:
            d -= 1
            continue
        bit = f & -f
        fr[d] = f ^ bit
        bits[d] = bit
        if d == m - 1:
            for e in range(m):
                q[rows[e]] = popcount(bits[e] - 1)  # the column of a single bit: the bits below it
            by_stabilizer[_stabilizer(n, q)] += 1
            continue
        s = S[d]
        nc = cols[d] | bit
        nl = (lds[d] | bit) << s
        nr = (rds[d] | bit) >> s
        d += 1
        cols[d] = nc
        lds[d] = nl
        rds[d] = nr
        fr[d] = ~(nc | nl | nr | X[d]) & full


@njit(cache=True, nogil=True)
def solve_constellations(n, table, out):
    """Add to ``out`` (``TOTAL, C1, C2, C4, C8``) the solutions of every constellation in ``table``.

    A row ``(t, b, l, r, h)`` of ``table`` stands for its class of ``8 / h`` constellations. Every solution
    lies on exactly one constellation, so the total gains ``8 / h`` times the completions of ``(t, b, l, r)``.
    The ``h`` symmetries fixing the constellation permute its completions, and each of their orbits is one
    class of solutions (two solutions with the same constellation that are images of each other are images
    under a symmetry fixing the constellation). An orbit holds ``h / k`` completions that each ``k`` symmetries
    fix, so a completion adds ``k / h`` to the count of fundamental solutions with orbit size ``8 / k``. When
    ``h == 1`` every completion is its own class of 8.
    """
    rows = np.zeros(n + 1, np.int64)
    X = np.zeros(n + 1, np.int64)
    S = np.zeros(n + 1, np.int64)
    fr = np.zeros(n + 1, np.int64)
    cols = np.zeros(n + 1, np.int64)
    lds = np.zeros(n + 1, np.int64)
    rds = np.zeros(n + 1, np.int64)
    bits = np.zeros(n + 1, np.int64)
    q = np.zeros(n, np.int64)
    by_stabilizer = np.zeros(9, np.int64)
    for i in range(table.shape[0]):
        t, b, l, r, h = table[i]  # the fields T, B, L, R, H
        if h == 1 and n >= 6:  # then a constellation leaves at least 2 free rows
            found = _complete(n, t, b, l, r, rows, fr, bits, cols, lds, rds)
            out[TOTAL] += 8 * found
            out[C8] += found
            continue
        m = _setup(n, t, b, l, r, rows, X, S)
        by_stabilizer[:] = 0
        _complete_symmetric(n, t, b, l, r, m, rows, X, S, fr, cols, lds, rds, bits, q, by_stabilizer)
        found = by_stabilizer[1] + by_stabilizer[2] + by_stabilizer[4] + by_stabilizer[8]
        out[TOTAL] += (8 // h) * found
        out[C8] += by_stabilizer[1] // h
        out[C4] += 2 * by_stabilizer[2] // h
        out[C2] += 4 * by_stabilizer[4] // h
        out[C1] += 8 * by_stabilizer[8] // h
