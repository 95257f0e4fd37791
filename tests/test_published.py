"""The published values of :mod:`nqueens.core.published`, checked against a small brute force of this file's own
(no toolkit code) where it is quick, and against each other everywhere (the toolkit's solvers are judged by them,
so they must not be judged by the toolkit)."""

from itertools import combinations

import pytest

from nqueens.core import published


def _placements(n, attacks):
    """Every solution of n queens, one per row, that ``attacks(r1, c1, r2, c2)`` lets stand together."""
    out, q = [], []

    def place(row):
        if row == n:
            out.append(tuple(q))
            return
        for c in range(n):
            if all(not attacks(r, qc, row, c) for r, qc in enumerate(q)):
                q.append(c)
                place(row + 1)
                q.pop()

    place(0)
    return out


def _queen(r1, c1, r2, c2):
    return c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


def _superqueen(r1, c1, r2, c2):
    return _queen(r1, c1, r2, c2) or {abs(r1 - r2), abs(c1 - c2)} == {1, 2}


def _toroidal(n):
    return lambda r1, c1, r2, c2: c1 == c2 or (r1 - c1) % n == (r2 - c2) % n or (r1 + c1) % n == (r2 + c2) % n


def _canonical(q):
    n = len(q)
    cells = [(r, c) for r, c in enumerate(q)]
    images = []
    for f in (
        lambda r, c: (r, c),
        lambda r, c: (c, n - 1 - r),
        lambda r, c: (n - 1 - r, n - 1 - c),
        lambda r, c: (n - 1 - c, r),
        lambda r, c: (r, n - 1 - c),
        lambda r, c: (n - 1 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (n - 1 - c, n - 1 - r),
    ):
        board = dict(f(r, c) for r, c in cells)
        images.append(tuple(board[r] for r in range(n)))
    return min(images)


@pytest.mark.parametrize("n", range(1, 10))
def test_queens_totals_and_fundamental_solutions(n):
    found = _placements(n, _queen)
    assert len(found) == published.TOTAL[n]
    assert len({_canonical(q) for q in found}) == published.UNIQUE[n]


@pytest.mark.parametrize("n", range(1, 11))
def test_superqueens(n):
    found = _placements(n, _superqueen)
    assert len(found) == published.SUPERQUEEN[n]
    assert len({_canonical(q) for q in found}) == published.SUPERQUEEN_UNIQUE[n]


@pytest.mark.parametrize("n", range(1, 12))
def test_toroidal_queens(n):
    assert len(_placements(n, _toroidal(n))) == published.TOROIDAL[n]


@pytest.mark.parametrize("n", range(1, 6))
def test_domination_numbers(n):
    squares = [(r, c) for r in range(n) for c in range(n)]

    def dominates(queens):
        return all(any(r == a or c == b or abs(r - a) == abs(c - b) for a, b in queens) for r, c in squares)

    smallest = next(k for k in range(1, n + 1) if any(dominates(qs) for qs in combinations(squares, k)))
    assert smallest == published.DOMINATION[n]


def test_the_tables_agree_with_each_other():
    for n, total in published.TOTAL.items():
        unique = published.UNIQUE[n]
        assert unique <= total <= 8 * unique and (total == 0) == (unique == 0)
    assert all(total == 0 for n, total in published.TOROIDAL.items() if n % 2 == 0 or n % 3 == 0)
    assert sum(published.KNUTH_PROFILE_8) == 2057 and published.KNUTH_PROFILE_8[-1] == published.TOTAL[8]
    assert all(published.TOTAL[n] == layouts for n, (layouts, _, _) in published.SEED_002_TABLE.items())
    assert published.BY_RULE["queen"] == (published.TOTAL, published.UNIQUE, ("A000170", "A002562"))
