"""Numba kernels of the rule-generic counter (:mod:`nqueens.native.rules_counter`).

One resumable row-by-row bitmask search for every rule of :mod:`nqueens.core.rules`. The state of row ``r`` is
six words: the columns taken, the two diagonal masks for row ``r`` (shifted on a square board; rotated within n
bits on a torus, where a diagonal wraps modulo n), the queen bits of rows ``r - 1`` and ``r - 2`` (a knight on
row ``r - 1`` forbids its column +-2 on row ``r``, one on row ``r - 2`` its column +-1), and the candidates left.
Memory: an ``(7, n)`` int64 state; n <= 62.
"""

import numpy as np
from numba import njit

COLS, LD, RD, P1, P2, FREE, BIT = range(7)


@njit(cache=True, nogil=True)
def _bit_index(b):
    i = 0
    while b > 1:
        b >>= 1
        i += 1
    return i


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
                    out[m, i] = _bit_index(st[BIT, i])
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
