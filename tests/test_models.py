"""The state-space tree formulations (mary, permutation, subset) and their node accounting.

Their accounting is checked against published numbers (Knuth's 8-queens tree, the OEIS tree sizes) and against
a plain recursive reference written here from the problem's statement, which shares no code with the kernels.
"""

import itertools

import pytest
from known import KNUTH_PROFILE_8, TOTAL
from nqueens.models import mary, permutation, subset, tree

import nqueens
from nqueens import NQueensError

MODELS = {"mary": mary, "permutation": permutation, "subset": subset}

# OEIS A000522, a(n) = sum_{k=0..n} n!/k!: the nodes of the permutation tree of n items, root included.
A000522 = (1, 2, 5, 16, 65, 326, 1957, 13700, 109601, 986410, 9864101, 108505112, 1302061345)
# OEIS A031972, a(n) = sum_{k=1..n} n^k: the full n-ary tree of depth n without its root.
A031972 = (None, 1, 6, 39, 340, 3905, 55986, 960799, 19173960, 435848049, 11111111110)


def reference(n, model, mode):
    """The accounting of DESIGN.md by brute force: nodes are tuples of decisions, checks scan the whole board."""
    depth = n * n if model == "subset" else n

    def children(node):
        if model == "mary":
            return [node + (c,) for c in range(n)]
        if model == "permutation":
            return [node + (c,) for c in range(n) if c not in node]
        return [node + (1,), node + (0,)]

    def queens(node):
        if model == "subset":
            return [divmod(cell, n) for cell, v in enumerate(node) if v]
        return list(enumerate(node))

    def consistent(node):
        qs = queens(node)
        for (r1, c1), (r2, c2) in itertools.combinations(qs, 2):
            if r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2):
                return False
        if model == "subset":
            done = len(node) // n
            if any(not any(r == row for r, _ in qs) for row in range(done)):
                return False
        return True

    generated = [0] * (depth + 1)
    feasible = [0] * (depth + 1)
    leaves = 0

    def visit(node):
        nonlocal leaves
        kids = children(node)
        for child in kids:
            k = len(child)
            generated[k] += 1
            if k == depth:
                leaves += 1
                if consistent(child) and len(queens(child)) == n:
                    feasible[k] += 1
            elif mode == "generate-and-test" or consistent(child):
                feasible[k] += 1
                visit(child)
            else:
                leaves += 1
        if not kids:
            leaves += 1

    generated[0] = feasible[0] = 1
    visit(())
    return tuple(generated), tuple(feasible), leaves


CASES = [
    (model, mode, n)
    for model, mode, top in [
        ("mary", "backtracking", 7),
        ("permutation", "backtracking", 7),
        ("subset", "backtracking", 5),
        ("mary", "generate-and-test", 5),
        ("permutation", "generate-and-test", 6),
        ("subset", "generate-and-test", 4),
    ]
    for n in range(1, top + 1)
]


@pytest.mark.parametrize(("model", "mode", "n"), CASES, ids=[f"{m}-{mode}-{n}" for m, mode, n in CASES])
def test_accounting_matches_brute_force(model, mode, n):
    a = MODELS[model].accounting(n, mode=mode)
    generated, feasible, leaves = reference(n, model, mode)
    assert (a.generated, a.feasible, a.leaves) == (generated, feasible, leaves)
    assert a.nodes == sum(feasible) and a.solutions == TOTAL[n]


@pytest.mark.parametrize("model", ["mary", "permutation"])
def test_backtracking_stands_on_knuths_tree(model):
    a = MODELS[model].accounting(8)
    assert a.feasible == KNUTH_PROFILE_8 and a.nodes == 2057


def test_subset_rows_stand_on_knuths_tree():
    a = subset.accounting(8)
    assert tuple(a.feasible[8 * k] for k in range(9)) == KNUTH_PROFILE_8


def test_generated_follows_the_explicit_constraints():
    # m-ary: n candidates under each feasible node; permutation: n - k under a depth-k node (Knuth's numbers).
    m, p = mary.accounting(8), permutation.accounting(8)
    assert m.generated[1:] == tuple(8 * f for f in KNUTH_PROFILE_8[:-1])
    assert p.generated[1:] == tuple((8 - k) * f for k, f in enumerate(KNUTH_PROFILE_8[:-1]))


def test_tree_sizes_are_the_oeis_sums():
    for n in range(1, 13):
        assert permutation.tree_size(n) == A000522[n]
    for n in range(1, 11):
        assert mary.tree_size(n) == A031972[n] + 1
    assert subset.tree_size(3) == 1023 and subset.tree_size(30) == 2**901 - 1


@pytest.mark.parametrize(("model", "n"), [("mary", 6), ("permutation", 8), ("subset", 4)])
def test_generate_and_test_visits_the_whole_tree(model, n):
    module = MODELS[model]
    a = module.accounting(n, mode="generate-and-test")
    assert a.explored == a.tree_size == module.tree_size(n)
    assert a.solutions == TOTAL[n] and a.leaves == a.generated[-1]


@pytest.mark.parametrize("model", [pytest.param(m, marks=pytest.mark.slow) if m == "subset" else m for m in MODELS])
def test_modes_agree_on_solutions(model):
    n = 5 if model == "subset" else 6
    bt = set(nqueens.solutions(n, model))
    gt = set(nqueens.solutions(n, model, mode="generate-and-test"))
    assert bt == gt and len(bt) == TOTAL[n]


@pytest.mark.parametrize("model", list(MODELS))
def test_count_record(model):
    r = nqueens.count(8, model, nodes=True)
    a = MODELS[model].accounting(8)
    assert r.total == 92 and r.profile == a.feasible and r.nodes == a.nodes
    assert r.stats["generated"] == a.explored and r.stats["tests"] == a.explored - 1
    assert nqueens.count(8, model).profile is None


def test_lexicographic_order_where_documented():
    for model in ("mary", "subset"):
        rows = list(nqueens.solutions(8, model))
        assert rows == sorted(rows) and len(rows) == 92
    rows = list(nqueens.solutions(8, "permutation"))
    assert rows != sorted(rows) and set(rows) == set(nqueens.solutions(8, "mary"))


@pytest.mark.parametrize("model", list(MODELS))
def test_limit_stops_the_kernel(model):
    stream = MODELS[model].batches(12, limit=3)
    chunks = list(stream)
    assert sum(len(c) for c in chunks) == 3


def test_bad_mode_and_oversized_generate_and_test():
    with pytest.raises(NQueensError, match="mode must be one of backtracking, generate-and-test"):
        mary.accounting(4, mode="nope")
    with pytest.raises(NQueensError, match=r"n <= 9 for mary"):
        mary.accounting(10, mode="generate-and-test")
    with pytest.raises(NQueensError, match=r"n <= 5 for subset"):
        nqueens.count(6, "subset", mode="generate-and-test")
    with pytest.raises(NQueensError, match="option mode must be one of"):
        nqueens.count(6, "permutation", mode="sideways")
    with pytest.raises(NQueensError, match="unknown model"):
        tree.formulation("octree")


def test_graph_of_the_explored_tree():
    g = permutation.graph(5)
    a = permutation.accounting(5)
    assert g.number_of_nodes() == a.explored and g.number_of_edges() == a.explored - 1
    assert sum(1 for v in g if g.out_degree(v) == 0) == a.leaves
    depths = [0] * 6
    for _, data in g.nodes(data=True):
        if not data["pruned"]:
            depths[data["depth"]] += 1
    assert tuple(depths) == a.feasible
    solutions = {tuple(map(int, d["placement"].split(","))) for _, d in g.nodes(data=True) if d["solution"]}
    assert solutions == set(nqueens.solutions(5, "bitmask-recursive"))


def test_graph_limits():
    with pytest.raises(NQueensError, match="n <= 8"):
        mary.graph(9)
    with pytest.raises(NQueensError, match="at most 250,000"):
        mary.graph(7, mode="generate-and-test")


def test_kernels_run_as_plain_python(jit_free):
    """With NUMBA_DISABLE_JIT=1 the same source counts, profiles and enumerates n = 1..7."""
    got = jit_free()
    want = [TOTAL[n] for n in range(1, 8)]
    for name in ("mary", "permutation", "subset"):
        assert got[name] == want and got[name + "-enum"] == TOTAL[7]
    assert tuple(got["knuth"]) == KNUTH_PROFILE_8 and got["gt"] == TOTAL[6]


@pytest.mark.parametrize("model", list(MODELS))
@pytest.mark.parametrize("mode", tree.MODES)
def test_walk_resumed_in_slices_gives_the_same_accounting(model, mode, monkeypatch):
    """With a progress bar the walk returns every few steps and resumes; nothing may be lost or counted twice."""
    n = 4 if model == "subset" else 6
    whole = MODELS[model].accounting(n, mode=mode)
    monkeypatch.setattr(tree, "_STEPS", 7)
    assert MODELS[model].accounting(n, mode=mode, progress=True) == whole
    assert nqueens.count(n, model, nodes=True, mode=mode, progress=True).profile == whole.feasible
