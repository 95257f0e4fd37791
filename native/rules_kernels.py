"""Numba kernels of the rule-generic counter (:mod:`nqueens.native.rules_counter`).

One resumable row-by-row bitmask search for every rule of :mod:`nqueens.core.rules`. The state of row ``r`` is
six words: the columns taken, the two diagonal masks for row ``r`` (shifted on a square board; rotated within n
bits on a torus, where a diagonal wraps modulo n), the queen bits of rows ``r - 1`` and ``r - 2`` (a knight on
row ``r - 1`` forbids its column +-2 on row ``r``, one on row ``r - 2`` its column +-1), and the candidates left.
Memory: an ``(7, n)`` int64 state; n <= 62.
"""

import numpy as np

from nqueens.core.bits import popcount
from nqueens.core.jit import njit

COLS, LD, RD, P1, P2, FREE, BIT = range(7)


@njit(cache=True, nogil=True)
def search(n, knight, wrap, first_mask, st, pos, out, profile):
    """Search from the saved state; return the solutions found in this call.

    ``pos[0]`` is the current row (-1: start with row 0 restricted to ``first_mask``; -2: finished), ``pos[1]``
    the number of rows of ``out`` written in this call (the call returns when ``out`` is full, resumable).
    ``profile[d]`` gains the feasible nodes at depth ``d`` (d queens placed).
    """
    full = (np.int64(1) << n) - 1
    cap = out.shape[0]
    m = 0
    total = np.int64(0)
    if pos[0] == -2:
        pos[1] = 0
        return total
    if pos[0] == -1:
        for k in range(7):
            st[k, 0] = 0
        st[FREE, 0] = first_mask & full
        pos[0] = 0
    row = pos[0]
    while row >= 0:
        f = st[FREE, row]
        if f == 0:
            row -= 1
            continue
        b = f & -f
        st[FREE, row] = f ^ b
        st[BIT, row] = b
        profile[row + 1] += 1
        if row == n - 1:
            total += 1
            if cap > 0:
                for i in range(n):
                    out[m, i] = popcount(st[BIT, i] - 1)  # the column of a single bit: the bits below it
                m += 1
                if m == cap:
                    pos[0] = row
                    pos[1] = m
                    return total
            continue
        c = st[COLS, row] | b
        x = st[LD, row] | b
        y = st[RD, row] | b
        if wrap:
            l2 = ((x << 1) | (x >> (n - 1))) & full
            r2 = ((y >> 1) | (y << (n - 1))) & full
        else:
            l2 = (x << 1) & full
            r2 = y >> 1
        p2 = st[P1, row]
        row += 1
        st[COLS, row] = c
        st[LD, row] = l2
        st[RD, row] = r2
        st[P1, row] = b
        st[P2, row] = p2
        forb = c | l2 | r2
        if knight:
            forb |= (b << 2) | (b >> 2) | (p2 << 1) | (p2 >> 1)
        st[FREE, row] = full & ~forb
    pos[0] = -2
    pos[1] = m
    return total


@njit(cache=True, nogil=True)
def _rotl(x, k, n, full):
    k %= n
    return ((x << k) | (x >> (n - k))) & full if k else x


@njit(cache=True, nogil=True)
def toroidal_min_gap(n, m, byc):
    """Toroidal solutions with ``q[0] = 0``, ``q[1] = m`` and every cyclic gap ``q[i + 1] - q[i] (mod n) >= m``.

    ``byc[c]`` gains the number of them in which the gap m occurs c times (see
    :func:`nqueens.native.rules_counter.toroidal_total`). n >= 4; 2 <= m <= n - 2.
    """
    full = (np.int64(1) << n) - 1
    window = (np.int64(1) << m) - 1  # the gaps 0..m-1 forbidden after a queen
    cols = np.zeros(n, np.int64)
    ld = np.zeros(n, np.int64)
    rd = np.zeros(n, np.int64)
    free = np.zeros(n, np.int64)
    q = np.zeros(n, np.int64)
    b0 = np.int64(1)
    b1 = np.int64(1) << m
    if (b1 & (b0 | _rotl(b0, 1, n, full) | _rotl(b0, n - 1, n, full))) != 0:
        return
    q[1] = m
    cols[2] = b0 | b1
    x = _rotl(b0, 1, n, full) | b1
    y = _rotl(b0, n - 1, n, full) | b1
    ld[2] = _rotl(x, 1, n, full)
    rd[2] = _rotl(y, n - 1, n, full)
    free[2] = full & ~(cols[2] | ld[2] | rd[2] | _rotl(window, m, n, full))
    row = 2
    while row >= 2:
        f = free[row]
        if f == 0:
            row -= 1
            continue
        b = f & -f
        free[row] = f ^ b
        k = popcount(b - 1)
        q[row] = k
        if row == n - 1:
            if (n - k) % n >= m:
                c = 0
                for i in range(n):
                    if (q[(i + 1) % n] - q[i]) % n == m:
                        c += 1
                byc[c] += 1
            continue
        x = ld[row] | b
        y = rd[row] | b
        cols[row + 1] = cols[row] | b
        ld[row + 1] = _rotl(x, 1, n, full)
        rd[row + 1] = _rotl(y, n - 1, n, full)
        row += 1
        free[row] = full & ~(cols[row] | ld[row] | rd[row] | _rotl(window, k, n, full))
