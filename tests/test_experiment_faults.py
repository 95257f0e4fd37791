"""Runs in worker processes: limits, crashes, a killed experiment resumed, parallel workers, a Dask cluster.

Crashes are injected with ``NQUEENS_WORKER_FAULT``, which only the worker process reads: the run of one solver
on one ``n`` then dies by SIGSEGV or ``os.abort``, allocates without end, or hangs.
"""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import uuid

import pytest
from conftest import first_fast
from known import TOTAL

from nqueens.experiments import runner as experiment
from nqueens.runtime.store import ResultStore

NQUEENS = [sys.executable, "-m", "nqueens"]


def compare(*argv, env=None, store=None):
    environment = dict(os.environ, **(env or {}))
    if store is not None:
        environment["NQUEENS_STORE"] = str(store)
    done = subprocess.run([*NQUEENS, "compare", *argv], capture_output=True, text=True, env=environment, timeout=600)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize(
    "fault, status, words",
    [
        pytest.param("segv", "error", "signal SIGSEGV", marks=pytest.mark.slow),
        *first_fast(
            [
                ("wrong", "wrong", "OEIS A000170"),
                ("abort", "error", "signal SIGABRT"),
                ("memory", "memout", "memory"),
                ("raise", "error", "injected fault"),
            ],
        ),
    ],
)
def test_a_failed_run_is_one_record_and_the_others_are_unaffected(tmp_path, fault, status, words):
    code, out, err = compare(
        "7..9",
        "--solvers",
        "bitwise,dlx",
        "--timeout",
        "120",
        "--memory",
        "512",
        "--json",
        env={"NQUEENS_WORKER_FAULT": f"{fault}@bitwise:8"},
        store=tmp_path / "s.sqlite",
    )
    table = json.loads(out)  # one document, failures or not
    assert code == 1, err
    for cell in table:
        if (cell["n"], cell["solver"]) == (8, "bitwise"):
            assert cell["status"] == status and words in cell["message"], cell
        else:
            assert cell["status"] == "solved" and cell["total"] == TOTAL[cell["n"]], cell
    stored = {(r["n"], r["solver"]): r["status"] for r in ResultStore(tmp_path / "s.sqlite").experiment_runs()}
    assert stored[8, "bitwise"] == status and len(stored) == 6


@pytest.mark.slow
def test_a_run_beyond_its_time_is_stopped_and_the_experiment_goes_on(tmp_path):
    started = time.monotonic()
    code, out, err = compare(
        "10..12", "--solvers", "generate-test,bitwise", "--timeout", "1", "--json", store=tmp_path / "s.sqlite"
    )
    table = {(c["n"], c["solver"]): c for c in json.loads(out)}
    assert code == 0, err
    timeout = table[12, "generate-test"]
    assert timeout["status"] == "timeout" and timeout["seconds"] is None and "1 s" in timeout["message"]
    assert all(
        table[n, "bitwise"]["status"] == "solved" and table[n, "bitwise"]["total"] == TOTAL[n] for n in (10, 11, 12)
    )
    assert time.monotonic() - started < 120  # generate-test alone needs longer than this for n = 12 (it was stopped)
    markdown = compare("10..12", "--solvers", "generate-test,bitwise", "--timeout", "1", store=tmp_path / "s.sqlite")
    row = next(line for line in markdown[1].splitlines() if "| 12 | generate-test" in line)
    assert "timeout" in row and ">1" in row and "reused" in row


@pytest.mark.slow
def test_parallel_workers_give_the_same_answers():
    problems = experiment.problems_from_range("4..10")
    columns = experiment.parse_solvers("bitwise,dlx,permutation")
    result = experiment.run(problems, columns, workers=2, repeat=2, store="none")
    assert len(result.records) == 7 * 3 * 2
    assert all(r["status"] == "solved" and r["total"] == TOTAL[r["n"]] for r in result.records)


@pytest.mark.slow
def test_a_killed_experiment_resumes_exactly(tmp_path):
    """SIGKILL to the experiment while a run hangs; the same command again makes only what is missing."""
    store = tmp_path / "runs.sqlite"
    tag = uuid.uuid4().hex
    argv = [*NQUEENS, "compare", "6..9", "--solvers", "bitwise,dlx", "--repeat", "2", "--timeout", "300", "--json"]
    env = dict(os.environ, NQUEENS_STORE=str(store), NQUEENS_WORKER_FAULT="hang@dlx:9", NQUEENS_TEST_TAG=tag)
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    # Repeat 1 goes first: 7 runs finish, then dlx at n = 9 hangs.
    _wait_for_runs(store, 7)
    time.sleep(0.5)
    process.kill()
    process.communicate()
    assert process.returncode == -signal.SIGKILL
    before = ResultStore(store).experiment_runs()
    assert len(before) == 7 and all(r["status"] == "solved" for r in before)
    _wait_until_gone(tag)  # the orphaned worker leaves by itself

    code, out, err = compare(*argv[4:], "--aggregate", store=store)
    assert code == 0, err
    table = json.loads(out)
    assert all(c["status"] == "solved" and c["total"] == TOTAL[c["n"]] and c["runs"] == 2 for c in table)
    reused = sorted((c["n"], c["solver"], r["repeat"]) for c in table for r in c["repeats"] if r["reused"])
    assert reused == sorted((r["n"], r["solver"], r["repeat"]) for r in before)
    after = ResultStore(store).experiment_runs()
    assert len(after) == 16 and after[:7] == before  # each run recorded once


@pytest.mark.slow
def test_ctrl_c_keeps_what_finished_and_the_rerun_resumes(tmp_path):
    store = tmp_path / "runs.sqlite"
    argv = [*NQUEENS, "compare", "6..8", "--solvers", "bitwise", "--timeout", "300"]
    env = dict(os.environ, NQUEENS_STORE=str(store), NQUEENS_WORKER_FAULT="hang@bitwise:8")
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    _wait_for_runs(store, 2)
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130 and out == "" and err.strip().splitlines()[-1] == "interrupted"
    code, out, err = compare(*argv[4:], "--json", store=store)
    table = json.loads(out)
    assert code == 0 and [c["reused"] for c in table] == [True, True, False]
    assert [c["total"] for c in table] == [TOTAL[6], TOTAL[7], TOTAL[8]]


@pytest.mark.slow
def test_on_a_dask_cluster(monkeypatch):
    distributed = pytest.importorskip("distributed")
    monkeypatch.setenv("NQUEENS_WORKER_FAULT", "hang@generate-test:11")  # read by the run's own worker process
    options = {"processes": False, "protocol": "tcp://", "host": "127.0.0.1", "dashboard_address": None}
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, **options) as cluster:
        problems = experiment.problems_from_range("6..11")
        columns = experiment.parse_solvers("bitwise,generate-test")
        result = experiment.run(problems, columns, scheduler=cluster.scheduler_address, timeout=5, store="none")
    statuses = {(r["n"], r["solver"]): r["status"] for r in result.records}
    assert all(statuses[n, "bitwise"] == "solved" for n in range(6, 12))
    assert statuses[11, "generate-test"] == "timeout"
    assert all(statuses[n, "generate-test"] == "solved" for n in range(6, 11))
    assert all(r["total"] == TOTAL[r["n"]] for r in result.records if r["status"] == "solved")


def _wait_for_runs(path, count, deadline=300):
    stop = time.monotonic() + deadline
    while time.monotonic() < stop:
        if path.exists():
            try:
                with sqlite3.connect(path) as db:
                    if db.execute("SELECT COUNT(*) FROM experiment_runs").fetchone()[0] >= count:
                        return
            except sqlite3.OperationalError:
                pass
        time.sleep(0.1)
    pytest.fail(f"fewer than {count} runs stored in {deadline} s")


def _wait_until_gone(tag, deadline=30):
    stop = time.monotonic() + deadline
    while time.monotonic() < stop:
        if not _tagged(tag):
            return
        time.sleep(0.2)
    pytest.fail(f"processes of the killed experiment still running: {_tagged(tag)}")


def _tagged(tag):
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as environ:
                if f"NQUEENS_TEST_TAG={tag}".encode() in environ.read().split(b"\0"):
                    found.append(int(pid))
        except OSError:
            continue
    return found
