"""The instance solver ``lines`` for boards of any size: the same search over multi-word bitsets.

:mod:`nqueens.native.lines_kernels` keeps each line's open squares in one int64, so it stops at ``n = 63``.
Here a line's squares are ``words`` uint64 words (column ``c`` of a row is bit ``c % 64`` of word ``c // 64``;
row ``r`` of a column likewise), and instead of copying every line at every depth, which would cost ``n * words``
words a node and ``n**2 * words`` of memory, the search changes the lines in place and undoes the change when it
backtracks. A queen on ``(r, c)`` closes, in each free line, at most three squares (the crossing one and two
diagonal ones), so a node costs time linear in ``n``, whatever the width; the open squares of every line are
counted as they close (``rcount``, ``ccount``), so choosing the most constrained line needs no popcount.

It visits the very same tree as the 64-bit kernel: the line with the fewest open squares first (on ties a
column before a row, the higher index first), its squares in increasing order, a placement abandoned when some
free row or column is left empty. So the answers, the order of the solutions and the node profile are the same.
Importing this module compiles nothing.

The search state, resumable like the 64-bit kernel's, lives in two arrays (:func:`layout` gives their parts).
``bits`` (uint64) holds ``rows[r, w]`` and ``cols[c, w]``, the open squares of each line, and ``cand[k, w]``,
the squares still to try on the line branched on at depth ``k``. ``state`` (int64) holds, after the head
(``k``: the depth, ``-1`` before the root, ``-2`` once the search is over; ``nf``: the number of free rows, which
is the number of free columns; ``top``: the height of the trail):

``rcount[r]``, ``ccount[c]``
    the open squares of each free line;
``rlist``, ``rpos``, ``clist``, ``cpos``
    the free rows (the first ``nf`` entries of ``rlist``) and columns as sparse sets: removing a line swaps it
    behind the free ones, and undoing the removal only moves the boundary back;
``line[k]``, ``low[k]``
    the line branched on at depth ``k`` (a row ``r`` or a column ``n + c``), and the first word of ``cand[k]``
    that may still be non-zero;
``qr[k]``, ``qc[k]``, ``mark[k]``
    the queen placed at depth ``k`` and the height of the trail before it;
``q[r]``
    the column of row ``r``'s queen (pre-placed ones included);
``trail``
    the diagonal squares closed on the current path, as ``i * n + j``, so a backtrack can open them again.
"""

import numpy as np

from nqueens.core.bits import popcount
from nqueens.core.jit import njit

__all__ = ["HEAD", "layout", "memory_needed", "search", "start", "words_for"]

# The head of the state: the depth k, the number of free lines nf and the height of the trail.
HEAD = 3

_ONE = np.uint64(1)
_ZERO = np.uint64(0)


def words_for(n):
    """The uint64 words of one line of an ``n x n`` board."""
    return (n + 63) // 64


def layout(n, m, words, trail):
    """The sizes of the parts of ``(bits, state)``: ``(rows, cols, cand)`` and
    ``(head, rcount, ccount, rlist, rpos, clist, cpos, line, low, qr, qc, mark, q, trail)``."""
    return (
        (n * words, n * words, (m + 1) * words),
        (HEAD, n, n, n, n, n, n, m + 1, m + 1, m + 1, m + 1, m + 1, n, trail),
    )


def memory_needed(n):
    """Bytes the search needs at most for an ``n x n`` board: the root's boolean board, the trail (one int64
    per open square, at most ``n * n``) and the lines (two bits a square, and ``cand``, one bit a square)."""
    return n * n + 8 * n * n + 3 * n * words_for(n) * 8 + 16 * 8 * n


def _open_squares(n, instance=None):
    """``(open_, queens, consistent)``: the squares open at the root as a boolean ``n x n`` board (not blocked, on
    no excluded diagonal, in a row and a column without a pre-placed queen and on no diagonal of one), the
    pre-placed queens, and whether the instance is consistent."""
    open_ = np.ones((n, n), np.bool_)
    queens = ()
    consistent = True
    if instance is not None:
        queens = instance.queens
        consistent = instance.consistent()
        if instance.blocked:
            squares = np.array(instance.blocked, np.int64)
            open_[squares[:, 0], squares[:, 1]] = False
        closed_sum = np.zeros(2 * n - 1, np.bool_)
        closed_difference = np.zeros(2 * n - 1, np.bool_)  # index r - c + n - 1
        closed_sum[list(instance.excluded_sum)] = True
        closed_difference[[d + n - 1 for d in instance.excluded_difference]] = True
        taken_row = np.zeros(n, np.bool_)
        taken_col = np.zeros(n, np.bool_)
        for r, c in queens:
            taken_row[r] = taken_col[c] = True
            closed_sum[r + c] = closed_difference[r - c + n - 1] = True
        open_[taken_row, :] = False
        open_[:, taken_col] = False
        columns = np.arange(n)
        for r in range(n):
            open_[r] &= ~closed_sum[r + columns] & ~closed_difference[r - columns + n - 1]
    return open_, queens, consistent


def start(n, instance=None, words=None):
    """``(m, words, bits, state)``: the search at its root, for the plain board or ``instance``.

    ``words`` may be given larger than :func:`words_for` ``(n)``: the high words then stay empty (a way to run
    the multi-word code on a board that fits one word). ``state[0]`` is ``-2`` for an inconsistent instance.
    """
    words = words_for(n) if words is None else words
    open_, queens, consistent = _open_squares(n, instance)
    m = n - len(queens)
    rcount = open_.sum(axis=1)
    ccount = open_.sum(axis=0)
    trail = max(1, int(rcount.sum()))
    bit_sizes, state_sizes = layout(n, m, words, trail)
    bits = np.zeros(sum(bit_sizes), np.uint64)
    state = np.zeros(sum(state_sizes), np.int64)
    state[0] = -1 if consistent else -2
    if not consistent:
        return m, words, bits, state
    bits[: 2 * n * words] = np.concatenate([_pack(open_, words), _pack(open_.T, words)]).ravel()
    offsets = np.cumsum((0,) + state_sizes)
    part = [state[offsets[i] : offsets[i + 1]] for i in range(len(state_sizes))]
    _, rc, cc, rlist, rpos, clist, cpos = part[:7]
    q = part[12]
    rc[:] = rcount
    cc[:] = ccount
    q[:] = -1
    for r, c in queens:
        q[r] = c
    for lines, pos, taken in ((rlist, rpos, {r for r, _ in queens}), (clist, cpos, {c for _, c in queens})):
        free = [i for i in range(n) if i not in taken]
        lines[: len(free)] = free
        pos[free] = np.arange(len(free))
    state[1] = m
    return m, words, bits, state


@njit(cache=True, nogil=True)
def search(n, m, words, bits, state, out, profile, budget):
    """Run the search from ``state``: count (``out`` with no rows) or write solutions to ``out``.

    The contract of :func:`nqueens.native.lines_kernels.search`: returns the solutions found in this call,
    early when ``out`` is full or after ``budget`` placements (``state`` then holds where to continue;
    ``state[0] == -2`` once the search is over); ``profile[k]`` counts the feasible nodes at depth ``k``.
    """
    w = words
    rows = bits[: n * w].reshape((n, w))
    cols = bits[n * w : 2 * n * w].reshape((n, w))
    cand = bits[2 * n * w : (2 * n + m + 1) * w].reshape((m + 1, w))
    per_line = state[HEAD : HEAD + 6 * n].reshape((6, n))  # rows of a C array, so that numba knows them contiguous
    rcount = per_line[0]
    ccount = per_line[1]
    rlist = per_line[2]
    rpos = per_line[3]
    clist = per_line[4]
    cpos = per_line[5]
    s = HEAD + 6 * n
    per_depth = state[s : s + 5 * (m + 1)].reshape((5, m + 1))
    line = per_depth[0]
    low = per_depth[1]
    qr = per_depth[2]
    qc = per_depth[3]
    mark = per_depth[4]
    s += 5 * (m + 1)
    q = state[s : s + n]
    trail = state[s + n :]
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
        choice = _choose(n, state[1], rcount, ccount, rlist, clist)
        if choice < 0:
            state[0] = -2
            return 0
        _branch(n, w, rows, cols, cand, line, low, 0, choice)
        k = 0
    spent = 0
    while True:
        first = low[k]
        while first < w and cand[k, first] == _ZERO:
            first += 1
        low[k] = first
        if first == w:
            k -= 1
            if k < 0:
                state[0] = -2
                return found
            _undo(n, w, rows, cols, state, rcount, ccount, trail, qr[k], qc[k], mark[k])
            continue
        if spent >= budget or (capacity > 0 and found == capacity):
            state[0] = k
            return found
        x = cand[k, first]
        bit = x & (~x + _ONE)
        cand[k, first] = x ^ bit
        spent += 1
        pos = first * 64 + popcount(np.int64(bit - _ONE))
        choice = line[k]
        if choice < n:
            r = choice
            c = pos
        else:
            r = pos
            c = choice - n
        q[r] = c
        if state[1] == 1:
            profile[k + 1] += 1
            if capacity > 0:
                for i in range(n):
                    out[found, i] = q[i]
            found += 1
            continue
        qr[k] = r
        qc[k] = c
        mark[k] = state[2]
        choice = _place(n, w, rows, cols, state, rcount, ccount, rlist, rpos, clist, cpos, trail, r, c)
        if choice < 0:
            _undo(n, w, rows, cols, state, rcount, ccount, trail, r, c, mark[k])
            continue
        k += 1
        profile[k] += 1
        _branch(n, w, rows, cols, cand, line, low, k, choice)


@njit(cache=True, nogil=True)
def _branch(n, w, rows, cols, cand, line, low, k, choice):
    """Branch at depth ``k`` on ``choice``: its open squares become the candidates."""
    line[k] = choice
    low[k] = 0
    if choice < n:
        for i in range(w):
            cand[k, i] = rows[choice, i]
    else:
        for i in range(w):
            cand[k, i] = cols[choice - n, i]


@njit(cache=True, nogil=True)
def _choose(n, nf, rcount, ccount, rlist, clist):
    """The free line with the fewest open squares, ``-1`` if some free line has none.

    On ties the one the 64-bit kernel takes (it scans rows, then columns, in increasing order and keeps the last
    of the fewest): the largest code, a column ``n + c`` before any row ``r``, the higher index first.
    """
    best = n + 1
    choice = -1
    for t in range(nf):
        i = rlist[t]
        p = rcount[i]
        if p == 0:
            return -1
        if p < best or (p == best and i > choice):
            best = p
            choice = i
    return _fewest_column(n, nf, ccount, clist, best, choice)


@njit(cache=True, nogil=True)
def _fewest_column(n, nf, ccount, clist, best, choice):
    """:func:`_choose` over the free columns, after the rows have left it ``best`` open squares on line ``choice``."""
    for t in range(nf):
        j = clist[t]
        p = ccount[j]
        if p == 0:
            return -1
        if p < best or (p == best and n + j > choice):
            best = p
            choice = n + j
    return choice


@njit(cache=True, nogil=True)
def _place(n, w, rows, cols, state, rcount, ccount, rlist, rpos, clist, cpos, trail, r, c):
    """Put a queen on ``(r, c)`` and return the line to branch on next (as :func:`_choose`), or ``-1`` as soon as
    some free line is left empty.

    Row ``r`` and column ``c`` are no longer free, and every square the queen attacks closes in the free lines
    through it. ``rows[r]`` and ``cols[c]`` keep their squares, which :func:`_undo` reads to open the crossings
    again; the diagonal squares closed go on the trail, so stopping early leaves nothing :func:`_undo` cannot
    take back.
    """
    nf = state[1] - 1
    state[1] = nf
    # Swap r behind the free rows and c behind the free columns.
    i = rpos[r]
    last = rlist[nf]
    rlist[i] = last
    rpos[last] = i
    rlist[nf] = r
    rpos[r] = nf
    i = cpos[c]
    last = clist[nf]
    clist[i] = last
    cpos[last] = i
    clist[nf] = c
    cpos[c] = nf
    # The crossings: column c's open squares close in their rows, row r's in their columns (both in full, as
    # _undo opens them in full).
    empty = False
    wc = c >> 6
    bc = _ONE << np.uint64(c & 63)
    for v in range(w):
        x = cols[c, v]
        while x != _ZERO:
            bit = x & (~x + _ONE)
            x ^= bit
            i = v * 64 + popcount(np.int64(bit - _ONE))
            if i != r:
                rows[i, wc] &= ~bc
                rcount[i] -= 1
                empty |= rcount[i] == 0
    wr = r >> 6
    br = _ONE << np.uint64(r & 63)
    for v in range(w):
        x = rows[r, v]
        while x != _ZERO:
            bit = x & (~x + _ONE)
            x ^= bit
            j = v * 64 + popcount(np.int64(bit - _ONE))
            if j != c:
                cols[j, wr] &= ~br
                ccount[j] -= 1
                empty |= ccount[j] == 0
    if empty:
        return -1
    # The diagonals: in free row i, at distance d from r, the squares c - d and c + d; the rows' choice on the way.
    best = n + 1
    choice = -1
    top = state[2]
    for t in range(nf):
        i = rlist[t]
        d = i - r if i > r else r - i
        wi = i >> 6
        bi = _ONE << np.uint64(i & 63)
        for j in (c - d, c + d):
            if 0 <= j < n:
                bj = _ONE << np.uint64(j & 63)
                if (rows[i, j >> 6] & bj) != _ZERO:
                    rows[i, j >> 6] &= ~bj
                    cols[j, wi] &= ~bi
                    rcount[i] -= 1
                    ccount[j] -= 1
                    trail[top] = i * n + j
                    top += 1
                    empty |= ccount[j] == 0
        p = rcount[i]
        if p == 0 or empty:
            state[2] = top
            return -1
        if p < best or (p == best and i > choice):
            best = p
            choice = i
    state[2] = top
    return _fewest_column(n, nf, ccount, clist, best, choice)


@njit(cache=True, nogil=True)
def _undo(n, w, rows, cols, state, rcount, ccount, trail, r, c, mark):
    """Take the queen off ``(r, c)``: the exact reverse of :func:`_place` (the trail back down to ``mark``)."""
    top = state[2]
    while top > mark:
        top -= 1
        s = trail[top]
        i = s // n
        j = s - i * n
        rows[i, j >> 6] |= _ONE << np.uint64(j & 63)
        cols[j, i >> 6] |= _ONE << np.uint64(i & 63)
        rcount[i] += 1
        ccount[j] += 1
    state[2] = top
    wr = r >> 6
    br = _ONE << np.uint64(r & 63)
    for v in range(w):
        x = rows[r, v]
        while x != _ZERO:
            bit = x & (~x + _ONE)
            x ^= bit
            j = v * 64 + popcount(np.int64(bit - _ONE))
            if j != c:
                cols[j, wr] |= br
                ccount[j] += 1
    wc = c >> 6
    bc = _ONE << np.uint64(c & 63)
    for v in range(w):
        x = cols[c, v]
        while x != _ZERO:
            bit = x & (~x + _ONE)
            x ^= bit
            i = v * 64 + popcount(np.int64(bit - _ONE))
            if i != r:
                rows[i, wc] |= bc
                rcount[i] += 1
    state[1] += 1


def _pack(board, words):
    """The rows of a boolean board as ``words`` little-endian uint64 words each (bit ``c % 64`` of word
    ``c // 64`` for column ``c``)."""
    packed = np.packbits(board, axis=1, bitorder="little")
    padded = np.zeros((board.shape[0], 8 * words), np.uint8)
    padded[:, : packed.shape[1]] = packed
    return padded.view("<u8").astype(np.uint64)
