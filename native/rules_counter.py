"""The rule-generic counter: queens, superqueens and toroidal queens by one numba bitmask search.

The rule (:mod:`nqueens.core.rules`) decides the per-row masks: shifted diagonals on a square board, diagonals
rotated modulo n on a torus, and for the knight the queen bits of the two rows above. Counting uses symmetry:

- ``queen``, ``superqueen``: the left-right mirror maps solutions to solutions, so row 0 tries the left half of
  the columns and the count doubles (the middle column of odd n counts once);
- ``toroidal``: a cyclic shift of the columns maps solutions to solutions and moves row 0's queen anywhere, so
  row 0's queen is fixed at column 0 and the count is multiplied by n. A torus has no solution unless
  gcd(n, 6) = 1 (Pólya 1918): such a count answers 0 at once, with the reason in ``stats``.

With ``nodes=True`` the search is the plain one (no symmetry), so the profile is the tree of every partial
placement row by row. Unique solutions and orbit classes come from the enumerated solutions, streamed: on a
square board (``queen``, ``superqueen``: the group of the square's 8 symmetries) by each solution's stabilizer,
up to ``UNIQUE_MAX_N`` (a solution fixed by the quarter turn has an orbit of 2, one fixed by the half turn only
an orbit of 4, any other an orbit of 8: no reflection fixes a solution of n > 1, since it would put two pieces in
one row, column or diagonal); on a torus (the group of the square's 8 symmetries with the n^2 translations, order
8 n^2: OEIS A053994 counts its orbits, A054500-A054502 their sizes) by the least image of each solution with
``q[0] = 0`` (:func:`torus_classes`), up to ``TORUS_UNIQUE_MAX_N``. Above them ``unique`` is None; where there
is no solution (gcd(n, 6) > 1 on a torus) it is 0. Memory: O(n) words for counting; enumeration streams chunks
of ``CHUNK`` solutions; a torus's classes keep one least image (n bytes) per solution with ``q[0] = 0``.
"""

from collections import Counter

import numpy as np
from nqueens.native import rules_kernels as K
from nqueens.native import rules_spec

from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally
from nqueens.core.rules import get_rule

__all__ = [
    "count",
    "answers_at_once",
    "batches",
    "warmup",
    "MAX_N",
    "UNIQUE_MAX_N",
    "TORUS_UNIQUE_MAX_N",
    "toroidal_total",
    "torus_classes",
]

MAX_N = rules_spec.SOLVER.max_n  # 64-bit masks with room for the knight's shifts
UNIQUE_MAX_N = 17  # 1,330,622 superqueen solutions streamed at n = 17 (about 6 s); n = 18 would add a minute
TORUS_UNIQUE_MAX_N = 19  # n = 19: 43,184 solutions with q[0] = 0 searched and reduced in about 8 s
CHUNK = 4096
# Pólya (1918): n queens on an n x n torus exist if and only if gcd(n, 6) = 1; no search is made for another n.
NO_TORUS_SOLUTION = "gcd(n, 6) > 1: no toroidal solution exists (Pólya 1918), so nothing was searched"


def _run(n, rule, first_mask, out, profile):
    st = np.zeros((7, n), np.int64)
    pos = np.array([-1, 0], np.int64)
    return int(K.search(n, rule.knight, rule.wrap, np.int64(first_mask), st, pos, out, profile))


def toroidal_total(n):
    """Toroidal solutions counted up to the translations (n >= 4).

    Translating the columns fixes ``q[0] = 0`` (a factor n). On those solutions, ``q -> q[i + k] - q[k]``
    (translate the rows by k, then the columns back to 0) is a bijection for each k that rotates the cyclic gaps
    ``d[i] = q[i + 1] - q[i] (mod n)`` by k. So the pairs (solution, position of a least gap) are n times the
    solutions whose least gap is ``d[0] = q[1]``, and each solution has c such positions: with ``m = q[1]`` and
    every gap >= m, the solutions with ``q[0] = 0`` number n * sum over them of 1/c. The search therefore fixes
    the first two rows and forbids every gap below m, instead of trying every column for row 1.
    """
    from fractions import Fraction

    byc = np.zeros(n + 1, np.int64)
    for m in range(2, n - 1):
        K.toroidal_min_gap(n, m, byc)
    fixed = n * sum(Fraction(int(k), c) for c, k in enumerate(byc) if c)
    assert fixed.denominator == 1
    return n * int(fixed)


def _total(n, rule):
    empty = np.zeros((0, n), np.int64)
    profile = np.zeros(n + 1, np.int64)
    if rule.wrap:
        return toroidal_total(n) if n >= 4 else n * _run(n, rule, 1, empty, profile)
    half = _run(n, rule, (1 << (n // 2)) - 1, empty, profile)
    middle = _run(n, rule, 1 << (n // 2), empty, profile) if n % 2 else 0
    return 2 * half + middle


def batches(n, *, limit=None, instance=None, rule="queen", **_):
    """Stream every solution under ``rule`` as ``(m, n)`` int64 arrays, row 0's queen left to right (none, at
    once, on a torus with gcd(n, 6) > 1)."""
    if rules_spec.no_torus_solution(n, {"rule": get_rule(rule).name}):
        return
    _searchable(n, get_rule(rule), "enumerating the solutions of")
    yield from _stream(n, get_rule(rule), (1 << n) - 1, CHUNK if limit is None else max(1, min(CHUNK, int(limit))))


def _searchable(n, r, what):
    """Refuse a search above :data:`MAX_N` (reached only where the theorem answers other questions at once)."""
    if n > MAX_N:
        raise NQueensError(
            f"{what} n = {n} under the rule {r.name!r} needs a search, and the solver's masks hold n <= {MAX_N} "
            f"({rules_spec.SOLVER.limit_reason}); only a torus with gcd(n, 6) > 1 is answered above that"
        )


def _stream(n, r, first_mask, cap):
    st = np.zeros((7, n), np.int64)
    pos = np.array([-1, 0], np.int64)
    profile = np.zeros(n + 1, np.int64)
    out = np.empty((cap, n), np.int64)
    while pos[0] != -2:
        K.search(n, r.knight, r.wrap, np.int64(first_mask), st, pos, out, profile)
        if pos[1]:
            yield out[: pos[1]].copy()


def torus_classes(n):
    """``(unique, classes)`` of the toroidal solutions under the square's 8 symmetries and the n^2 translations.

    Every orbit under the translations holds solutions with ``q[0] = 0`` (translate the columns), and on those the
    row translations act as ``q -> q[i + k] - q[k] (mod n)``. So the least of the 8 n images ``g(q)[i + k] -
    g(q)[k]`` (g one of the square's 8 maps) of a solution with ``q[0] = 0`` names its orbit, only those ``total /
    n`` solutions are enumerated, and an orbit of ``s`` solutions has ``s / n`` of them: ``classes`` maps the orbit
    size to the number of orbits of that size (OEIS A054501, A054502), ``unique`` is their number (A053994).

    Examples
    --------
    >>> torus_classes(13)
    (11, {26: 1, 52: 2, 338: 3, 676: 5})
    >>> torus_classes(6)
    (0, {})
    """
    r = get_rule("toroidal")
    least = [_least_images(chunk) for chunk in _stream(n, r, 1, 1 << 16)]
    if not least:
        return 0, {}
    _, members = np.unique(np.concatenate(least), axis=0, return_counts=True)
    sizes = Counter((n * members).tolist())
    return int(len(members)), dict(sorted(sizes.items()))


def _least_images(q):
    """For each row of ``q`` (solutions with ``q[0] = 0``), its lexicographically least image with a 0 first."""
    m, n = q.shape
    inverse = np.empty_like(q)
    inverse[np.arange(m)[:, None], q] = np.arange(n)
    best = q.astype(np.uint8)
    for base in (q, inverse):
        for p in (base, base[:, ::-1]):
            for g in (p, n - 1 - p):
                for k in range(n):
                    image = ((np.roll(g, -k, axis=1) - g[:, k : k + 1]) % n).astype(np.uint8)
                    differ = image != best
                    first = differ.argmax(axis=1)
                    rows = np.arange(m)
                    less = differ[rows, first] & (image[rows, first] < best[rows, first])
                    best[less] = image[less]
    return best


def _square_classes(n, r):
    """``(unique, classes)`` under the square's 8 symmetries, from the orbit size of each solution (its
    stabilizer: the quarter turn ``q = n - 1 - q^-1``, the half turn ``q = n - 1 - reversed(q)``)."""
    sizes: Counter = Counter()
    for chunk in batches(n, rule=r.name):
        q = chunk.astype(np.int64)
        inverse = np.empty_like(q)
        inverse[np.arange(len(q))[:, None], q] = np.arange(n)
        quarter = np.all(q == n - 1 - inverse, axis=1)
        half = np.all(q == n - 1 - q[:, ::-1], axis=1)
        size = np.where(quarter, 2, np.where(half, 4, 8)) if n > 1 else np.ones(len(q), np.int64)
        sizes.update(size.tolist())
    classes = {size: k // size for size, k in sorted(sizes.items())}
    return sum(classes.values()), classes


def answers_at_once(n, *, nodes=False, rule="queen", **_):
    """Whether :func:`count` answers without a search: a torus without solutions (gcd(n, 6) > 1), any ``n``."""
    return not nodes and rules_spec.no_torus_solution(n, {"rule": get_rule(rule).name})


def count(n, *, nodes=False, instance=None, rule="queen", **_):
    """Count the solutions of n pieces under ``rule``; unique and classes up to ``UNIQUE_MAX_N``.

    A torus with gcd(n, 6) > 1 is answered at once (0, for any ``n``); above :data:`MAX_N` anything else would
    need a search the masks do not hold, and is refused.
    """
    r = get_rule(rule)
    if answers_at_once(n, nodes=nodes, rule=rule):
        return Tally(total=0, unique=0, classes={}, stats={"rule": r.name, "reason": NO_TORUS_SOLUTION})
    _searchable(n, r, "a node count of" if nodes else "a count of")
    profile = None
    if nodes:
        prof = np.zeros(n + 1, np.int64)
        prof[0] = 1
        total = _run(n, r, (1 << n) - 1, np.zeros((0, n), np.int64), prof)
        profile = tuple(int(x) for x in prof)
    else:
        total = _total(n, r)
    unique = classes = None
    if r.wrap and n <= TORUS_UNIQUE_MAX_N:
        unique, classes = torus_classes(n)
    elif not r.wrap and n <= UNIQUE_MAX_N:
        unique, classes = _square_classes(n, r)
    return Tally(
        total=total,
        unique=unique,
        classes=classes,
        nodes=None if profile is None else sum(profile),
        profile=profile,
        stats={"rule": r.name},
    )


def warmup():
    """Compile (or load from the cache) the kernel."""
    count(4, rule="superqueen")
    count(5, rule="toroidal")
