"""A run on a busy machine says so: each run records the machine's load as it starts, and the tables, ``nqueens
runs`` and the report say when a one-thread run's wall time is far beyond its CPU time, or the load was above the
cores, so that nobody takes such seconds for the solver's."""

import json
import os

from nqueens.analysis.busy import busy_notes, overloaded, stretched

from nqueens.core.record import RunRecord


def test_each_run_records_the_load_as_it_starts_and_the_store_keeps_it(cli, tmp_path):
    store = tmp_path / "runs.sqlite"
    before = os.getloadavg()[0]
    done = cli("compare", "4..6", "--solvers", "bitwise", "--store", store)
    after = os.getloadavg()[0]
    assert done.returncode == 0, done.stderr
    runs = json.loads(cli("runs", "--store", store, "--format", "json").stdout)
    assert [r["n"] for r in runs] == [4, 5, 6]
    for r in runs:  # the one-minute average moves slowly: between the two readings around the runs
        assert min(before, after) - 0.5 <= r["load"] <= max(before, after) + 0.5
        assert r["machine"]["cores"] == os.cpu_count()


def test_a_stretched_or_overloaded_run_is_said_and_a_quiet_one_is_not():
    quiet = RunRecord(12, "bitwise", status="solved", seconds=0.2, cpu_time=0.2, load=0.5, machine={"cores": 2})
    # the cpsat run the store held on the loaded development machine: 225 s of wall time for 24.9 s of CPU
    waited = RunRecord(12, "cpsat", status="solved", seconds=225.0, cpu_time=24.9, load=1.0, machine={"cores": 2})
    loaded = RunRecord(12, "dlx", status="solved", seconds=0.5, cpu_time=0.5, load=12.3, machine={"cores": 2})
    # several threads: its CPU time is several cores' (a stretched wall time is then not what it shows)
    threads = RunRecord(
        12, "cpsat", status="solved", seconds=10.0, cpu_time=2.0, options={"workers": 8}, machine={"cores": 2}
    )
    assert not busy_notes([quiet, threads])
    assert stretched(waited) and not stretched(quiet) and not stretched(threads)
    assert overloaded(loaded) and not overloaded(quiet) and not overloaded(waited)
    notes = busy_notes([quiet, waited, loaded])
    assert len(notes) == 2
    assert "cpsat at n = 12: 225 s wall, 24.9 s CPU" in notes[0]
    assert "load 12.3 on 2 cores" in notes[1]


def test_runs_says_it_under_the_table(cli, tmp_path):
    import sqlite3

    store = tmp_path / "runs.sqlite"
    assert cli("compare", "4..4", "--solvers", "bitwise", "--store", store).returncode == 0
    with sqlite3.connect(store) as db:  # as if made on a 2-core machine under a load of 40
        db.execute("UPDATE experiment_runs SET record = json_set(record, '$.load', 40.0, '$.machine.cores', 2)")
    done = cli("runs", "--store", store)
    assert done.returncode == 0
    assert "note: 1 run started with the machine's load above its cores (load 40 on 2 cores" in done.stderr


def test_the_report_says_it_among_the_facts_of_the_experiment(cli, tmp_path):
    import sqlite3

    store = tmp_path / "runs.sqlite"
    assert cli("compare", "4..4", "--solvers", "bitwise", "--store", store).returncode == 0
    with sqlite3.connect(store) as db:
        db.execute("UPDATE experiment_runs SET record = json_set(record, '$.load', 40.0, '$.machine.cores', 2)")
    page = tmp_path / "report.html"
    done = cli("report", "--store", store, "-o", page)
    assert done.returncode == 0, done.stderr
    text = page.read_text()
    assert "<th>busy machine</th>" in text and "load 40 on 2 cores" in text
