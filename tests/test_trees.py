"""Closed-form tree sizes against OEIS and brute-force walks of the full trees; the per-depth table."""

import itertools

import pytest
from known import KNUTH_PROFILE_8, TOTAL
from nqueens.analysis.trees import MODELS, format_profile_table, level_sizes, profile_table, tree_depth, tree_size

import nqueens

# OEIS A000522, a(n) = sum_{k=0..n} n!/k! (n = 0..10): the nodes of the permutation tree.
A000522 = (1, 2, 5, 16, 65, 326, 1957, 13700, 109601, 986410, 9864101)
# OEIS A031972, a(n) = sum_{k=1..n} n^k (n = 1..10): the m-ary tree without its root.
A031972 = (1, 6, 39, 340, 3905, 55986, 960799, 19173960, 435848049, 11111111110)


def walk(n, model):
    """Count the nodes of the full tree per depth by generating them (the explicit constraints only)."""
    if model == "permutation":
        return tuple(sum(1 for _ in itertools.permutations(range(n), k)) for k in range(n + 1))
    if model == "mary":
        return tuple(sum(1 for _ in itertools.product(range(n), repeat=k)) for k in range(n + 1))
    return tuple(sum(1 for _ in itertools.product((0, 1), repeat=k)) for k in range(n * n + 1))


@pytest.mark.parametrize("n", range(1, 11))
def test_closed_forms_match_oeis(n):
    assert tree_size(n, "permutation") == A000522[n]
    assert tree_size(n, "mary") == 1 + A031972[n - 1]
    assert tree_size(n, "subset") == 2 ** (n * n + 1) - 1


@pytest.mark.parametrize("model", MODELS)
def test_level_sizes_match_a_walk_of_the_tree(model):
    for n in range(1, 7 if model != "subset" else 4):
        assert level_sizes(n, model) == walk(n, model), (model, n)
        assert sum(level_sizes(n, model)) == tree_size(n, model)
        assert len(level_sizes(n, model)) == tree_depth(n, model) + 1


def test_exact_for_large_n():
    # A float formula would lose these digits.
    assert tree_size(30, "mary") == (30**31 - 1) // 29
    assert tree_size(25, "permutation") == sum(level_sizes(25, "permutation"))
    assert tree_size(25, "permutation") % 10**6 == A000522_tail(25)
    assert tree_size(12, "subset").bit_length() == 12 * 12 + 1


def A000522_tail(n):
    # a(n) = n * a(n-1) + 1, the recurrence of A000522, taken modulo 10**6.
    a = 1
    for k in range(1, n + 1):
        a = (k * a + 1) % 10**6
    return a


def test_the_backtracking_profile_sits_inside_the_trees():
    feasible = list(KNUTH_PROFILE_8)
    rows = profile_table(8, {"permutation": {"feasible": feasible}, "mary": {"feasible": feasible}})
    assert len(rows) == 2 * 9
    for row in rows:
        assert row["feasible"] <= row["tree"]
        assert row["feasible/tree"] == row["feasible"] / row["tree"]
    assert rows[-1]["feasible"] == TOTAL[8] and rows[-1]["tree"] == 8**8
    text = format_profile_table(rows)
    assert text.count("\n") == 2 + len(rows) and [c.strip() for c in text.splitlines()[-1].strip("|").split("|")] == [
        "mary",
        "8",
        "16,777,216",
        "-",
        "92",
        "-",
        "5.484e-06",
    ]


def test_bad_input():
    with pytest.raises(nqueens.NQueensError, match="the models are permutation, mary, subset"):
        tree_size(4, "binary")
    with pytest.raises(nqueens.NQueensError, match="integer >= 1"):
        level_sizes(0, "mary")
    with pytest.raises(nqueens.NQueensError, match="at most 3 depths"):
        profile_table(2, {"mary": {"feasible": [1, 2, 0, 0]}})
