"""``nqueens export``: the files other tools read, checked by reading them back with other tools."""

import signal
import subprocess
import sys
import time

import pytest
from conftest import first_fast
from helpers import run_cli
from nqueens.models import export

import nqueens
from nqueens.cli import main
from nqueens.core.board import is_solution
from nqueens.core.instance import Instance


def read_dimacs(path):
    """Clauses, the declared variable count and the projection, parsed here from the text as the model counting
    competition's format (2024) says: ``c t pmc`` first, the projection in ``c p show ... 0`` lines; the older
    ``c ind ... 0`` line must name the same variables."""
    clauses, ind, show, header, kind = [], [], [], None, None
    with open(path) as handle:
        for line in handle:
            parts = line.split()
            if not parts:
                continue
            if parts[:2] == ["c", "t"]:
                kind = parts[2]
            elif parts[:3] == ["c", "p", "show"]:
                assert parts[-1] == "0"
                show.extend(int(v) for v in parts[3:-1])
            elif parts[:2] == ["c", "ind"]:
                assert parts[-1] == "0"
                ind.extend(int(v) for v in parts[2:-1])
            elif parts[0] == "c":
                continue
            elif parts[0] == "p":
                assert parts[1] == "cnf"
                header = (int(parts[2]), int(parts[3]))
            else:
                assert parts[-1] == "0"
                clauses.append([int(v) for v in parts[:-1]])
    assert header is not None and header[1] == len(clauses)
    assert all(0 < abs(lit) <= header[0] for clause in clauses for lit in clause)
    assert kind == "pmc" and sorted(show) == sorted(ind)
    return clauses, header[0], show


ENCODINGS = ("pairwise", "seqcounter", "ladder", "totalizer", "sortnetwrk", "cardnetwrk", "bitwise")


@pytest.mark.slow  # every encoding, the default too, takes seconds; ganak counts a rule's file in the fast tier
@pytest.mark.parametrize(
    "options",
    [[]] + [["--option", f"encoding={e}"] for e in ENCODINGS[1:]],
    ids=["default", *ENCODINGS[1:]],
)
def test_dimacs_file_counts_to_92_with_ganak_over_the_projection(options, tmp_path):
    import pyganak

    path = tmp_path / "q8.cnf"
    assert main(["export", "8", "--model", "sat", *options, "-o", str(path)]) == 0
    clauses, variables, ind = read_dimacs(path)
    assert sorted(ind) == list(range(1, 65)) and (variables > 64) == bool(options)
    counter = pyganak.Counter()
    counter.new_vars(variables)
    counter.add_clauses(clauses)
    counter.set_sampling_set(ind)
    assert counter.count() == 92


@pytest.mark.parametrize("encoding", ["totalizer", "ladder"])
def test_dimacs_file_enumerates_to_92_with_pysat_over_the_projection(encoding, tmp_path):
    from pysat.solvers import Solver

    path = tmp_path / "q8.cnf"
    assert main(["export", "8", "--model", "sat", "--option", f"encoding={encoding}", "-o", str(path)]) == 0
    clauses, _, ind = read_dimacs(path)
    board = set(ind)
    boards = set()
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        while solver.solve():
            model = solver.get_model()
            queens = tuple(sorted(lit for lit in model if lit > 0 and lit in board))
            boards.add(queens)
            solver.add_clause([-lit for lit in model if abs(lit) in board])
    assert len(boards) == 92
    as_q = {tuple(v - 1 - 8 * r for r, v in enumerate(queens)) for queens in boards}
    assert as_q == set(nqueens.solutions(8, "bitmask-recursive"))


def _solve_with_highs(text, kind, tmp_path):
    """Read an LP or MPS file with HiGHS (an outside reader), solve it; (highs, status name, values by name)."""
    import highspy

    path = tmp_path / f"model.{kind}"
    path.write_text(text)
    highs = highspy.Highs()
    highs.setOptionValue("output_flag", False)
    assert highs.readModel(str(path)) == highspy.HighsStatus.kOk
    highs.run()
    status = highs.modelStatusToString(highs.getModelStatus())
    lp = highs.getLp()
    values = dict(zip(lp.col_names_, (round(v) for v in highs.getSolution().col_value)))
    return highs, status, values


@pytest.mark.parametrize("suffix", ["lp", "mps"])
def test_lp_and_mps_files_read_back_and_solve(suffix, tmp_path):
    n = 10
    path = tmp_path / f"q.{suffix}"
    assert main(["export", str(n), "--model", "mip", "-o", str(path)]) == 0
    highs, status, values = _solve_with_highs(path.read_text(), suffix, tmp_path)
    lp = highs.getLp()
    assert lp.num_col_ == n * n and lp.num_row_ == 2 * n + 2 * (2 * n - 3)
    assert status == "Optimal" and set(lp.integrality_) == {highspy_integer()}
    q = tuple(next(c for c in range(n) if values[f"x_{r}_{c}"] == 1) for r in range(n))
    assert sum(values.values()) == n and is_solution(q)


@pytest.mark.parametrize("rule", ["queen", "toroidal", "superqueen"])
def test_lp_and_mps_are_the_mip_model_written_by_or_tools(rule):
    """One model: the files are OR-tools' own LP and MPS writers run on the model the solver ``mip`` solves."""
    from nqueens.models.mip import model

    inst = Instance.make(7, queens=[(0, 1)], blocked=[(2, 2)], excluded_sum=[5])
    solver, _ = model(7, instance=inst, rule=rule)
    assert export.lp(inst, rule=rule).split("\n", 1)[1] == solver.ExportModelAsLpFormat(False)
    assert export.mps(inst, rule=rule).split("\n", 1)[1] == solver.ExportModelAsMpsFormat(False, False)


def highspy_integer():
    import highspy

    return highspy.HighsVarType.kInteger


@pytest.mark.parametrize("kind", ["lp", "mps"])
def test_instances_fix_the_variables(kind, tmp_path):
    inst = Instance.make(6, queens=[(0, 1)], blocked=[(1, 0)])
    text = export.lp(inst) if kind == "lp" else export.mps(inst)
    _, status, values = _solve_with_highs(text, kind, tmp_path)
    q = tuple(next(c for c in range(6) if values[f"x_{r}_{c}"] == 1) for r in range(6))
    assert status == "Optimal" and q == (1, 3, 5, 0, 2, 4)
    bad = Instance.make(6, queens=[(0, 1)], blocked=[(0, 1)])
    text = export.lp(bad) if kind == "lp" else export.mps(bad)
    assert _solve_with_highs(text, kind, tmp_path)[1] == "Infeasible"


def test_dimacs_of_an_instance_has_its_unit_clauses():
    from pysat.solvers import Solver

    inst = Instance.make(6, queens=[(0, 1)])
    lines = export.dimacs(inst).splitlines()
    clauses = [[int(v) for v in line.split()[:-1]] for line in lines if line and line[0] not in "cp"]
    assert [2] in clauses
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        assert solver.solve()
        assert [v for v in solver.get_model()[:36] if v > 0] == [2, 10, 18, 19, 27, 35]


def test_minizinc_model_and_data(tmp_path):
    path = tmp_path / "q.mzn"
    assert main(["export", "8", "--model", "minizinc", "-o", str(path)]) == 0
    model, data = path.read_text(), (tmp_path / "q.dzn").read_text()
    assert "all_different(q)" in model and "array[1..n] of var 1..n: q;" in model
    assert "n = 8;" in data and "queens = array2d(1..0, 1..2, []);" in data
    _, data = export.minizinc(Instance.make(5, blocked=[(0, 0)], queens=[(2, 3)], excluded_sum=[4]))
    assert "blocked = [| 1, 1 |];" in data and "queens = [| 3, 4 |];" in data and "excluded_sum = {4};" in data


@pytest.mark.slow
def test_stdout_and_errors():
    run = [sys.executable, "-m", "nqueens", "export"]
    done = subprocess.run(
        run + ["4", "--model", "sat", "--option", "encoding=pairwise"], capture_output=True, text=True
    )
    assert done.returncode == 0 and "p cnf 16 84" in done.stdout and done.stderr == ""
    done = subprocess.run(run + ["4", "--model", "cp", "-o", "-"], capture_output=True, text=True)
    assert done.returncode == 0 and "n = 4;" in done.stdout and "all_different" in done.stdout
    for argv in (
        ["8", "--model", "nope"],
        ["8", "--model", "sat", "--option", "nope=1"],
        ["8", "--model", "sat", "--option", "encoding=binary"],
        ["8", "--model", "mip", "--option", "encoding=pairwise"],
        ["8", "--model", "sat", "-o", "/nonexistent-dir/q.cnf"],
        ["8", "--model", "mip", "-o", "q.cnf"],
    ):
        done = subprocess.run(run + argv, capture_output=True, text=True)
        assert done.returncode == 2 and done.stdout == "", argv
        assert done.stderr.startswith("error: ") and len(done.stderr.strip().splitlines()) == 1, argv


@pytest.mark.parametrize(
    "argv",
    first_fast(
        [
            ["3000", "--model", "sat"],
            [str(2**70), "--model", "sat"],
            ["100000", "--model", "sat"],
            ["20000", "--model", "mip", "-o", "x.lp"],
        ],
    ),
)
def test_an_export_that_does_not_fit_is_refused_with_its_size(cli, tmp_path, argv):
    """Refused before any work, with the size. Each of these truly does not fit: for n = 3000 the rows and columns
    alone are 2 * 3000 * C(3000, 2) pairwise clauses of at least 10 bytes, 270 GB; the LP of n = 5000 took 19.7 GB
    of memory to build before this check, which fits a machine of 24 GiB, so n = 20000, 16 times that."""
    done = cli("export", *argv, cwd=tmp_path, timeout=120)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert "would write about" in done.stderr and "of memory to build it; this machine has" in done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_the_size_estimate_is_not_below_the_truth():
    """The estimate of n = 150 against the real text (built here): not less, and within a factor of 3."""
    for write in (export.lp, export.mps, lambda m: export.dimacs(m, encoding="seqcounter")):
        size, peak = export.estimate(write, 150)
        real = len(write(150))
        assert real <= size <= 3 * real and peak >= 2 * size


@pytest.mark.slow  # the fast tier interrupts an export in tests/test_signal_matrix.py, which checks no file is left
def test_an_interrupted_export_leaves_no_file(tmp_path):
    """Ctrl-C while pysat builds a large encoding: interrupted, 130, and neither the file nor its partial copy."""
    target = tmp_path / "t.cnf"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "nqueens",
            "export",
            "250",
            "--model",
            "sat",
            "--option",
            "encoding=totalizer",
            "-o",
            target,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(4)
    assert process.poll() is None, process.communicate()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert (process.returncode, out, err) == (130, "", "interrupted\n")
    assert list(tmp_path.iterdir()) == []


# Exports under another attack rule, read back by the outside tools: Ganak over the projection, HiGHS, Gecode.
# OEIS A051223 (superqueens) and A051906 (toroidal queens).
RULE_COUNTS = {
    ("superqueen", 10): 4,
    ("superqueen", 11): 44,
    ("toroidal", 7): 28,
    ("toroidal", 11): 88,
    ("toroidal", 9): 0,
}


@pytest.mark.parametrize("rule,n", [("superqueen", 10), pytest.param("toroidal", 7, marks=pytest.mark.slow)])
def test_dimacs_of_a_rule_counts_to_oeis_with_ganak(rule, n, tmp_path):
    import pyganak

    path = tmp_path / "r.cnf"
    assert main(["export", str(n), "--rules", rule, "--model", "sat", "-o", str(path)]) == 0
    clauses, variables, ind = read_dimacs(path)
    counter = pyganak.Counter()
    counter.new_vars(variables)
    counter.add_clauses(clauses)
    counter.set_sampling_set(ind)
    assert counter.count() == RULE_COUNTS[rule, n]


@pytest.mark.parametrize("rule,n", [("superqueen", 11), ("toroidal", 11), ("toroidal", 9)])
def test_dimacs_of_a_rule_enumerates_to_oeis_with_pysat(rule, n, tmp_path):
    from pysat.solvers import Solver

    from nqueens.core.rules import get_rule

    path = tmp_path / "r.cnf"
    assert main(["export", str(n), "--rules", rule, "--model", "sat", "-o", str(path)]) == 0
    clauses, _, ind = read_dimacs(path)
    board, found = set(ind), []
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        while solver.solve():
            queens = sorted(lit for lit in solver.get_model() if lit > 0 and lit in board)
            found.append(tuple((v - 1) % n for v in queens))
            solver.add_clause([-lit for lit in queens])
    assert len(found) == RULE_COUNTS[rule, n] and all(get_rule(rule).is_solution(q, n) for q in found)


@pytest.mark.parametrize("suffix", ["lp", "mps"])
@pytest.mark.parametrize("rule,n", [("superqueen", 10), ("toroidal", 11), ("toroidal", 9)])
def test_lp_and_mps_of_a_rule_solve_in_highs(rule, n, suffix, tmp_path):
    from nqueens.core.rules import get_rule

    path = tmp_path / f"r.{suffix}"
    assert main(["export", str(n), "--rules", rule, "--model", "mip", "-o", str(path)]) == 0
    _, status, values = _solve_with_highs(path.read_text(), suffix, tmp_path)
    if RULE_COUNTS[rule, n] == 0:
        assert status == "Infeasible"
        return
    q = tuple(next(c for c in range(n) if values[f"x_{r}_{c}"] == 1) for r in range(n))
    assert status == "Optimal" and get_rule(rule).is_solution(q, n)


@pytest.mark.skipif(__import__("shutil").which("minizinc") is None, reason="no minizinc binary")
@pytest.mark.parametrize("rule,n", [("queen", 8), ("superqueen", 11), ("toroidal", 11)])
def test_minizinc_of_a_rule_enumerates_to_oeis_in_gecode(rule, n, tmp_path):
    path = tmp_path / "m.mzn"
    assert main(["export", str(n), "--rules", rule, "--model", "minizinc", "-o", str(path)]) == 0
    done = subprocess.run(
        ["minizinc", "--solver", "gecode", "--all-solutions", str(path), str(tmp_path / "m.dzn")],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 0 and "==========" in done.stdout, done.stderr[-500:]
    solutions = [line for line in done.stdout.splitlines() if line.startswith("[")]
    assert len(solutions) == {"queen": 92, **{r: RULE_COUNTS.get((r, n), 0) for r in ("superqueen", "toroidal")}}[rule]


def test_export_rules_do_not_apply_to_the_optimisation_problems(capsys):
    assert main(["export", "6", "--problem", "domination", "--model", "mip", "--rules", "superqueen"]) == 2
    assert "--rules applies to the n-queens models" in capsys.readouterr().err


# XCSP3 (written by pycsp3) read back by CPMpy's XCSP3 reader, which parses with pycsp3's own parser and solves
# with OR-tools: the counts against OEIS (A000170, A051223, A051906) and, for instances, the solver dlx.
def _count_xcsp3(path):
    import warnings

    from cpmpy.tools.xcsp3 import load_xcsp3

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "variables already created": each model is its own
        return load_xcsp3(str(path)).solveAll()


@pytest.mark.parametrize(
    "argv,want", [([], 92), (["--rules", "superqueen", "10"], 4), (["--rules", "toroidal", "7"], 28)]
)
def test_xcsp3_export_counts_in_cpmpy(argv, want, tmp_path):
    path = tmp_path / "m.xml"
    n = [a for a in argv if a.isdigit()] or ["8"]
    flags = [a for a in argv if not a.isdigit()]
    assert main(["export", n[0], *flags, "--model", "xcsp3", "-o", str(path)]) == 0
    text = path.read_text()
    assert '<instance format="XCSP3" type="CSP">' in text and "<allDifferent>" in text
    assert _count_xcsp3(path) == want


INSTANCES = ["block-10-40-3.param", "completion-12-4-5.param", "block-10-50-7.param"]


@pytest.mark.parametrize("name", INSTANCES)
def test_export_instance_to_every_format_counts_like_dlx(name, tmp_path):
    import os

    from pysat.solvers import Solver

    from nqueens.core.instance_io import read_instance

    source = os.path.join(os.path.dirname(__file__), "data", name)
    inst = read_instance(source)
    n, want = inst.n, nqueens.count(inst, "dlx").total
    # XCSP3 through CPMpy
    assert main(["export", "--instance", source, "--model", "xcsp3", "-o", str(tmp_path / "i.xml")]) == 0
    assert _count_xcsp3(tmp_path / "i.xml") == want
    # DIMACS through pysat, over the projection
    assert main(["export", "--instance", source, "--model", "sat", "-o", str(tmp_path / "i.cnf")]) == 0
    clauses, _, ind = read_dimacs(tmp_path / "i.cnf")
    board, found = set(ind), set()
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        while solver.solve():
            queens = sorted(lit for lit in solver.get_model() if lit > 0 and lit in board)
            found.add(tuple((v - 1) % n for v in queens))
            solver.add_clause([-lit for lit in queens])
    assert len(found) == want and all(inst.admits(q) for q in found)
    # LP through HiGHS: a solution of the instance, or infeasible
    assert main(["export", "--instance", source, "--model", "mip", "-o", str(tmp_path / "i.lp")]) == 0
    _, status, values = _solve_with_highs((tmp_path / "i.lp").read_text(), "lp", tmp_path)
    if want == 0:
        assert status == "Infeasible"
    else:
        q = tuple(next(c for c in range(n) if values[f"x_{r}_{c}"] == 1) for r in range(n))
        assert status == "Optimal" and inst.admits(q)


def test_export_instance_refusals(capsys):
    import os

    source = os.path.join(os.path.dirname(__file__), "data", "block-10-40-3.param")
    assert main(["export", "9", "--instance", source, "--model", "sat"]) == 2
    assert "N = 9 but the instance" in capsys.readouterr().err
    assert main(["export", "--model", "sat"]) == 2
    assert "give N (the board size) or --instance FILE" in capsys.readouterr().err
    assert main(["export", "6", "--problem", "domination", "--model", "mip", "--instance", source]) == 2
    assert "--instance applies to the n-queens models" in capsys.readouterr().err


# The exported MiniZinc model and data of published instance files, run in the real minizinc binary (Gecode):
# counts against the published answers and, where counts are not published, the two solvers of
# tests/published_answers.json (lines and dlx) or tests/instance_answers.json (dlx).
PUBLISHED = __import__("pathlib").Path(__file__).resolve().parent / "data" / "published"
MZN_INSTANCES = [
    ("block-10-40-1.param", [], 9),  # blocked (prob080), lines and dlx
    ("diag-10-4-1.param", ["--diagonals", "6"], 2),  # excluded diagonals: published satisfiable; lines and dlx
    ("diag-10-4-1.param", ["--diagonals", "7"], 0),  # published unsatisfiable
    ("blockedqueens.28.1449787894.param", [], 10),  # the ASP competition's: published satisfiable
    ("../completion-12-4-5.param", [], 3),  # completion: dlx (tests/instance_answers.json)
]


def _minizinc_all(folder, *files):
    done = subprocess.run(
        ["minizinc", "--solver", "gecode", "--all-solutions", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=folder,
    )
    complete = "==========" in done.stdout or "=====UNSATISFIABLE=====" in done.stdout
    assert done.returncode == 0 and complete, done.stderr[-500:]
    return [[int(v) - 1 for v in line.strip("[]").split(",")] for line in done.stdout.splitlines() if line[:1] == "["]


@pytest.mark.skipif(__import__("shutil").which("minizinc") is None, reason="no minizinc binary")
@pytest.mark.parametrize(
    ("name", "flags", "want"), MZN_INSTANCES, ids=[f"{m[0]}{''.join(m[1])}" for m in MZN_INSTANCES]
)
def test_minizinc_export_of_a_published_instance_counts_in_gecode(name, flags, want, tmp_path):
    from nqueens.core.instance_io import read_instance

    source = PUBLISHED / name
    assert (
        main(["export", "--instance", str(source), *flags, "--model", "minizinc", "-o", str(tmp_path / "i.mzn")]) == 0
    )
    found = _minizinc_all(tmp_path, tmp_path / "i.mzn", tmp_path / "i.dzn")
    diagonals = int(flags[1]) if flags else None
    inst = read_instance(source, diagonals=diagonals)
    assert len(found) == want and len(set(map(tuple, found))) == want
    assert all(is_solution(q) and inst.admits(q) for q in found)


@pytest.mark.skipif(__import__("shutil").which("minizinc") is None, reason="no minizinc binary")
def test_minizinc_export_first_solution_and_the_model_as_a_solver(tmp_path):
    """Plain n = 8: 92 solutions (OEIS A000170), in the binary and through the model as a solver spec; the first
    solution is a solution; an instance file goes through the spec too (block-10-24-833: 30 by lines and dlx)."""
    assert main(["export", "8", "--model", "minizinc", "-o", str(tmp_path / "q.mzn")]) == 0
    assert len(_minizinc_all(tmp_path, tmp_path / "q.mzn", tmp_path / "q.dzn")) == 92
    spec = str(tmp_path / "q.mzn")
    assert nqueens.count(8, spec).total == 92
    (first,) = nqueens.solutions(8, spec, limit=1)
    assert is_solution(first)
    from nqueens.core.instance_io import read_instance

    inst = read_instance(PUBLISHED / "block-10-24-833.param")
    assert nqueens.count(inst, spec).total == 30
    (first,) = nqueens.solutions(inst, spec, limit=1)
    assert is_solution(first) and inst.admits(first)


def test_the_help_names_every_export_format(capsys):
    code, out, err = run_cli(capsys, "--help")
    line = next(line for line in out.splitlines() if line.strip().startswith("export"))
    assert "XCSP3" in line and "MiniZinc" in line and "DIMACS" in line
