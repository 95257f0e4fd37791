"""Optimisation as a question of the experiment layer: the runner's worker processes and limits, the store, seeds,
outside optimisers (Python, CPMpy, MiniZinc) judged as the built-ins are, and the one record.

The published optima are OEIS A075458 (queen domination) and A250000 (peaceable queens), written here from the
OEIS pages; solutions are checked by a verifier written in this file.
"""

import json
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from helpers import run_cli

from nqueens.core.fields import NUMBER
from nqueens.core.record import RunRecord, declared, records_frame
from nqueens.experiments.runner import run

DOMINATION = {1: 1, 2: 1, 3: 1, 4: 2, 5: 3, 6: 3, 7: 4, 8: 5}  # OEIS A075458
PEACEABLE = {1: 0, 2: 0, 3: 1, 4: 2, 5: 4, 6: 5, 7: 7}  # OEIS A250000
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

OPTIMISERS = '''
import time


def row(problem, n, *, timeout=None, improved):
    """The middle row full of queens: a dominating set, optimal for no board above 3."""
    improved([(n // 2, c) for c in range(n)])
    return "feasible"


def sleepy(problem, n, *, timeout=None, improved):
    """Reports the middle row, then ignores its time limit."""
    improved([(n // 2, c) for c in range(n)])
    time.sleep(600)
    return "optimal"


def liar(problem, n, *, timeout=None, improved):
    """Claims the middle row optimal."""
    improved([(n // 2, c) for c in range(n)])
    return "optimal"


def cheat(problem, n, *, timeout=None, improved):
    """A queen in a corner, said to dominate."""
    improved([(0, 0)])
    return "optimal"


def wide(problem, n, *, timeout=None, improved, rows=1):
    """Says what it does, and fills the middle rows (its option rows)."""
    print("filling", rows, "rows")
    improved([(n // 2 + k, c) for k in range(rows) for c in range(n)])
    return "feasible"


def miscount(problem, n, *, timeout=None, improved):
    """The middle row, said to hold one queen."""
    improved([(n // 2, c) for c in range(n)], objective=1)
    return "feasible"
'''


def _attack(a, b):
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])


def dominates(n, queens):
    queens = [tuple(q) for q in queens]
    return all((r, c) in queens or any(_attack((r, c), q) for q in queens) for r in range(n) for c in range(n))


@pytest.fixture
def plugin(tmp_path):
    path = tmp_path / "optimisers.py"
    path.write_text(OPTIMISERS)
    return lambda name: f"{path}:{name}"


@pytest.mark.slow
def test_built_ins_and_a_python_optimiser_in_worker_processes(plugin):
    result = run(
        range(4, 7),
        f"cpsat,sat,mip,cp:var=random,{plugin('row')}",
        question="optimize",
        problem="domination",
        timeout=30,
        memory=4096,
        seeds=2,
        store="none",
    )
    by = {}
    for r in result.records:
        by.setdefault(r.solver.rpartition(":")[2] if "optimisers" in r.solver else r.solver, []).append(r)
        assert r.solution is not None and dominates(r.n, r.solution) and len(r.solution) == r.objective
        assert r.curve and r.curve[-1][1] == r.objective and r.time_best == r.curve[-1][0]
    for name in ("cpsat", "sat", "mip", "cp:var=random"):
        for r in by[name]:
            assert r.status == "optimal" and r.objective == DOMINATION[r.n] == r.bound and r.gap == 0, r.message
            assert r.time_proof == r.seconds
    assert [r.seed for r in by["cp:var=random"]] == [1, 2] * 3 and [r.seed for r in by["sat"]] == [None] * 3
    assert [r.status for r in by["row"]] == ["feasible"] * 3 and [r.objective for r in by["row"]] == [4, 5, 6]
    assert any("sat, mip" in note and "deterministic" in note for note in result.notes)


@pytest.mark.slow
def test_an_optimiser_past_its_limit_is_killed_and_keeps_its_best_solution(plugin):
    def timed(name):
        start = time.monotonic()
        (r,) = run([5], plugin(name), question="optimize", problem="domination", timeout=2, store="none").records
        return r, time.monotonic() - start

    quick, reference = timed("row")  # the same worker start, and no waiting
    stopped, seconds = timed("sleepy")
    assert quick.status == "feasible"
    assert stopped.status == "feasible" and stopped.objective == 5 and dominates(5, stopped.solution)
    assert "time limit of 2 s" in stopped.message and stopped.bound is None
    assert seconds - reference < 2 + 1, (seconds, reference)  # killed within a second of the limit


def test_wrong_claims_are_wrong(plugin):
    result = run(
        [5],
        ",".join(["cpsat", plugin("liar"), plugin("cheat"), plugin("miscount")]),
        question="optimize",
        problem="domination",
        store="none",
    )
    status = {r.solver.rpartition(":")[2]: (r.status, r.message) for r in result.records}
    assert status["cpsat"] == ("optimal", None)
    assert status["liar"][0] == "wrong" and "claims 5 optimal" in status["liar"][1]
    assert status["cheat"] == (
        "wrong",
        "a solution it reported fails the check: square (1, 2) is neither occupied nor attacked",
    )
    assert status["miscount"] == ("wrong", "it reported objective 1 for a solution of 5")
    assert result.failures == 3


def test_an_optimisers_keyword_parameters_are_its_options_and_its_prints_stay_off_stdout(plugin, capsys):
    code, out, err = run_cli(capsys, "optimize", "domination", "6", "--solver", plugin("wide") + ":rows=2", "--json")
    (doc,) = json.loads(out)
    assert code == 0 and doc["status"] == "feasible" and doc["objective"] == 12 and doc["options"] == {"rows": 2}
    assert "filling 2 rows" in err
    code, _, err = run_cli(capsys, "optimize", "domination", "6", "--solver", plugin("wide") + ":cols=2")
    assert code == 2 and "has no option 'cols'; its options: rows" in err


def test_check_solver_fails_a_wrong_optimiser_and_passes_a_right_one(plugin, capsys):
    code, out, _ = run_cli(capsys, "check-solver", plugin("liar"))
    assert code == 1 and "check_optimize" in out and "FAILED" in out and "OEIS A075458" in out
    code, out, _ = run_cli(capsys, "check-solver", "sat", "--check", "check_optimize")
    assert code == 0 and "check_optimize  passed   n = 1..6" in out


def test_a_cpmpy_optimisation_model(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(
        "import cpmpy as cp\n\n"
        "def model(problem, n):\n"
        "    x = cp.boolvar(shape=(n, n), name='x')\n"
        "    m = cp.Model([cp.any([x[i, j] for i in range(n) for j in range(n)\n"
        "                          if i == r or j == c or i - j == r - c or i + j == r + c])\n"
        "                  for r in range(n) for c in range(n)])\n"
        "    m.minimize(cp.sum(list(x.flat)))\n"
        "    return m, {'x': x}\n"
    )
    records = run(range(1, 7), f"{path}:model", question="optimize", problem="domination", store="none").records
    assert [(r.status, r.objective) for r in records] == [("optimal", DOMINATION[n]) for n in range(1, 7)]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("minizinc") is None, reason="no minizinc binary")
def test_a_minizinc_optimisation_model_runs_unchanged_beside_the_built_ins(capsys):
    model = EXAMPLES / "domination.mzn"
    assert "solve minimize" in model.read_text()
    code, out, err = run_cli(
        capsys, "compare", "4..7", "--problem", "domination", "--solvers", f"cpsat,{model}", "--timeout", "60"
    )
    assert code == 0, err
    rows = [line.split("|")[1:-1] for line in out.splitlines() if line.startswith("| ") and "solver" not in line]
    assert {(int(r[0]), r[1].strip()) for r in rows} == {(n, s) for n in range(4, 8) for s in ("cpsat", str(model))}
    for row in rows:
        assert row[2].strip() == "optimal" and int(row[3]) == DOMINATION[int(row[0])]
    assert "the 8 proven optima agree with each other and with OEIS A075458 (n = 4..7)" in out
    # a model that is not an optimisation model is refused, in one line, where it cannot answer
    code, out, err = run_cli(
        capsys, "compare", "5", "--problem", "domination", "--solvers", f"{EXAMPLES / 'queens.mzn'}"
    )
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "cannot answer optimize: it has no optimisation model" in err


@pytest.mark.slow
def test_the_store_keeps_optimisation_runs_and_runs_lists_them(tmp_path, capsys):
    store = str(tmp_path / "opt.sqlite")
    argv = ["compare", "4..6", "--problem", "peaceable", "--solvers", "cpsat,sat", "--timeout", "30", "--store", store]
    code, out, err = run_cli(capsys, *argv)
    assert code == 0, err
    assert "the 6 proven optima agree with each other and with OEIS A250000 (n = 4..6)" in out
    code, again, err = run_cli(capsys, *argv, "--format", "json")
    docs = json.loads(again)
    assert code == 0 and all(d["reused"] for d in docs) and len(docs) == 6
    code, out, _ = run_cli(capsys, "runs", "--store", store)
    header = [cell.strip() for cell in out.splitlines()[0].split("|")[1:-1]]
    rows = [[cell.strip() for cell in line.split("|")[1:-1]] for line in out.splitlines()[2:]]
    assert {"problem", "objective", "bound", "status"} <= set(header) and len(rows) == 6
    for row in rows:
        cells = dict(zip(header, row))
        assert cells["problem"] == "peaceable" and cells["status"] == "optimal"
        assert int(cells["objective"]) == PEACEABLE[int(cells["n"])] == float(cells["bound"])


@pytest.mark.slow  # 20 s; an interrupted and resumed count is in the fast tier (test_experiment_faults.py)
def test_ctrl_c_keeps_the_finished_runs_and_the_same_command_resumes(tmp_path, capsys):
    store = tmp_path / "opt.sqlite"
    argv = ["compare", "4..7", "--problem", "peaceable", "--solvers", "cpsat,sat", "--seeds", "2", "--timeout", "60"]
    argv += ["--memory", "4G", "--store", str(store)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 600  # a limit a busy machine meets (an idle one stores two runs in seconds)
        while time.monotonic() < deadline and _stored(store) < 2 and proc.poll() is None:
            time.sleep(0.1)  # until it has stored a run or two: it is under way
        assert proc.poll() is None, "the experiment ended before the signal"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130 and err.strip().splitlines()[-1] == "interrupted" and out == ""
    kept = _stored(store)
    code, again, err = run_cli(capsys, *argv, "--format", "json")
    docs = json.loads(again)
    assert code == 0 and len(docs) == 12 and sum(d["reused"] for d in docs) == kept >= 2, err
    # A run that reaches its 60 s limit before its proof (n = 7 on a busy machine) is feasible: a solution no
    # larger than the optimum. Every proven one is OEIS A250000's.
    assert all(d["status"] in ("optimal", "feasible") and d["objective"] <= PEACEABLE[d["n"]] for d in docs)
    assert all(d["objective"] == PEACEABLE[d["n"]] for d in docs if d["status"] == "optimal")


def _stored(path):
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(path, timeout=5) as db:
            tables = [row[0] for row in db.execute("select name from sqlite_master where type = 'table'")]
            table = next((t for t in tables if "experiment" in t), None)
            return 0 if table is None else db.execute(f"select count(*) from {table}").fetchone()[0]
    except sqlite3.Error:
        return 0


def test_a_field_added_to_the_record_in_one_place_is_in_the_csv_pandas_and_runs():
    @dataclass(eq=False)
    class Measured(RunRecord):
        energy: float | None = field(default=None, metadata=declared(NUMBER, run=True))

    from nqueens.analysis.compare import format_runs

    from nqueens.experiments.execute import _settle

    record = Measured(8, "bitwise", "count")
    _settle(record, {"status": "solved", "total": 92, "seconds": 0.5, "energy": 1.25}, None)
    assert record.energy == 1.25 and "energy" in Measured.from_run()
    assert record.to_row()["energy"] == 1.25 and "energy" in Measured.columns()
    assert records_frame([record])["energy"].tolist() == [1.25]
    header, row = format_runs([record], "csv").splitlines()
    assert dict(zip(header.split(","), row.split(",")))["energy"] == "1.25"
    assert json.loads(format_runs([record], "json"))[0]["energy"] == 1.25


@pytest.mark.slow
def test_the_optimisation_plots(tmp_path):
    records = run(
        range(4, 7), "cpsat,cp:var=random,sat", question="optimize", problem="domination", seeds=3, store="none"
    ).records
    from nqueens.analysis.plots import plot_anytime, plot_cactus, plot_profile

    fig = plot_anytime(records, tmp_path / "anytime.png", timeout=10)
    assert (tmp_path / "anytime.png").read_bytes()[:4] == b"\x89PNG"
    bands = [c for c in fig.axes[0].collections if len(c.get_paths())]  # the seeds' spread of cpsat and cp
    assert len(bands) == 2
    profile = plot_profile(records, tmp_path / "profile.svg")
    assert [line.get_ydata()[-1] for line in profile.axes[0].get_lines()] == [1.0, 1.0, 1.0]  # every n proved
    plot_cactus(records, tmp_path / "proof.png", timeout=10)
    assert (tmp_path / "proof.png").stat().st_size > 10_000


def test_an_optimisation_runs_improvements_are_timed_on_the_runs_own_clock(capsys):
    # The time to the first and to the best solution are moments inside the run: never after its end.
    code, out, err = run_cli(capsys, "optimize", "domination", "1..5", "--solvers", "cpsat,sat", "--json")
    assert code == 0, err
    runs = json.loads(out)
    assert len(runs) == 10
    for r in runs:
        assert r["status"] == "optimal" and r["objective"] == DOMINATION[r["n"]]
        assert 0 <= r["seconds_to_first"] <= r["time_best"] <= r["seconds"], r
        assert all(0 <= moment <= r["seconds"] for moment, _ in r["curve"]), r


def test_cpsat_optimisation_refuses_fewer_than_one_worker(capsys):
    # CP-SAT reads num_workers = 0 as "all cores" and refuses a negative number as an invalid model: neither is
    # the number the user asked for, and a refused model is not "no solution and no proof".
    for workers in ("0", "-1"):
        code, out, err = run_cli(capsys, "optimize", "domination", "5", "--solvers", f"cpsat:workers={workers}")
        assert (code, out) == (2, ""), err
        assert err == f"error: workers must be an integer >= 1, got {workers}\n"


def test_compare_refuses_counting_options_for_an_optimisation(capsys):
    # Domination and peaceable queens are posed with the queen's moves, and an optimisation run has no node
    # columns: a rule or --nodes there is a mistake to say, not an option to drop or to blame on each solver.
    base = ["compare", "4..5", "--problem", "domination", "--solvers", "cpsat"]
    for extra, said in (
        (["--rules", "superqueen"], "--rules superqueen"),
        (["--rules", "toroidal"], "--rules toroidal"),
        (["--nodes"], "--nodes"),
    ):
        code, out, err = run_cli(capsys, *base, *extra)
        assert (code, out) == (2, ""), err
        assert err.startswith(f"error: {said} ") and len(err.splitlines()) == 1, err
        assert "--question optimize" in err, err


def test_sat_and_mip_optimisation_runs_report_their_effort(capsys):
    # The effort vocabulary holds for every question: a SAT run counts its conflicts and decisions, a MIP run its
    # branch-and-bound nodes and simplex iterations, CP-SAT under CPMpy its branches, whether it counts or optimises.
    code, out, err = run_cli(capsys, "optimize", "domination", "6", "--solvers", "sat,mip,cpmpy", "--json")
    assert code == 0, err
    runs = {r["solver"]: r for r in json.loads(out)}
    assert {r["objective"] for r in runs.values()} == {DOMINATION[6]}
    assert {"conflicts", "decisions", "propagations"} <= set(runs["sat"]["effort"]), runs["sat"]["effort"]
    assert runs["sat"]["effort"]["decisions"] > 0
    assert {"lp_nodes", "lp_iterations"} <= set(runs["mip"]["effort"]), runs["mip"]["effort"]
    assert runs["mip"]["effort"]["lp_iterations"] > 0
    assert "nodes" not in runs["mip"]["stats"]  # the word of a named tree's nodes, not SCIP's
    assert {"branches", "conflicts"} <= set(runs["cpmpy"]["effort"]), runs["cpmpy"]["effort"]  # CP-SAT under CPMpy


@pytest.mark.skipif(shutil.which("minizinc") is None, reason="needs the minizinc binary")
def test_a_minizinc_optimisation_model_reports_its_effort(capsys):
    code, out, err = run_cli(capsys, "optimize", "domination", "6", "--solvers", EXAMPLES / "domination.mzn", "--json")
    assert code == 0, err
    (r,) = json.loads(out)
    assert r["status"] == "optimal" and r["objective"] == DOMINATION[6]
    assert r["effort"]["search_nodes"] == r["stats"]["mzn_nodes"] > 0, r["effort"]
    assert r["effort"]["failures"] == r["stats"]["mzn_failures"], r["effort"]
