"""Forward checking, MAC and first-fail in the row trees: solutions, node accounting and consistency checks.

The accounting is checked against a plain recursive reference written here from the definitions (domains as
Python lists, checks counted pair by pair, arc consistency by sweeping every pair of rows until nothing
changes), which shares no code with the kernels; the solutions against the oracle and OEIS A000170.
"""

import itertools
import json

import pytest
from helpers import run_cli as run
from known import KNUTH_PROFILE_8, TOTAL
from nqueens.models import mary, permutation, subset, tree

import nqueens
from nqueens import NQueensError

ROW_TREES = {"mary": mary, "permutation": permutation}
SETTINGS = [(p, o) for p in ("none", "forward-checking", "arc-consistency") for o in ("static", "first-fail")]


def attacks(r1, c1, r2, c2):
    return c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


def reference(n, model, propagation, order, allowed=None):
    """Generated, feasible and pruned nodes per depth, the solutions, and the checks of plain backtracking and
    forward checking (``None`` for MAC, whose count depends on the order of its queue)."""
    allowed = allowed or [set(range(n))] * n
    generated, feasible, pruned = [0] * (n + 1), [0] * (n + 1), [0] * (n + 1)
    generated[0] = feasible[0] = 1
    solutions = []
    checks = 0
    keeps_domains = propagation != "none" or order == "first-fail"

    def arc_consistent(domains, free):
        changed = True
        while changed:
            changed = False
            for r1, r2 in itertools.permutations(free, 2):
                keep = [a for a in domains[r1] if any(not attacks(r1, a, r2, b) for b in domains[r2])]
                if keep != domains[r1]:
                    domains[r1] = keep
                    changed = True
                    if not keep:
                        return False
        return True

    def fewest(domains, free):
        return min(free, key=lambda r: (len(domains[r]), r))

    def visit(depth, row, placed, domains):
        nonlocal checks
        used = {c for _, c in placed}
        children = range(n) if model == "mary" else [c for c in range(n) if c not in used]
        for c in children:
            if propagation != "none" and c not in domains[row]:
                pruned[depth + 1] += 1
                continue
            generated[depth + 1] += 1
            if propagation == "none":
                if c not in allowed[row]:
                    continue
                refused = False
                for r2, c2 in placed:  # in the order the queens were placed
                    checks += 1
                    if attacks(row, c, r2, c2):
                        refused = True
                        break
                if refused:
                    continue
            now = placed + [(row, c)]
            free = [r for r in range(n) if r not in {r2 for r2, _ in now}]
            following = depth + 1
            if keeps_domains:
                new = dict(domains)
                new[row] = [c]
                emptied = None
                for r2 in free:
                    values = [v for v in domains[r2] if not (model == "permutation" and v == c)]
                    checks += len(values)
                    new[r2] = [v for v in values if not attacks(row, c, r2, v)]
                    if not new[r2]:
                        emptied = r2
                        break
                if emptied is not None and propagation != "none":
                    continue
                if propagation == "arc-consistency" and not arc_consistent(new, free):
                    continue
                if free:
                    if emptied is not None:
                        following = emptied
                    elif order == "first-fail":
                        following = fewest(new, free)
            else:
                new = domains
            feasible[depth + 1] += 1
            if depth + 1 == n:
                solutions.append(tuple(col for _, col in sorted(now)))
            else:
                visit(depth + 1, following, now, new)

    domains = {r: sorted(allowed[r]) for r in range(n)}
    if propagation == "arc-consistency" and not arc_consistent(domains, list(range(n))):
        domains = {r: [] for r in range(n)}
    first = fewest(domains, list(range(n))) if keeps_domains and order == "first-fail" else 0
    visit(0, first, [], domains)
    return {
        "generated": tuple(generated),
        "feasible": tuple(feasible),
        "pruned": tuple(pruned),
        "solutions": solutions,
        "checks": None if propagation == "arc-consistency" else checks,
    }


CASES = [(m, p, o, n) for m in ROW_TREES for p, o in SETTINGS for n in range(1, 8)]


@pytest.mark.parametrize(("model", "propagation", "order", "n"), CASES, ids=["-".join(map(str, c)) for c in CASES])
def test_accounting_matches_the_reference(model, propagation, order, n):
    a = ROW_TREES[model].accounting(n, propagation=propagation, order=order)
    want = reference(n, model, propagation, order)
    assert (a.generated, a.feasible) == (want["generated"], want["feasible"])
    assert a.pruned_by_propagation == want["pruned"] and a.solutions == TOTAL[n]
    if want["checks"] is not None:
        assert a.consistency_checks == want["checks"]
    got = [
        tuple(q) for batch in ROW_TREES[model].batches(n, propagation=propagation, order=order) for q in batch.tolist()
    ]
    if model == "permutation":  # the seed's swaps change the order of the columns tried, not the tree
        got, want["solutions"] = sorted(got), sorted(want["solutions"])
    assert got == want["solutions"]  # the same solutions, in the order of the search


@pytest.mark.parametrize("model", list(ROW_TREES))
@pytest.mark.parametrize("n", range(4, 11))
def test_every_setting_finds_every_solution_and_forward_checking_prunes(model, n):
    results = {(p, o): ROW_TREES[model].accounting(n, propagation=p, order=o) for p, o in SETTINGS}
    assert {a.solutions for a in results.values()} == {TOTAL[n]}
    for order in ("static", "first-fail"):
        bt = results["none", order]
        fc = results["forward-checking", order]
        assert fc.nodes <= bt.nodes and fc.explored <= bt.explored, order
    # MAC stands on a subset of forward checking's nodes when both decide the rows in the same order
    assert results["arc-consistency", "static"].nodes <= results["forward-checking", "static"].nodes
    # the explicit children of every node stood on are either generated or removed by propagation
    width = (lambda k: n) if model == "mary" else (lambda k: n - k)
    for a in results.values():
        for k in range(n):
            assert a.generated[k + 1] + a.pruned_by_propagation[k + 1] == width(k) * a.feasible[k], (a, k)


@pytest.mark.parametrize("model", list(ROW_TREES))
def test_solutions_agree_with_the_oracle(model):
    for n in (5, 6, 8):
        oracle = set(nqueens.solutions(n, "bitmask-recursive"))
        for propagation, order in SETTINGS:
            rows = list(nqueens.solutions(n, model, propagation=propagation, order=order))
            assert len(rows) == len(set(rows)) == TOTAL[n] and set(rows) == oracle, (n, propagation, order)
            if order == "first-fail" and n == 8:
                # first-fail decides the rows in another order (another tree), and finds the same set
                static = ROW_TREES[model].accounting(n, propagation=propagation)
                assert ROW_TREES[model].accounting(n, propagation=propagation, order=order).feasible != static.feasible


def test_plain_backtracking_is_unchanged():
    for model in ROW_TREES.values():
        a = model.accounting(8, propagation="none", order="static")
        assert a.feasible == KNUTH_PROFILE_8 and a.to_dict() == model.accounting(8).to_dict()
        assert set(a.to_dict()) == {"n", "model", "mode", "tree_size", "generated", "feasible", "nodes", "leaves"}


def test_count_record_and_limit():
    r = nqueens.count(9, "permutation", nodes=True, propagation="forward-checking", order="first-fail")
    a = permutation.accounting(9, propagation="forward-checking", order="first-fail")
    assert r.total == TOTAL[9] and r.profile == a.feasible and r.nodes == a.nodes
    assert r.stats["consistency_checks"] == a.consistency_checks
    assert r.stats["pruned_by_propagation"] == sum(a.pruned_by_propagation)
    assert r.stats["tests"] == a.explored - 1
    assert len(list(nqueens.solutions(12, "mary", limit=3, propagation="arc-consistency"))) == 3


def test_bad_settings():
    with pytest.raises(NQueensError, match="use mode backtracking, or propagation none"):
        nqueens.count(6, "mary", mode="generate-and-test", propagation="forward-checking")
    with pytest.raises(NQueensError, match="order first-fail reads the domains of a backtracking search"):
        nqueens.count(6, "permutation", mode="generate-and-test", order="first-fail")
    with pytest.raises(NQueensError, match="option propagation must be one of none, forward-checking"):
        nqueens.count(6, "mary", propagation="look-ahead")
    with pytest.raises(NQueensError, match="option order must be one of static, first-fail"):
        nqueens.count(6, "mary", order="random")
    with pytest.raises(NQueensError, match="has no option 'propagation'"):
        nqueens.count(6, "subset", propagation="forward-checking")
    with pytest.raises(NQueensError, match="the subset tree takes no propagation"):
        subset.accounting(4, propagation="forward-checking")
    with pytest.raises(NQueensError, match="n <= 63"):
        mary.accounting(64, propagation="forward-checking")
    with pytest.raises(NQueensError, match="use order static"):
        mary.graph(5, order="first-fail")


def test_export_with_forward_checking():
    a = permutation.accounting(6, propagation="forward-checking")
    g = permutation.graph(6, propagation="forward-checking")
    assert g.number_of_nodes() == a.explored and sum(1 for _, d in g.nodes(data=True) if d["solution"]) == 4


def test_compare_shows_every_propagation_and_order(capsys):
    code, out, _ = run(capsys, "tree", "10", "--compare")
    assert code == 0 and "Propagation x order" in out
    for model in ROW_TREES:
        for propagation, order in SETTINGS:
            assert f"| {model} | {propagation} | {order} |" in out
    code, out, _ = run(capsys, "tree", "10", "--compare", "--json")
    docs = {d["model"]: d for d in json.loads(out)}
    assert "strategies" not in docs["subset"]
    for model in ROW_TREES:
        rows = {(s["propagation"], s["order"]): s for s in docs[model]["strategies"]}
        assert set(rows) == set(SETTINGS) and {s["solutions"] for s in rows.values()} == {TOTAL[10]}
        assert rows["forward-checking", "static"]["nodes"] <= rows["none", "static"]["nodes"] == 35539
        assert all(s["seconds"] >= 0 and s["consistency_checks"] > 0 for s in rows.values())


def test_tree_command_with_propagation(capsys):
    code, out, _ = run(capsys, "tree", "8", "--model", "mary", "--propagation", "arc-consistency", "--json")
    doc = json.loads(out)
    a = mary.accounting(8, propagation="arc-consistency")
    assert code == 0 and doc["feasible"] == list(a.feasible) and doc["propagation"] == "arc-consistency"
    assert doc["pruned_by_propagation"] == list(a.pruned_by_propagation) and doc["consistency_checks"] > 0
    code, out, _ = run(capsys, "tree", "8", "--model", "permutation", "--order", "first-fail")
    assert code == 0 and "order first-fail" in out and "checks:" in out and "| depth | pruned by propagation |" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["tree", "6", "--compare", "--propagation", "forward-checking"], "use --propagation and --order with --model"),
        (["tree", "6", "--model", "subset", "--order", "first-fail"], "the subset tree takes no propagation"),
        (
            ["tree", "6", "--model", "mary", "--mode", "generate-and-test", "--propagation", "arc-consistency"],
            "use mode backtracking",
        ),
        (["tree", "6", "--model", "mary", "--propagation", "sideways"], "invalid choice"),
    ],
)
def test_command_errors(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("error: ") and fragment in err
    assert len(err.strip().splitlines()) == 1


def test_the_core_names_its_settings():
    assert tree.PROPAGATIONS == ("none", "forward-checking", "arc-consistency")
    assert tree.ORDERS == ("static", "first-fail")
    spec = nqueens.get_solver("mary")
    options = {o.name: o for o in spec.options}
    assert options["propagation"].choices == tree.PROPAGATIONS and options["order"].choices == tree.ORDERS


@pytest.mark.slow
def test_plot_strategies(tmp_path):
    from nqueens.analysis.plots import plot_strategies

    rows = [
        {"strategy": f"{p}, {o}", "n": n, "nodes": a.nodes, "checks": a.consistency_checks}
        for p, o in SETTINGS
        for n in (4, 5, 6)
        for a in [mary.accounting(n, propagation=p, order=o)]
    ]
    fig = plot_strategies(rows, tmp_path / "s.png")
    assert (tmp_path / "s.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    nodes_ax, checks_ax = fig.axes
    assert nodes_ax.get_yscale() == checks_ax.get_yscale() == "log"
    lines = {line.get_label(): line for line in nodes_ax.get_lines()}
    assert set(lines) == {f"{p}, {o}" for p, o in SETTINGS}
    assert list(lines["forward-checking, static"].get_ydata()) == [
        mary.accounting(n, propagation="forward-checking").nodes for n in (4, 5, 6)
    ]
    with pytest.raises(NQueensError, match="no strategies"):
        plot_strategies([])


def test_propagation_runs_as_plain_python(jit_free):
    """With NUMBA_DISABLE_JIT=1 the same source propagates, orders and keeps to instances (small n)."""
    got = jit_free()
    assert got.pop("instance") == sum(1 for q in nqueens.solutions(6, "bitmask-recursive") if q[0] != 1)
    assert len(got) == 6
    for key, value in got.items():
        model, propagation, order = key.split("|")
        a = ROW_TREES[model].accounting(6, propagation=propagation, order=order)
        assert value == [TOTAL[6], list(a.feasible), a.consistency_checks], key
