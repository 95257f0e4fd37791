"""Run records in the field's shape: sat/unsat, split times, PAR2, versions and machine in JSON and per-run CSV;
``nqueens runs --check`` and ``--compare``."""

import csv
import io
import json
import os
import platform

import pytest
from helpers import run_cli

from nqueens.core.instance_io import read_instance
from nqueens.core.record import CSV_COLUMNS, RunRecord
from nqueens.runtime.store import ResultStore

DATA = os.path.join(os.path.dirname(__file__), "data")
SAT, UNSAT = "block-10-40-3.param", "block-10-50-7.param"


def brute_force_solutions(instance):
    """Every solution of an instance, by a plain backtracking written here (one queen per row)."""
    doc = instance.to_dict()
    n, blocked = doc["n"], {tuple(square) for square in doc.get("blocked", [])}
    fixed = {r: c for r, c in doc.get("queens", [])}
    sums, diffs = set(doc.get("excluded_sum", [])), set(doc.get("excluded_difference", []))
    found = []

    def place(q):
        r = len(q)
        if r == n:
            found.append(tuple(q))
            return
        for c in [fixed[r]] if r in fixed else range(n):
            if (r, c) in blocked or r + c in sums or r - c in diffs:
                continue
            if all(c != qc and abs(c - qc) != r - qr for qr, qc in enumerate(q)):
                place([*q, c])

    place([])
    return found


@pytest.fixture(scope="module")
def answers():
    return {name: brute_force_solutions(read_instance(os.path.join(DATA, name))) for name in (SAT, UNSAT)}


@pytest.mark.slow
def test_first_on_sat_and_unsat_instances_in_json_and_per_run_csv(tmp_path, capsys, answers):
    assert answers[SAT] and not answers[UNSAT]  # the two instances are what their names say
    files = [os.path.join(DATA, name) for name in (SAT, UNSAT)]
    store = str(tmp_path / "runs.sqlite")
    argv = ["compare", "--instances", *files, "--solvers", "cpsat,dlx", "--question", "first", "--store", store]
    code, out, err = run_cli(capsys, *argv, "--json")
    assert code == 0, err
    runs = json.loads(out)
    assert [(r["instance"], r["solver"]) for r in runs] == [(i, s) for i in (SAT, UNSAT) for s in ("cpsat", "dlx")]
    for r in runs:
        assert r["status"] == r["result"] == ("sat" if r["instance"] == SAT else "unsat"), r
        if r["instance"] == SAT:
            assert tuple(r["solution"]) in answers[SAT]
        assert r["instance_path"] == os.path.abspath(os.path.join(DATA, r["instance"]))
        assert r["instance_digest"] == read_instance(r["instance_path"]).digest
        assert r["time_read"] > 0 and r["time_total"] == pytest.approx(r["time_read"] + r["seconds"])
        assert r["par2"] == r["seconds"] and r["par2_penalised"] is False
        if r["solver"] == "cpsat":  # a model built, then solved: the two parts of its seconds
            assert 0 < r["time_model"] and r["time_model"] + r["time_solve"] == pytest.approx(r["seconds"])
        else:  # dlx builds no model: it does not split its time
            assert r["time_model"] is None and r["time_solve"] is None
        assert r["versions"]["python"] == platform.python_version() and "ortools" in r["versions"]
        assert r["machine"]["cores"] == os.cpu_count() and r["machine"]["cpu"] and r["machine"]["python"]
    code, out, err = run_cli(capsys, *argv, "--format", "csv")  # the same runs, now from the store
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 4 and list(rows[0]) == list(CSV_COLUMNS)
    assert [r["status"] for r in rows] == ["sat", "sat", "unsat", "unsat"] and all(r["reused"] == "True" for r in rows)
    assert all(r["cpu"] and int(r["cores"]) == os.cpu_count() and json.loads(r["versions"])["nqueens"] for r in rows)


@pytest.mark.slow
def test_models_report_the_time_to_build_and_the_time_to_solve(capsys):
    code, out, err = run_cli(capsys, "compare", "6..7", "--solvers", "cpsat,sat,mip,dlx", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 8, err
    for row in rows:
        if row["solver"] == "dlx":  # no model to build: it does not split its time
            assert row["time_model"] == row["time_solve"] == ""
            continue
        model, solve, seconds = float(row["time_model"]), float(row["time_solve"]), float(row["seconds"])
        assert 0 < model and 0 < solve and model + solve <= seconds * 1.01, row


def _plant(store, record, **changes):
    doc = {**record, **changes}
    doc.pop("id")
    ResultStore(store).record_experiment_run(f"planted-{changes['solver']}", doc)


def test_runs_check_flags_a_planted_inconsistency(tmp_path, capsys):
    store = str(tmp_path / "runs.sqlite")
    files = [os.path.join(DATA, name) for name in (SAT, UNSAT)]
    argv = ["compare", "--instances", *files, "--solvers", "dlx", "--question", "first", "--store", store]
    assert run_cli(capsys, *argv)[0] == 0
    assert run_cli(capsys, "compare", "8", "--solvers", "bitwise", "--store", store)[0] == 0
    code, out, _ = run_cli(capsys, "runs", "--store", store, "--check")
    assert code == 0 and "all 3 runs" in out and "consistent" in out
    stored = ResultStore(store).experiment_runs()
    sat = next(r for r in stored if r["instance"] == SAT)
    _plant(store, sat, solver="liar", status="unsat", solution=None)  # unsat beside dlx's solution
    count = next(r for r in stored if r["n"] == 8)
    _plant(store, count, solver="miscount", total=91)  # a count the published values contradict
    code, out, _ = run_cli(capsys, "runs", "--store", store, "--check", "--json")
    found = json.loads(out)
    assert code == 1 and sorted(f["solver"] for f in found) == ["liar", "miscount"]
    why = {f["solver"]: f["why"] for f in found}
    assert "unsat, but dlx found a solution" in why["liar"] and "A000170 has 92" in why["miscount"]
    code, out, _ = run_cli(capsys, "runs", "--store", store, "--check")
    assert code == 1 and "2 of 5 runs" in out and "liar" in out


def test_runs_compare_two_stores(tmp_path, capsys):
    a, b = str(tmp_path / "a.sqlite"), str(tmp_path / "b.sqlite")
    assert run_cli(capsys, "compare", "6..8", "--solvers", "bitwise", "--store", a)[0] == 0
    assert run_cli(capsys, "compare", "7..9", "--solvers", "dlx", "--store", b)[0] == 0
    code, out, err = run_cli(capsys, "runs", "--compare", a, b, "--json")
    result = json.loads(out)
    assert code == 0, err
    assert [(r["problem"], r["a_status"], r["b_status"], r["change"]) for r in result["rows"]] == [
        ("7", "solved", "solved", "same"),
        ("8", "solved", "solved", "same"),
    ]
    assert result["summary"]["a"]["answered"] == result["summary"]["b"]["answered"] == 2
    code, out, err = run_cli(capsys, "runs", "--store", a, "--compare", "bitwise", "nothing")
    assert code == 2 and "neither a store file nor a column" in err and out == ""


def test_par2_and_the_json_form():
    stopped = RunRecord(12, "generate-test", status="timeout", timeout=1.5)
    assert (stopped.par2, stopped.par2_penalised, stopped.result) == (3.0, True, "unknown")
    unlimited = RunRecord(12, "generate-test", status="error")
    assert unlimited.par2 is None and not unlimited.par2_penalised
    solved = RunRecord(8, "fast", status="solved", total=92, unique=12, classes={4: 1, 8: 11}, seconds=0.5)
    doc = json.loads(json.dumps(solved.to_dict()))
    assert doc["classes"] == {"4": 1, "8": 11} and doc["result"] == "sat" and doc["par2"] == 0.5
    back = RunRecord.from_dict(doc)
    assert back.classes == {4: 1, 8: 11} and back.to_dict() == solved.to_dict()
    assert RunRecord.from_dict({"n": 8, "solver": "old", "status": "solved", "total": 92}).version is None


def test_to_pandas_without_pandas_is_one_clear_error(monkeypatch):
    import builtins

    from nqueens import NQueensError
    from nqueens.experiments import runner as experiment

    result = experiment.run(experiment.problems_from_range("5"), experiment.parse_solvers("bitwise"), store="none")
    real = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("no pandas here")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    with pytest.raises(NQueensError, match="needs pandas: pip install pandas"):
        result.to_pandas()


def test_an_experiment_reads_as_what_it_found():
    from nqueens.experiments import runner as experiment

    result = experiment.run(experiment.problems_from_range("2..4"), experiment.parse_solvers("bitwise"), store="none")
    assert repr(result) == "<Experiment question='count': 3 runs (3 solved); 3 problems (n = 2..4); solvers bitwise>"
    assert [r.result for r in result.records] == ["unsat", "unsat", "sat"]  # n = 2, 3 have no solution (A000170)
    frame = pytest.importorskip("pandas") and result.to_pandas()
    assert list(frame.columns) == list(CSV_COLUMNS) and frame["total"].tolist() == [0, 0, 2]
