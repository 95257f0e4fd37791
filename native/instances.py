"""Seeded random instances: blocked squares, n-Queens Completion, excluded diagonals.

The generators follow the ones Gent, Jefferson and Nightingale published with CSPLib problems 079 and 080:

- :func:`random_blocked` is prob080's ``blocked-gen.py``: squares in random order, each blocked unless its row
  or its column would be left with ``min_free`` open squares or fewer.
- :func:`random_excluded` is prob079's ``queens-diag-gen.py``: the ``2(2n - 1)`` diagonals in random order (a
  coin picks the direction), each excluded unless a row or column it crosses already has ``min_free`` open
  squares or fewer; the instance with ``k`` excluded diagonals takes the first ``k`` of that list, as the paper
  prescribes, so instances of one seed are nested.
- :func:`random_completion` places ``k`` queens: ``method="random"`` is prob079's ``queens-gen-fast.py``
  (queens dropped at random on free rows and columns, never attacking one another; such instances are often
  easy, the paper notes), ``method="solution"`` takes ``k`` queens of a random solution (above ``n = 63`` one
  found by min-conflicts), so the instance always has a solution.

The same arguments give the same instance on every machine (Python's :class:`random.Random`, seeded).

Examples
--------
>>> inst = random_excluded(10, 6, seed=1)
>>> len(inst.excluded_sum) + len(inst.excluded_difference)
6
>>> random_excluded(10, 6, seed=1) == inst
True
>>> from nqueens.native import lines
>>> lines.count(10, instance=random_completion(10, 4, seed=3, method="solution")).total >= 1
True
"""

import random
from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.core.instance import Instance

__all__ = ["KINDS", "METHODS", "random_blocked", "random_completion", "random_excluded", "random_instance"]

KINDS = ("blocked", "completion", "excluded")
METHODS = ("solution", "random")


# The largest board whose random solution comes from completing randomly dropped queens (see _random_solution).
_COMPLETE_UP_TO = 63

# A square drawn in random order (an entry of the sparse shuffle and its tuple), with room to spare.
BYTES_PER_SQUARE = 100
# A row or column: its count of open squares, a random solution's column, a diagonal of the list, with room.
BYTES_PER_LINE = 100


def random_instance(kind, n, k, *, seed=0, method="solution", min_free=4):
    """The random instance of ``kind`` (``"blocked"``, ``"completion"`` or ``"excluded"``) with ``k`` items.

    No generator builds the board: squares are drawn in random order one at a time (a lazy shuffle of the
    ``n * n`` squares), diagonals and rows are lists of ``n``. About :data:`BYTES_PER_LINE` bytes a line and
    :data:`BYTES_PER_SQUARE` a square drawn: a request that would not fit in the memory available is refused
    before anything is built.
    """
    from nqueens.core import memory

    if kind in KINDS:
        drawn = min(n * n, 4 * k + n) if kind == "blocked" and isinstance(k, int) else 0
        memory.check(BYTES_PER_LINE * n + BYTES_PER_SQUARE * drawn, f"a random {kind} instance of n = {n}")
    if kind == "blocked":
        return random_blocked(n, k, seed=seed, min_free=min_free)
    if kind == "completion":
        return random_completion(n, k, seed=seed, method=method)
    if kind == "excluded":
        return random_excluded(n, k, seed=seed, min_free=min_free)
    raise NQueensError(f"instance kind must be one of {', '.join(KINDS)}; got {kind!r}")


def random_blocked(n, k, *, seed=0, min_free=4):
    """``k`` blocked squares, every row and column keeping more than ``min_free`` open squares (prob080).

    Raises
    ------
    NQueensError
        If ``k`` squares cannot be blocked that way (at most ``n * (n - min_free)``).
    """
    _check(n, k, min_free)
    rng = random.Random(seed)
    in_row = [n] * n
    in_col = [n] * n
    blocked: list[Any] = []
    for square in _random_order(rng, n * n) if k else ():
        r, c = divmod(square, n)
        if in_row[r] > min_free and in_col[c] > min_free:
            in_row[r] -= 1
            in_col[c] -= 1
            blocked.append((r, c))
            if len(blocked) == k:
                break
    if len(blocked) < k:
        raise NQueensError(
            f"cannot block {k} squares of a {n} x {n} board leaving at least {min_free} in every row and column; "
            f"at most {len(blocked)}"
        )
    return Instance.make(n, blocked=blocked)


def random_excluded(n, k, *, seed=0, min_free=4):
    """The first ``k`` diagonals of the paper's random maximal list of excluded diagonals (prob079).

    Raises
    ------
    NQueensError
        If the list for this seed is shorter than ``k``; the message gives its length.
    """
    _check(n, k, min_free)
    rng = random.Random(seed)
    sums = list(range(2 * n - 1))
    diffs = list(range(2 * n - 1))
    rng.shuffle(sums)
    rng.shuffle(diffs)
    in_row = [n] * n
    in_col = [n] * n
    # Diagonals already excluded, by index (sum r + c, difference r - c + n - 1): a square one of them has
    # removed is not open any more, so a later diagonal through it leaves its row and column counts alone (the
    # generator's ``noattack``; without it the list of a seed is shorter than the paper's).
    out_sum = [False] * (2 * n - 1)
    out_diff = [False] * (2 * n - 1)
    chosen: list[Any] = []
    while (sums or diffs) and len(chosen) < k:  # the list's first k are the instance: the rest is not needed
        if not sums:
            is_sum = False
        elif not diffs:
            is_sum = True
        else:
            is_sum = rng.randrange(-1, 2, 2) == 1  # the generator's coin, so a seed gives the paper's list
        d = sums.pop() if is_sum else diffs.pop()
        # the paper's offset: a difference diagonal d is r - c = d - (n - 1)
        squares = [(r, d - r if is_sum else r - d + n - 1) for r in range(n)]
        squares = [(r, c) for r, c in squares if 0 <= c < n and not out_sum[r + c] and not out_diff[r - c + n - 1]]
        if any(in_row[r] <= min_free or in_col[c] <= min_free for r, c in squares):
            continue
        for r, c in squares:
            in_row[r] -= 1
            in_col[c] -= 1
        (out_sum if is_sum else out_diff)[d] = True
        chosen.append((is_sum, d if is_sum else d - (n - 1)))
    if len(chosen) < k:
        raise NQueensError(
            f"seed {seed} excludes at most {len(chosen)} diagonals of a {n} x {n} board leaving at least "
            f"{min_free} squares in every row and column; got k = {k}"
        )
    chosen = chosen[:k]
    return Instance.make(
        n,
        excluded_sum=[d for is_sum, d in chosen if is_sum],
        excluded_difference=[d for is_sum, d in chosen if not is_sum],
    )


def random_completion(n, k, *, seed=0, method="solution"):
    """``k`` pre-placed queens: from a random solution (``"solution"``) or dropped at random (``"random"``).

    Raises
    ------
    NQueensError
        If ``k > n``, the board has no solution (``method="solution"``), or no placement was found.
    """
    if method not in METHODS:
        raise NQueensError(f"method must be one of {', '.join(METHODS)}; got {method!r}")
    _check(n, k, 0)
    if k > n:
        raise NQueensError(f"a completion instance places at most n = {n} queens; got k = {k}")
    rng = random.Random(seed)
    if method == "random":
        for _ in range(100):
            queens = _drop(n, k, rng)
            if queens is not None:
                return Instance.make(n, queens=queens)
        raise NQueensError(f"no placement of {k} non-attacking queens found on a {n} x {n} board")
    q = _random_solution(n, rng)
    rows = sorted(rng.sample(range(n), k))
    return Instance.make(n, queens=[(r, q[r]) for r in rows])


def _random_order(rng, size):
    """The numbers ``0 .. size - 1`` in a uniformly random order, drawn lazily: Fisher-Yates from the front,
    keeping only the slots it has swapped, so the first ``k`` cost O(k) time and memory whatever ``size`` is."""
    moved: dict[Any, Any] = {}
    for i in range(size):
        j = rng.randrange(i, size)
        here = moved.pop(i, i)
        if j == i:
            yield here
        else:
            yield moved.get(j, j)
            moved[j] = here


def _check(n, k, min_free):
    for value, what in ((n, "n"), (k, "k"), (min_free, "min_free")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise NQueensError(f"{what} must be an integer, got {value!r}")
    if n < 1:
        raise NQueensError(f"n must be an integer >= 1, got {n}")
    if k < 0:
        raise NQueensError(f"k must be an integer >= 0, got {k}")
    if min_free < 0:
        raise NQueensError(f"min_free must be an integer >= 0, got {min_free}")


def _drop(n, k, rng):
    # prob079's queens-gen-fast.py: up to n * n tries of a random free row and free column, kept if neither
    # diagonal holds a queen yet.
    rows = list(range(n))
    cols = list(range(n))
    sums, diffs = set(), set()
    queens: list[Any] = []
    left = n
    for _ in range(n * n):
        if len(queens) == k:
            break
        i = rng.randrange(left)
        j = rng.randrange(left)
        r, c = rows[i], cols[j]
        if r + c in sums or r - c in diffs:
            continue
        queens.append((r, c))
        sums.add(r + c)
        diffs.add(r - c)
        rows[i] = rows[left - 1]
        cols[j] = cols[left - 1]
        left -= 1
    return queens if len(queens) == k else None


def _random_solution(n, rng):
    # Up to n = 63: drop a third of the queens at random and complete them with the instance solver, starting
    # over if they cannot be completed (so a seed gives the same instance as it always has). On a larger board
    # that search's first solution, with two thirds of the lines free, can take hours (its time is heavy-tailed),
    # so there a solution comes from min-conflicts, seeded from the same generator.
    from nqueens.native import lines

    if n > _COMPLETE_UP_TO:
        from nqueens.native.construct import min_conflicts

        return [int(c) for c in min_conflicts(n, seed=rng.randrange(2**31))]
    for _ in range(1000):
        queens = _drop(n, n // 3, rng) or []
        stream = lines.batches(n, limit=1, instance=Instance.make(n, queens=queens))
        try:
            first = next(stream, None)
        finally:
            stream.close()
        if first is not None:
            return [int(c) for c in first[0]]
    raise NQueensError(f"the {n} x {n} board has no solution, so no completion instance from a solution")
