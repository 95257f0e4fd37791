"""The python-constraint CSP: streaming with a limit, its instrumented effort, its four algorithms."""

import constraint
import pytest
from known import TOTAL
from nqueens.models import csp

import nqueens
from nqueens import NQueensError
from nqueens.core.board import is_solution, parse_boards
from nqueens.cli import main


def forward_checking_assignments(n):
    """Values tried by row-order backtracking with forward checking, from the problem's statement alone.

    Row k tries every column its domain still holds (the columns no earlier queen attacks); a value is kept when
    no later row is left without a column.
    """

    def free(placed, row):
        return [c for c in range(n) if all(c != q and abs(c - q) != row - r for r, q in enumerate(placed))]

    tried = 0
    frontier = [()]
    for k in range(n):
        kept = []
        for placed in frontier:
            values = free(placed, k)
            tried += len(values)
            for v in values:
                child = placed + (v,)
                if all(free(child, row) for row in range(k + 1, n)):
                    kept.append(child)
        frontier = kept
    assert len(frontier) == TOTAL[n]
    return tried


def test_solve_with_limit_reads_only_what_it_prints(capsys, monkeypatch):
    pulled = []
    finished = []
    original = constraint.OptimizedBacktrackingSolver.getSolutionIter

    def spy(self, *args):
        for solution in original(self, *args):
            pulled.append(solution)
            yield solution
        finished.append(True)

    def no_list(self, *args):
        raise AssertionError("getSolutions builds the whole list")

    monkeypatch.setattr(constraint.OptimizedBacktrackingSolver, "getSolutionIter", spy)
    monkeypatch.setattr(constraint.OptimizedBacktrackingSolver, "getSolutions", no_list)
    assert main(["solve", "8", "--solver", "csp", "--limit", "3"]) == 0
    boards = parse_boards(capsys.readouterr().out)
    assert len(boards) == 3 and all(is_solution(q) for q in boards)
    assert len(pulled) == 3 and not finished


@pytest.mark.parametrize("n", range(1, 10))
def test_assignments_are_the_forward_checking_tree(n):
    r = nqueens.count(n, "csp")
    assert r.total == TOTAL[n]
    assert r.stats["assignments"] == forward_checking_assignments(n)
    assert r.stats["constraint_calls"] >= r.stats["assignments"]


def test_limit_costs_less_effort():
    p, effort = csp.problem(10)
    stream = p.getSolutionIter()
    next(stream)
    partial = effort.as_dict()
    full = nqueens.count(10, "csp").stats
    assert 0 < partial["assignments"] < full["assignments"]
    assert 0 < partial["constraint_calls"] < full["constraint_calls"]


@pytest.mark.parametrize("algorithm", ["default", "backtracking", "recursive"])
def test_complete_algorithms_agree_with_the_oracle(algorithm):
    for n in range(1, 9):
        assert nqueens.count(n, "csp", algorithm=algorithm).total == TOTAL[n]
    assert set(nqueens.solutions(7, "csp", algorithm=algorithm)) == set(nqueens.solutions(7, "bitmask-recursive"))


@pytest.mark.parametrize("n", [1, 8, 10, 50])
def test_min_conflicts_finds_one_solution(n):
    first = list(nqueens.solutions(n, "csp", algorithm="min-conflicts"))
    assert len(first) == 1 and is_solution(first[0])
    assert list(nqueens.solutions(n, "csp", algorithm="min-conflicts")) == first


def test_min_conflicts_limits():
    with pytest.raises(NQueensError, match="cannot count"):
        nqueens.count(8, "csp", algorithm="min-conflicts")
    with pytest.raises(NQueensError, match="found no solution for n = 3"):
        list(nqueens.solutions(3, "csp", algorithm="min-conflicts"))


def test_bad_algorithm():
    with pytest.raises(NQueensError, match="option algorithm must be one of"):
        nqueens.count(8, "csp", algorithm="fastest")
    with pytest.raises(NQueensError, match="algorithm must be one of default"):
        csp.count(8, algorithm="fastest")


def backtracking_assignments(n):
    """Values tried by row-order backtracking without propagation: every column, below each partial placement."""
    partial = [()]
    tried = 0
    for k in range(n):
        tried += n * len(partial)
        partial = [
            p + (c,) for p in partial for c in range(n) if all(c != q and abs(c - q) != k - r for r, q in enumerate(p))
        ]
    return tried


@pytest.mark.parametrize("algorithm", ["default", "backtracking", "recursive"])
def test_without_propagation_every_column_is_tried(algorithm):
    for n in range(1, 8):
        r = nqueens.count(n, "csp", algorithm=algorithm, propagation="none")
        assert r.total == TOTAL[n]
        assert r.stats["assignments"] == backtracking_assignments(n)


def test_first_fail_algorithms_try_fewer_values_than_row_order():
    default = nqueens.count(8, "csp").stats["assignments"]
    assert nqueens.count(8, "csp", algorithm="backtracking").stats["assignments"] < default
    assert nqueens.count(8, "csp", algorithm="recursive").stats["assignments"] < default


def test_incomplete_names_min_conflicts():
    reason = csp.incomplete(algorithm="min-conflicts")
    assert reason == "min-conflicts finds one solution by local search, not all of them"
    assert csp.incomplete(algorithm="default", propagation="none") is None
