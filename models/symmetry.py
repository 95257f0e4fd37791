"""Symmetry broken during the search of the state-space trees: lex-leader checks, SBDS, SBDD and half the first row.

The option ``symmetry`` of the tree models (:data:`nqueens.models.SYMMETRIES`) chooses one way:

``none``
    Nothing is broken: every solution is found (the walk of :mod:`nqueens.models.tree` as it was).
``half``
    The classic partial way: the queen of the first row stands on the left half of the row, the middle column
    included for odd ``n``. Only the mirror image left-right (``flip-cols``) is broken. Each solution found with
    that queen left of the middle stands for two (itself and its mirror image); one with the queen on the middle
    column (odd ``n``) for itself alone, since its mirror image has the queen there too and is searched. The
    count gives the exact ``total``, no ``unique``; a stream yields each solution found and its mirror image,
    every solution once.
``lex``
    Lex-leader constraints (Crawford et al. 1996): a solution is kept only when it is lexicographically no larger
    (rows in order, ``q[0]`` first) than each of its images under the rule's group. Each node checks its partial
    placement against each image as far as both are known, so a node is pruned as soon as some image is certainly
    smaller: row by row, while the row holds a queen in both the placement and the image; the first row that
    differs decides, the first row unknown on either side leaves it open.
``sbds``
    Symmetry breaking during search (Gent & Smith 2000). When the subtree of a decision ``v`` (a queen on a square)
    taken at a node with the placement ``A`` is done, the constraints ``g(A) -> not g(v)`` hold in the subtrees of
    the node's remaining children, for each symmetry ``g``. A new queen that completes ``g(A)`` with ``g(v)``
    placed prunes the node; one that completes ``g(A)`` alone removes ``g(v)`` from its row's domain when the
    search propagates (forward checking or arc consistency), as a posted constraint would; so does the end of the
    subtree when ``g(A)`` already stands. A new queen ``x`` is tested against ``g(A) + g(v)`` only when the
    inverse image of ``x`` is in ``A + v`` (one lookup).
``sbdd``
    Symmetry breaking by dominance detection (Fahle, Schamberger & Sellmann 2001): a node is pruned when the
    image of a fully explored node under some symmetry is a subset of its placement (every solution below it
    is then an image of one already found). The explored nodes kept are the roots of the finished subtrees
    beside the current path, ``A + v`` as for SBDS (the others are their descendants and dominate less); each
    node tests each of them under each symmetry, square by square, without SBDS's lookup of the new queen.

The full ways (``lex``, ``sbds``, ``sbdd``) find exactly one solution per orbit of the group: the count's
``unique`` is the number of solutions found, its ``classes`` their orbit sizes (the group's size over the number
of its maps that leave the solution as it is), its ``total`` their sum, and a stream yields the solutions found.

The group is the attack rule's (:meth:`nqueens.core.rules.Rule.square_maps`): the 8 symmetries of the square for
queens and superqueens; with the torus's ``n^2`` translations for toroidal queens. It is kept in the state as one
row per symmetry, ``map[g, r * n + c]`` the square ``(r, c)`` goes to, and their inverses.

What one symmetry check is (``stats["symmetry_checks"]``)
    One lookup of one image: for ``lex``, one row of the placement compared with the same row of one image; for
    ``sbds``, the test of the new queen against one stored decision under one symmetry, and each square of
    ``g(A) + g(v)`` then looked up; for ``sbdd``, each square of the image of one explored node looked up; for
    ``half``, none (one test of the first row's column). The nodes each way prunes are counted per depth
    (``pruned_by_symmetry``): generated, not feasible.

The block of the state
    The tree's state ``s`` (:mod:`nqueens.models.tree`) ends with this module's block; its last slot holds where
    the block starts. The functions here read and write only the block, through ``s``.

References
----------
J. Crawford, M. Ginsberg, E. Luks and A. Roy, "Symmetry-breaking predicates for search problems", KR 1996.
I. P. Gent and B. M. Smith, "Symmetry breaking in constraint programming", ECAI 2000, 599-603.
T. Fahle, S. Schamberger and M. Sellmann, "Symmetry breaking", CP 2001, LNCS 2239, 93-107.
"""

import numpy as np
from nqueens.models import SYMMETRIES

from nqueens.core.errors import NQueensError
from nqueens.core.jit import njit, njit_bound

__all__ = [
    "SYMMETRIES",
    "FULL",
    "check_symmetry",
    "block",
    "attach",
    "hooks",
    "off",
    "checks",
    "pruned",
    "classes",
    "half_total",
]

FULL = SYMMETRIES[2:]  # the ways that break the whole group: one solution per orbit

_NONE, _HALF, _LEX, _SBDS, _SBDD = range(len(SYMMETRIES))

# The header of the block, from its start.
_WAY = 0
_GROUP = 1  # the number of maps (symmetries) held
_CHECKS = 2  # symmetry checks made
_QUEENS = 3  # queens on the current path
_TOP = 4  # stored decisions (SBDS) or explored nodes (SBDD)
_HALF_TOTAL = 5  # half: the solutions found, each counted with its mirror image
_N = 6
_DEPTH = 7  # the depth of the tree
_PROPAGATES = 8  # 1 when the search keeps domains that SBDS's constraints can prune
_HEADER = 9


def check_symmetry(symmetry, *, mode="backtracking", instance=None):
    """Raise unless the tree search can break symmetry in the way ``symmetry`` with this mode and instance.

    Examples
    --------
    >>> check_symmetry("lex", mode="generate-and-test")
    Traceback (most recent call last):
    ...
    nqueens.core.errors.NQueensError: symmetry=lex prunes a backtracking search; generate-and-test checks only complete candidates: use mode backtracking, or symmetry none
    """
    if symmetry not in SYMMETRIES:
        raise NQueensError(f"symmetry must be one of {', '.join(SYMMETRIES)}; got {symmetry!r}")
    if symmetry == "none":
        return
    if mode != "backtracking":
        raise NQueensError(
            f"symmetry={symmetry} prunes a backtracking search; generate-and-test checks only complete candidates: "
            "use mode backtracking, or symmetry none"
        )
    if instance is not None and not instance.is_plain:
        raise NQueensError(
            f"symmetry={symmetry} breaks the symmetries of the whole board, which an instance does not keep; "
            "leave it out with an instance"
        )


def block(n, depth, symmetry="none", rule="queen", maps=None, propagates=False):
    """The symmetry block for a tree of ``depth`` over an ``n x n`` board, to append to the tree's state.

    ``maps`` (an ``(m, n * n)`` array, identity first) replaces the rule's group: a subgroup breaks only part of
    the symmetry (and a set of maps that is no group breaks a wrong part: how the tests plant a fault).
    ``propagates``: the search keeps domains, from which SBDS removes what its constraints forbid.
    """
    from nqueens.core.rules import get_rule

    way = SYMMETRIES.index(symmetry)
    nn = n * n
    if way in (_NONE, _HALF):
        maps = np.zeros((0, nn), np.int64)
    elif maps is None:
        maps = np.asarray(get_rule(rule).square_maps(n), np.int64)
    group = maps.shape[0]
    inverse = np.zeros_like(maps)
    for g in range(group):
        inverse[g, maps[g]] = np.arange(nn)
    capacity = nn + n + 1
    size = _HEADER + 2 * group * nn + nn + 4 * n + 3 * capacity + group + 1 + depth + 1 + 1
    b = np.zeros(size, np.int64)
    b[_WAY] = way
    b[_GROUP] = group
    b[_N] = n
    b[_DEPTH] = depth
    b[_PROPAGATES] = int(propagates)
    b[_HEADER : _HEADER + group * nn] = maps.ravel()
    b[_HEADER + group * nn : _HEADER + 2 * group * nn] = inverse.ravel()
    start = _HEADER + 2 * group * nn + nn
    b[start : start + n] = -1  # no queen on any row
    return b


def attach(s, b):
    """The state ``s`` with the block ``b`` after it, the block's start in the last slot."""
    out = np.concatenate((s, b))
    out[-1] = s.shape[0]
    return out


# ----- the layout of the block (from its start, base = s[-1]) --------------------------------------------------


@njit(cache=True, nogil=True, inline="always")
def _base(s):
    return s[s.shape[0] - 1]


@njit(cache=True, nogil=True, inline="always")
def _map(b, s, g, sq):
    n = s[b + _N]
    return s[b + _HEADER + g * n * n + sq]


@njit(cache=True, nogil=True, inline="always")
def _unmap(b, s, g, sq):
    n = s[b + _N]
    return s[b + _HEADER + (s[b + _GROUP] + g) * n * n + sq]


@njit(cache=True, nogil=True, inline="always")
def _qpos_at(b, s, sq):
    # 1 + the index on the path of the queen on square sq, 0 when none stands there
    n = s[b + _N]
    return b + _HEADER + 2 * s[b + _GROUP] * n * n + sq


@njit(cache=True, nogil=True, inline="always")
def _row_at(b, s, r):
    # the column of the queen of row r, -1 while it has none
    n = s[b + _N]
    return b + _HEADER + 2 * s[b + _GROUP] * n * n + n * n + r


@njit(cache=True, nogil=True, inline="always")
def _square_at(b, s, j):
    # the square of the j-th queen on the path
    n = s[b + _N]
    return b + _HEADER + 2 * s[b + _GROUP] * n * n + n * n + n + j


@njit(cache=True, nogil=True, inline="always")
def _placed_at(b, s, j):
    # the depth of the node whose child placed the j-th queen on the path
    n = s[b + _N]
    return b + _HEADER + 2 * s[b + _GROUP] * n * n + n * n + 2 * n + j


@njit(cache=True, nogil=True, inline="always")
def _image_at(b, s, r):
    # scratch: the column of row r in an image (lex)
    n = s[b + _N]
    return b + _HEADER + 2 * s[b + _GROUP] * n * n + n * n + 3 * n + r


@njit(cache=True, nogil=True, inline="always")
def _stored_at(b, s, e):
    # stored decision e: (depth of its node, queens on the path at its node, its square)
    n = s[b + _N]
    return b + _HEADER + 2 * s[b + _GROUP] * n * n + n * n + 4 * n + 3 * e


@njit(cache=True, nogil=True, inline="always")
def _fixed_at(b, s, k):
    # solutions found that exactly k of the maps leave as they are
    n = s[b + _N]
    return b + _HEADER + 2 * s[b + _GROUP] * n * n + n * n + 4 * n + 3 * (n * n + n + 1) + k


@njit(cache=True, nogil=True, inline="always")
def _pruned_at(b, s, d):
    # nodes pruned by symmetry at depth d
    n = s[b + _N]
    g = s[b + _GROUP]
    return b + _HEADER + 2 * g * n * n + n * n + 4 * n + 3 * (n * n + n + 1) + g + 1 + d


@njit(cache=True, nogil=True, inline="always")
def off(s):
    """True when the search breaks no symmetry."""
    return s[_base(s) + _WAY] == _NONE


# ----- the hooks of the walker ---------------------------------------------------------------------------------


def hooks(placed, forbid):
    """The walker's symmetry hooks ``(enter, leave, found)`` for a formulation.

    ``placed(n, d, i, s)`` is the square of the queen the child ``i`` of a depth-``d`` node has placed once pushed
    (``-1`` for a decision that places none); ``forbid(n, d, square, s)`` removes ``square`` from its row's domain
    at depth ``d`` when the search propagates, False when that empties it.
    """
    bound = njit_bound((placed, forbid), nogil=True)  # their names are unique to what is bound in

    @bound
    def _sbds(n, d, b, s, x):
        """SBDS: False when the new queen ``x`` completes ``g(A) + g(v)`` of a stored decision; removes ``g(v)`` from
        its row's domain when ``x`` completes ``g(A)`` alone (False when that empties the domain)."""
        for e in range(s[b + _TOP]):
            at = _stored_at(b, s, e)
            m = s[at + 1]
            v = s[at + 2]
            for g in range(1, s[b + _GROUP]):
                s[b + _CHECKS] += 1
                y = _unmap(b, s, g, x)
                if y != v and not 0 < s[_qpos_at(b, s, y)] <= m:
                    continue
                # x is in g(A + v): the constraint g(A) -> not g(v) may now fail, or (propagating) act
                s[b + _CHECKS] += 1
                image = _map(b, s, g, v)
                if s[_qpos_at(b, s, image)] > 0:
                    if _holds(b, s, g, m, True):
                        return False
                elif s[b + _PROPAGATES] and _holds(b, s, g, m, True) and not forbid(n, d + 1, image, s):
                    return False
        return True

    # Each hook is a small test inlined into the walker and, when symmetry is broken, a call of its body: the
    # bodies inlined at each of the walker's call sites would double the kernels' compile time.
    @njit_bound((placed, forbid), nogil=True, inline="always")
    def enter(n, d, i, s):
        """After child ``i`` of a depth-``d`` node was pushed: False when symmetry prunes it."""
        if s[_base(s) + _WAY] == _NONE:
            return True
        return _enter(n, d, i, s)

    @bound
    def _enter(n, d, i, s):
        b = _base(s)
        way = s[b + _WAY]
        x = placed(n, d, i, s)
        if x < 0:
            return True
        m = s[b + _QUEENS]
        s[_qpos_at(b, s, x)] = m + 1
        s[_square_at(b, s, m)] = x
        s[_placed_at(b, s, m)] = d
        s[_row_at(b, s, x // n)] = x % n
        s[b + _QUEENS] = m + 1
        if way == _HALF:
            keep = x >= n or 2 * x <= n - 1
        elif way == _LEX:
            keep = _lex(n, b, s)
        elif way == _SBDS:
            keep = _sbds(n, d, b, s, x)
        else:
            keep = _sbdd(n, b, s)
        if not keep:
            _unplace(n, b, s, x)
            s[_pruned_at(b, s, d + 1)] += 1
        return keep

    @njit_bound((placed, forbid), nogil=True, inline="always")
    def leave(n, d, s):
        """After the child of a depth-``d`` node was popped: its queen off the path; for SBDS and SBDD its subtree
        stored and the subtrees stored below it forgotten."""
        if s[_base(s) + _WAY] != _NONE:
            _leave(n, d, s)

    @bound
    def _leave(n, d, s):
        b = _base(s)
        way = s[b + _WAY]
        m = s[b + _QUEENS]
        x = -1
        if m > 0 and s[_placed_at(b, s, m - 1)] == d:
            x = s[_square_at(b, s, m - 1)]
            _unplace(n, b, s, x)
        if way < _SBDS:
            return
        top = s[b + _TOP]
        while top > 0 and s[_stored_at(b, s, top - 1)] > d:
            top -= 1
        if x >= 0:
            e = _stored_at(b, s, top)
            s[e] = d
            s[e + 1] = m - 1
            s[e + 2] = x
            top += 1
            if way == _SBDS and s[b + _PROPAGATES]:
                # the constraints whose condition g(A) already stands act on the node's remaining children now
                for g in range(1, s[b + _GROUP]):
                    if _holds(b, s, g, m - 1, True):
                        forbid(n, d, _map(b, s, g, x), s)
        s[b + _TOP] = top

    @njit_bound((placed, forbid), nogil=True, inline="always")
    def found(n, s):
        """At a solution: its weight (half) or how many maps leave it as it is (the full ways)."""
        if s[_base(s) + _WAY] != _NONE:
            _found(n, s)

    @bound
    def _found(n, s):
        b = _base(s)
        way = s[b + _WAY]
        if way == _HALF:
            c = s[_row_at(b, s, 0)]
            s[b + _HALF_TOTAL] += 1 if 2 * c == n - 1 else 2
        else:
            fixed = 0
            m = s[b + _QUEENS]
            for g in range(s[b + _GROUP]):
                if _holds(b, s, g, m, False):
                    fixed += 1
            s[_fixed_at(b, s, fixed)] += 1

    return enter, leave, found


# ----- the checks --------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _unplace(n, b, s, x):
    m = s[b + _QUEENS] - 1
    s[_qpos_at(b, s, x)] = 0
    s[_row_at(b, s, x // n)] = -1
    s[b + _QUEENS] = m


@njit(cache=True, nogil=True)
def _holds(b, s, g, m, counted):
    """Whether the images under ``g`` of the first ``m`` queens on the path all hold queens (``counted``: each
    lookup a symmetry check)."""
    for j in range(m):
        if counted:
            s[b + _CHECKS] += 1
        if s[_qpos_at(b, s, _map(b, s, g, s[_square_at(b, s, j)]))] == 0:
            return False
    return True


@njit(cache=True, nogil=True)
def _lex(n, b, s):
    """False when some image of the placement is certainly lexicographically smaller (rows in order)."""
    m = s[b + _QUEENS]
    for g in range(1, s[b + _GROUP]):
        for r in range(n):
            s[_image_at(b, s, r)] = -1
        for j in range(m):
            y = _map(b, s, g, s[_square_at(b, s, j)])
            s[_image_at(b, s, y // n)] = y % n
        for r in range(n):
            s[b + _CHECKS] += 1
            mine = s[_row_at(b, s, r)]
            image = s[_image_at(b, s, r)]
            if mine < 0 or image < 0 or mine < image:
                break
            if mine > image:
                return False
    return True


@njit(cache=True, nogil=True)
def _sbdd(n, b, s):
    """SBDD: False when the image under some symmetry of a stored explored node is part of the placement."""
    for e in range(s[b + _TOP]):
        at = _stored_at(b, s, e)
        m = s[at + 1]
        v = s[at + 2]
        for g in range(1, s[b + _GROUP]):
            s[b + _CHECKS] += 1
            if s[_qpos_at(b, s, _map(b, s, g, v))] > 0 and _holds(b, s, g, m, True):
                return False
    return True


# ----- what the walk leaves in the block ---------------------------------------------------------------------


def checks(s):
    """The symmetry checks made."""
    return int(s[int(s[-1]) + _CHECKS])


def pruned(s):
    """The nodes pruned by symmetry per depth, root first (a tuple)."""
    b = int(s[-1])
    start = _pruned_at(b, s, 0)
    return tuple(int(x) for x in s[start : start + int(s[b + _DEPTH]) + 1])


def classes(s):
    """The solutions found by orbit size, ``{size: number}`` (the full ways)."""
    b = int(s[-1])
    group = int(s[b + _GROUP])
    start = _fixed_at(b, s, 0)
    found = s[start : start + group + 1]
    return {group // k: int(found[k]) for k in range(group, 0, -1) if found[k]}


def half_total(s):
    """The solutions the ``half`` way stands for: each found counted with its mirror image, unless it is its own."""
    return int(s[int(s[-1]) + _HALF_TOTAL])
