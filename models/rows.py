"""One queen per row: the state, the checks and the propagation shared by the ``mary`` and ``permutation`` trees.

Both trees decide one row at a time; they differ only in the children a node offers (every column, or the
unused ones). This module holds what they share, as numba functions over the ``int64`` state array ``s``:
placing and lifting a queen, the check of a candidate, forward checking, arc consistency and the choice of the
next row. The layout of ``s`` is named by the ``*_at`` functions below (no bare index arithmetic elsewhere).

Propagation (the option ``propagation``)
    ``none``: backtracking (seed 003): each candidate is checked against the queens already placed.
    ``forward-checking`` (Haralick & Elliott 1980): every unassigned row keeps a *domain*, the columns still
    open to it (a bit mask, so ``n <= 63``). Placing a queen removes the squares it attacks from the domains
    of the other unassigned rows; a domain left empty fails the new node at once. A candidate outside the
    domain of its row is never generated: the per-depth ``pruned_by_propagation`` counts those children.
    ``arc-consistency`` (MAC, maintaining arc consistency): forward checking, then AC-3 over every pair of
    unassigned rows, to a fixed point: a column is removed from a row's domain when some other unassigned row
    has no column left that is compatible with it. It runs at the root too (with an instance it can prune
    there). The queue holds arcs ``(r1, r2)``; an arc is put back when the domain of ``r2`` shrinks.

Order (the option ``order``)
    ``static``: depth ``d`` decides row ``d``. ``first-fail``: each node decides the unassigned row with the
    fewest columns left in its domain (the lowest such row on ties). Without propagation the domains that
    first-fail reads are still kept up to date by forward checking's filtering (but an empty domain does not
    fail the node; its row is simply decided next and all its candidates fail their checks).

What one consistency check is (Haralick & Elliott's measure, ``stats["consistency_checks"]``)
    One test of one pair of queen placements, ``(r1, c1)`` against ``(r2, c2)``: do they share a column or a
    diagonal? (In the permutation tree columns are explicit, so there a check tests the diagonals; a queen
    never has to be tested against a column already used.) Unary tests, a square an instance forbids, are
    bit lookups and not counted. Per method:

    - ``none``: a candidate is tested against the placed queens one at a time in the order they were placed,
      up to the first that attacks it: ``k`` checks for a candidate that passes at depth ``k``, ``j`` for one
      refused by the ``j``-th placed queen (the line markers, which remember the depth of their queen, answer
      in O(1); the count is what a pairwise scan would make);
    - ``forward-checking``: after placing a queen, each column left in each unassigned row's domain is tested
      against it once (rows in increasing order, stopping at the first row left empty); in the permutation
      tree the new queen's own column leaves the other domains without a test;
    - ``arc-consistency``: forward checking's checks, plus, for each arc ``(r1, r2)`` the queue revises and
      each column ``a`` left to ``r1``, the columns ``b`` of ``r2`` tested in increasing order until one is
      compatible with ``a`` (all of them when none is);
    - ``first-fail`` without propagation: the candidate checks of ``none`` plus the filtering checks of
      forward checking that keep the domains the order reads.

References
----------
R. M. Haralick and G. L. Elliott, *Increasing tree search efficiency for constraint satisfaction problems*,
Artificial Intelligence 14 (1980) 263-313 (forward checking, look-ahead, fail first, consistency checks).
A. K. Mackworth, *Consistency in networks of relations*, Artificial Intelligence 8 (1977) 99-118 (AC-3).
D. Sabin and E. C. Freuder, *Contradicting conventional wisdom in constraint satisfaction*, PPCP 1994 (MAC).
"""

import numpy as np
from nqueens.models import DOMAIN_MAX_N, ORDERS, PROPAGATIONS
from nqueens.models import symmetry as symmetry_block

from nqueens.core.bits import popcount
from nqueens.core.errors import NQueensError
from nqueens.core.jit import njit

__all__ = [
    "PROPAGATIONS",
    "ORDERS",
    "MAX_N",
    "CHECKS",
    "state",
    "token",
    "place",
    "lift",
    "candidate",
    "check",
    "plain",
    "propagate",
    "open_column",
    "whole",
    "emit",
    "placed",
    "forbid",
    "row_at",
    "q_at",
    "path_at",
]

MAX_N = DOMAIN_MAX_N  # domains are int64 bit masks

_NONE, _FORWARD, _ARC = 0, 1, 2
_STATIC, _FIRST_FAIL = 0, 1

# The header of s.
CHECKS = 0  # consistency checks made (Haralick & Elliott's measure)
_PROPAGATION = 1
_ORDER = 2
_KNIGHT = 3  # the attack rule (nqueens.core.rules): 1 when the piece also moves as a knight (superqueen)
_WRAP = 4  # 1 when the diagonals wrap around the board (toroidal)
_HEADER = 5

# The depth marker of a line without a queen: above every depth, so the earliest attacker is a plain minimum.
_UNUSED = 1 << 62


def state(n, propagation="none", order="static", instance=None, rule="queen", symmetry="none", maps=None):
    """The initial state for ``n`` rows: settings, the attack rule, line markers, the squares the instance allows,
    domains, and the block of symmetry breaking (:func:`nqueens.models.symmetry.block`, ``symmetry`` and ``maps``).

    With propagation or first-fail the root's domains are prepared (arc consistency at the root for MAC) and
    the first row chosen. Under the ``toroidal`` rule the diagonal lines are the n wrapped ones (``(row + c) mod n``
    and ``(row - c) mod n``); under ``superqueen`` a candidate is also checked against the queens a knight's move
    away, and forward checking removes those squares too.
    """
    from nqueens.core.rules import get_rule

    s = np.zeros(_size(n), np.int64)
    s[_PROPAGATION] = PROPAGATIONS.index(propagation)
    s[_ORDER] = ORDERS.index(order)
    s[_KNIGHT] = int(get_rule(rule).knight)
    s[_WRAP] = int(get_rule(rule).wrap)
    for d in range(n):
        s[row_at(n, d)] = d
    s[column_since_at(n, 0) : square_at(n, 0, 0)] = _UNUSED
    rows = instance.allowed() if instance is not None else [(1 << n) - 1] * n
    for r, mask in enumerate(rows):
        for c in range(n):
            s[square_at(n, r, c)] = mask >> c & 1
    if s[_PROPAGATION] != _NONE or s[_ORDER] != _STATIC:
        if n > MAX_N:
            raise NQueensError(
                f"propagation and first-fail keep each row's domain in a 64-bit mask: n <= {MAX_N}, got n = {n}"
            )
        for r, mask in enumerate(rows):
            s[domain_at(n, 0, r)] = mask
        _prepare_root(n, s)
    b = symmetry_block.block(n, n, symmetry, rule, maps, propagates=s[_PROPAGATION] != _NONE)
    return symmetry_block.attach(s, b)


def token(n, depth, move):
    """The text the row trees' child adds to its parent's placement (for exported trees): its column."""
    return f"{',' if depth > 1 else ''}{move}"


# ----- the layout of s ---------------------------------------------------------------------------------------


@njit(cache=True, nogil=True, inline="always")
def q_at(n, row):
    """The column of the queen of ``row``."""
    return _HEADER + row


@njit(cache=True, nogil=True, inline="always")
def path_at(n, d):
    """The permutation tree's ``cur_path[d]``: the column taken at depth ``d`` (the unused ones after it)."""
    return _HEADER + n + d


@njit(cache=True, nogil=True, inline="always")
def row_at(n, d):
    """The row decided at depth ``d``."""
    return _HEADER + 2 * n + d


@njit(cache=True, nogil=True, inline="always")
def placed_at(n, row):
    """1 + the depth at which the queen of ``row`` was placed, 0 while the row has none."""
    return _HEADER + 3 * n + 1 + row


@njit(cache=True, nogil=True, inline="always")
def column_at(n, c):
    """The queens on column ``c``."""
    return _HEADER + 4 * n + 1 + c


@njit(cache=True, nogil=True, inline="always")
def sum_index(n, row, c, s):
    """The diagonal through ``(row, c)``: ``row + c`` (one of ``2n - 1``), or ``(row + c) mod n`` on a torus."""
    return (row + c) % n if s[_WRAP] else row + c


@njit(cache=True, nogil=True, inline="always")
def difference_index(n, row, c, s):
    """The anti-diagonal through ``(row, c)``: ``row - c + n - 1`` (one of ``2n - 1``), or ``(row - c) mod n`` on a
    torus."""
    return (row - c + n) % n if s[_WRAP] else row - c + n - 1


@njit(cache=True, nogil=True, inline="always")
def sum_diagonal_at(n, k):
    """The queens on the diagonal ``k`` (:func:`sum_index`)."""
    return _HEADER + 5 * n + 1 + k


@njit(cache=True, nogil=True, inline="always")
def difference_diagonal_at(n, k):
    """The queens on the anti-diagonal ``k`` (:func:`difference_index`)."""
    return _HEADER + 7 * n + k


@njit(cache=True, nogil=True, inline="always")
def column_since_at(n, c):
    """1 + the depth at which the queen on column ``c`` was placed (``_UNUSED`` when none), for counting checks."""
    return _HEADER + 9 * n - 1 + c


@njit(cache=True, nogil=True, inline="always")
def sum_diagonal_since_at(n, k):
    """1 + the depth at which the queen on the diagonal ``k`` was placed (``_UNUSED`` when none)."""
    return _HEADER + 10 * n - 1 + k


@njit(cache=True, nogil=True, inline="always")
def difference_diagonal_since_at(n, k):
    """1 + the depth at which the queen on the anti-diagonal ``k`` was placed (``_UNUSED`` when none)."""
    return _HEADER + 12 * n - 2 + k


@njit(cache=True, nogil=True, inline="always")
def square_at(n, row, c):
    """1 when the instance lets a queen stand on ``(row, c)``."""
    return _HEADER + 14 * n - 3 + row * n + c


@njit(cache=True, nogil=True, inline="always")
def domain_at(n, d, row):
    """The columns still open to ``row`` at the node of depth ``d`` (a bit mask; one copy per depth)."""
    return _HEADER + 14 * n - 3 + n * n + d * n + row


@njit(cache=True, nogil=True, inline="always")
def arc_at(n, k):
    """Slot ``k`` of AC-3's queue of arcs ``r1 * n + r2``."""
    return _HEADER + 15 * n - 3 + 2 * n * n + k


@njit(cache=True, nogil=True, inline="always")
def queued_at(n, r1, r2):
    """1 while the arc ``(r1, r2)`` waits in the queue."""
    return _HEADER + 15 * n - 3 + 3 * n * n + r1 * n + r2


def _size(n):
    return _HEADER + 15 * n - 3 + 4 * n * n


# ----- the moves and the checks ------------------------------------------------------------------------------


@njit(cache=True, nogil=True, inline="always")
def place(n, d, row, c, s):
    """Put the queen of ``row`` on column ``c`` at depth ``d``: the lines it stands on count it and remember the
    depth.

    A search that checks its candidates (or keeps their domains) never puts a second queen on a line, so the
    depth a line remembers is that of its queen; generate-and-test, which does, reads only the counts.
    """
    s[q_at(n, row)] = c
    s[placed_at(n, row)] = d + 1
    a = sum_index(n, row, c, s)
    b = difference_index(n, row, c, s)
    _mark(s, column_at(n, c), column_since_at(n, c), d)
    _mark(s, sum_diagonal_at(n, a), sum_diagonal_since_at(n, a), d)
    _mark(s, difference_diagonal_at(n, b), difference_diagonal_since_at(n, b), d)


@njit(cache=True, nogil=True, inline="always")
def lift(n, row, c, s):
    """Take the queen of ``row`` off column ``c``."""
    s[placed_at(n, row)] = 0
    a = sum_index(n, row, c, s)
    b = difference_index(n, row, c, s)
    _unmark(s, column_at(n, c), column_since_at(n, c))
    _unmark(s, sum_diagonal_at(n, a), sum_diagonal_since_at(n, a))
    _unmark(s, difference_diagonal_at(n, b), difference_diagonal_since_at(n, b))


@njit(cache=True, nogil=True, inline="always")
def _mark(s, line, since, d):
    s[line] += 1
    s[since] = d + 1


@njit(cache=True, nogil=True, inline="always")
def _unmark(s, line, since):
    s[line] -= 1
    s[since] = _UNUSED


@njit(cache=True, nogil=True, inline="always")
def open_column(n, d, row, c, s):
    """False when propagation has removed column ``c`` from the domain of ``row`` at depth ``d``."""
    if s[_PROPAGATION] == _NONE:
        return True
    return (s[domain_at(n, d, row)] >> c) & 1 == 1


@njit(cache=True, nogil=True, inline="always")
def candidate(n, d, row, c, s):
    """The implicit constraints on a queen at ``(row, c)`` with ``d`` queens placed: seed 003's ``check``.

    With propagation the domain already holds only columns compatible with the placed queens: nothing to test.
    """
    if s[_PROPAGATION] != _NONE:
        return True
    return check(n, d, row, c, s)


@njit(cache=True, nogil=True, inline="always")
def check(n, d, row, c, s):
    """Seed 003's ``check`` of a queen at ``(row, c)`` against the ``d`` queens placed, its checks counted."""
    if s[square_at(n, row, c)] == 0:
        return False
    # the first placed queen that attacks (row, c): the earliest of the queens on its three lines
    first = min(
        s[column_since_at(n, c)],
        s[sum_diagonal_since_at(n, sum_index(n, row, c, s))],
        s[difference_diagonal_since_at(n, difference_index(n, row, c, s))],
    )
    if s[_KNIGHT]:
        # and the queens a knight's move away (placed_at holds 1 + their depth)
        for r2 in range(max(0, row - 2), min(n, row + 3)):
            k = abs(r2 - row)
            if k != 0 and s[placed_at(n, r2)]:
                j = abs(s[q_at(n, r2)] - c)
                if j == 3 - k and s[placed_at(n, r2)] < first:
                    first = s[placed_at(n, r2)]
    if first > d:
        s[CHECKS] += d
        return True
    s[CHECKS] += first
    return False


@njit(cache=True, nogil=True, inline="always")
def plain(s):
    """True for plain backtracking or generate-and-test: no propagation, the static order (row ``d`` at depth
    ``d``, every column offered, nothing to propagate)."""
    return s[_PROPAGATION] == _NONE and s[_ORDER] == _STATIC


@njit(cache=True, nogil=True)
def _propagate(n, d, row, c, s, columns_explicit):
    """After the queen of ``row`` went to column ``c`` at depth ``d``: the domains and the row of depth ``d + 1``.

    Returns False when propagation empties a domain (the new node fails). Does nothing for plain backtracking.
    """
    if s[_PROPAGATION] == _NONE and s[_ORDER] == _STATIC:
        return True
    child = d + 1
    for r in range(n):
        s[domain_at(n, child, r)] = s[domain_at(n, d, r)]
    s[domain_at(n, child, row)] = np.int64(1) << c
    arc = s[_PROPAGATION] == _ARC
    head = np.int64(0)  # values, not constants: numba compiles a callee once per literal argument
    tail = np.int64(0)
    for r in range(n):
        if s[placed_at(n, r)]:
            continue
        before = s[domain_at(n, child, r)]
        m = before
        if columns_explicit:
            m &= ~(np.int64(1) << c)
        s[CHECKS] += popcount(m)
        m &= ~_attacks(n, row, c, r, s)
        s[domain_at(n, child, r)] = m
        if m == 0:
            if s[_PROPAGATION] != _NONE:
                _clear(n, s, head, tail)
                return False
            # backtracking with first-fail: the emptied row comes next, and none of its candidates will pass
            s[row_at(n, child)] = r
            return True
        if arc and m != before:
            tail = _enqueue_into(n, r, s, tail)
    if arc and not _arc_consistency(n, child, s, head, tail):
        return False
    if s[_ORDER] == _FIRST_FAIL and child < n:
        s[row_at(n, child)] = _fewest(n, child, s)
    return True


@njit(cache=True, nogil=True, inline="always")
def propagate(n, d, row, c, s, columns_explicit):
    """After the queen of ``row`` went to column ``c`` at depth ``d``: the domains and the row of depth ``d + 1``.

    Returns False when propagation empties a domain (the new node fails). Does nothing for plain backtracking.
    """
    if s[_PROPAGATION] == _NONE and s[_ORDER] == _STATIC:
        return True
    return _propagate(n, d, row, c, s, columns_explicit)


@njit(cache=True, nogil=True, inline="always")
def whole(n, s):
    """Generate-and-test's leaf check: every column and diagonal holds at most one queen, on allowed squares."""
    # the lines first: almost every candidate fails there, most of them on a column
    for k in range(column_at(n, 0), column_since_at(n, 0)):
        if s[k] > 1:
            return False
    for r in range(n):
        if s[square_at(n, r, s[q_at(n, r)])] == 0:
            return False
    if s[_KNIGHT]:
        for r in range(n - 1):
            for k in range(1, min(3, n - r)):
                if abs(s[q_at(n, r + k)] - s[q_at(n, r)]) == 3 - k:
                    return False
    return True


@njit(cache=True, nogil=True, inline="always")
def placed(n, d, i, s):
    """The square ``row * n + column`` of the queen the child of a depth-``d`` node placed (once pushed)."""
    row = s[row_at(n, d)]
    return row * n + s[q_at(n, row)]


@njit(cache=True, nogil=True)
def forbid(n, d, square, s):
    """Remove ``square`` from its row's domain at depth ``d`` (a constraint of symmetry breaking propagated); False
    when that empties the domain. Nothing to do without propagation, or on a row that has its queen."""
    if s[_PROPAGATION] == _NONE:
        return True
    row = square // n
    if s[placed_at(n, row)]:
        return True
    m = s[domain_at(n, d, row)] & ~(np.int64(1) << (square % n))
    s[domain_at(n, d, row)] = m
    return m != 0


@njit(cache=True, nogil=True)
def emit(n, s, out):
    """Write the placement: ``out[row]`` = the column of the queen of ``row``."""
    for r in range(n):
        out[r] = s[q_at(n, r)]


# ----- helpers -------------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _attacks(n, row, c, r, s):
    # the squares of row r that a queen on (row, c) attacks: its column and both diagonals (wrapped on a torus),
    # and for a superqueen the knight's squares
    k = abs(r - row)
    m = np.int64(1) << c
    if s[_WRAP]:
        m |= np.int64(1) << ((c + k) % n)
        m |= np.int64(1) << ((c - k + n) % n)
    else:
        if c + k < n:
            m |= np.int64(1) << (c + k)
        if c - k >= 0:
            m |= np.int64(1) << (c - k)
    if s[_KNIGHT] and (k == 1 or k == 2):
        j = 3 - k
        if c + j < n:
            m |= np.int64(1) << (c + j)
        if c - j >= 0:
            m |= np.int64(1) << (c - j)
    return m


@njit(cache=True, nogil=True)
def _enqueue_into(n, r2, s, tail):
    # the arcs (r1, r2) of every other unassigned row r1: r1's columns may have lost their support in r2
    for r1 in range(n):
        if r1 != r2 and s[placed_at(n, r1)] == 0 and s[queued_at(n, r1, r2)] == 0:
            s[queued_at(n, r1, r2)] = 1
            s[arc_at(n, tail % (n * n))] = r1 * n + r2
            tail += 1
    return tail


@njit(cache=True, nogil=True)
def _arc_consistency(n, d, s, head, tail):
    # AC-3 over the arcs queued in s, on the domains of depth d; False when a domain empties
    size = n * n
    while head < tail:
        arc = s[arc_at(n, head % size)]
        head += 1
        r1 = arc // n
        r2 = arc % n
        s[queued_at(n, r1, r2)] = 0
        others = s[domain_at(n, d, r2)]
        mine = s[domain_at(n, d, r1)]
        keep = mine
        x = mine
        while x:
            low = x & -x
            x ^= low
            a = popcount(low - 1)
            support = others & ~_attacks(n, r1, a, r2, s)
            if support:
                first = support & -support
                s[CHECKS] += popcount(others & (first - 1)) + 1
            else:
                s[CHECKS] += popcount(others)
                keep &= ~low
        if keep != mine:
            s[domain_at(n, d, r1)] = keep
            if keep == 0:
                _clear(n, s, head, tail)
                return False
            for r3 in range(n):
                if r3 != r1 and r3 != r2 and s[placed_at(n, r3)] == 0 and s[queued_at(n, r3, r1)] == 0:
                    s[queued_at(n, r3, r1)] = 1
                    s[arc_at(n, tail % size)] = r3 * n + r1
                    tail += 1
    return True


@njit(cache=True, nogil=True)
def _clear(n, s, head, tail):
    # empty the queue of a search that failed, so the next one starts clean
    while head < tail:
        arc = s[arc_at(n, head % (n * n))]
        head += 1
        s[queued_at(n, arc // n, arc % n)] = 0


@njit(cache=True, nogil=True)
def _fewest(n, d, s):
    # first-fail: the unassigned row with the fewest columns left (the lowest on ties)
    best = -1
    size = n + 1
    for r in range(n):
        if s[placed_at(n, r)] == 0:
            k = popcount(s[domain_at(n, d, r)])
            if k < size:
                best = r
                size = k
    return best


@njit(cache=True, nogil=True)
def _prepare_root(n, s):
    # the root's domains: arc consistency first (MAC), then the first row to decide
    if s[_PROPAGATION] == _ARC:
        tail = np.int64(0)
        for r in range(n):
            tail = _enqueue_into(n, r, s, tail)
        if not _arc_consistency(n, np.int64(0), s, np.int64(0), tail):
            for r in range(n):
                s[domain_at(n, 0, r)] = 0
    if s[_ORDER] == _FIRST_FAIL:
        s[row_at(n, 0)] = _fewest(n, 0, s)
