"""A count on a real Dask cluster that loses a worker in the middle.

The fixture starts ``dask scheduler`` and two ``dask worker`` processes (one thread each, no nanny, so a killed
worker stays dead) on 127.0.0.1 with ephemeral ports; the scheduler writes its address to a scheduler file.
The test counts n = 16 through the cluster, SIGKILLs a worker that is running a subproblem once some have
finished, and checks the exact result: the scheduler gives the lost worker's tasks to the other one. Everything
is torn down in the fixture's ``finally``, whatever happens.
"""

import json
import signal
import sqlite3
import subprocess
import sys
import threading
import time

import pytest
from known import TOTAL, UNIQUE

import nqueens

distributed = pytest.importorskip("distributed")

DEADLINE = 300  # seconds any one wait may take


def _wait(condition, what, timeout=DEADLINE):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.02)


def _dask(*args, log):
    return subprocess.Popen([sys.executable, "-m", "dask", *args], stdout=log, stderr=subprocess.STDOUT)


@pytest.fixture
def cluster(tmp_path):
    """``(address, {worker name: process})`` of a fresh scheduler with two one-thread workers."""
    info = tmp_path / "scheduler.json"
    procs = []
    logs = []
    try:
        log = open(tmp_path / "scheduler.log", "w")
        logs.append(log)
        procs.append(
            _dask(
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--no-dashboard",
                "--scheduler-file",
                str(info),
                log=log,
            )
        )
        _wait(lambda: info.exists() and info.stat().st_size > 0, "the scheduler file")
        address = json.loads(info.read_text())["address"]
        workers = {}
        for name in ("w1", "w2"):
            log = open(tmp_path / f"{name}.log", "w")
            logs.append(log)
            workers[name] = _dask(
                "worker",
                "--scheduler-file",
                str(info),
                "--host",
                "127.0.0.1",
                "--nthreads",
                "1",
                "--no-nanny",
                "--no-dashboard",
                "--name",
                name,
                log=log,
            )
            procs.append(workers[name])
        with distributed.Client(address, timeout=DEADLINE) as client:
            client.wait_for_workers(2, timeout=DEADLINE)
        yield address, workers
    finally:
        for proc in reversed(procs):  # the workers first, while their scheduler can still answer
            if proc.poll() is None:
                proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for log in logs:
            log.close()


def _finished_subproblems(path):
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            return db.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    except sqlite3.OperationalError:
        return 0


@pytest.mark.slow
def test_count_survives_a_lost_worker(cluster, tmp_path):
    address, workers = cluster
    store = tmp_path / "results.sqlite"
    outcome = {}

    def run():
        try:
            outcome["result"] = nqueens.count(16, "fast", scheduler=address, store=str(store))
        except BaseException as exc:  # reported by the main thread
            outcome["error"] = exc

    counting = threading.Thread(target=run, daemon=True)
    counting.start()
    with distributed.Client(address, timeout=DEADLINE) as observer:
        _wait(lambda: _finished_subproblems(store) >= 3 or not counting.is_alive(), "finished subproblems")
        assert counting.is_alive(), f"the count ended before a worker could be lost: {outcome}"
        names = {addr: w["name"] for addr, w in observer.scheduler_info()["workers"].items()}
        busy = {}
        _wait(lambda: busy.update(observer.processing()) or any(busy.values()), "a subproblem in flight")
        victim = next(names[addr] for addr, keys in busy.items() if keys)
        in_flight = [key for keys in busy.values() for key in keys]
        finished_then = _finished_subproblems(store)
        workers[victim].send_signal(signal.SIGKILL)
        workers[victim].wait(timeout=DEADLINE)
    counting.join(timeout=DEADLINE)
    assert not counting.is_alive(), "the count did not finish"
    assert "error" not in outcome, outcome.get("error")
    r = outcome["result"]
    assert (r.total, r.unique) == (TOTAL[16], UNIQUE[16])
    assert sum(r.classes.values()) == UNIQUE[16]
    assert sum(size * k for size, k in r.classes.items()) == TOTAL[16]
    assert in_flight
    assert 3 <= finished_then < r.stats["subproblems"] == r.stats["computed"]
    assert workers[victim].returncode == -signal.SIGKILL
