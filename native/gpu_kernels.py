"""The kernels of the GPU counter: work items on the CPU, their completions in a CUDA kernel.

:mod:`nqueens.native.gpu` explains the method. This module holds

* :func:`build_items` (numba, CPU): for each start constellation of a subproblem, the free rows, what the border
  queens attack there, and the partial placements of its first free rows, the **work items**;
* :func:`nqueens.native.gpu_device.finish` (numba CUDA): each thread takes items one after another from a shared atomic counter and
  finishes them with an iterative bitmask search over the last ``G`` free rows, its stack in shared memory.

Importing this module imports neither numba's CUDA target nor a driver (:mod:`nqueens.native.gpu_device` does).
A board is ``n x n``, rows ``0 .. n-1`` from the top, column ``c`` is bit ``c`` of a mask.
"""

import numpy as np

# numba-cuda up to 0.30 registers np.row_stack, which NumPy 2.5 removed: put back before numba.cuda is imported,
# which both the counter (nqueens.native.gpu) and its CUDA kernel (nqueens.native.gpu_device) do after this module.
if not hasattr(np, "row_stack"):
    np.row_stack = np.vstack
from nqueens.native import gpu_spec
from nqueens.native.engine_kernels import _setup

from nqueens.core.jit import njit

__all__ = ["MAX_N", "ITEM_FIELDS", "build_items", "free_rows", "reference_counts"]

MAX_ROWS = 15  # the most free rows the kernel fills (its shared arrays hold this many entries per thread)
MAX_N = gpu_spec.SOLVER.max_n  # a stack entry packs its row (4 bits) above the n bits of a row mask, in 32 bits
SHIFT_AT = 30  # a row word holds the squares the border queens take (bits 0 .. n-1) and the shift to the next row
ITEM_FIELDS = 4  # an item: (constellation, columns, "\" diagonals, "/" diagonals), uint32 each
_INDEX_AT = 27  # a stack word: the squares not yet tried (bits 0 .. n-1) and the entry's row (0 .. g - 2)


@njit(cache=True, nogil=True)
def _place(n, k, X, S, ci, items, start, fr, cs, ls, rs):
    """Walk the placements of the first ``k`` free rows (top down); write each as an item at ``items[start:]``
    when ``items`` has rows, and return how many there are."""
    full = (np.int64(1) << n) - 1
    if k == 0:
        if items.shape[0] > 0:
            items[start, 0] = ci
            items[start, 1] = 0
            items[start, 2] = 0
            items[start, 3] = 0
        return 1
    found = 0
    cs[0] = 0
    ls[0] = 0
    rs[0] = 0
    fr[0] = ~X[0] & full
    d = 0
    while d >= 0:
        f = fr[d]
        if f == 0:
            d -= 1
            continue
        bit = f & -f
        fr[d] = f ^ bit
        s = S[d]
        c = cs[d] | bit
        lo = ((ls[d] | bit) << s) & full
        ro = (rs[d] | bit) >> s
        if d == k - 1:
            if items.shape[0] > 0:
                items[start + found, 0] = ci
                items[start + found, 1] = c
                items[start + found, 2] = lo
                items[start + found, 3] = ro
            found += 1
            continue
        d += 1
        cs[d] = c
        ls[d] = lo
        rs[d] = ro
        fr[d] = ~(c | lo | ro | X[d]) & full
    return found


@njit(cache=True, nogil=True)
def build_items(n, table, g):
    """The work items of the constellations of ``table`` (rows ``(t, b, l, r, ...)``, each with at least ``g``
    free rows, ``g >= 2``), each to be finished on its last ``g`` free rows.

    Returns ``(rows, items)``: ``rows[i, j]`` (uint32, ``len(table) x g``) is the ``j``-th of the last ``g`` free
    rows of constellation ``i``: the squares its border queens take, with the distance from the free row before
    at bit :data:`SHIFT_AT` (0 for ``j = 0``); ``items`` (uint32, one row per item) holds ``(i, columns, "\\" diagonals, "/" diagonals)``
    of one placement of the free rows before those, the diagonal masks already moved to the first of the ``g``
    rows. The items are in the order of ``table``, each constellation's in lexicographic order of its squares.
    """
    k_rows = table.shape[0]
    rows = np.zeros((k_rows, g), np.uint32)
    ys = np.zeros(n + 1, np.int64)  # the free rows (engine_kernels._setup fills them; only X and S are used here)
    X = np.zeros(n + 1, np.int64)
    S = np.zeros(n + 1, np.int64)
    fr = np.zeros(n + 1, np.int64)
    cs = np.zeros(n + 1, np.int64)
    ls = np.zeros(n + 1, np.int64)
    rs = np.zeros(n + 1, np.int64)
    empty = np.zeros((0, ITEM_FIELDS), np.uint32)
    counts = np.zeros(k_rows, np.int64)
    for i in range(k_rows):
        m = _setup(n, table[i, 0], table[i, 1], table[i, 2], table[i, 3], ys, X, S)
        k = m - g
        for j in range(g):
            into = S[k + j - 1] if j > 0 else 0  # the distance from the row before
            rows[i, j] = np.uint32(X[k + j] | (into << SHIFT_AT))
        counts[i] = _place(n, k, X, S, i, empty, 0, fr, cs, ls, rs)
    items = np.zeros((counts.sum(), ITEM_FIELDS), np.uint32)
    start = 0
    for i in range(k_rows):
        m = _setup(n, table[i, 0], table[i, 1], table[i, 2], table[i, 3], ys, X, S)
        start += _place(n, m - g, X, S, i, items, start, fr, cs, ls, rs)
    return rows, items


@njit(cache=True, nogil=True)
def free_rows(n, table):
    """The number of free rows of each constellation of ``table`` (its rows without a border queen)."""
    out = np.zeros(table.shape[0], np.int64)
    ys = np.zeros(n + 1, np.int64)  # the free rows (engine_kernels._setup fills them; only X and S are used here)
    X = np.zeros(n + 1, np.int64)
    S = np.zeros(n + 1, np.int64)
    for i in range(table.shape[0]):
        out[i] = _setup(n, table[i, 0], table[i, 1], table[i, 2], table[i, 3], ys, X, S)
    return out


@njit(cache=True, nogil=True)
def reference_counts(n, g, rows, items, out):
    """The completions of each item, by the search of the CUDA kernel run on the CPU: the same 32-bit masks,
    the same stack entries and order of work (a check of the items and of the kernel's bookkeeping, and the
    simulator's reference). ``g >= 2``."""
    word = np.int64(0xFFFFFFFF)
    full = np.int64((1 << n) - 1)
    low = np.int64((1 << _INDEX_AT) - 1)
    sc = np.zeros(g, np.int64)
    sl = np.zeros(g, np.int64)
    sr = np.zeros(g, np.int64)
    sa = np.zeros(g, np.int64)
    last = g - 2
    for i in range(items.shape[0]):
        ci = items[i, 0]
        count = 0
        a = ~(np.int64(items[i, 1]) | np.int64(items[i, 2]) | np.int64(items[i, 3]) | np.int64(rows[ci, 0])) & full
        if a != 0:
            top = 0
            sc[0] = items[i, 1]
            sl[0] = items[i, 2]
            sr[0] = items[i, 3]
            sa[0] = a
            while top >= 0:
                w = sa[top]
                a = w & low
                row = w >> _INDEX_AT
                bit = a & -a
                a ^= bit
                sa[top] = a | (row << _INDEX_AT)
                x1 = np.int64(rows[ci, row + 1])
                s = x1 >> SHIFT_AT
                nc = sc[top] | bit
                nl = ((sl[top] | bit) << s) & word
                nr = (sr[top] | bit) >> s
                nxt = ~(nc | nl | nr | x1) & full
                if row == last:
                    f = nxt
                    while f != 0:
                        f &= f - 1
                        count += 1
                if a == 0:
                    top -= 1
                if row != last and nxt != 0:
                    top += 1
                    sc[top] = nc
                    sl[top] = nl
                    sr[top] = nr
                    sa[top] = nxt | ((row + 1) << _INDEX_AT)
        out[i] = count
