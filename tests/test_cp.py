"""The classic CP solver: totals, every strategy and propagator, the MiniZinc handbook's failures, instances."""

import itertools
import json

import pytest
from known import TOTAL
from nqueens.models import cp

import nqueens
from nqueens import NQueensError
from nqueens.cli import main
from nqueens.core.board import is_solution
from nqueens.core.instance import Instance

# The MiniZinc handbook, section "Search": failures to the first solution of n-queens (its nqueens.mzn, the same
# three all-different constraints), for input_order / first_fail with indomain_min / indomain_median.
HANDBOOK_FAILURES = {
    ("input", "min"): {10: 22, 15: 191, 20: 20511, 25: 2212},
    ("input", "median"): {10: 2, 15: 4, 20: 32, 25: 345, 30: 137},
    ("first-fail", "min"): {10: 5, 15: 4, 20: 27, 25: 51, 30: 22, 35: 52, 40: 16, 45: 41},
    ("first-fail", "median"): {10: 0, 15: 12, 20: 16, 25: 25, 30: 66, 35: 12, 40: 44, 45: 18},
}


def brute_force(inst):
    """The solutions of an instance, from every permutation of the columns."""
    n = inst.n
    rows = inst.allowed()
    out = set()
    for q in itertools.permutations(range(n)):
        if all(rows[r] >> c & 1 for r, c in enumerate(q)) and len({r + c for r, c in enumerate(q)}) == n:
            if len({r - c for r, c in enumerate(q)}) == n:
                out.add(q)
    return out


@pytest.mark.parametrize("var", list(cp.VARIABLE_STRATEGIES))
@pytest.mark.parametrize("value", list(cp.VALUE_STRATEGIES))
def test_every_strategy_counts_and_enumerates(var, value):
    for n in (1, 2, 3, 6, 8):
        assert nqueens.count(n, "cp", var=var, value=value).total == TOTAL[n]
    assert set(nqueens.solutions(7, "cp", var=var, value=value)) == set(nqueens.solutions(7, "bitmask-recursive"))


@pytest.mark.parametrize("propagation", list(cp.PROPAGATION))
def test_both_propagators_count(propagation):
    for n in range(1, 10):
        assert nqueens.count(n, "cp", propagation=propagation).total == TOTAL[n]


@pytest.mark.parametrize(("strategy", "n"), [(s, n) for s, row in HANDBOOK_FAILURES.items() for n in row if n <= 30])
def test_handbook_failures_to_the_first_solution(strategy, n):
    var, value = strategy
    stats = {}
    (batch,) = cp.batches(n, limit=1, stats=stats, var=var, value=value)
    assert is_solution(batch[0].tolist())
    assert stats["failures"] == HANDBOOK_FAILURES[strategy][n]


def test_bounds_prune_more_than_value_removal():
    bounds = nqueens.count(10, "cp", propagation="bounds").stats
    value = nqueens.count(10, "cp", propagation="value").stats
    assert bounds["failures"] < value["failures"] and bounds["branches"] < value["branches"]


def test_first_fail_needs_fewer_failures_than_input_order():
    """Haralick and Elliott's point on the full tree of 10 queens."""
    assert nqueens.count(10, "cp", var="first-fail").stats["failures"] < nqueens.count(10, "cp").stats["failures"]


def test_count_10_on_the_command_line(capsys):
    assert main(["count", "10", "--solver", "cp", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["total"] == 724 and doc["solver"] == "cp"
    assert doc["stats"]["failures"] > 0 and doc["stats"]["branches"] > doc["stats"]["failures"]
    assert doc["stats"]["first_solution_seconds"] > 0 and doc["stats"]["wall_time"] >= 0


def test_solve_10_input_min_first_solution(capsys):
    assert (
        main(
            [
                "solve",
                "10",
                "--solver",
                "cp",
                "--option",
                "var=input",
                "--option",
                "value=min",
                "--limit",
                "1",
                "--json",
            ]
        )
        == 0
    )
    (q,) = json.loads(capsys.readouterr().out)["solutions"]
    assert is_solution(q)
    # Input order, smallest column first: the lexicographically first solution.
    assert tuple(q) == next(nqueens.solutions(10, "bitmask-recursive"))


@pytest.mark.slow
def test_first_solution_of_300_queens():
    (q,) = nqueens.solutions(300, "cp", var="first-fail", limit=1)
    assert is_solution(q)


@pytest.mark.slow
def test_random_strategies_follow_the_seed():
    def first(seed):
        return next(nqueens.solutions(12, "cp", var="random", value="random", seed=seed))

    assert first(1) == first(1) and is_solution(first(1))
    assert len({first(seed) for seed in range(6)}) > 1


def test_unknown_strategy_lists_the_allowed_ones():
    with pytest.raises(NQueensError, match="input, first-fail, min-value, max-regret, random"):
        nqueens.count(8, "cp", var="smallest-domain")
    with pytest.raises(NQueensError, match="min, max, middle, median, split, random"):
        nqueens.count(8, "cp", value="mid")
    with pytest.raises(NQueensError, match="bounds, value"):
        nqueens.count(8, "cp", propagation="domain")


@pytest.mark.slow
def test_limit_stops_the_search():
    stats = {}
    got = [row for batch in cp.batches(12, limit=3, stats=stats) for row in batch.tolist()]
    assert len(got) == 3 and all(is_solution(q) for q in got)
    assert stats["branches"] < nqueens.count(12, "cp").stats["branches"]


@pytest.mark.parametrize(
    "inst",
    [
        Instance.make(6, blocked=[(0, 1), (2, 2), (4, 5)]),
        Instance.make(8, queens=[(0, 2)]),
        Instance.make(7, excluded_sum=[3, 9], excluded_difference=[0]),
        Instance.make(8, blocked=[(7, 7)], queens=[(3, 0), (0, 4)], excluded_difference=[2]),
        Instance.make(6, queens=[(0, 0), (1, 1)]),  # two queens on a diagonal: no solution
        Instance.make(5, blocked=[(2, c) for c in range(5)]),  # a row with no square
    ],
    ids=["blocked", "completion", "excluded", "mixed", "inconsistent", "empty-row"],
)
def test_instances_against_brute_force(inst):
    want = brute_force(inst)
    assert cp.count(inst.n, instance=inst).total == len(want)
    got = [tuple(row) for batch in cp.batches(inst.n, instance=inst, var="first-fail") for row in batch.tolist()]
    assert len(got) == len(set(got)) and set(got) == want


def test_first_solution_gives_up_after_max_failures():
    q, stats = cp.first_solution(20, max_failures=20511)
    assert q is None and stats["failures"] > 20511 - 100
    q, stats = cp.first_solution(20, max_failures=20512)
    assert is_solution(q) and stats["failures"] == HANDBOOK_FAILURES["input", "min"][20]


def test_search_strategies_script(tmp_path):
    import importlib.util
    import sys
    from pathlib import Path

    scripts = Path(__file__).resolve().parent.parent / "scripts"
    sys.path.insert(0, str(scripts))
    try:
        spec = importlib.util.spec_from_file_location("search_strategies", scripts / "search_strategies.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(scripts))
    assert module.main([str(tmp_path), "--ns", "10,15", "--seeds", "1"]) == 0
    text = (tmp_path / "search_strategies.md").read_text()
    assert "agree with the handbook in 8 of 8 cells" in text
    header = next(line for line in text.splitlines() if line.startswith("| n | input-min"))
    row15 = next(line for line in text.splitlines() if line.startswith("| 15 |"))
    cells = dict(zip(*([c.strip() for c in line.strip("|").split("|")] for line in (header, row15))))
    for (var, value), published in HANDBOOK_FAILURES.items():
        name = f"{'input' if var == 'input' else 'ff'}-{value}"
        assert cells[f"{name} (handbook)"] == cells[f"{name} (cp)"] == f"{published[15]:,}"
    assert (tmp_path / "search_strategies.png").read_bytes().startswith(b"\x89PNG")
