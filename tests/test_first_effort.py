"""Effort for every question: a first-solution run reports the search up to its solution, as a count reports
the whole search; MiniZinc's statistics are read before its process ends, CP-SAT's first solution is an
ordinary solve whose parameters the record states."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import nqueens
import nqueens.experiments

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "queens.mzn"

# N. Wirth, "Program development by stepwise refinement" (CACM 14, 1971): the backtracking program tests 876
# positions before it has the first solution of the 8 queens (rows in order, columns in increasing order).
WIRTH_TESTS_8 = 876


def _first_nodes(n):
    """Feasible nodes (root included) of plain row-by-row backtracking up to its first solution, by hand."""
    seen = 0

    def place(q):
        nonlocal seen
        seen += 1
        if len(q) == n:
            return True
        row = len(q)
        for c in range(n):
            if all(c != x and abs(c - x) != row - r for r, x in enumerate(q)):
                if place(q + [c]):
                    return True
        return False

    place([])
    return seen


def _first(solvers, n=8):
    result = nqueens.experiments.run([n], solvers, question="first", nodes=True, store="none")
    return {r.solver: r for r in result.records}


@pytest.mark.parametrize("n", [6, 8, 10])
def test_tree_models_count_up_to_the_first_solution(n):
    runs = _first(["mary", "permutation"], n)
    for run in runs.values():
        assert run.status == "sat" and run.effort, run
        # A part of the tree a count walks whole (2,057 feasible nodes at n = 8, Knuth).
        assert 0 < run.effort["nodes"] < nqueens.count(n, run.solver, nodes=True).nodes
    assert runs["mary"].effort["nodes"] == _first_nodes(n)  # the same order: columns increasing, row by row
    if n == 8:
        assert runs["mary"].effort["tests"] == WIRTH_TESTS_8


def test_forward_checking_walks_fewer_nodes_to_the_same_first_solution():
    runs = _first(["mary", "mary:propagation=forward-checking"])
    plain, fc = runs["mary"], runs["mary:propagation=forward-checking"]
    assert plain.solution == fc.solution  # the same lexicographic first solution
    assert 0 < fc.effort["nodes"] < plain.effort["nodes"] and fc.effort["pruned"] > 0


def test_sat_reports_the_calls_up_to_the_first_solution():
    from nqueens.models.sat import clauses
    from pysat.solvers import Solver

    run = _first(["sat"], 12)["sat"]
    cnf, _ = clauses(12)
    with Solver(name="cadical195", bootstrap_with=cnf) as alone:  # the same formula, one call, by pysat itself
        assert alone.solve()
        expected = alone.accum_stats()
    assert run.effort["decisions"] == expected["decisions"] > 0
    assert run.effort["conflicts"] == expected["conflicts"]


def test_cpsat_first_solution_is_an_ordinary_solve():
    from ortools.sat.python import cp_model

    run = _first(["cpsat"])["cpsat"]
    assert run.stats["parameters"]["enumerate_all_solutions"] is False
    assert run.stats["parameters"]["num_workers"] == 1
    # A plain CP-SAT model of the same encoding (all different on q, q + i, q - i), solved once with the same
    # parameters: the same search, the same branches.
    m = cp_model.CpModel()
    q = [m.new_int_var(0, 7, f"q{i}") for i in range(8)]
    m.add_all_different(q)
    m.add_all_different([q[i] + i for i in range(8)])
    m.add_all_different([q[i] - i for i in range(8)])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    assert solver.solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    assert run.effort["branches"] == solver.num_branches


@pytest.mark.skipif(shutil.which("minizinc") is None, reason="needs the minizinc binary")
def test_minizinc_first_solution_statistics_equal_minizinc_s():
    run = _first([str(EXAMPLE)])[str(EXAMPLE)]
    out = subprocess.run(
        ["minizinc", "--solver", "gecode", "-s", "-D", "n=8;", str(EXAMPLE)], capture_output=True, text=True, check=True
    ).stdout
    said = dict(re.findall(r"%%%mzn-stat: (\w+)=(\S+)", out))
    assert run.effort["search_nodes"] == int(said["nodes"])
    assert run.effort["failures"] == int(said["failures"])
    # The minizinc process tree's own memory (minizinc and fzn-gecode, each some MiB), not this interpreter's.
    assert run.memory_note is None and 5 < run.memory_added < run.peak_memory + 100
