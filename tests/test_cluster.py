"""A count on a real Dask cluster that loses a worker in the middle.

The fixture starts ``dask scheduler`` and two ``dask worker`` processes (one thread each, no nanny, so a killed
worker stays dead) on 127.0.0.1 with ephemeral ports; the scheduler writes its address to a scheduler file.
The test counts n = 16 through the cluster, SIGKILLs a worker that is running a subproblem once some have
finished, and checks the exact result: the scheduler gives the lost worker's tasks to the other one. Everything
is torn down in the fixture's ``finally``, whatever happens.
"""

import json
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time

import pytest
from conftest import dask_cluster, wait_for
from helpers import one_error_line
from known import TOTAL, UNIQUE

import nqueens

NQUEENS = [sys.executable, "-m", "nqueens"]

distributed = pytest.importorskip("distributed")

DEADLINE = 300  # seconds any one wait may take


def _wait(condition, what, timeout=DEADLINE):
    wait_for(condition, what, timeout)


@pytest.fixture
def cluster(tmp_path):
    """``(address, {worker name: process}, scheduler process)`` of a fresh scheduler with two one-thread workers."""
    with dask_cluster(tmp_path, ("w1", "w2"), timeout=DEADLINE) as started:
        yield started


@pytest.fixture
def lonely_scheduler(tmp_path):
    """``(address, {}, scheduler process)``: a scheduler no worker has joined."""
    with dask_cluster(tmp_path, (), timeout=DEADLINE) as started:
        yield started


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
    address, workers, _ = cluster
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


@pytest.mark.slow
def test_a_killed_scheduler_is_one_error_line_and_the_finished_work_is_kept(cluster, tmp_path):
    """SIGKILL the scheduler while `nqueens count 18 --scheduler` runs: one error line, no traceback, no count;
    the subproblems finished before are in the store."""
    address, _, scheduler = cluster
    store = tmp_path / "results.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "count", "18", "--scheduler", address, "--store", str(store)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _wait(lambda: _finished_subproblems(store) >= 3 or proc.poll() is not None, "finished subproblems")
        assert proc.poll() is None, "the count ended before the scheduler could be lost"
        scheduler.send_signal(signal.SIGKILL)
        scheduler.wait(timeout=DEADLINE)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode in (1, 2), (proc.returncode, err[-2000:])
    assert out == "" and "Traceback" not in err, err[-2000:]
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "lost the scheduler" in lines[0], err
    assert _finished_subproblems(store) >= 3


@pytest.mark.slow
def test_a_count_and_an_experiment_on_the_cluster_give_the_published_numbers(cli, cluster, tmp_path):
    """The plain case of the cluster: a count's subproblems and an experiment's runs go to the two workers
    and come back exact (OEIS A000170, A002562); the slow cases above lose a worker and the scheduler."""
    address, _, _ = cluster
    done = cli("count", "12", "--solver", "fast", "--scheduler", address, "--json", "--store", tmp_path / "c.sqlite")
    assert done.returncode == 0, done.stderr
    r = json.loads(done.stdout)
    assert (r["total"], r["unique"]) == (TOTAL[12], UNIQUE[12])
    done = cli("compare", "6..8", "--solvers", "bitwise,dlx", "--scheduler", address, "--json", "--store", "none")
    assert done.returncode == 0, done.stderr
    runs = json.loads(done.stdout)
    assert {(run["solver"], run["n"]): run["total"] for run in runs} == {
        (s, n): TOTAL[n] for s in ("bitwise", "dlx") for n in (6, 7, 8)
    }


@pytest.mark.slow
def test_a_scheduler_without_workers_says_so_and_stops_waiting(lonely_scheduler, monkeypatch, capsys):
    from nqueens.runtime import executors

    address, _, _ = lonely_scheduler
    monkeypatch.setattr(executors, "WORKER_WAIT", 2.0)
    start = time.monotonic()
    with pytest.raises(nqueens.NQueensError, match=r"no worker connected to the Dask scheduler at .* within 2 s"):
        nqueens.count(16, "fast", scheduler=address, store="none")
    assert time.monotonic() - start < 60
    assert "no worker is connected" in capsys.readouterr().err


@pytest.mark.slow
def test_a_silent_listener_is_not_taken_for_a_scheduler(monkeypatch):
    """Something on 127.0.0.1 that accepts connections and never answers: an error within the connect timeout."""
    import socket

    from nqueens.runtime import executors

    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 1.0)
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
        start = time.monotonic()
        with pytest.raises(nqueens.NQueensError, match="not a Dask scheduler: it said nothing within 1 s"):
            nqueens.count(16, "fast", scheduler=address, store="none")
        assert time.monotonic() - start < 30


# -- a scheduler address where something answers that is not Dask --------------------------------------------


class _Greeter:
    """A tiny TCP server that sends ``greeting`` to every connection and keeps it open."""

    def __init__(self, greeting):
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.greeting = greeting
        self.held = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.held.append(conn)
            try:
                conn.sendall(self.greeting)
            except OSError:
                pass

    def close(self):
        for conn in self.held:
            conn.close()
        self.server.close()


@pytest.mark.slow  # each case starts the command twice: seconds
@pytest.mark.parametrize(
    ("greeting", "shown"),
    [
        (b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n", "SSH-2.0-OpenSSH_9.2p1 Debian-2"),
        (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", "HTTP/1.1 400 Bad Request"),
    ],
    ids=["ssh", "http"],
)
def test_a_scheduler_address_that_is_not_dask_is_named_at_once(greeting, shown):
    pytest.importorskip("distributed")

    def timed(port):
        start = time.monotonic()
        done = subprocess.run(
            [*NQUEENS, "count", "12", "--scheduler", f"tcp://127.0.0.1:{port}"], capture_output=True, text=True
        )
        return done, time.monotonic() - start

    closed = socket.create_server(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    refused, baseline = timed(port)  # the same command where nothing listens: refused at once
    assert refused.returncode == 2 and "Connection refused" in refused.stderr
    server = _Greeter(greeting)
    try:
        done, seconds = timed(server.port)
    finally:
        server.close()
    assert done.returncode == 2 and done.stdout == ""
    line = one_error_line(done.stderr, alone=True)
    assert "not a Dask scheduler" in line and shown in line and "memory" not in line, line
    assert seconds < baseline + 5, f"{seconds:.1f} s, against {baseline:.1f} s where nothing listens"
