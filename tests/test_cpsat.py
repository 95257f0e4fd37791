"""The CP-SAT model: counts, its statistics, the single-worker guard, lex-leader symmetry breaking, streaming."""

import json
import threading

import pytest
from helpers import run_cli
from known import TOTAL, UNIQUE
from nqueens.models import cpsat

import nqueens
from nqueens import NQueensError
from nqueens.cli import main
from nqueens.core.board import is_solution


def images(q):
    """The 8 images of a solution under the symmetries of the square, computed on the board's squares."""
    n = len(q)
    squares = [(r, c) for r, c in enumerate(q)]
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (c, n - 1 - r),
        lambda r, c: (n - 1 - r, n - 1 - c),
        lambda r, c: (n - 1 - c, r),
        lambda r, c: (r, n - 1 - c),
        lambda r, c: (n - 1 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (n - 1 - c, n - 1 - r),
    ]
    out = []
    for f in maps:
        board = dict(f(r, c) for r, c in squares)
        out.append(tuple(board[r] for r in range(n)))
    return out


def cpsat_threads():
    return [t for t in threading.enumerate() if t.name == "cpsat-enumerate"]


def test_count_10_json_has_solver_statistics(capsys):
    assert main(["count", "10", "--solver", "cpsat", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["total"] == 724 and doc["solver"] == "cpsat"
    stats = doc["stats"]
    assert stats["branches"] > 0 and stats["conflicts"] > 0 and stats["status"] == "OPTIMAL"
    assert stats["binary_propagations"] > 0 and stats["wall_time"] > 0 and stats["first_solution_seconds"] > 0


def test_no_solution_statistics():
    r = nqueens.count(3, "cpsat")
    assert r.total == 0 and r.stats["status"] == "INFEASIBLE" and r.stats["first_solution_seconds"] is None


@pytest.mark.parametrize("n", range(1, 11))
def test_lex_leader_counts_fundamental_solutions(n):
    r = nqueens.count(n, "cpsat", symmetry=True)
    assert r.unique == UNIQUE[n] and r.total == TOTAL[n]
    assert sum(r.classes.values()) == r.unique
    assert sum(size * number for size, number in r.classes.items()) == r.total


def test_lex_leader_enumerates_the_canonical_representatives():
    fundamental = list(nqueens.solutions(8, "cpsat", symmetry=True))
    assert len(fundamental) == 12
    assert all(q == min(images(q)) for q in fundamental)
    orbits = {image for q in fundamental for image in images(q)}
    assert orbits == set(nqueens.solutions(8, "bitmask-recursive"))


@pytest.mark.parametrize("call", ["count", "solutions"])
def test_more_than_one_worker_is_refused_for_enumeration(call):
    with pytest.raises(NQueensError, match="only with one search worker"):
        if call == "count":
            nqueens.count(8, "cpsat", workers=2)
        else:
            list(nqueens.solutions(8, "cpsat", workers=4))


def test_guard_on_the_command_line(capsys):
    assert main(["count", "8", "--solver", "cpsat", "--option", "workers=2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "one search worker" in err and len(err.strip().splitlines()) == 1


def test_bad_worker_counts_and_first_without_enumeration():
    with pytest.raises(NQueensError, match="workers must be an integer >= 1"):
        nqueens.count(8, "cpsat", workers=0)
    with pytest.raises(NQueensError, match="cannot count"):
        nqueens.count(8, "cpsat", first=True)


def test_first_with_several_workers():
    (q,) = nqueens.solutions(30, "cpsat", first=True, workers=2)
    assert is_solution(q)


@pytest.mark.slow
def test_first_solution_for_200_queens():
    (q,) = nqueens.solutions(200, "cpsat", first=True)
    assert len(q) == 200 and is_solution(q)


def test_limit_stops_the_search():
    got = list(nqueens.solutions(14, "cpsat", limit=3))
    assert len(got) == 3 and all(is_solution(q) for q in got)
    assert cpsat_threads() == []


def test_closing_the_stream_stops_the_worker():
    stream = cpsat.batches(16)
    chunk = next(stream)
    assert len(chunk) > 0 and all(is_solution(q) for q in chunk.tolist())
    assert len(cpsat_threads()) == 1
    stream.close()
    assert cpsat_threads() == []


@pytest.mark.parametrize("var", ["input", "first-fail", "min-value"])
@pytest.mark.parametrize("value", ["auto", "min", "max", "median", "split"])
def test_fixed_search_strategies_count(var, value):
    for n in (1, 4, 6, 8):
        assert nqueens.count(n, "cpsat", var=var, value=value).total == TOTAL[n]


def test_value_needs_a_variable_strategy():
    with pytest.raises(NQueensError, match="needs a variable strategy"):
        nqueens.count(6, "cpsat", value="min")
    with pytest.raises(NQueensError, match="auto, input, first-fail, min-value"):
        nqueens.count(6, "cpsat", var="max-regret")


def test_incomplete_options_are_named():
    assert cpsat.incomplete(first=True) == "first=true finds one solution, not all of them"
    assert cpsat.incomplete(first=False, symmetry=True, var="input") is None
    with pytest.raises(NQueensError, match="first=true finds one solution, not all of them: it cannot count"):
        cpsat.count(8, first=True)


def test_stream_statistics():
    stats = {}
    assert sum(len(b) for b in cpsat.batches(8, stats=stats)) == 92
    assert stats["status"] == "OPTIMAL" and stats["branches"] > 0 and stats["first_solution_seconds"] > 0


def test_instances():
    from test_cp import brute_force

    from nqueens.core.instance import Instance

    for inst in (
        Instance.make(7, blocked=[(0, 1), (3, 3)], queens=[(6, 2)]),
        Instance.make(8, excluded_sum=[7], excluded_difference=[0]),
        Instance.make(6, queens=[(0, 0), (1, 1)]),
    ):
        want = brute_force(inst)
        assert cpsat.count(inst.n, instance=inst).total == len(want)
        assert {tuple(r) for b in cpsat.batches(inst.n, instance=inst) for r in b.tolist()} == want
    with pytest.raises(NQueensError, match="symmetry=lex"):
        cpsat.count(6, instance=Instance.make(6, queens=[(0, 1)]), symmetry=True)


def test_cpsat_with_symmetry_answers_the_unique_question(capsys):
    """Its count gives unique solutions and classes (option symmetry=true): asked `unique`, it answers them."""
    from known import TOTAL, UNIQUE

    code, out, err = run_cli(
        capsys, "compare", "6..8", "--solvers", "cpsat:symmetry=true,bitwise", "--question", "unique", "--json"
    )
    assert code == 0, err
    import json

    runs = json.loads(out)
    assert {(r["solver"], r["n"]): (r["status"], r["total"], r["unique"]) for r in runs} == {
        (s, n): ("solved", TOTAL[n], UNIQUE[n]) for s in ("cpsat:symmetry=true", "bitwise") for n in (6, 7, 8)
    }
