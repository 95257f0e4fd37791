"""Optimisation in the queens family (nqueens.optimize): domination and peaceable queens, proven by several
solvers and checked against the published values and an independent brute force.

The published values are OEIS A075458 (queen domination number) and A250000 (peaceable queens), written here
from the OEIS pages; the solutions are checked by a verifier written in this file, not the library's.
"""

import itertools
import json

import pytest
from conftest import first_fast
from helpers import run_cli

from nqueens.core.errors import NQueensError
from nqueens.core.record import RunRecord
from nqueens.experiments.judge import judge
from nqueens.optimize import compare, optimize

# OEIS A075458 n = 1..8 and A250000 n = 1..7.
DOMINATION = {1: 1, 2: 1, 3: 1, 4: 2, 5: 3, 6: 3, 7: 4, 8: 5}
PEACEABLE = {1: 0, 2: 0, 3: 1, 4: 2, 5: 4, 6: 5, 7: 7}


def _attack(a, b):
    (r1, c1), (r2, c2) = a, b
    return r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


def dominates(n, queens):
    """Every square holds a queen or shares a row, column or diagonal with one."""
    queens = [tuple(q) for q in queens]
    return all((r, c) in queens or any(_attack((r, c), q) for q in queens) for r in range(n) for c in range(n))


def peaceful(n, white, black):
    white, black = [tuple(s) for s in white], [tuple(s) for s in black]
    squares = white + black
    return (
        len(white) == len(black)
        and len(set(squares)) == len(squares)
        and all(0 <= r < n and 0 <= c < n for r, c in squares)
        and not any(_attack(w, b) for w in white for b in black)
    )


def check(result):
    """The run is proven optimal at the published value, and its solution is one."""
    known = (DOMINATION if result.problem == "domination" else PEACEABLE)[result.n]
    assert result.status == "optimal", (result.n, result.solver, result.status, result.message)
    assert result.objective == known == result.bound, (result.n, result.solver, result.objective, result.bound)
    if result.problem == "domination":
        assert len(result.solution) == known and dominates(result.n, result.solution)
    else:
        white, black = result.solution
        assert len(white) == known and peaceful(result.n, white, black)


# Three solvers each, all the way up (the fastest here for the largest board; the others meet below).
@pytest.mark.parametrize("solver", first_fast(["sat", "mip", "cp"]))
def test_domination_numbers_1_to_8(solver):
    for result in compare("domination", range(1, 9), [solver]):
        check(result)


@pytest.mark.parametrize("solver", first_fast(["sat", "cp", "cpsat:symmetry=true"]))
def test_peaceable_armies_1_to_7(solver):
    for result in compare("peaceable", range(1, 8), [solver]):
        check(result)


@pytest.mark.parametrize("backend", ["ortools", "exact", "choco"])
def test_cpmpy_backends_on_small_boards(backend):
    for result in compare("domination", range(1, 7), [f"cpmpy:backend={backend}"]):
        check(result)
    for result in compare("peaceable", range(1, 5), [f"cpmpy:backend={backend}"]):
        check(result)


@pytest.mark.parametrize("problem", ["domination", pytest.param("peaceable", marks=pytest.mark.slow)])
def test_every_solver_with_and_without_symmetry_on_small_boards(problem):
    for result in compare(problem, range(1, 6), "cpsat,cp,mip,sat,cpsat:symmetry=true,cp:var=random"):
        check(result)


def test_domination_optimum_is_a_minimum_by_brute_force():
    """No set of one queen fewer dominates (n <= 6: at most C(36, 2) sets to try)."""
    for n in range(2, 7):
        squares = [(r, c) for r in range(n) for c in range(n)]
        k = optimize("domination", n, "sat").objective
        assert not any(dominates(n, s) for s in itertools.combinations(squares, k - 1))


def test_peaceable_optimum_is_a_maximum_by_brute_force():
    """No white army of one more has a black army of its size in peace (n <= 4)."""
    for n in range(2, 5):
        squares = [(r, c) for r in range(n) for c in range(n)]
        m = optimize("peaceable", n, "cp").objective
        for white in itertools.combinations(squares, m + 1):
            free = [s for s in squares if s not in white and not any(_attack(s, w) for w in white)]
            assert len(free) < m + 1


@pytest.mark.parametrize("solver", first_fast(["cpsat", "cp", "mip", "sat"]))
def test_a_time_limit_gives_the_best_found_and_a_bound(solver):
    """Peaceable queens on 11 x 11 is not proven in a second: a verified army (or none) and a bound above it."""
    result = optimize("peaceable", 11, solver, timeout=1)
    assert result.status in ("feasible", "timeout"), result.status
    if result.status == "feasible":
        white, black = result.solution
        assert peaceful(11, white, black) and result.objective == len(white) <= 17  # A250000(11) = 17
        assert result.bound is None or result.bound >= 17
        assert result.curve and result.seconds_to_first is not None


def _run(problem, n, solver, status, solution):
    """A run holding ``solution`` (checked on the board by the judge) and its objective."""
    objective = len(solution) if problem == "domination" else len(solution[0])
    return RunRecord(n, solver, "optimize", problem=problem, status=status, objective=objective, solution=solution)


# Witnesses checked by this file's own verifier before use: a 5-queen dominating set of 8 x 8 (A075458(8) = 5) and
# two peaceful armies of 7 on 7 x 7 (A250000(7) = 7).
DOMINATING_8 = [[1, 5], [2, 2], [3, 1], [4, 7], [7, 2]]
ARMIES_7 = (
    [[0, 3], [0, 4], [3, 5], [3, 6], [4, 4], [4, 5], [4, 6]],
    [[1, 0], [2, 0], [5, 0], [5, 1], [5, 2], [6, 0], [6, 1]],
)


def test_judge_marks_an_optimum_another_solver_beats_as_wrong():
    row = [[0, c] for c in range(30)]  # a full row dominates the board: 30 queens, n = 30 is unpublished
    assert dominates(30, row)
    runs = [_run("domination", 30, "a", "optimal", row + [[1, 0]]), _run("domination", 30, "b", "feasible", row)]
    judge(runs)
    assert [r.status for r in runs] == ["wrong", "feasible"]
    assert "claims 31 optimal, but b found 30" in runs[0].message


def test_judge_marks_an_optimum_unlike_the_published_value_as_wrong():
    white, black = ARMIES_7[0][:6], ARMIES_7[1][:6]  # one queen fewer in each army is still peaceful
    assert peaceful(7, white, black)
    run = _run("peaceable", 7, "a", "optimal", [white, black])
    judge([run])
    assert run.status == "wrong" and "OEIS A250000 has 7 for n = 7" in run.message


def test_judge_leaves_agreeing_runs_alone():
    assert dominates(8, DOMINATING_8) and peaceful(7, *ARMIES_7)
    runs = [
        _run("domination", 8, "a", "optimal", DOMINATING_8),
        _run("domination", 8, "b", "feasible", DOMINATING_8 + [[0, 0]]),
    ]
    assert judge(runs) == [] and [r.status for r in runs] == ["optimal", "feasible"]


def test_judge_marks_an_objective_held_without_a_solution_as_wrong():
    run = RunRecord(8, "a", "optimize", problem="domination", status="optimal", objective=5)
    judge([run])
    assert run.status == "wrong" and "without a solution" in run.message


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: optimize("dominion", 5), "problem must be one of domination, peaceable"),
        (lambda: optimize("domination", 0), "must be an integer >= 1"),
        (lambda: optimize("domination", 41), "the optimisation models take n <= 40"),
        (lambda: optimize("domination", True), "board sizes are integers"),
        (lambda: optimize("domination", 5, "bitwise"), "bitwise cannot answer optimize"),
        (lambda: optimize("domination", 5, timeout=0), "timeout must be a positive number"),
        (lambda: compare("domination", [], ["sat"]), "at least one problem"),
        (lambda: compare("domination", [5], "sat,sat"), "named twice"),
        (lambda: compare("domination", [5], "sat,"), "empty entry"),
        (lambda: compare("domination", [5], "cpsat:symmetry=maybe"), "symmetry"),
        (lambda: compare("domination", [5], "sat:backend=exact"), "has no option 'backend'"),
        (lambda: compare("domination", [5], "cpmpy:backend=gurobi"), "ortools, exact, pysat, choco, z3"),
    ],
)
def test_bad_arguments_are_refused(call, message):
    with pytest.raises(NQueensError, match=message.replace("[", r"\[").replace("|", r"\|").replace(".", r"\.")):
        call()


@pytest.mark.slow
def test_the_command_prints_the_table_and_draws_the_curves(capsys, tmp_path):
    plot = tmp_path / "anytime.png"
    code, out, err = run_cli(
        capsys,
        "compare",
        "4..6",
        "--problem",
        "domination",
        "--question",
        "optimize",
        "--solvers",
        "cpsat,mip,sat,cp",
        "--timeout",
        "60",
        "--plot",
        plot,
    )
    assert code == 0, err
    rows = [line.split("|")[1:-1] for line in out.splitlines() if line.startswith("| ") and "solver" not in line]
    assert len(rows) == 12
    for row in rows:
        n, solver, status, objective, bound = (cell.strip() for cell in row[:5])
        assert status == "optimal" and int(objective) == DOMINATION[int(n)] and float(bound) == int(objective)
    assert "12 solutions verified; the 12 proven optima agree with each other and with OEIS A075458" in out
    assert plot.stat().st_size > 10_000 and plot.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.slow
def test_solve_and_optimize_give_one_board(capsys):
    code, out, _ = run_cli(capsys, "solve", "8", "--problem", "domination", "--solver", "sat")
    assert code == 0 and "solver sat: optimal" in out
    board = [line for line in out.splitlines() if line and set(line) <= {".", "Q"} and len(line) == 8]
    queens = [(r, c) for r, line in enumerate(board) for c, mark in enumerate(line) if mark == "Q"]
    assert len(board) == 8 and len(queens) == 5 and dominates(8, queens)
    code, out, _ = run_cli(capsys, "optimize", "peaceable", "6", "--solver", "cpsat", "--symmetry", "--json")
    (doc,) = json.loads(out)
    assert code == 0 and doc["status"] == "optimal" and doc["objective"] == PEACEABLE[6] and doc["options"]["symmetry"]
    assert peaceful(6, *doc["solution"]) and len(doc["solution"][0]) == 5


@pytest.mark.parametrize(
    "argv, message",
    [
        (["optimize", "dominion", "5"], "problem must be one of domination, peaceable"),
        (["optimize", "domination", "5..3"], "error: "),
        (["optimize", "domination", "5", "--solver", "cp", "--solvers", "sat"], "--solver or --solvers"),
        (["optimize", "domination", "5", "--plot", "a.txt"], ".png or .svg"),
        (["compare", "4..5", "--question", "optimize"], "give --problem domination or peaceable"),
        (["compare", "4..5", "--problem", "peaceable", "--question", "count"], "ask question optimize"),
        (["compare", "4..5", "--problem", "peaceable", "--plot", "a.png", "--plot-kind", "ecdf"], "anytime, profile"),
        (["optimize", "peaceable", "5", "--solver", "cp", "--symmetry"], "has the option 'symmetry'"),
        (["compare", "4..5", "--plot", "a.png", "--plot-kind", "anytime"], "is for --question optimize"),
        (["solve", "8", "--problem", "domination", "--limit", "2"], "--limit does not apply"),
        (["solve", "8", "--timeout", "3"], "--timeout applies to --problem domination or peaceable"),
    ],
)
def test_bad_command_lines_get_one_error_line(capsys, argv, message):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ") and message in err, err


# -- export: read back and solved by outside tools -------------------------------------------------------------


@pytest.mark.parametrize("problem, n, suffix", [("domination", 6, "lp"), ("peaceable", 5, "mps")])
def test_lp_and_mps_exports_solve_to_the_published_optimum_in_highs(problem, n, suffix, tmp_path, capsys):
    import highspy

    path = tmp_path / f"model.{suffix}"
    code, _, err = run_cli(capsys, "export", n, "--problem", problem, "--model", "mip", "-o", path)
    assert code == 0, err
    highs = highspy.Highs()
    highs.setOptionValue("output_flag", False)
    assert highs.readModel(str(path)) == highspy.HighsStatus.kOk
    highs.run()
    assert highs.modelStatusToString(highs.getModelStatus()) == "Optimal"
    known = (DOMINATION if problem == "domination" else PEACEABLE)[n]
    assert round(highs.getInfo().objective_function_value) == known


@pytest.mark.parametrize("symmetry", ["no", "yes"])
@pytest.mark.parametrize("problem, n", [("domination", 6), ("peaceable", 5)])
def test_wcnf_export_solves_to_the_published_optimum_in_rc2(problem, n, symmetry, tmp_path, capsys):
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF

    path = tmp_path / "model.wcnf"
    code, _, err = run_cli(
        capsys, "export", n, "--problem", problem, "--model", "sat", "--option", f"symmetry={symmetry}", "-o", path
    )
    assert code == 0, err
    with RC2(WCNF(from_file=str(path))) as rc2:
        model = rc2.compute()
        cost = rc2.cost
    known = (DOMINATION if problem == "domination" else PEACEABLE)[n]
    assert cost == (known if problem == "domination" else n * n - known)
    board = [int(v) for v in path.read_text().splitlines()[1].split(":")[1].split()]
    chosen = [(i // n, i % n) for i, v in enumerate(board) if model[v - 1] > 0]
    if problem == "domination":
        assert len(chosen) == known and dominates(n, chosen)
    else:
        black_ids = [int(v) for v in path.read_text().splitlines()[2].split(":")[1].split()]
        black = [(i // n, i % n) for i, v in enumerate(black_ids) if model[v - 1] > 0]
        assert len(chosen) == known and peaceful(n, chosen, black)


@pytest.mark.skipif(__import__("shutil").which("minizinc") is None, reason="no minizinc binary")
@pytest.mark.parametrize("problem, n", [("domination", 5), ("peaceable", 5)])
def test_minizinc_export_solves_to_the_published_optimum_in_gecode(problem, n, tmp_path, capsys):
    import subprocess

    path = tmp_path / "model.mzn"
    code, _, err = run_cli(capsys, "export", n, "--problem", problem, "--model", "minizinc", "-o", path)
    assert code == 0, err
    done = subprocess.run(["minizinc", "--solver", "gecode", str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "==========" in done.stdout, done.stderr
    known = (DOMINATION if problem == "domination" else PEACEABLE)[n]
    last = done.stdout.split("----------")[-2].strip().splitlines()
    assert int(last[0].split(":")[1]) == known
    grid = last[1:]
    if problem == "domination":
        queens = [(r, c) for r, row in enumerate(grid) for c, mark in enumerate(row) if mark == "Q"]
        assert len(queens) == known and dominates(n, queens)
    else:
        white = [(r, c) for r, row in enumerate(grid) for c, mark in enumerate(row) if mark == "W"]
        black = [(r, c) for r, row in enumerate(grid) for c, mark in enumerate(row) if mark == "B"]
        assert len(white) == known and peaceful(n, white, black)


def test_cpsat_optimises_with_its_declared_workers_option(capsys):
    from nqueens.cli import main

    r = optimize("domination", 5)
    assert r.status == "optimal" and r.objective == 3  # OEIS A075458(5)
    assert r.options["workers"] == r.stats["workers"] == 1  # the declaration's default, as for counting
    assert optimize("domination", 5, workers=2).stats["workers"] == 2
    assert main(["optimize", "domination", "5", "--workers", "2", "--json"]) == 0
    (doc,) = json.loads(capsys.readouterr().out)
    assert doc["options"]["workers"] == doc["stats"]["workers"] == 2
