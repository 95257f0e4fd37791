"""The compiled kernels of the quadrant counter: the quadrant table, half boards, their join, and the searches for
solutions fixed by a rotation.

:mod:`nqueens.native.quadrants` explains the method; this module holds the numba kernels it calls, over ints and
numpy arrays only. A board is ``n x n``, rows ``0 .. n-1`` from the top. A queen at ``(r, c)`` lies on the
diagonal ``r + c`` (bit ``r + c`` of a ``d1`` mask) and on the anti-diagonal ``r - c + n - 1`` (bit of a ``d2``
mask); a square of side ``h`` numbers them the same way with ``h`` for ``n``.

Importing this module compiles nothing; :func:`nqueens.native.quadrants.warmup` does.
"""

import numpy as np

from nqueens.core.bits import popcount
from nqueens.core.jit import njit

__all__ = ["quadrant_table", "join_splits", "symmetric_count"]

_LOW32 = np.uint64(0xFFFFFFFF)


@njit(cache=True, nogil=True)
def quadrant_table(h):
    """Every placement of non-attacking queens on an ``h x h`` square, at most one per row and column.

    Returns ``(offsets, pieces)``: the placements with rows ``rho`` and columns ``gamma`` (bit masks of equal
    size) are ``pieces[offsets[key]:offsets[key + 1]]`` with ``key = rho << h | gamma``; a piece is its two
    diagonal masks in local numbering, ``d1 | d2 << 32`` (uint64).
    """
    cells = 1 << (2 * h)
    offsets = np.zeros(cells + 1, np.int64)
    # Two passes of the same search: count per cell, then fill. The search places a queen on each row in turn
    # or leaves the row empty (option ``h``); ``option[r]`` is the next option to try on row ``r``.
    option = np.zeros(h + 1, np.int64)
    cols = np.zeros(h + 1, np.int64)
    d1 = np.zeros(h + 1, np.int64)
    d2 = np.zeros(h + 1, np.int64)
    rows = np.zeros(h + 1, np.int64)
    fill = np.zeros(cells, np.int64)
    pieces = np.zeros(0, np.uint64)
    for stage in range(2):
        r = 0
        option[0] = 0
        while r >= 0:
            if r == h:
                key = (rows[h] << h) | cols[h]
                if stage == 0:
                    offsets[key + 1] += 1
                else:
                    pieces[fill[key]] = np.uint64(d1[h]) | (np.uint64(d2[h]) << np.uint64(32))
                    fill[key] += 1
                r -= 1
                continue
            c = option[r]
            if c > h:
                r -= 1
                continue
            option[r] = c + 1
            if c == h:  # the row stays empty
                cols[r + 1] = cols[r]
                d1[r + 1] = d1[r]
                d2[r + 1] = d2[r]
                rows[r + 1] = rows[r]
            else:
                a = r + c
                b = r - c + h - 1
                if (cols[r] >> c) & 1 or (d1[r] >> a) & 1 or (d2[r] >> b) & 1:
                    continue
                cols[r + 1] = cols[r] | (1 << c)
                d1[r + 1] = d1[r] | (1 << a)
                d2[r + 1] = d2[r] | (1 << b)
                rows[r + 1] = rows[r] | (1 << r)
            r += 1
            option[r] = 0
        if stage == 0:
            for key in range(cells):
                offsets[key + 1] += offsets[key]
            fill[:] = offsets[:cells]
            pieces = np.zeros(offsets[cells], np.uint64)
    return offsets, pieces


@njit(cache=True, nogil=True)
def _subsets(h):
    """The column masks of a quadrant ordered by size: those of size ``k`` are ``masks[start[k]:start[k + 1]]``."""
    masks = np.zeros(1 << h, np.int64)
    start = np.zeros(h + 2, np.int64)
    for g in range(1 << h):
        start[popcount(g) + 1] += 1
    for k in range(h + 1):
        start[k + 1] += start[k]
    fill = start.copy()
    for g in range(1 << h):
        k = popcount(g)
        masks[fill[k]] = g
        fill[k] += 1
    return masks, start


@njit(cache=True, nogil=True)
def _half_bound(offsets, subsets, start, h, rows_top, rows_bot, avail):
    """An upper bound on the half-board placements :func:`_half` writes (products of the cell sizes)."""
    k = popcount(rows_top)
    total = 0
    for i in range(start[k], start[k + 1]):
        g = subsets[i]
        if g & ~avail:
            continue
        top = (rows_top << h) | g
        bot = (rows_bot << h) | (avail & ~g)
        total += (offsets[top + 1] - offsets[top]) * (offsets[bot + 1] - offsets[bot])
    return total


@njit(cache=True, nogil=True)
def _half(offsets, pieces, subsets, start, h, rows_top, rows_bot, avail, shifts, blocked, window, out, tmp):
    """The placements of one half board (two quadrants stacked), as keys of the diagonals they share with the
    other half. Writes them to ``out`` and returns how many.

    ``shifts`` = ``(d1 top, d2 top, d1 bottom, d2 bottom)`` move local diagonal numbers to the board's,
    ``blocked`` = ``(d1, d2)`` masks of diagonals taken by queens outside the quadrants, ``window`` =
    ``(low d1, low d2, width)``: the key holds board diagonals ``low d1 .. low d1 + width - 1`` in bits
    ``0 .. width - 1`` and anti-diagonals ``low d2 ..`` above them.
    """
    k = popcount(rows_top)
    s1t = np.uint64(shifts[0])
    s2t = np.uint64(shifts[1])
    s1b = np.uint64(shifts[2])
    s2b = np.uint64(shifts[3])
    b1 = np.uint64(blocked[0])
    b2 = np.uint64(blocked[1])
    lo1 = np.uint64(window[0])
    lo2 = np.uint64(window[1])
    width = np.uint64(window[2])
    wmask = (np.uint64(1) << width) - np.uint64(1)
    count = 0
    for i in range(start[k], start[k + 1]):
        g = subsets[i]
        if g & ~avail:
            continue
        top = (rows_top << h) | g
        bot = (rows_bot << h) | (avail & ~g)
        if offsets[top + 1] == offsets[top] or offsets[bot + 1] == offsets[bot]:
            continue
        # Two quadrants of a half can only meet on diagonals inside the key's window, so the keys alone say
        # whether they fit (the blocked diagonals, anywhere, are checked per piece).
        m = 0
        for s in range(offsets[bot], offsets[bot + 1]):
            pc = pieces[s]
            a = (pc & _LOW32) << s1b
            b = (pc >> np.uint64(32)) << s2b
            if (a & b1) | (b & b2):
                continue
            tmp[m] = ((a >> lo1) & wmask) | (((b >> lo2) & wmask) << width)
            m += 1
        if m == 0:
            continue
        for p in range(offsets[top], offsets[top + 1]):
            pc = pieces[p]
            a = (pc & _LOW32) << s1t
            b = (pc >> np.uint64(32)) << s2t
            if (a & b1) | (b & b2):
                continue
            key = ((a >> lo1) & wmask) | (((b >> lo2) & wmask) << width)
            # Branch-free: write every candidate, keep it by advancing only when it fits.
            for s in range(m):
                x = tmp[s]
                out[count] = key | x
                count += (key & x) == 0
    return count


@njit(cache=True, nogil=True)
def _transpose64(a):
    """Transpose the 64 x 64 bit matrix ``a`` (word ``k``, bit ``63 - i`` is entry ``(k, i)``) in place: six
    rounds that swap ever smaller blocks across the diagonal (Hacker's Delight, section 7-3)."""
    j = 32
    m = np.uint64(0x00000000FFFFFFFF)
    while j != 0:
        k = 0
        while k < 64:
            t = (a[k] ^ (a[k + j] >> np.uint64(j))) & m
            a[k] ^= t
            a[k + j] ^= t << np.uint64(j)
            k = (k + j + 1) & ~j
        j >>= 1
        m ^= m << np.uint64(j)


CHUNKS = 8  # a key is cut into this many chunks of up to 6 bits
# Words of bit planes (64 keys each) per block of the join: the rows of one block, CHUNKS * 2**6 of
# them at most, take (BLOCK_WORDS + 16) * 8 bytes each, about 0.6 MiB, so that a block stays in a core's L2
# cache while every key of the other side meets it.
BLOCK_WORDS = 128


@njit(cache=True, nogil=True)
def _match(wkeys, nw, ekeys, ne, width, table, marks, plain):
    """The pairs ``(w, e)`` of keys with no bit in common, weighed by ``w``: ``sum over w of f(w) #{e : w & e
    == 0}`` with ``f(w) = 2 ** (bits of w in marks)`` when ``w`` has bits in ``marks``, else ``plain``.

    The keys ``e`` become bit planes, 64 keys to a word, a block of :data:`BLOCK_WORDS` words at a time: row
    ``c * 2**width + s`` of ``table`` has bit ``t`` of word ``j`` set when key ``64 (j0 + j) + t`` exists and has
    none of the bits ``s`` of chunk ``c`` (bits ``c * width ..`` of the key). A key ``w`` then meets the AND of
    one row per chunk, chosen by its own bits in that chunk, and the set bits of that are its partners: eight
    loads, seven ANDs and a popcount for 64 pairs, in a loop without stores that the compiler vectorizes. Every
    key ``w`` meets one block before the next is built, so the rows are read from the cache, and ``table`` has
    a fixed size whatever ``ne``.
    (Rows are indexed in place: array views would cost reference counting in the innermost loop.)
    """
    nb_all = (ne + 63) >> 6
    size = 1 << width
    one = np.uint64(1)
    full = ~np.uint64(0)
    block = np.zeros(64, np.uint64)
    mask = np.uint64(size - 1)
    cw = np.uint64(width)
    total = 0
    for j0 in range(0, nb_all, BLOCK_WORDS):
        nb = min(BLOCK_WORDS, nb_all - j0)
        for j in range(nb):
            # Transpose 64 keys into 64 planes: block[63 - b] gets bit t when key 64 j + t has bit b.
            first = 64 * (j0 + j)
            valid = full
            for t in range(64):
                block[63 - t] = ekeys[first + t] if first + t < ne else 0
            if ne - first < 64:
                valid = (one << np.uint64(ne - first)) - one
            _transpose64(block)
            for c in range(CHUNKS):
                base = c * size
                table[base, j] = valid
                for i in range(width):
                    b = c * width + i
                    table[base + (1 << i), j] = valid & ~block[63 - b] if b < 64 else valid
                for s in range(3, size):
                    low = s & -s
                    if low != s:
                        table[base + s, j] = table[base + s - low, j] & table[base + low, j]
        # Whole vectors only: the rows are padded with zero words to a multiple of 16 (two AVX-512 registers).
        padded = (nb + 15) & ~15
        for j in range(nb, padded):
            for r in range(CHUNKS * size):
                table[r, j] = 0
        for i in range(nw):
            key = wkeys[i]
            f = plain
            if key & marks:
                f = 1 << int(popcount(key & marks))
            if f == 0:
                continue
            r0 = int(key & mask)
            r1 = size + int((key >> cw) & mask)
            r2 = 2 * size + int((key >> (2 * cw)) & mask)
            r3 = 3 * size + int((key >> (3 * cw)) & mask)
            r4 = 4 * size + int((key >> (4 * cw)) & mask)
            r5 = 5 * size + int((key >> (5 * cw)) & mask)
            r6 = 6 * size + int((key >> (6 * cw)) & mask)
            r7 = 7 * size + int((key >> (7 * cw)) & mask)
            found = np.uint64(0)
            for j in range(padded):
                found += popcount(
                    table[r0, j]
                    & table[r1, j]
                    & table[r2, j]
                    & table[r3, j]
                    & table[r4, j]
                    & table[r5, j]
                    & table[r6, j]
                    & table[r7, j]
                )
            total += f * int(found)
    return total


# At most this many key bits file the keys of a split in buckets (the bucketed join, :func:`_match_cut`).
MAX_CUTS = 10
# Words of bit planes per block of the bucketed join: a key reads only the words of its compatible buckets (a
# few per cent), so larger blocks than BLOCK_WORDS cost no more cache per key and cut the work per block.
CUT_BLOCK_WORDS = 512


@njit(cache=True, nogil=True)
def _cut_bits(tkeys, nt, ikeys, ni, nbits, marks, cuts, pos):
    """Choose the key bits that file the keys in buckets: those with the largest product of their frequencies
    on the two sides (counted on 512 to 1,023 keys of each, or all), at most ``cuts`` of them, never a bit of
    ``marks`` nor one that a side never holds. Writes their positions to ``pos`` and returns how many."""
    held_t = np.zeros(64, np.int64)
    held_i = np.zeros(64, np.int64)
    one = np.uint64(1)
    for k in range(0, nt, max(1, nt >> 9)):
        for b in range(nbits):
            held_t[b] += (tkeys[k] >> np.uint64(b)) & one
    for k in range(0, ni, max(1, ni >> 9)):
        for b in range(nbits):
            held_i[b] += (ikeys[k] >> np.uint64(b)) & one
    score = held_t * held_i
    for b in range(nbits):
        if (marks >> np.uint64(b)) & one:
            score[b] = 0
    c = 0
    while c < cuts:
        best = 0
        for b in range(1, nbits):
            if score[b] > score[best]:
                best = b
        if score[best] == 0:
            break
        pos[c] = best
        score[best] = 0
        c += 1
    # The bits held most often go to the top of the index: the buckets a key meets then run in long stretches.
    pos[:c] = pos[:c][::-1].copy()
    return c


@njit(cache=True, nogil=True)
def _cut_index(key, pos, c):
    """The bits of ``key`` at the positions ``pos[:c]``, packed into ``c`` bits."""
    x = 0
    for j in range(c):
        x |= int((key >> np.uint64(pos[j])) & np.uint64(1)) << j
    return x


@njit(cache=True, nogil=True)
def _planes(keys, valid, j0, nb, width, table, block, planes):
    """Columns ``0 .. nb-1`` of ``table``: the rows of :func:`_match` for the words ``j0 .. j0+nb-1`` of
    ``keys`` (64 keys to a word; ``valid[j]`` has a bit for each key of word ``j`` that counts). The words are
    transposed into ``planes`` (row ``b``: bit ``b`` of the keys) first, and the rows then filled along the
    words, so that each store continues the one before it."""
    size = 1 << width
    nbits = min(64, CHUNKS * width)
    for j in range(nb):
        first = 64 * (j0 + j)
        for t in range(64):
            block[63 - t] = keys[first + t]
        _transpose64(block)
        for b in range(nbits):
            planes[b, j] = block[63 - b]
    for c in range(CHUNKS):
        base = c * size
        for j in range(nb):
            table[base, j] = valid[j0 + j]
        for i in range(width):
            b = c * width + i
            row = base + (1 << i)
            if b < nbits:
                for j in range(nb):
                    table[row, j] = valid[j0 + j] & ~planes[b, j]
            else:
                for j in range(nb):
                    table[row, j] = valid[j0 + j]
        for s in range(3, size):
            low = s & -s
            if low != s:
                for j in range(nb):
                    table[base + s, j] = table[base + s - low, j] & table[base + low, j]


@njit(cache=True, nogil=True)
def _match_cut(ikeys, ni, tkeys, nt, width, table, marks, plain, cuts, isort, tsort):
    """The count of :func:`_match`, ``sum f(u | v)`` over the pairs of a key ``u`` of ``ikeys`` and a key ``v``
    of ``tkeys`` with no common bit (the weight ``f`` of the marks held by the pair), comparing only the keys of
    compatible buckets.

    A few key bits, the **cut** (:func:`_cut_bits`: at most ``cuts``, diagonals near the middle that both sides
    often hold), file the keys. The side ``t``, which becomes bit planes, is sorted by (marks held, cut bits),
    each class of marks starting on a fresh word; the side ``i`` is sorted by its cut bits into groups. The
    group with cut bits ``x`` meets only the buckets ``y`` with ``x & y == 0``: the words those span are listed
    once per group as merged ranges, and the group's keys AND and count the rows of those words alone (a word
    shared with an incompatible bucket does no harm: the rows test every bit of a key). With cut bits held by a
    fraction ``p`` of each side, a cut bit leaves ``1 - p**2`` of the pairs; ten of them leave 1-6 % at
    n = 20-22. ``isort`` and ``tsort`` are buffers of at least ``ni`` and ``nt + 256`` keys.
    """
    size = 1 << width
    mask = np.uint64(size - 1)
    cw = np.uint64(width)
    pos = np.zeros(64, np.int64)
    c = _cut_bits(tkeys, nt, ikeys, ni, min(64, CHUNKS * width), marks, cuts, pos)
    cells = 1 << c
    # The side t by (marks held 0..2, cut bits), each class from a fresh word; valid[j]: the keys of word j.
    count_t = np.zeros(3 * cells, np.int64)
    for k in range(nt):
        key = tkeys[k]
        count_t[(int(popcount(key & marks)) << c) | _cut_index(key, pos, c)] += 1
    start_t = np.zeros(3 * cells, np.int64)
    held = np.zeros(3, np.int64)
    p = 0
    for k in range(3):
        p = (p + 63) & ~63
        for x in range(cells):
            start_t[k * cells + x] = p
            p += count_t[k * cells + x]
            held[k] += count_t[k * cells + x]
    words = (p + 63) >> 6
    valid = np.zeros(words, np.uint64)
    fill = start_t.copy()
    for k in range(nt):
        key = tkeys[k]
        b = (int(popcount(key & marks)) << c) | _cut_index(key, pos, c)
        tsort[fill[b]] = key
        valid[fill[b] >> 6] |= np.uint64(1) << np.uint64(fill[b] & 63)
        fill[b] += 1
    # The side i by its cut bits.
    start_i = np.zeros(cells + 1, np.int64)
    for k in range(ni):
        start_i[_cut_index(ikeys[k], pos, c) + 1] += 1
    groups = 0
    buckets = 0
    for x in range(cells):
        groups += start_i[x + 1] > 0
        start_i[x + 1] += start_i[x]
    for b in range(3 * cells):
        buckets += count_t[b] > 0
    fill = start_i[:cells].copy()
    for k in range(ni):
        x = _cut_index(ikeys[k], pos, c)
        isort[fill[x]] = ikeys[k]
        fill[x] += 1
    # For each group and class of marks, the words of its compatible buckets as merged ranges [begin, end).
    first = np.zeros(3 * cells + 1, np.int64)
    room = min(3 * 3**c, groups * buckets + 1)
    begin = np.zeros(room, np.int64)
    end = np.zeros(room, np.int64)
    r = 0
    for x in range(cells):
        for k in range(3):
            g = 3 * x + k
            first[g] = r
            if start_i[x + 1] == start_i[x] or held[k] == 0:
                continue
            free = (cells - 1) & ~x
            y = 0
            while True:
                b = k * cells + y
                if count_t[b]:
                    wb = start_t[b] >> 6
                    we = ((start_t[b] + count_t[b] - 1) >> 6) + 1
                    if r > first[g] and wb <= end[r - 1]:
                        end[r - 1] = max(end[r - 1], we)
                    else:
                        begin[r] = wb
                        end[r] = we
                        r += 1
                if y == free:
                    break
                y = ((y | ~free) + 1) & free
    first[3 * cells] = r
    cursor = first[: 3 * cells].copy()
    span = table.shape[1] - 16
    lb = np.zeros(3 * (span + 2), np.int64)
    le = np.zeros(3 * (span + 2), np.int64)
    lk = np.zeros(3 * (span + 2), np.int64)
    weight = np.zeros(3, np.int64)
    block = np.zeros(64, np.uint64)
    planes = np.zeros((64, span), np.uint64)
    total = 0
    for j0 in range(0, words, span):
        nb = min(span, words - j0)
        j1 = j0 + nb
        _planes(tsort, valid, j0, nb, width, table, block, planes)
        for x in range(cells):
            if start_i[x + 1] == start_i[x]:
                continue
            # The ranges of this group within the block, clipped to it, in block-local words.
            nl = 0
            for k in range(3):
                g = 3 * x + k
                q = cursor[g]
                while q < first[g + 1] and end[q] <= j0:
                    q += 1
                cursor[g] = q
                while q < first[g + 1] and begin[q] < j1:
                    lb[nl] = max(begin[q], j0) - j0
                    le[nl] = min(end[q], j1) - j0
                    lk[nl] = k
                    nl += 1
                    q += 1
            if nl == 0:
                continue
            for i in range(start_i[x], start_i[x + 1]):
                key = isort[i]
                held_i = int(popcount(key & marks))
                for k in range(3):
                    weight[k] = plain if held_i + k == 0 else 1 << (held_i + k)
                r0 = int(key & mask)
                r1 = size + int((key >> cw) & mask)
                r2 = 2 * size + int((key >> (2 * cw)) & mask)
                r3 = 3 * size + int((key >> (3 * cw)) & mask)
                r4 = 4 * size + int((key >> (4 * cw)) & mask)
                r5 = 5 * size + int((key >> (5 * cw)) & mask)
                r6 = 6 * size + int((key >> (6 * cw)) & mask)
                r7 = 7 * size + int((key >> (7 * cw)) & mask)
                for t in range(nl):
                    f = weight[lk[t]]
                    if f == 0:
                        continue
                    found = np.uint64(0)
                    # Unsigned indices: no wraparound test in the loop, which then vectorizes like _match's.
                    for j in range(np.uint64(lb[t]), np.uint64(le[t])):
                        found += popcount(
                            table[r0, j]
                            & table[r1, j]
                            & table[r2, j]
                            & table[r3, j]
                            & table[r4, j]
                            & table[r5, j]
                            & table[r6, j]
                            & table[r7, j]
                        )
                    total += f * int(found)
    return total


@njit(cache=True, nogil=True)
def join_splits(n, offsets, pieces, jobs, out, cuts=MAX_CUTS):
    """Count the solutions of the joins in ``jobs``, rows ``(a, b, west_rows, weight, plain)``; ``out[i]`` gets
    the weighted count of job ``i``, ``out[len(jobs) + i]`` the half-board placements it built.

    ``cuts`` is the most key bits that file the half boards in buckets (:func:`_match_cut`); 0 compares every
    pair of keys (:func:`_match`, the join before the buckets, kept to measure them against).

    ``a = b = 0`` is the empty centre of an even board or the centre queen of an odd one; otherwise (odd ``n``)
    the queen of the middle row is at column ``m + a`` and that of the middle column at row ``m + b``.
    ``plain >= 0`` (even ``n``) asks for the count by diagonal classes: right halves with a queen on one of the
    board's two long diagonals are left out, a left half with ``k`` such queens counts ``2**k`` times, and one
    with none counts ``plain`` times (see :mod:`nqueens.native.quadrants`). Consecutive jobs with the same
    ``b > 0`` and rows share their left halves, built once without regard to the middle row's queen and then
    filtered by its diagonals.
    """
    h = n // 2
    odd = n & 1
    m = h
    width = n - 1 - odd
    nbits = 2 * width
    cap = 1 << 12
    wkeys = np.zeros(cap, np.uint64)
    wsel = np.zeros(cap, np.uint64)
    ekeys = np.zeros(cap, np.uint64)
    isort = np.zeros(cap, np.uint64)
    tsort = np.zeros(cap + 256, np.uint64)
    tmp = np.zeros(max(1, np.max(offsets[1:] - offsets[:-1])), np.uint64)
    cbits = (nbits + CHUNKS - 1) // CHUNKS
    table = np.zeros((CHUNKS << cbits, BLOCK_WORDS + 16), np.uint64)
    cut_table = np.zeros((1, 17), np.uint64)  # made full size by the first bucketed join
    blocked_w = np.zeros(2, np.int64)
    blocked_e = np.zeros(2, np.int64)
    off = h + odd  # row / column offset of the lower / right quadrants
    # Local diagonals to the board's: d1 moves by row offset + column offset, d2 by row - column offset + n - h.
    shifts_w = np.array((0, n - h, off, off + n - h), np.int64)
    shifts_e = np.array((off, n - h - off, 2 * off, n - h), np.int64)
    lo1 = off
    lo2 = n - h
    window = np.array((lo1, lo2, width), np.int64)
    # The key bits of the two long diagonals d1 = n - 1 and d2 = n - 1.
    longest = np.uint64(0)
    if not odd:
        longest = np.uint64((1 << (n - 1 - lo1)) | (1 << (width + n - 1 - lo2)))
    full = (1 << h) - 1
    subsets, start = _subsets(h)
    nw = 0
    last_b = -1
    last_west = -1
    for i in range(jobs.shape[0]):
        a = jobs[i, 0]
        b = jobs[i, 1]
        west = jobs[i, 2]
        weight = jobs[i, 3]
        plain = jobs[i, 4]
        avail_e = full
        extra = np.uint64(0)  # key bits of the middle row's queen, which the left halves must avoid
        if a == 0:
            blocked_w[:] = (1 << (n - 1)) if odd else 0
            blocked_e[:] = (1 << (n - 1)) if plain >= 0 else blocked_w[0]
            free = (1 << (2 * h)) - 1
        else:
            blocked_w[0] = 1 << (2 * m + b)
            blocked_w[1] = 1 << (n - 1 + b)
            blocked_e[0] = blocked_w[0] | (1 << (2 * m + a))
            blocked_e[1] = blocked_w[1] | (1 << (n - 1 - a))
            # The diagonals of the middle row's queen that a left half can reach lie inside the key's window.
            if 2 * m + a - lo1 < width:
                extra |= np.uint64(1) << np.uint64(2 * m + a - lo1)
            if n - 1 - a >= lo2:
                extra |= np.uint64(1) << np.uint64(width + n - 1 - a - lo2)
            avail_e = full & ~(1 << (a - 1))
            free = ((1 << (2 * h)) - 1) & ~(1 << (h + b - 1))
        east = free & ~west
        reuse = a != 0 and b == last_b and west == last_west
        need = _half_bound(offsets, subsets, start, h, east & full, east >> h, avail_e)
        if not reuse:
            need = max(need, _half_bound(offsets, subsets, start, h, west & full, west >> h, full))
        if need > ekeys.shape[0]:
            cap = max(need, 2 * ekeys.shape[0])
            grown = np.zeros(cap, np.uint64)
            grown[:nw] = wkeys[:nw]
            wkeys = grown
            wsel = np.zeros(cap, np.uint64)
            ekeys = np.zeros(cap, np.uint64)
            isort = np.zeros(cap, np.uint64)
            tsort = np.zeros(cap + 256, np.uint64)
        if not reuse:
            nw = _half(
                offsets,
                pieces,
                subsets,
                start,
                h,
                west & full,
                west >> h,
                full,
                shifts_w,
                blocked_w,
                window,
                wkeys,
                tmp,
            )
        last_b = b if a != 0 else -1
        last_west = west
        ne = _half(
            offsets, pieces, subsets, start, h, east & full, east >> h, avail_e, shifts_e, blocked_e, window, ekeys, tmp
        )
        left = wkeys
        nl = nw
        if extra:
            # The left halves this middle-row queen leaves: a filter instead of a new search.
            nl = 0
            for k in range(nw):
                if not wkeys[k] & extra:
                    wsel[nl] = wkeys[k]
                    nl += 1
            left = wsel
        found = 0
        # Buckets pay when the join without them would give each key of the larger side many words of the
        # smaller one (measured at n = 18-22: from about 8,192 keys): log2(those words) - 1 cut bits, 6 to cuts.
        c = 0
        words = (min(nl, ne) + 63) >> 6
        if words >= 128:
            while c < cuts and words >> (c + 2):
                c += 1
        if nl and ne and c > 0:
            if cut_table.shape[0] == 1:
                cut_table = np.zeros((CHUNKS << cbits, CUT_BLOCK_WORDS + 16), np.uint64)
            # The larger side becomes the bit planes; the weight is read off the marks of either key.
            marks = longest if plain >= 0 else np.uint64(0)
            f0 = plain if plain >= 0 else 1
            if nl <= ne:
                found = _match_cut(left, nl, ekeys, ne, cbits, cut_table, marks, f0, c, isort, tsort)
            else:
                found = _match_cut(ekeys, ne, left, nl, cbits, cut_table, marks, f0, c, isort, tsort)
        elif nl and ne:
            if plain >= 0:
                found = _match(left, nl, ekeys, ne, cbits, table, longest, plain)
            elif nl < ne:
                found = _match(left, nl, ekeys, ne, cbits, table, np.uint64(0), 1)
            else:
                found = _match(ekeys, ne, left, nl, cbits, table, np.uint64(0), 1)
        out[i] = weight * found
        out[jobs.shape[0] + i] = (0 if reuse else nw) + ne


@njit(cache=True, nogil=True)
def _place_orbit(n, turns, y, x, masks):
    """Put a queen on ``(y, x)`` and on its images under the rotation by ``turns`` quarter turns, repeated;
    ``masks`` = ``(rows, columns, d1, d2)`` is updated. False (and ``masks`` spoilt) on any conflict."""
    for _ in range(4 // turns):
        if (masks[0] >> y) & 1 or (masks[1] >> x) & 1 or (masks[2] >> (y + x)) & 1 or (masks[3] >> (y - x + n - 1)) & 1:
            return False
        masks[0] |= 1 << y
        masks[1] |= 1 << x
        masks[2] |= 1 << (y + x)
        masks[3] |= 1 << (y - x + n - 1)
        for _ in range(turns):
            y, x = x, n - 1 - y
    return True


@njit(cache=True, nogil=True)
def symmetric_count(n, turns, first, last):
    """The solutions fixed by the rotation by ``turns`` quarter turns (1: 90 degrees, 2: 180 degrees) whose
    queen in the top row is in a column ``first .. last - 1``.

    Such a solution is its queens in the upper ``n // 2`` rows and their images (and for odd ``n`` the centre
    queen, the only square a rotation fixes): the search fills the first free upper row with a queen and its
    images at once, until the upper rows are full. Returns ``(count, nodes)``.
    """
    if n == 1:
        return (1, 1) if first <= 0 < last else (0, 0)
    h = n // 2
    masks = np.zeros((h + 2, 4), np.int64)
    row = np.zeros(h + 2, np.int64)
    col = np.zeros(h + 2, np.int64)
    if n & 1:
        if not _place_orbit(n, 4, h, h, masks[0]):
            return 0, 0
    count = 0
    nodes = 0
    depth = 0
    r = 0
    while r < h and (masks[0, 0] >> r) & 1:
        r += 1
    row[0] = r
    col[0] = first
    while depth >= 0:
        r = row[depth]
        if r == h:
            count += 1
            depth -= 1
            continue
        c = col[depth]
        if c == (last if depth == 0 else n):
            depth -= 1
            continue
        col[depth] = c + 1
        masks[depth + 1, :] = masks[depth, :]
        if not _place_orbit(n, turns, r, c, masks[depth + 1]):
            continue
        nodes += 1
        depth += 1
        while r < h and (masks[depth, 0] >> r) & 1:
            r += 1
        row[depth] = r
        col[depth] = 0
    return count, nodes
