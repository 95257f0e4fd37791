"""Exact cover by dancing links: against Knuth's tree, OEIS, and an Algorithm X over dicts of sets."""

import pytest
from known import KNUTH_PROFILE_8, TOTAL
from nqueens.models import dlx

import nqueens
from nqueens import NQueensError
from nqueens.core.board import is_solution


def algorithm_x_profile(n, minsize):
    """Algorithm X without links: columns map to the set of rows covering them (insertion-ordered dicts).

    Primary columns are listed board rows first, then board columns; a matrix row is a placement (r, c) and
    rows are tried in the order r * n + c, as in the torus. Returns the rows chosen per level.
    """
    primary = [("R", r) for r in range(n)] + [("C", c) for c in range(n)]
    rows = {}
    for r in range(n):
        for c in range(n):
            rows[(r, c)] = [("R", r), ("C", c), ("A", r + c), ("B", r - c)]
    cols = {col: {} for col in primary}
    for col in [("A", d) for d in range(2 * n - 1)] + [("B", d) for d in range(1 - n, n)]:
        cols[col] = {}
    for row, its in rows.items():
        for col in its:
            cols[col][row] = None
    live = list(primary)
    profile = [1] + [0] * n

    def select(row):
        removed = []
        for col in rows[row]:
            for other in list(cols[col]):
                for c2 in rows[other]:
                    if c2 != col:
                        cols[c2].pop(other, None)
            removed.append(cols.pop(col))
        return removed

    def deselect(row, removed):
        for col in reversed(rows[row]):
            cols[col] = removed.pop()
            for other in cols[col]:
                for c2 in rows[other]:
                    if c2 != col:
                        cols[c2][other] = None

    def search(k):
        open_cols = [col for col in live if col in cols]
        if not open_cols:
            return
        col = min(open_cols, key=lambda c: len(cols[c])) if minsize else open_cols[0]
        for row in sorted(cols[col], key=lambda rc: rc[0] * n + rc[1]):
            profile[k + 1] += 1
            removed = select(row)
            search(k + 1)
            deselect(row, removed)

    search(0)
    return tuple(profile)


@pytest.mark.parametrize("n", range(1, 9))
@pytest.mark.parametrize("choose", ["min-size", "first"])
def test_profile_matches_algorithm_x_on_dicts(n, choose):
    r = dlx.count(n, nodes=True, choose=choose)
    assert r.profile == algorithm_x_profile(n, choose == "min-size")
    assert r.total == TOTAL[n] == r.profile[-1]


def test_first_column_is_knuths_backtrack_tree():
    assert nqueens.count(8, "dlx", nodes=True, choose="first").profile == KNUTH_PROFILE_8


def test_min_size_heuristic_shrinks_the_tree():
    small = nqueens.count(10, "dlx", nodes=True)
    plain = nqueens.count(10, "dlx", nodes=True, choose="first")
    assert small.total == plain.total == TOTAL[10]
    assert small.nodes < plain.nodes and small.stats["updates"] < plain.stats["updates"]


def test_enumeration_streams_and_resumes():
    n = 11
    chunks = list(dlx.batches(n))
    seen = {tuple(q) for chunk in chunks for q in chunk.tolist()}
    assert len(seen) == TOTAL[n] and all(is_solution(q) for q in seen)
    assert [len(c) for c in dlx.batches(n, limit=5)] == [5]


def test_bad_choose():
    with pytest.raises(NQueensError, match="choose must be one of min-size, first"):
        dlx.count(4, choose="random")
    with pytest.raises(NQueensError, match="option choose must be one of"):
        nqueens.count(4, "dlx", choose="random")


def test_kernel_runs_as_plain_python(jit_free):
    got = jit_free()
    assert got["totals"] == [TOTAL[n] for n in range(1, 8)] and got["enum"] == TOTAL[7]
    assert tuple(got["knuth"]) == KNUTH_PROFILE_8
