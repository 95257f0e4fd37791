"""Interrupt real counts (SIGKILL, Ctrl-C) and resume them from the result store.

Each test runs ``python -m nqueens count`` in a subprocess with its own store, watches the store from here until
it holds some finished subproblems, interrupts the process, and runs the same count again: the answer must be
exact (OEIS) and the rerun must compute only the subproblems that were missing.
"""

import json
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from known import TOTAL, UNIQUE

DEADLINE = 300  # seconds any one wait may take, compile time on a loaded machine included


def _finished_subproblems(path):
    """Subproblem results in the store, read by a separate connection (0 while the file is not there)."""
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            return db.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    except sqlite3.OperationalError:  # the tables are being created
        return 0


def _interrupt_when_started(command, store, sig, at_least):
    """Run ``command``, send it ``sig`` once the store holds ``at_least`` subproblems; return the process."""
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + DEADLINE
        while _finished_subproblems(store) < at_least:
            if proc.poll() is not None:
                pytest.fail(f"the count ended before it could be interrupted: {proc.stderr.read()}")
            if time.monotonic() > deadline:
                pytest.fail("the count did not finish a subproblem in time")
            time.sleep(0.02)
        proc.send_signal(sig)
        proc.wait(timeout=DEADLINE)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return proc


def _count(n, store):
    return [sys.executable, "-m", "nqueens", "count", str(n), "--workers", "1", "--store", str(store), "--json"]


def _history(store):
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "history", "--store", str(store), "--json"],
        capture_output=True,
        text=True,
        timeout=DEADLINE,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.slow
def test_sigkill_then_resume(tmp_path):
    store = tmp_path / "results.sqlite"
    killed = _interrupt_when_started(_count(17, store), store, signal.SIGKILL, at_least=10)
    assert killed.returncode == -signal.SIGKILL
    kept = _finished_subproblems(store)
    assert _history(store) == []  # nothing finished

    done = subprocess.run(_count(17, store), capture_output=True, text=True, timeout=DEADLINE)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert (doc["total"], doc["unique"]) == (TOTAL[17], UNIQUE[17])
    assert sum(doc["classes"].values()) == UNIQUE[17]
    assert sum(int(size) * k for size, k in doc["classes"].items()) == TOTAL[17]
    stats = doc["stats"]
    assert 10 <= stats["reused"] == kept < stats["subproblems"]
    assert stats["computed"] == stats["subproblems"] - kept

    runs = _history(store)
    assert [(r["n"], r["total"], r["unique"], r["workers"]) for r in runs] == [(17, TOTAL[17], UNIQUE[17], 1)]
    assert _finished_subproblems(store) == 0  # a finished run keeps only its record


@pytest.mark.slow
def test_ctrl_c_exits_130_and_keeps_what_finished(tmp_path):
    store = tmp_path / "results.sqlite"
    stopped = _interrupt_when_started(_count(16, store), store, signal.SIGINT, at_least=5)
    assert stopped.returncode == 130
    assert stopped.stdout.read() == ""
    assert stopped.stderr.read().strip().splitlines()[-1] == "interrupted"
    kept = _finished_subproblems(store)
    assert kept >= 5

    done = subprocess.run(_count(16, store), capture_output=True, text=True, timeout=DEADLINE)
    doc = json.loads(done.stdout)
    assert (doc["total"], doc["unique"]) == (TOTAL[16], UNIQUE[16])
    assert doc["stats"]["reused"] == kept and doc["stats"]["computed"] == doc["stats"]["subproblems"] - kept
