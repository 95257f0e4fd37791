"""The general solvers take the attack rule: their totals against OEIS (A051223, A051906), their solutions against
a backtracking search written here with its own attack test, and a rule combined with an instance."""

import pytest
from conftest import representatives
from test_rules import A051223, A051224, A051906

from nqueens.api import batches, count, request
from nqueens.cli import main
from nqueens.core.errors import NQueensError
from nqueens.core.instance import Instance


def _hit(n, rule, a, b):
    """The attack test, written out again for the test: columns, (wrapped) diagonals, knight moves."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    if dc == 0:
        return True
    if rule == "toroidal":
        return (dr - dc) % n == 0 or (dr + dc) % n == 0
    return abs(dr) == abs(dc) or (rule == "superqueen" and {abs(dr), abs(dc)} == {1, 2})


def brute(n, rule, allowed=lambda r, c: True):
    """Every solution, row by row, each new queen tested against every queen above it."""
    found, q = [], []

    def go(r):
        if r == n:
            found.append(tuple(q))
            return
        for c in range(n):
            if allowed(r, c) and not any(_hit(n, rule, (i, q[i]), (r, c)) for i in range(r)):
                q.append(c)
                go(r + 1)
                q.pop()

    go(0)
    return found


# The largest n each solver counts in the suite, per rule (seconds each on two cores; the slow ones stop early).
REACH = {
    "dlx": {"superqueen": 14, "toroidal": 15},
    "mary": {"superqueen": 12, "toroidal": 13},
    "permutation": {"superqueen": 13, "toroidal": 13},
    "cp": {"superqueen": 12, "toroidal": 13},
    "sat": {"superqueen": 13, "toroidal": 13},
    "cpsat": {"superqueen": 11, "toroidal": 11},
    "csp": {"superqueen": 11, "toroidal": 11},
    "cpmpy": {"superqueen": 10, "toroidal": 9},
    "mip": {"superqueen": 9, "toroidal": 7},
}
OEIS = {"superqueen": A051223, "toroidal": A051906}


# Every solver and every rule in the fast tier, every pair in make test.
@pytest.mark.parametrize(
    ("solver", "rule"),
    representatives(
        [(s, r) for s in sorted(REACH) for r in ("superqueen", "toroidal")], [lambda c: c[0], lambda c: c[1]]
    ),
)
def test_totals_agree_with_oeis(solver, rule):
    got = [count(n, solver, rule=rule).total for n in range(1, REACH[solver][rule] + 1)]
    assert got == list(OEIS[rule][: len(got)])


@pytest.mark.parametrize(
    ("solver", "rule", "n"),
    representatives(
        [
            (s, r, n)
            for s in sorted(REACH)
            for r, n in (("superqueen", 10), ("superqueen", 11), ("toroidal", 7), ("toroidal", 11))
        ],
        [lambda c: c[0], lambda c: c[1:]],
    ),
)
def test_solutions_are_the_brute_force_ones(solver, rule, n):
    if solver == "mip" and n == 11:
        pytest.skip("one SCIP solve per solution: 45 or 89 solves, covered at the smaller n")
    got = [tuple(row) for b in batches(request(n, solver, question="enumerate", rule=rule)) for row in b.tolist()]
    want = brute(n, rule)
    assert len(got) == len(set(got)) and set(got) == set(want) and want


@pytest.mark.parametrize(
    "backend",
    [
        pytest.param("exact", marks=pytest.mark.slow),
        pytest.param("pysat", marks=pytest.mark.slow),  # pysat: 40 s of encoding
        "choco",
        "z3",
    ],
)
def test_cpmpy_backends_take_the_rule(backend):
    got = [count(n, "cpmpy", rule=rule, backend=backend).total for rule, n in (("superqueen", 10), ("toroidal", 7))]
    assert got == [A051223[9], A051906[6]]


@pytest.mark.slow
def test_sat_ganak_counts_the_rule():
    assert count(10, "sat", rule="superqueen", counter="ganak").total == A051223[9]
    assert count(7, "sat", rule="toroidal", counter="ganak").total == A051906[6]


@pytest.mark.parametrize("n", range(9, 13))
def test_cpsat_symmetry_gives_the_superqueens_unique_solutions(n):
    r = count(n, "cpsat", rule="superqueen", symmetry=True)
    assert (r.unique, r.total) == (A051224[n - 1], A051223[n - 1])


def test_cpsat_symmetry_refuses_the_torus():
    with pytest.raises(NQueensError, match="larger group"):
        count(7, "cpsat", rule="toroidal", symmetry=True)


@pytest.mark.parametrize("solver", ["dlx", "cp", "cpsat", "sat", "mip", "csp", "cpmpy"])
@pytest.mark.parametrize("rule,n", [("toroidal", 7), ("superqueen", 10)])
def test_a_rule_combines_with_an_instance(solver, rule, n):
    blocked = [(0, 0), (3, 4), (5, 1)]
    instance = Instance.make(n, blocked=blocked, queens=[(1, 2 if rule == "toroidal" else 4)])
    placed = dict(instance.queens)

    def allowed(r, c):
        return (r, c) not in blocked and placed.get(r, c) == c

    want = brute(n, rule, allowed)
    got = [
        tuple(row) for b in batches(request(instance, solver, question="enumerate", rule=rule)) for row in b.tolist()
    ]
    assert sorted(got) == sorted(want) and count(instance, solver, rule=rule).total == len(want)


@pytest.mark.parametrize("solver", ["bitwise", "subset", "fast"])
def test_a_solver_written_for_the_queen_refuses_another_rule(capsys, solver):
    assert main(["count", "10", "--rules", "superqueen", "--solver", solver]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"error: solver {solver!r} knows only the queen's attack rule"), err


def test_the_rule_is_in_the_report(capsys):
    assert main(["count", "10", "--rules", "superqueen", "--solver", "dlx"]) == 0
    out = capsys.readouterr().out
    assert "4 solutions" in out and "rule: superqueen" in out


def _compare(capsys, *argv):
    import json

    code = main(["compare", *argv, "--json", "--quiet"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else None), err


def test_compare_takes_the_rule_and_holds_runs_to_its_published_counts(capsys):
    code, runs, _ = _compare(capsys, "9..12", "--rules", "superqueen", "--solvers", "dlx,cp,sat,rules")
    assert code == 0 and {r["status"] for r in runs} == {"solved"}
    assert all(r["total"] == A051223[r["n"] - 1] and r["options"]["rule"] == "superqueen" for r in runs)


@pytest.mark.slow
def test_compare_without_solvers_takes_every_solver_that_takes_the_rule(capsys):
    from nqueens.registry import REGISTRY

    code, runs, _ = _compare(capsys, "5..7", "--rules", "toroidal", "--timeout", "60")
    takes = {name for name, s in REGISTRY.items() if any(o.name == "rule" for o in s.options)}
    assert code == 0 and {r["solver"] for r in runs} == takes
    assert all(r["total"] == A051906[r["n"] - 1] for r in runs)


def test_compare_judges_queens_and_superqueens_apart(capsys):
    code, runs, _ = _compare(capsys, "10", "--solvers", "dlx,dlx:rule=superqueen")
    assert code == 0 and [(r["total"], r["status"]) for r in runs] == [(724, "solved"), (4, "solved")]


def test_compare_first_solutions_are_checked_under_the_rule(capsys):
    code, runs, _ = _compare(capsys, "10..11", "--rules", "superqueen", "--question", "first", "--solvers", "cpsat,sat")
    assert code == 0 and {r["status"] for r in runs} == {"sat"}
    assert all(tuple(r["solution"]) in set(brute(r["n"], "superqueen")) for r in runs)


@pytest.mark.parametrize(
    "argv,fragment",
    [
        (["5..7", "--rules", "toroidal", "--solvers", "dlx,bitwise"], "'bitwise' knows only the queen's"),
        (["5..7", "--rules", "toroidal", "--solvers", "sat:rule=superqueen"], "sets rule=superqueen"),
        (["5..7", "--rules", "toroidal", "--question", "unique"], "larger group"),
        (["4..6", "--rules", "superqueen", "--problem", "domination"], "is for the counting questions"),
    ],
)
def test_compare_refuses_what_the_rule_cannot_do(capsys, argv, fragment):
    code, _, err = _compare(capsys, *argv)
    assert code == 2 and err.startswith("error: ") and fragment in err, err


# The row trees under a rule: their node profiles against the counter `rules` (its own kernel, no symmetry with
# --nodes), under every propagation and order; generate-and-test; Knuth's estimate against the exact count.
TREE_SETTINGS = [(p, o) for p in ("none", "forward-checking", "arc-consistency") for o in ("static", "first-fail")]


@pytest.mark.parametrize("rule,n", [("superqueen", 11), ("toroidal", 11), ("toroidal", 12)])
@pytest.mark.parametrize("model", ["mary", "permutation"])
def test_the_row_trees_walk_the_rules_tree(model, rule, n):
    exact = count(n, "rules", rule=rule, nodes=True).profile
    plain = count(n, model, rule=rule, nodes=True)
    assert plain.profile == exact and plain.total == OEIS[rule][n - 1]
    for propagation, order in TREE_SETTINGS:
        r = count(n, model, rule=rule, propagation=propagation, order=order, nodes=True)
        assert r.total == OEIS[rule][n - 1], (propagation, order)
        if order == "static":  # pruning removes nodes, never adds them
            assert all(a <= b for a, b in zip(r.profile, exact)), (propagation, order)


@pytest.mark.parametrize("model", ["mary", "permutation"])
def test_generate_and_test_checks_the_rule_on_the_whole_board(model):
    assert count(7, model, rule="toroidal", mode="generate-and-test").total == A051906[6]
    if model == "permutation":
        assert count(10, model, rule="superqueen", mode="generate-and-test").total == A051223[9]


def test_tree_command_takes_the_rule(capsys):
    import json

    assert main(["tree", "12", "--model", "permutation", "--rules", "superqueen", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["rule"] == "superqueen" and doc["feasible"][-1] == A051223[11]
    assert doc["feasible"] == list(count(12, "rules", rule="superqueen", nodes=True).profile)
    assert main(["tree", "7", "--model", "subset", "--rules", "toroidal"]) == 2
    assert "knows only the queen's attack rule" in capsys.readouterr().err


def test_knuths_estimate_walks_the_rules_tree():
    from nqueens.analysis.estimate import estimate

    exact = count(11, "rules", rule="toroidal", nodes=True).nodes
    e = estimate(11, "permutation", probes=20000, seed=3, rule="toroidal")
    assert e.rule == "toroidal" and abs(e.estimate - exact) < 4 * e.stderr


@pytest.mark.slow
def test_compare_plots_name_the_rule(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    from nqueens.analysis import plots

    from nqueens.experiments.runner import problems_from_range, run

    result = run(problems_from_range("10..11"), None, rule="superqueen", timeout=60)
    figure = plots.plot_cactus(result.records)
    assert "rule superqueen" in figure.axes[0].get_title()
    figure = plots.plot_timings(iter(result.records))
    assert "rule superqueen" in figure.axes[0].get_title()
    assert "rule" not in plots.plot_timings([count(8, "dlx")]).axes[0].get_title()
