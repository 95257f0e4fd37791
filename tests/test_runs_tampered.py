"""A tampered experiment store: ``nqueens runs`` says which run is damaged in one line (no traceback), and ``runs
--check`` lists every run that does not hold up, the damaged ones included: what ``history`` rejects in a count
(orbit classes that do not make the total), an impossible status or n, a number stored as text, an empty record.

The consistent values are OEIS A000170/A002562 for n = 8 (92 solutions, 12 fundamental: 11 of orbit 8, 1 of 4)."""

import json
import sqlite3

import pytest
from helpers import run_cli


@pytest.fixture
def store(tmp_path, capsys):
    path = str(tmp_path / "runs.sqlite")
    code, _, err = run_cli(capsys, "compare", "7..8", "--solvers", "bitwise", "--question", "unique", "--store", path)
    assert code == 0, err
    return path


def _tamper(path, n, change):
    db = sqlite3.connect(path)
    with db:
        run_id, text = next(
            (i, r) for i, r in db.execute("SELECT id, record FROM experiment_runs") if json.loads(r)["n"] == n
        )
        record = json.loads(text)
        changed = change(record)
        db.execute("UPDATE experiment_runs SET record = ? WHERE id = ?", (json.dumps(changed), run_id))
    db.close()
    return run_id


TAMPERINGS = {
    "an empty record": (lambda r: {}, "no n"),
    "a total stored as text": (lambda r: {**r, "total": str(r["total"])}, "total"),
    "an impossible status": (lambda r: {**r, "status": "splendid"}, "status"),
    "an impossible n": (lambda r: {**r, "n": -8}, "n = -8"),
    "classes that do not make the total": (lambda r: {**r, "classes": {"8": 11, "4": 2}}, "classes"),
}


@pytest.mark.parametrize("case", list(TAMPERINGS))
def test_runs_names_a_damaged_run_in_one_line(store, capsys, case):
    change, word = TAMPERINGS[case]
    run_id = _tamper(store, 8, change)
    code, out, err = run_cli(capsys, "runs", "--store", store)
    assert code == 2 and out == "" and err.count("\n") == 1, (code, out, err)
    assert err.startswith("error: ") and f"run {run_id}" in err and word in err, err

    code, out, err = run_cli(capsys, "runs", "--store", store, "--check")
    assert code == 1 and "Traceback" not in err, (code, out, err)
    lines = [line for line in out.splitlines() if line.startswith("run ")]
    assert len(lines) == 1 and lines[0].startswith(f"run {run_id}:") and word in lines[0], out

    code, out, _ = run_cli(capsys, "runs", "--store", store, "--check", "--json")
    found = json.loads(out)
    assert code == 1 and [row["id"] for row in found] == [run_id]


def test_a_damaged_stored_run_is_made_again_not_reused(store, capsys):
    _tamper(store, 8, lambda r: {**r, "total": "92"})
    code, out, err = run_cli(
        capsys, "compare", "7..8", "--solvers", "bitwise", "--question", "unique", "--store", store, "--json"
    )
    assert code == 0, err
    runs = {r["n"]: r for r in json.loads(out)}
    assert runs[8]["total"] == 92 and runs[8]["reused"] is False and runs[7]["reused"] is True


def test_runs_check_names_a_run_stored_twice(capsys, tmp_path):
    path = tmp_path / "m.sqlite"
    argv = ["compare", "5..6", "--solvers", "bitwise", "--store", str(path), "--quiet"]
    assert run_cli(capsys, *argv)[0] == 0
    assert run_cli(capsys, *argv, "--fresh")[0] == 0
    code, out, err = run_cli(capsys, "runs", "--store", str(path), "--check")
    assert code == 1 and out.count("stored again") == 2 and "2 of 4 runs" in out, out


def test_runs_check_refuses_infinite_cpu_time_and_negative_memory(capsys, tmp_path):
    import sqlite3

    path = tmp_path / "m.sqlite"
    assert run_cli(capsys, "compare", "5..6", "--solvers", "bitwise", "--store", str(path), "--quiet")[0] == 0
    db = sqlite3.connect(path)
    (first, record), (second, other) = db.execute("SELECT id, record FROM experiment_runs ORDER BY id").fetchall()
    doc = json.loads(record)
    doc["cpu_time"] = float("inf")  # written by json as Infinity, read back as inf
    db.execute("UPDATE experiment_runs SET record = ? WHERE id = ?", (json.dumps(doc), first))
    doc = json.loads(other)
    doc["peak_memory"] = -1
    db.execute("UPDATE experiment_runs SET record = ? WHERE id = ?", (json.dumps(doc), second))
    db.commit()
    db.close()
    code, out, err = run_cli(capsys, "runs", "--store", str(path), "--check")
    assert code == 1 and "cpu_time inf" in out and "peak_memory -1" in out, out
    code, out, err = run_cli(capsys, "runs", "--store", str(path), "--json")
    assert code == 2 and "Infinity" not in out and out == ""
