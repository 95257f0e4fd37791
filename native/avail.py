"""Seed 000, method 4 (可用优化): the marker-array search walking a linked list of the columns still free.

Methods 2 and 3 try every column of a row, taken or not. Here ``nex`` links the free columns (1-based):
``nex[0]`` is the first free column, ``nex[i]`` the free column after ``i``, ``0`` ends the list. Row ``k``
walks the list from ``pre = 0, cur = nex[pre]`` to the first ``cur`` whose diagonals are free (``l[k + cur]``,
``r[k - cur + n]``, as in method 3; the column array ``y`` is no longer needed) and that lies right of the
queen the row had (``q[k] <= cur``, so the row keeps moving forward). The row's old column is then linked back
in exactly as the text does it: when placed it was unlinked (``nex[pre] = nex[cur]``) and ``nex[cur] = pre``
kept its predecessor, so ``t = nex[q[k]]; nex[q[k]] = nex[t]; nex[t] = q[k]`` restores it, and ``pre`` moves to
it if it now precedes ``cur``. The first-row bound, the odd-``n`` second-row bound ``e`` and the doubling
``res << 1`` are method 2's; enumerating emits each find, then its mirror image.

Examples
--------
>>> count(8).total
92
>>> count(8, nodes=True).profile[:2]
(1, 4)
>>> [q.tolist() for q in batches(4)]
[[[1, 3, 0, 2], [2, 0, 3, 1]]]

Notes
-----
The nodes are those of methods 2 and 3 (the same search, the same bounds). ``checks`` counts the
diagonal-marker lookups ``l[k + cur] || r[k - cur + n]`` made while walking the list: columns already
taken are never looked at, which is the point of the method.

References
----------
Seed 000 (算法典型例题:N皇后问题,五种解法,逐步优化), section 可用优化, ``int queen(int n)``.
"""

import numpy as np
from nqueens.native._wrappers import seed_solver
from nqueens.native.mirror import _emit_pair, _root

from nqueens.core.jit import njit

__all__ = ["count", "batches", "warmup"]


def _start(n):
    # The search state: k, then q[0..n], nex[0..n], l[0..2n], r[0..2n-1]; nex links every column, 0 ends it.
    state = np.zeros(1 + (n + 1) + (n + 1) + (2 * n + 1) + 2 * n, np.int64)
    state[0] = -1
    state[n + 2 : 2 * n + 2] = np.arange(1, n + 1)
    return state


@njit(cache=True, nogil=True)
def _count(n):
    # Seed 000, 可用优化, as written: q, k, res; the middle w and the bound e; the list nex and the diagonal
    # marks l, r; cur walks the list, pre is its predecessor, t a temporary.
    if n == 1:
        return 1
    q = np.zeros(n + 1, np.int64)
    k = 1
    res = 0
    w = (n + 1) >> 1
    odd = n & 1
    nex = np.zeros(n + 1, np.int64)
    l = np.zeros(2 * n + 1, np.int64)
    r = np.zeros(2 * n, np.int64)
    for i in range(n):
        nex[i] = i + 1
    while k > 0:
        pre = 0
        cur = nex[pre]
        if k == 1:
            e = w
        elif k == 2 and odd and q[1] == w:
            e = w - 1
        else:
            e = n
        while cur != 0 and cur <= e and (l[k + cur] or r[k - cur + n] or q[k] > cur):
            pre = cur
            cur = nex[pre]
        if q[k] != 0:
            t = nex[q[k]]
            nex[q[k]] = nex[t]
            nex[t] = q[k]
            if nex[q[k]] == cur:
                pre = q[k]
            l[k + q[k]] = 0
            r[k - q[k] + n] = 0
        if cur == 0 or cur > e:
            k -= 1
        elif k == n:
            q[k] = cur
            res += 1
            k -= 1
        else:
            q[k] = cur
            nex[pre] = nex[cur]
            nex[cur] = pre
            l[k + cur] = 1
            r[k - cur + n] = 1
            k += 1
            q[k] = 0
    return res << 1


@njit(cache=True, nogil=True)
def _blocked_counting(l, r, k, cur, n, checks):
    # l[k + cur] || r[k - cur + n], adding to checks[0] the lookups made (|| stops at the first taken).
    checks[0] += 1
    if l[k + cur]:
        return True
    checks[0] += 1
    return r[k - cur + n] != 0


@njit(cache=True, nogil=True)
def _search(n, state, out, profile, checks):
    # The same loop, resumable (k, q, nex, l, r live in state) and instrumented (see nqueens.native._chunks).
    q = state[1 : n + 2]
    nex = state[n + 2 : 2 * n + 3]
    l = state[2 * n + 3 : 4 * n + 4]
    r = state[4 * n + 4 : 6 * n + 4]
    k = state[0]
    if k < 0:
        if _root(n, state, out, profile):
            return 1
        k = 1
    found = 0
    w = (n + 1) >> 1
    odd = n & 1
    while k > 0:
        pre = 0
        cur = nex[pre]
        if k == 1:
            e = w
        elif k == 2 and odd and q[1] == w:
            e = w - 1
        else:
            e = n
        while cur != 0 and cur <= e and (_blocked_counting(l, r, k, cur, n, checks) or q[k] > cur):
            pre = cur
            cur = nex[pre]
        if q[k] != 0:
            t = nex[q[k]]
            nex[q[k]] = nex[t]
            nex[t] = q[k]
            if nex[q[k]] == cur:
                pre = q[k]
            l[k + q[k]] = 0
            r[k - q[k] + n] = 0
        if cur == 0 or cur > e:
            k -= 1
        elif k == n:
            q[k] = cur
            profile[k] += 1
            found = _emit_pair(out, found, q, n)
            k -= 1
            if 0 < out.shape[0] < found + 2:  # out has rows, and the next pair may not fit
                break
        else:
            q[k] = cur
            profile[k] += 1
            nex[pre] = nex[cur]
            nex[cur] = pre
            l[k + cur] = 1
            r[k - cur + n] = 1
            k += 1
            q[k] = 0
    state[0] = k
    return found


count, batches, warmup = seed_solver("avail", _count, _search, _start, emit=2)
